// What the day board re-reads on every call but changes rarely: the listing
// directory (display order, the names the board shows, what its filters and
// readiness need) and every listing's open incidents, most urgent first. Each
// is built once and kept per connection until its tables change (versions.ts),
// frozen, and shared by every answer: a board call allocates nothing for them.
import type { BoardIncident, BoardListing } from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { memo } from '../versions';

export interface DirectoryEntry {
  /** Display order (name sort key, then id). */
  position: number;
  /** What the board's answer carries (one frozen object, shared by every answer). */
  listing: BoardListing;
  destination: number | null;
  /** The city as the city filter compares it (SQLite's NOCASE: ASCII letters only). */
  cityKey: string;
  checkinfrom: string | null;
  checkout: string | null;
}

export interface Directory {
  /** Every listing in display order. */
  entries: readonly DirectoryEntry[];
  byId: ReadonlyMap<number, DirectoryEntry>;
}

/** SQLite's NOCASE: ASCII letters only (what the listings list's city filter does). */
export const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Every listing, in display order; rebuilt when listings change. */
export function listingDirectory(db: ReadableDB): Directory {
  return memo(db, 'board.listings', ['listings'], () => {
    const entries = db
      .rows('SELECT id, name, city, destination, checkinfrom, checkout FROM listings ORDER BY sort_key, id')
      .map((r, position): DirectoryEntry =>
        Object.freeze({
          position,
          listing: Object.freeze({ id: r[0] as number, name: r[1] as string, city: r[2] as string }),
          destination: r[3] as number | null,
          cityKey: asciiLower(r[2] as string),
          checkinfrom: r[4] as string | null,
          checkout: r[5] as string | null,
        }),
      );
    return { entries: Object.freeze(entries), byId: new Map(entries.map((e) => [e.listing.id, e])) };
  });
}

export interface OpenIncidents {
  /** Most urgent first, then the latest reported, then by id (the order the board shows). */
  all: readonly BoardIncident[];
  /** When the last of them was reported ("YYYY-MM-DD HH:MM:SS"): a board for a later day shows them all. */
  latest: string;
}

/** Most urgent first, then the latest reported, then by id. */
const byUrgency = (x: BoardIncident, y: BoardIncident): number =>
  y.priority - x.priority || (x.date < y.date ? 1 : x.date > y.date ? -1 : 0) || x.id - y.id;

/** Per listing, its unfinished incidents (one shared record per incident); rebuilt when incidents change. */
export function openIncidents(db: ReadableDB): ReadonlyMap<number, OpenIncidents> {
  return memo(db, 'board.openIncidents', ['incidents', 'incident_listings'], () => {
    const records = new Map<number, BoardIncident>();
    const byListing = new Map<number, BoardIncident[]>();
    for (const r of db.rows(
      `SELECT il.listing_id, i.id, i.date, i.priority, json_extract(i.data, '$.subtitle'), json_extract(i.data, '$.note')
       FROM incident_listings il JOIN incidents i ON i.id = il.incident_id WHERE il.finished = 0`,
    )) {
      const id = r[1] as number;
      let record = records.get(id);
      if (!record) {
        record = Object.freeze({
          id,
          priority: r[3] as number,
          date: r[2] as string,
          subtitle: r[4] as string | null,
          note: r[5] as string,
        });
        records.set(id, record);
      }
      const listingId = r[0] as number;
      const list = byListing.get(listingId);
      if (list) list.push(record);
      else byListing.set(listingId, [record]);
    }
    const out = new Map<number, OpenIncidents>();
    for (const [listingId, list] of byListing) {
      list.sort(byUrgency);
      const latest = list.reduce((max, i) => (i.date > max ? i.date : max), '');
      out.set(listingId, Object.freeze({ all: Object.freeze(list), latest }));
    }
    return out;
  });
}
