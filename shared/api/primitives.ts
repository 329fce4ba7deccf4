// Building blocks of the API schemas. Read-side pieces are tolerant: they accept
// every variant the spec documents (integers as strings, flags as 0/1, booleans
// or "true"/"false", four date/time formats) and normalise each to ONE domain
// form. Write-side pieces are strict and carry messages a person can read.
import { z } from 'zod';
import { isoDate, nullable, outputOf, produces } from './output';

/**
 * A read-side coercer: one function instead of a union of schemas. Zod tries
 * every member of a union and pipes every transform; on sync's hot path
 * (hundreds of thousands of records) a single function is several times faster.
 * `fn` returns the normalised value, or a `Bad` with the reason.
 */
export class Bad {
  constructor(
    readonly message: string,
    readonly path: readonly (string | number)[] = [],
  ) {}
}
export const bad = (message: string, path: readonly (string | number)[] = []) => new Bad(message, path);
/** A field reader: the normalised value, or a `Bad` saying why not. */
export type Field<T> = (v: unknown) => T | Bad;
/** Wraps a field reader as a zod schema (for single values and tests). */
export function coerce<T>(fn: Field<T>) {
  // optional() first: zod 4 reports a missing key as "nonoptional" before a transform
  // can see it; required fields still fail below with the coercer's own message.
  return z
    .unknown()
    .optional()
    .transform((v, ctx): T => {
      const out = fn(v);
      if (out instanceof Bad) {
        ctx.addIssue({ code: 'custom', message: out.message, path: [...out.path] });
        return z.NEVER;
      }
      return out;
    });
}
export const show = (v: unknown) =>
  typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : (JSON.stringify(v) ?? String(v));
export const absent = (v: unknown) => v === undefined || v === null;
/** The text at `key` of an object, or null when it holds no text. */
export const textIn = (o: Record<string, unknown>, key: string): string | null =>
  typeof o[key] === 'string' ? o[key] : null;

const INT_RE = /^\s*-?\d+\s*$/;
// Decimal with a point or a comma (Spanish back offices write "1,50").
const NUM_RE = /^\s*-?\d+(?:[.,]\d+)?\s*$/;

function toInt(v: unknown): number | Bad {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && INT_RE.test(v)) return Number.parseInt(v, 10);
  return bad(`expected an integer, got ${show(v)}`);
}
/**
 * A server's id: a whole number, never negative — negative ids are this
 * computer's own, for records made offline (outbox/entries.ts nextLocalId), so
 * a server id in that range could be taken for one of them. Checked here,
 * where every server id enters (every read schema's keys and references).
 */
function toId(v: unknown): number | Bad {
  const n = toInt(v);
  if (n instanceof Bad || n >= 0) return n;
  return bad(`${show(v)} is not a server id (a server id is never negative)`);
}
function toNum(v: unknown): number | Bad {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUM_RE.test(v)) return Number(v.trim().replace(',', '.'));
  return bad(`expected a number, got ${show(v)}`);
}

function toText(v: unknown): string | null | Bad {
  if (absent(v)) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return bad(`expected text, got ${show(v)}`);
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1]!;
}

/** True when s is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** True when s is HH:MM with 00–23 and 00–59. */
export function isTimeOfDay(s: string): boolean {
  const m = /^(\d{2}):(\d{2})$/.exec(s);
  return m !== null && Number(m[1]) <= 23 && Number(m[2]) <= 59;
}

