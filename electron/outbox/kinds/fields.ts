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
import { languageShown, shownGuess } from '../../../shared/domain/lang-text';
import type { EntryContext, Rec, Values } from '../types';
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

/**
 * An update of a read record, in one pass over its fields: the canonical
 * values the changes are made from (the entry's base) and the record as it
 * shows with them (a copy: `rec` is left as it was).
 */
export function updateOf(fields: Fields, rec: Rec, changes: Rec): { base: Rec; after: Rec } {
  const base: Rec = {};
  const after = structuredClone(rec);
  for (const [field, value] of Object.entries(changes)) {
    const c = codec(fields, field);
    base[field] = c.canon(rec);
    c.apply(after, value);
  }
  return { base, after };
}

/**
 * A create's record while only this app has it (spec `create.local`): `blank`, what the read shows of a
 * new record before anything is set, plus what its entry's context puts in its columns, with the payload
 * applied through the codecs.
 */
export function newRecord(fields: Fields, blank: Rec, columnsOf?: (ctx: EntryContext) => Rec) {
  return (id: number, ctx: EntryContext, payload: Values): Rec =>
    applyChanges(fields, { id, ...blank, ...columnsOf?.(ctx) }, payload);
}

/** Canonical values are JSON: equal when their JSON is (null and undefined alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Whether the server's record shows the value written to `field` (equal, or agreeing where it shows less). */
export function showsWritten(fields: Fields, field: string, rec: Rec, written: unknown): boolean {
  const c = codec(fields, field);
  return c.agrees ? c.agrees(c.canon(rec), written) : sameValue(c.canon(rec), canonOf(fields, field, written));
}

/** Two canonical values of a field are the same: the same JSON, or (a field the server shows less of) agreeing. */
export function sameIn(fields: Fields, field: string, a: unknown, b: unknown): boolean {
  const c = codec(fields, field);
  return sameValue(a, b) || (c.agrees !== undefined && (c.agrees(a, b) || c.agrees(b, a)));
}

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

/**
 * A field the read keeps as the server sent it (`F.any`) that holds a number when it is one:
 * compared as that number, so an echo as text ("0", "12.5") is the value written, not a change.
 */
export function numeric(name: string): FieldCodec {
  const asNumber = (v: unknown): unknown => {
    if (v === null || v === undefined || v === '') return null;
    const n = F.num(v);
    return n instanceof Bad ? v : n;
  };
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = v;
    },
    canon: (rec) => asNumber(rec[name]),
  };
}

/** A field the server's read never shows: kept on the cached record until the server version replaces it. */
export function unseen(name: string): FieldCodec {
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = v;
    },
    canon: () => null,
    agrees: () => true,
  };
}

/**
 * A language object on write, ONE of its texts on read (`read`, which language is not said): the
 * cached record shows the text the read schema would pick, with the texts written beside it
 * (`textsKey`: the screens show the person's language); the server agrees when it shows one of
 * the written texts.
 */
export function langShown(read: string): FieldCodec {
  const n = norm(F.langText);
  return {
    read,
    apply: (rec, v) => {
      rec[read] = n(v);
      if (isTexts(v)) rec[textsKey(read)] = v;
    },
    canon: (rec) => rec[read] ?? null,
    agrees: (shown, v) =>
      typeof v === 'object' &&
      v !== null &&
      Object.values(v).some((t) => sameValue(t === '' ? null : t, shown || null)),
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

/** The fields cleaning and maintenance tasks share (kinds/parts.ts boardTask). */
export const TASK = {
  date: same('date', F.date),
  inspected: flag('inspected'),
  duration: same('duration', F.duration),
  notes: same('notes', F.text),
};

/** Where a record keeps the per-language texts written locally (`description` → `description_texts`). */
export const textsKey = (name: string) => `${name}_texts`;

const isTexts = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((t) => typeof t === 'string');

/**
 * A text per language on write, one plain string on read (listing
 * descriptions). The record shows a guess of the string until the server's
 * comes back and keeps what I wrote per language beside it; a string read
 * back is the same as what I sent when it equals one of the languages sent.
 */
export function langText(name: string): FieldCodec {
  const eqText = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : sameValue(a, b);
  return {
    read: name,
    apply: (rec, v) => {
      const texts = isTexts(v) ? v : {};
      rec[name] = shownGuess(texts);
      rec[textsKey(name)] = texts;
    },
    canon: (rec) => {
      const texts = rec[textsKey(name)];
      return isTexts(texts) ? texts : (rec[name] ?? null);
    },
    // What the server shows (one string) agrees with the texts written when it is one of them.
    agrees: (shown, v) => {
      if (isTexts(shown) && isTexts(v)) return sameValue(shown, v);
      if (isTexts(v)) return typeof shown === 'string' && languageShown(v, shown) !== null;
      if (isTexts(shown)) return typeof v === 'string' && languageShown(shown, v) !== null;
      return eqText(shown ?? '', v ?? '');
    },
  };
}
