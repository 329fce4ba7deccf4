// Building blocks of the API schemas. Read-side pieces are tolerant: they accept
// every variant the spec documents (integers as strings, flags as 0/1, booleans
// or "true"/"false", four date/time formats) and normalise each to ONE domain
// form. Write-side pieces are strict and carry messages a person can read.
import { z } from 'zod';

const INT_RE = /^\s*-?\d+\s*$/;
// Decimal with a point or a comma (Spanish back offices write "1,50").
const NUM_RE = /^\s*-?\d+(?:[.,]\d+)?\s*$/;

/** Integer, or a string of digits (ids and counts sometimes arrive as strings). */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(INT_RE, 'expected an integer')
    .transform((s) => Number.parseInt(s, 10)),
]);

/** Number, or a numeric string ("12.50", "12,50"). */
export const numLike = z.union([
  z.number().finite(),
  z
    .string()
    .regex(NUM_RE, 'expected a number')
    .transform((s) => Number(s.trim().replace(',', '.'))),
]);

/** A number that may be missing, null or "" on the wire → null. */
export const numOrNull = z
  .union([numLike, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/** Flags: 0/1, true/false, "0"/"1", "true"/"false" (any case) → boolean. */
export const flag = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z
    .string()
    .regex(/^\s*(0|1|true|false|yes|no)\s*$/i, 'expected a flag (0/1 or true/false)')
    .transform((s) => ['1', 'true', 'yes'].includes(s.trim().toLowerCase())),
]);

/** Text that may be null or missing on the wire → string ('' when absent). */
export const text = z
  .union([z.string(), z.number().transform(String), z.null()])
  .optional()
  .transform((v) => v ?? '');

/** Text that may be null → string | null (null and '' both mean "not set"). */
export const textOrNull = z
  .union([z.string(), z.number().transform(String), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v));

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

/**
 * Read: a date. Accepts YYYY-MM-DD, YYYY/MM/DD (admin birth dates), and the
 * date part of YYYY-MM-DD HH:MM:SS or ISO-8601 → always YYYY-MM-DD.
 */
export const date = z.string().transform((s, ctx) => {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T].*)?$/.exec(s.trim());
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a date (YYYY-MM-DD)` });
    return z.NEVER;
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
});
export const dateOrNull = z
  .union([date, z.literal(''), z.literal('0000-00-00'), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === '0000-00-00' ? null : v));

/**
 * Read: a date-time. Accepts "YYYY-MM-DD HH:MM:SS" (incidents, booking audit
 * fields, local time of the business) and ISO-8601 UTC with microseconds
 * (threads). → "YYYY-MM-DD HH:MM:SS" for the former; ISO string (ms precision,
 * Z) for the latter. Both sort correctly as text within their own kind.
 */
export const dateTime = z.string().transform((s, ctx) => {
  const t = s.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (local && isRealDate(Number(local[1]), Number(local[2]), Number(local[3]))) {
    return `${local[1]}-${local[2]}-${local[3]} ${local[4]}:${local[5]}:${local[6] ?? '00'}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t) && isIsoDate(t)) return `${t} 00:00:00`;
  ctx.addIssue({ code: 'custom', message: `"${s}" is not a date-time` });
  return z.NEVER;
});
export const dateTimeOrNull = z
  .union([dateTime, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** Read: a time of day, HH:MM or HH:MM:SS (or H:MM) → "HH:MM"; "" / null → null. */
export const timeOrNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((s, ctx) => {
    if (s === undefined || s === null || s.trim() === '') return null;
    const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s.trim());
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
      ctx.addIssue({ code: 'custom', message: `"${s}" is not a time of day (HH:MM)` });
      return z.NEVER;
    }
    return `${m[1]!.padStart(2, '0')}:${m[2]}`;
  });

/** Read: a duration "HH:MM" (hours may exceed 23) → "HH:MM"; "" / null → null. */
export const durationOrNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((s, ctx) => {
    if (s === undefined || s === null || s.trim() === '') return null;
    const m = /^(\d{1,3}):(\d{2})(?::\d{2})?$/.exec(s.trim());
    if (!m || Number(m[2]) > 59) {
      ctx.addIssue({ code: 'custom', message: `"${s}" is not a duration (HH:MM)` });
      return z.NEVER;
    }
    return `${m[1]!.padStart(2, '0')}:${m[2]}`;
  });

/** Read: multilingual text — a plain string, or a language object (first non-empty value wins). */
export const readText = z
  .union([z.string(), z.record(z.string(), z.union([z.string(), z.null()])), z.null()])
  .optional()
  .transform((v) => {
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    return v['en'] ?? v['es'] ?? Object.values(v).find((x) => x) ?? '';
  });

/** Read: array of integers (ids), tolerant of strings and of null → []. */
export const idList = z
  .union([z.array(intLike), z.null()])
  .optional()
  .transform((v) => v ?? []);

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
export const wLangText = z.record(
  z.string().regex(/^[a-z]{2}$/, { error: 'language codes are two letters (en, es…)' }),
  z.string(),
  { error: 'must be an object of language code → text' },
);
export const wSex = z.enum(['M', 'F'], { error: 'must be M or F' });
export const wEmail = z.email({ error: 'is not an email address' });
export const wText = (max: number) =>
  z.string({ error: 'must be text' }).max(max, { error: `must be at most ${max} characters` });
export const wNonEmpty = (max: number) => wText(max).trim().min(1, { error: 'is required' });
