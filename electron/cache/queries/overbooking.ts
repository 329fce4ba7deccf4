// Overbooking: a calendar-blocking stay that shares a night with more
// calendar-blocking stays than its listing has units. Computed from the cache
// for the rows a screen shows only (never for the whole table): one indexed
// EXISTS per row (bookings_listing: listing_id, then a start_date range bounded
// by the longest stay) finds the candidates; a multi-unit listing's candidates
// are then counted night by night against the listing's units.
import type { ReadableDB } from '../db';
import { LIVE_STATES_SQL, addDays, idsParam } from './common';
import { longestStay } from './bookings';

/**
 * SQL: 1 when booking `b` (aliased so in the outer query) blocks the calendar
 * and another blocking stay on its listing shares a night with it. One bound
 * parameter: `overlapParam(db)`. Stays of no night (start = end) share none.
 */
export const OVERLAP_SQL = `(b.state IN ${LIVE_STATES_SQL} AND EXISTS (
  SELECT 1 FROM bookings o
  WHERE o.listing_id = b.listing_id AND o.start_date >= date(b.start_date, ?) AND o.start_date < b.end_date
    AND o.end_date > b.start_date AND o.state IN ${LIVE_STATES_SQL} AND o.booking_number <> b.booking_number))`;

/** The parameter of OVERLAP_SQL: how far before a stay an overlapping one can start. */
export function overlapParam(db: ReadableDB): string {
  return `-${longestStay(db)} days`;
}

export interface StayRef {
  booking_number: number;
  listing_id: number | null;
  start_date: string;
  end_date: string;
}

/** How many days around a stay the cache is searched for a multi-unit listing's unit count. */
const UNITS_MARGIN_DAYS = 31;

/**
 * The units of a multi-unit listing — the spec gives no such field, so this is
 * the one place that infers it: on a day the server reported N > 0 free units
 * (availabilityMU, cached) while the cache holds T blocking stays that night,
 * the listing has N + T units; the largest such figure over the days around
 * the stay is used. Days reported full (N = 0) say nothing (the server never
 * reports fewer than 0 free), and with no such day the count is unknown: null,
 * and nothing is flagged rather than a guess.
 */
export function unitsOf(db: ReadableDB, listingId: number, from: string, to: string): number | null {
  const lo = addDays(from, -UNITS_MARGIN_DAYS);
  const hi = addDays(to, UNITS_MARGIN_DAYS);
  const free = db.rows(
    'SELECT date, max(available) FROM availability WHERE listing_id = ? AND date BETWEEN ? AND ? AND mu = 1 GROUP BY date',
    [listingId, lo, hi],
  );
  if (!free.length) return null;
  const taken = nightsTaken(db, listingId, lo, hi);
  let units: number | null = null;
  for (const [date, n] of free) {
    if ((n as number) <= 0) continue;
    const u = (n as number) + (taken.get(date as string) ?? 0);
    if (units === null || u > units) units = u;
  }
  return units;
}

/** Per night in [from, to], how many blocking stays of the listing hold it. */
function nightsTaken(db: ReadableDB, listingId: number, from: string, to: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [start, end] of db.rows(
    `SELECT start_date, end_date FROM bookings WHERE listing_id = ? AND start_date >= ? AND start_date <= ?
       AND end_date > ? AND state IN ${LIVE_STATES_SQL}`,
    [listingId, addDays(from, -longestStay(db)), to, from],
  )) {
    for (let d = start as string; d < (end as string) && d <= to; d = addDays(d, 1))
      if (d >= from) out.set(d, (out.get(d) ?? 0) + 1);
  }
  return out;
}

/**
 * Of `candidates` (stays OVERLAP_SQL flagged), those truly overbooked: on a
 * single-unit listing every candidate is; on a multi-unit one, only a stay
 * with a night held by more stays than the listing's units.
 */
export function overbookedAmong(db: ReadableDB, candidates: readonly StayRef[]): Set<number> {
  const out = new Set<number>();
  if (!candidates.length) return out;
  const listingIds = [...new Set(candidates.map((c) => c.listing_id).filter((id): id is number => id !== null))];
  const multi = new Set(
    db.pluck<number>('SELECT id FROM listings WHERE mu = 1 AND id IN (SELECT value FROM json_each(?))', [
      idsParam(listingIds),
    ]),
  );
  for (const c of candidates) {
    if (c.listing_id === null) continue;
    if (!multi.has(c.listing_id)) {
      out.add(c.booking_number);
      continue;
    }
    const units = unitsOf(db, c.listing_id, c.start_date, c.end_date);
    if (units === null) continue;
    const taken = nightsTaken(db, c.listing_id, c.start_date, addDays(c.end_date, -1));
    if ([...taken.values()].some((n) => n > units)) out.add(c.booking_number);
  }
  return out;
}

/** One stay's flag (the booking page). */
export function isOverbooked(db: ReadableDB, stay: StayRef & { state: number }): boolean {
  const hit = db.get<{ x: number }>(`SELECT ${OVERLAP_SQL} AS x FROM bookings b WHERE b.booking_number = ?`, [
    overlapParam(db),
    stay.booking_number,
  ]);
  return hit?.x === 1 && overbookedAmong(db, [stay]).size === 1;
}

/** The other blocking stays of the listing sharing a night with this one (what the booking page names). */
export function sharingNights(db: ReadableDB, stay: StayRef): number[] {
  if (stay.listing_id === null) return [];
  return db.pluck<number>(
    `SELECT booking_number FROM bookings WHERE listing_id = ? AND start_date >= ? AND start_date < ? AND end_date > ?
       AND state IN ${LIVE_STATES_SQL} AND booking_number <> ? ORDER BY start_date, booking_number`,
    [stay.listing_id, addDays(stay.start_date, -longestStay(db)), stay.end_date, stay.start_date, stay.booking_number],
  );
}
