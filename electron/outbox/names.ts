// What a change is about and what its values point at, as data the renderer words: the subject taken
// when the edit is made (from the kind's declaration, kinds/spec.ts SubjectSpec), shown with a new
// booking's number followed to the server's once adopted; and the names of the records the entry's
// values point at (a cost's `owner_id: -2` shows as the new owner's name, never as an id). One table
// names a record from its id for both.
import type { ChangeSubject, OutboxEntry } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { recordOf } from '../cache/tables';
import { resolveId } from './entries';
import type { SubjectSpec } from './kinds/spec';
import { dayOf, text } from './kinds/parts';
import { ownerName } from './kinds/owners';
import type { Entry, EntryContext, Rec } from './types';

/** How a record is named from the cache by its id as held there (a new one's local id too). */
const NAMED = {
  listing_id: (db: ReadableDB, id: number): string | null =>
    db.get<{ name: string }>('SELECT name FROM listings WHERE id = ?', [id])?.name ?? null,
  owner_id: (db: ReadableDB, id: number): string | null => {
    const row = db.get<{ data: string }>(`SELECT ${recordOf('owners')} AS data FROM owners WHERE id = ?`, [id]);
    return row ? ownerName(JSON.parse(row.data) as Rec) : null;
  },
  rate_id: (db: ReadableDB, id: number): string | null =>
    text(db.get<{ name: string }>('SELECT name FROM rates WHERE rate_id = ?', [id])?.name),
  destination: (db: ReadableDB, id: number): string | null =>
    db.get<{ name: string }>('SELECT name FROM destinations WHERE id = ?', [id])?.name ?? null,
} as const;

/** Fields whose values are ids of other records, named under the server's id once a new one is adopted. */
const POINTERS: Readonly<Record<string, (db: ReadableDB, id: number) => string | null>> = {
  listing_id: (db, id) => NAMED.listing_id(db, resolveId(db, 'listings', id)),
  owner_id: (db, id) => NAMED.owner_id(db, resolveId(db, 'owners', id)),
  destination: (db, id) => NAMED.destination(db, resolveId(db, 'destinations', id)),
};

/** A subject naming nothing (a change still listed by its kind). */
export const NO_SUBJECT: ChangeSubject = {
  name: null,
  booking: null,
  listing: null,
  owner: null,
  rate: null,
  from: null,
  to: null,
};

/** A whole number, or null. */
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * The record an id field of `rec` names, or null when the kind declares none, the field holds no id or the cache
 * does not know it. A rate's id is also read from text (as the price calendar carries it).
 */
function named(db: ReadableDB, field: keyof typeof NAMED | undefined, rec: Rec): string | null {
  if (field === undefined) return null;
  const v = rec[field];
  const id = typeof v === 'number' ? v : field === 'rate_id' ? Number(v) : NaN;
  return Number.isFinite(id) ? NAMED[field](db, id) : null;
}

/** What a change of `rec` is about, taken when the edit is made, as the kind declares it. */
export function subjectOf(db: ReadableDB, spec: SubjectSpec, rec: Rec, ctx: EntryContext): ChangeSubject {
  const { name, booking, listing, owner, rate, from, to } = spec;
  return {
    name: name === undefined ? null : typeof name === 'string' ? text(rec[name]) : name(rec),
    booking:
      booking === 'own'
        ? whole(rec['booking_number'] ?? ctx.localId)
        : booking === 'context'
          ? whole(ctx.bookingNumber ?? rec['booking_number'])
          : null,
    listing: named(db, listing, rec),
    owner: named(db, owner, rec),
    rate: named(db, rate, rec),
    from: from ? dayOf(rec[from]) : null,
    to: to ? dayOf(rec[to]) : null,
  };
}

/** The names of the records the entry's values (changes, base, both sides of a conflict) point at. */
export function namesOf(db: ReadableDB, e: Entry): OutboxEntry['names'] {
  const out: OutboxEntry['names'] = {};
  const seen = (field: string, v: unknown) => {
    const name = POINTERS[field];
    if (!name || typeof v !== 'number' || !Number.isInteger(v)) return;
    const found = name(db, v);
    if (found) (out[field] ??= {})[String(v)] = found;
  };
  for (const [f, v] of Object.entries(e.payload)) seen(f, v);
  for (const [f, v] of Object.entries(e.base ?? {})) seen(f, v);
  for (const c of e.conflicts ?? []) for (const v of [c.base, c.mine, c.theirs]) seen(c.field, v);
  return out;
}

/** The entry's subject, its booking under the server's number once the server has it. */
export function shownSubject(db: ReadableDB, e: Pick<Entry, 'subject'>): ChangeSubject {
  const s = e.subject ?? NO_SUBJECT;
  return s.booking !== null && s.booking < 0 ? { ...s, booking: resolveId(db, 'bookings', s.booking) } : s;
}
