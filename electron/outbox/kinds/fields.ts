// Field codecs: how each write field of a kind shows on the cached (read)
// record at once (apply), and its comparable value in a record (canon). Base,
// server-now and mine are compared in canonical form, which is the read
// schema's normalised form turned back into the write vocabulary where it can
// be (0/1 flags, "confirmed"/"canceled", HH:MM, money in cents, code-table
// ids), so conflicts read the way the person typed them. The builders the
// kind specs use, and the functions the machinery compares and applies with
// (given the kind's `fields`).
//
// canonOf(field, value) — the canonical form of a value I am about to send —
// is defined as canon(apply({}, value)), so the two directions can never drift.
import { Bad, F } from '../../../shared/api';
import { countries } from '../../../shared/codes';
import type { Rec } from '../types';
import type { FieldCodec } from './spec';

/** A kind's codecs by write field (its spec's `fields`). */
export type Fields = Readonly<Record<string, FieldCodec>>;

export function codec(fields: Fields, field: string): FieldCodec {
  const c = fields[field];
  if (!c) throw new Error(`the outbox does not know the field ${field}`);
  return c;
}

/** The canonical form of a value I send. */
export function canonOf(fields: Fields, field: string, value: unknown): unknown {
  const c = codec(fields, field);
  const rec: Rec = {};
  c.apply(rec, value);
  return c.canon(rec);
}

/** The canonical value of a field in a read record. */
export function canonIn(fields: Fields, field: string, rec: Rec): unknown {
  return codec(fields, field).canon(rec);
}

/** Applies write-form changes to a read record (in place). */
export function applyChanges(fields: Fields, rec: Rec, changes: Rec): Rec {
  for (const [field, value] of Object.entries(changes)) codec(fields, field).apply(rec, value);
  return rec;
}

/** Canonical values are JSON: equal when their JSON is (null and undefined alike); a language text when the read string is one of the texts sent. */
export function sameValue(a: unknown, b: unknown): boolean {
  const [x, y] = [oneOf(a), oneOf(b)];
  if (x && typeof b === 'string') return x.includes(b);
  if (y && typeof a === 'string') return y.includes(a);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A language text's canonical form when several languages were written (see langText). */
export const oneOf = (v: unknown): string[] | null =>
  typeof v === 'object' && v !== null && Array.isArray((v as { oneOf?: unknown }).oneOf)
    ? (v as { oneOf: string[] }).oneOf
    : null;

// ───────────────────────── builders ─────────────────────────

/** A read-side normaliser applied to a write value; write values are already valid, Bad cannot occur. */
const norm =
  (fn: (v: unknown) => unknown) =>
  (v: unknown): unknown => {
    const r = fn(v);
    return r instanceof Bad ? v : r;
  };

/** The same field on both sides, the write value normalised the way the read schema would. */
export function same(name: string, fn: (v: unknown) => unknown = (v) => v): FieldCodec {
  const n = norm(fn);
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = n(v);
    },
    canon: (rec) => rec[name] ?? null,
  };
}

/** A 0/1 flag on write, a boolean on read (named `read` there). */
export function flag(read: string): FieldCodec {
  return {
    read,
    apply: (rec, v) => {
      rec[read] = v === 1 || v === true;
    },
    canon: (rec) => (rec[read] === true ? 1 : 0),
  };
}

/** Money: compared in cents, because servers echo amounts as "12.50". */
export function money(name: string): FieldCodec {
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = norm(F.numOrNull)(v);
    },
    canon: (rec) => {
      const v = rec[name];
      return typeof v === 'number' ? Math.round(v * 100) / 100 : null;
    },
  };
}

/** A code-table id on write, the entry's name on read (countries, nationality, document types). */
export function codeName(name: string, table: { byId(id: number): { name: string } | undefined }): FieldCodec {
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = typeof v === 'number' ? (table.byId(v)?.name ?? `#${v}`) : null;
    },
    canon: (rec) => rec[name] ?? null,
  };
}

const textNorm = (s: string) => s.replace(/\r\n/g, '\n').trim();

/**
 * A language text (photo titles, listing descriptions): written as {lang: text}, read back as the ONE
 * string the server shows. The record shows the text F.langText picks and keeps what was written
 * per language (`<name>_langs`) while the change is unsent; its canonical form is the text, or
 * {oneOf: texts} when several languages differ — equal to a read string that is any of them
 * (shared/domain/lang-text.ts: a sent text is confirmed by the language the server shows).
 */
export function langText(name: string): FieldCodec {
  const langs = `${name}_langs`;
  return {
    read: name,
    apply: (rec, v) => {
      const shown = F.langText(v);
      rec[name] = typeof shown === 'string' ? shown : '';
      if (typeof v === 'object' && v !== null) rec[langs] = v;
      else delete rec[langs];
    },
    canon: (rec) => {
      const sent = rec[langs];
      const texts =
        typeof sent === 'object' && sent !== null
          ? [
              ...new Set(
                Object.values(sent)
                  .filter((t): t is string => typeof t === 'string')
                  .map(textNorm),
              ),
            ].filter(Boolean)
          : [textNorm(typeof rec[name] === 'string' ? rec[name] : '')];
      if (texts.length <= 1) return texts[0] ?? '';
      return { oneOf: texts.sort() };
    },
  };
}

/** The person fields guests and customers share. */
export const PERSON = {
  name: same('name', F.text),
  lastname: same('lastname', F.text),
  email: same('email', F.text),
  address: same('address', F.text),
  city: same('city', F.text),
  zip_code: same('zip_code', F.text),
  number_id: same('number_id', F.text),
  nationality: codeName('nationality', countries),
  sex: same('sex', F.sex),
  date_issue: same('date_issue', F.dateOrNull),
  date_birth: same('date_birth', F.dateOrNull),
};
