// What the Sync screen needs besides an entry's own columns, as data: its
// subject with a new booking's number followed to the server's once adopted,
// and the names of the records its values point at (a cost's `owner_id: -2`
// shows as the new owner's name, never as an id). The renderer words both.
import type { ChangeSubject, OutboxEntry } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { resolveId } from './entries';
import { listingName } from './kinds/parts';
import { ownerName } from './kinds/owners';
import type { Entry, Rec } from './types';

/** Fields whose values are ids of other records, and how each is named from the cache. */
const POINTERS: Readonly<Record<string, (db: ReadableDB, id: number) => string | null>> = {
  listing_id: (db, id) => listingName(db, resolveId(db, 'listings', id)),
  owner_id: (db, id) => {
    const row = db.get<{ data: string }>('SELECT data FROM owners WHERE id = ?', [resolveId(db, 'owners', id)]);
    return row ? ownerName(JSON.parse(row.data) as Rec) : null;
  },
  destination: (db, id) =>
    db.get<{ name: string }>(`SELECT json_extract(data, '$.name') AS name FROM destinations WHERE id = ?`, [
      resolveId(db, 'destinations', id),
    ])?.name ?? null,
};

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

const EMPTY: ChangeSubject = {
  name: null,
  booking: null,
  listing: null,
  owner: null,
  rate: null,
  from: null,
  to: null,
};

/** The entry's subject, its booking under the server's number once the server has it. */
export function shownSubject(db: ReadableDB, e: Pick<Entry, 'subject'>): ChangeSubject {
  const s = e.subject ?? EMPTY;
  return s.booking !== null && s.booking < 0 ? { ...s, booking: resolveId(db, 'bookings', s.booking) } : s;
}