const DATE_RE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T].*)?$/;
function toDate(v: unknown): string | Bad {
  if (typeof v === 'string') {
    const m = DATE_RE.exec(v.trim());
    if (m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return bad(`${show(v)} is not a date (YYYY-MM-DD)`);
}

const LOCAL_DT_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_DT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/;
function toDateTime(v: unknown): string | Bad {
  if (typeof v === 'string') {
    const t = v.trim();
    const local = LOCAL_DT_RE.exec(t);
    if (local && isRealDate(Number(local[1]), Number(local[2]), Number(local[3]))) {
      return `${local[1]}-${local[2]}-${local[3]} ${local[4]}:${local[5]}:${local[6] ?? '00'}`;
    }
    if (ISO_DT_RE.test(t)) {
      const ms = Date.parse(t);
      if (!Number.isNaN(ms)) return new Date(ms).toISOString();
    }
    if (isIsoDate(t)) return `${t} 00:00:00`;
  }
  return bad(`${show(v)} is not a date-time`);
}

const TIME_RE = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const DURATION_RE = /^(\d{1,3}):(\d{2})(?::\d{2})?$/;
const blank = (v: unknown) => absent(v) || (typeof v === 'string' && v.trim() === '');

/**
 * Field readers: plain functions, one per wire variant family. Each returns the
 * normalised domain value or a `Bad`. Record schemas (record.ts) are built from
 * these; the zod wrappers below serve single values and tests.
 */
export const F = {
  /** Integer, or a string of digits (ids and counts sometimes arrive as strings). */
  int: produces(toInt, z.number().int()),
  /**
   * A server's id (key or reference): `int`, and never negative (that range is this computer's, see toId).
   * Its output is any whole number: a record held here (the contract's shape) may carry a local id.
   */
  id: produces(toId, z.number().int()),
  /** Number, or a numeric string ("12.50", "12,50"). */
  num: produces(toNum, z.number()),
  /** A number that may be missing, null or "" → null. */
  numOrNull: produces((v: unknown) => (absent(v) || v === '' ? null : toNum(v)), nullable(z.number())),
  /** Flags: 0/1, true/false, "0"/"1", "true"/"false", "yes"/"no" (any case) → boolean. */
  flag: produces((v: unknown): boolean | Bad => {
    if (typeof v === 'boolean') return v;
    if (v === 0 || v === 1) return v === 1;
    if (typeof v === 'string') {
      const t = v.trim().toLowerCase();
      if (t === '1' || t === 'true' || t === 'yes') return true;
      if (t === '0' || t === 'false' || t === 'no') return false;
    }
    return bad(`expected a flag (0/1 or true/false), got ${show(v)}`);
  }, z.boolean()),
  /** Text that may be null or missing → string ('' when absent). */
  text: produces((v: unknown): string | Bad => {
    const t = toText(v);
    return t === null ? '' : t;
  }, z.string()),
  /** Text that may be null → string | null (null and '' both mean "not set"). */
  textOrNull: produces((v: unknown): string | null | Bad => {
    const t = toText(v);
    return t === '' ? null : t;
  }, nullable(z.string())),
  /** A date: YYYY-MM-DD, YYYY/MM/DD (admin birth dates), or the date part of a date-time → YYYY-MM-DD. */
  date: produces(toDate, isoDate),
  dateOrNull: produces(
    (v: unknown) => (absent(v) || v === '' || v === '0000-00-00' ? null : toDate(v)),
    nullable(isoDate),
  ),
  /**
   * A date-time: "YYYY-MM-DD HH:MM:SS" (incidents, booking audit fields; local
   * time of the business) stays in that form; ISO-8601 UTC with microseconds
   * (threads) → ISO string with ms and Z. Both sort correctly as text within their kind.
   */
  dateTime: produces(toDateTime, z.string()),
  dateTimeOrNull: produces((v: unknown) => (absent(v) || v === '' ? null : toDateTime(v)), nullable(z.string())),
  /** A time of day, HH:MM or HH:MM:SS (or H:MM) → "HH:MM"; "" / null → null. */
  time: produces((v: unknown): string | null | Bad => {
    if (blank(v)) return null;
    const m = typeof v === 'string' ? TIME_RE.exec(v.trim()) : null;
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return bad(`${show(v)} is not a time of day (HH:MM)`);
    return `${m[1]!.padStart(2, '0')}:${m[2]}`;
  }, nullable(z.string())),
  /** A duration "HH:MM" (hours may exceed 23) → "HH:MM"; "" / null → null. */
  duration: produces((v: unknown): string | null | Bad => {
    if (blank(v)) return null;
    const m = typeof v === 'string' ? DURATION_RE.exec(v.trim()) : null;
    if (!m || Number(m[2]) > 59) return bad(`${show(v)} is not a duration (HH:MM)`);
    return `${m[1]!.padStart(2, '0')}:${m[2]}`;
  }, nullable(z.string())),
  /** Multilingual text: a plain string, or a language object (en, then es, then any non-empty value). */
  langText: produces((v: unknown): string | Bad => {
    if (absent(v)) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const pick = [o['en'], o['es'], ...Object.values(o)].find((x): x is string => typeof x === 'string' && x !== '');
      return pick ?? '';
    }
    return bad(`expected text or a language object, got ${show(v)}`);
  }, z.string()),
  /** M or F (any case) → 'M' | 'F'; anything else → null (never a reason to reject a guest). */
  sex: produces(
    (v: unknown): 'M' | 'F' | null => {
      const t = typeof v === 'string' ? v.trim().toUpperCase() : '';
      return t === 'M' || t === 'F' ? t : null;
    },
    nullable(z.enum(['M', 'F'])),
  ),
  /** Any value, kept as it came (shapes the spec does not show); missing → null. */
  any: produces((v: unknown): unknown => v ?? null, z.unknown()),
} as const;

/** Missing or null → null; otherwise read with `f`. */
export const orNull = <T>(f: Field<T>): Field<T | null> =>
  produces((v) => (absent(v) ? null : f(v)), nullable(outputOf(f)));

/** Missing/null → `fallback`; unreadable → `fallback` too (for fields where a default is safe). */
export const orElse = <T>(f: Field<T>, fallback: T): Field<T> =>
  produces(
    (v) => {
      if (absent(v)) return fallback;
      const r = f(v);
      return r instanceof Bad ? fallback : r;
    },
    // A null fallback makes the field nullable (T includes null then).
    fallback === null ? (nullable(outputOf(f)) as unknown as ReturnType<typeof outputOf<Field<T>>>) : outputOf(f),
  );

/** An array of `f` (null/missing → []); the first bad element fails with its index in the path. */
export const listOf = <T>(f: Field<T>): Field<T[]> =>
  produces(
    (v) => {
      if (absent(v)) return [];
      if (!Array.isArray(v)) return bad(`expected a list, got ${show(v)}`);
      const out: T[] = new Array<T>(v.length);
      for (let i = 0; i < v.length; i++) {
        const r = f(v[i]);
        if (r instanceof Bad) return bad(r.message, [i, ...r.path]);
        out[i] = r;
      }
      return out;
    },
    z.array(outputOf(f)),
  );

// zod wrappers of single values (ad-hoc use and tests); records use the F readers via record().
export const numLike = coerce(F.num);
export const flag = coerce(F.flag);
export const date = coerce(F.date);
export const dateTime = coerce(F.dateTime);
export const timeOrNull = coerce(F.time);

// ───────────────────────── write side (strict) ─────────────────────────

export const wDate = z
  .string({ error: 'a date is required' })
  .refine(isIsoDate, { error: 'must be a real date written YYYY-MM-DD' });
export const wTime = z
  .string({ error: 'a time is required' })
  .refine(isTimeOfDay, { error: 'must be a time of day HH:MM (00:00–23:59)' });
export const wDuration = z.string().regex(/^\d{1,3}:[0-5]\d$/, { error: 'must be a duration HH:MM' });
export const wFlag01 = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' });
export const wId = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be positive' });
export const wCount = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'cannot be negative' })
  .max(999, { error: 'is too large' });
export const wMoney = z.number({ error: 'must be a number' }).finite({ error: 'must be a number' });
/**
 * A text per language. At least one language: the server stores {} as "" (a
 * destination's name gone). Checked on the object as given, so a key the
 * record schema would drop (`__proto__`) is refused, not silently removed.
 */
export const wLangText = z
  .custom<Record<string, unknown>>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(v).length > 0 &&
      Object.keys(v).every((k) => /^[a-z]{2}$/.test(k)),
    { error: 'must be an object of language code (two letters: en, es…) → text, with at least one language' },
  )
  .pipe(z.record(z.string(), z.string({ error: 'must be text' }).max(20_000, { error: 'is too long' })));
/** A text per language that must say something in at least one of them (a name). */
export const wLangName = wLangText.refine((o) => Object.values(o).some((t) => t.trim() !== ''), {
  error: 'is required',
});
export const wSex = z.enum(['M', 'F'], { error: 'must be M or F' });
export const wEmail = z.email({ error: 'is not an email address' });
export const wText = (max: number) =>
  z.string({ error: 'must be text' }).max(max, { error: `must be at most ${max} characters` });
export const wNonEmpty = (max: number) => wText(max).trim().min(1, { error: 'is required' });
