// Reading the day board's rows (board.ts keeps and answers them): for one
// date, per listing, departures, cleaning, maintenance and arrivals — four
// indexed equality scans on the date from typed columns (no JSON is parsed),
// each also narrowed to some listings — in the board's order, frozen. A list
// is made on its first item (NONE until then): what a read allocates is kept
// to the answer itself (see board.ts).
import type { BoardBooking, BoardCleaning, BoardMaintenance } from '../../../shared/contract';
import type { ReadableDB } from '../db';
import type { Directory } from './board-memos';
import { LIVE_STATES_SQL, idsParam, markOf } from './common';
import { OVERLAP_SQL, overbookedAmong, type StayRef } from './overbooking';

// Arrivals and departures, each one indexed equality scan, from typed columns
// (migrations 004, 007). Only arrivals count their registered guests and carry
// the overbooked flag (one indexed seek each): what reception must know before
// the guest comes. Departures show it on their booking page. Each statement
// also comes narrowed to some listings: seeking each (the same index, its
// second column) for a few, or for many (a window of the board's listings)
// scanning the day and keeping theirs — a seek per listing costs ≈ 5 µs a
// statement, the day's scan a fixed ≈ 1 ms (5,000 listings).
const BOOKING_COLUMNS = `b.listing_id, b.booking_number, b.adults, b.children, b.arrival_time, b.departure_time,
  b.outbox_mark, b.customer_name`;
const ONLY_LISTINGS = 'IN (SELECT value FROM json_each(?))';
/** Listings narrowed to at most this many are sought one by one; more, the day is scanned for theirs. */
const SEEK_LISTINGS_UP_TO = 200;
const ARRIVALS_SQL = `SELECT ${BOOKING_COLUMNS},
    (SELECT count(*) FROM guests g WHERE g.booking_number = b.booking_number), ${OVERLAP_SQL}, b.end_date
  FROM bookings b WHERE b.start_date = ? AND b.state IN ${LIVE_STATES_SQL}`;
const DEPARTURES_SQL = `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.end_date = ? AND b.state IN ${LIVE_STATES_SQL}`;
// Tasks from their columns too (migration 008).
const CLEANING_SQL =
  'SELECT listing_id, id, status, time, duration, inspected, notes, outbox_mark FROM cleaning WHERE date = ?';
const MAINTENANCE_SQL =
  'SELECT listing_id, id, type, hour, inspected, notes, outbox_mark FROM maintenance WHERE date = ?';
export const DAY_SQL = {
  whole: { arrivals: ARRIVALS_SQL, departures: DEPARTURES_SQL, cleaning: CLEANING_SQL, maintenance: MAINTENANCE_SQL },
  some: {
    arrivals: `${ARRIVALS_SQL} AND b.listing_id ${ONLY_LISTINGS}`,
    departures: `${DEPARTURES_SQL} AND b.listing_id ${ONLY_LISTINGS}`,
    cleaning: `${CLEANING_SQL} AND listing_id ${ONLY_LISTINGS}`,
    maintenance: `${MAINTENANCE_SQL} AND listing_id ${ONLY_LISTINGS}`,
  },
  // The unary + keeps the listing column off the index: the date's scan, then the membership test.
  many: {
    arrivals: `${ARRIVALS_SQL} AND +b.listing_id ${ONLY_LISTINGS}`,
    departures: `${DEPARTURES_SQL} AND +b.listing_id ${ONLY_LISTINGS}`,
    cleaning: `${CLEANING_SQL} AND +listing_id ${ONLY_LISTINGS}`,
    maintenance: `${MAINTENANCE_SQL} AND +listing_id ${ONLY_LISTINGS}`,
  },
};

/** What happens at one listing on the day, each list in the board's order (NONE when empty); frozen once read. */
export interface DayLists {
  departures: BoardBooking[];
  cleaning: BoardCleaning[];
  maintenance: BoardMaintenance[];
  arrivals: BoardBooking[];
}
export type ListKey = keyof DayLists;

/** The list of a row with nothing in it, shared: a list is made on its first item (see `add`). */
export const NONE: never[] = Object.freeze([]) as unknown as never[];
export const NOTHING: DayLists = Object.freeze({ departures: NONE, cleaning: NONE, maintenance: NONE, arrivals: NONE });
function bookingOf(r: unknown[], guests: number, overbooked: boolean): BoardBooking {
  return {
    booking_number: r[1] as number,
    adults: r[2] as number,
    children: r[3] as number,
    arrival_time: r[4] as string | null,
    departure_time: r[5] as string | null,
    outbox: markOf(r[6]),
    customer_name: (r[7] as string | null) || null,
    guests_registered: guests,
    overbooked,
  };
}

/**
 * The day's lists of every listing in the directory that has something that
 * day — or, given `only`, of those listings alone — sorted and frozen.
 */
export function readDay(
  db: ReadableDB,
  directory: Directory,
  day: string,
  only: readonly number[] | null,
): Map<number, DayLists> {
  const out = new Map<number, DayLists>();
  const sql = !only ? DAY_SQL.whole : only.length <= SEEK_LISTINGS_UP_TO ? DAY_SQL.some : DAY_SQL.many;
  const params = only ? [day, idsParam(only)] : [day];
  const add = <K extends ListKey>(listingId: unknown, key: K, item: DayLists[K][number]): void => {
    if (!directory.byId.has(listingId as number)) return;
    let lists = out.get(listingId as number);
    if (!lists) out.set(listingId as number, (lists = { ...NOTHING }));
    const list = lists[key] as unknown[];
    if (list === NONE) (lists as unknown as Record<ListKey, unknown[]>)[key] = [item];
    else list.push(item);
  };

  // A multi-unit listing's stays are overbooked only beyond its units: the flagged ones are checked after.
  const candidates: { booking: BoardBooking; stay: StayRef }[] = [];
  for (const r of db.rows(sql.arrivals, params)) {
    const b = bookingOf(r, r[8] as number, r[9] === 1);
    if (b.overbooked)
      candidates.push({
        booking: b,
        stay: {
          booking_number: b.booking_number,
          listing_id: r[0] as number,
          start_date: day,
          end_date: r[10] as string,
        },
      });
    add(r[0], 'arrivals', b);
  }
  if (candidates.length) {
    const sure = overbookedAmong(
      db,
      candidates.map((c) => c.stay),
    );
    for (const c of candidates) c.booking.overbooked = sure.has(c.booking.booking_number);
  }
  // A same-day stay (start = end) is both an arrival and a departure.
  for (const r of db.rows(sql.departures, params)) add(r[0], 'departures', bookingOf(r, 0, false));
  for (const r of db.rows(sql.cleaning, params))
    add(r[0], 'cleaning', {
      id: r[1] as number,
      status: r[2] as number,
      time: r[3] as string | null,
      duration: r[4] as string | null,
      inspected: r[5] === 1,
      notes: r[6] as string,
      outbox: markOf(r[7]),
    });
  for (const r of db.rows(sql.maintenance, params))
    add(r[0], 'maintenance', {
      id: r[1] as number,
      type: r[2] as number,
      hour: r[3] as string | null,
      inspected: r[4] === 1,
      notes: r[5] as string,
      outbox: markOf(r[6]),
    });
  for (const lists of out.values()) {
    sortDay(lists);
    for (const key of LIST_KEYS) {
      const list = lists[key];
      if (list === NONE) continue;
      for (const item of list) Object.freeze(item);
      Object.freeze(list);
    }
    Object.freeze(lists);
  }
  return out;
}
const LIST_KEYS: readonly ListKey[] = ['departures', 'cleaning', 'maintenance', 'arrivals'];

/** Times "HH:MM" compare as text; a missing time goes last. */
const byText = (x: string | null, y: string | null): number => {
  const a = x ?? '~';
  const b = y ?? '~';
  return a < b ? -1 : a > b ? 1 : 0;
};
const byDeparture = (x: BoardBooking, y: BoardBooking) =>
  byText(x.departure_time, y.departure_time) || x.booking_number - y.booking_number;
const byArrival = (x: BoardBooking, y: BoardBooking) =>
  byText(x.arrival_time, y.arrival_time) || x.booking_number - y.booking_number;
const byCleaningTime = (x: BoardCleaning, y: BoardCleaning) => byText(x.time, y.time) || x.id - y.id;
const byMaintenanceHour = (x: BoardMaintenance, y: BoardMaintenance) => byText(x.hour, y.hour) || x.id - y.id;

/** Each list in the board's order (incidents come sorted from their memo); a list of one is left as it is. */
function sortDay(row: DayLists): void {
  if (row.departures.length > 1) row.departures.sort(byDeparture);
  if (row.arrivals.length > 1) row.arrivals.sort(byArrival);
  if (row.cleaning.length > 1) row.cleaning.sort(byCleaningTime);
  if (row.maintenance.length > 1) row.maintenance.sort(byMaintenanceHour);
}
