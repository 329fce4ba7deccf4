// Overbooking: a calendar-blocking stay that shares a night with more
// calendar-blocking stays than its listing has units. Computed from the cache
// for the rows a screen shows only (never for the whole table), with one
// indexed seek per row on bookings_listing (listing_id, start_date) — the
// board stays within its budget (a 75-day look-back per row cost ≈ 11 ms a
// board at 1,000 listings; one seek ≈ 0.3 ms for a day's arrivals). A
// multi-unit listing's candidates are then counted night by night against
// the listing's units.
import type { ReadableDB } from '../db';
import { dayNumber, fromDayNumber } from '../../../shared/dates';
import { addDays, idsParam, LIVE_STATES_SQL, longestStay } from './common';

/**
 * SQL: 1 when booking `b` (aliased so in the outer query) blocks the calendar
 * and shares a night with another blocking stay of its listing. One seek: the
 * blocking stay of the listing starting last before `b` ends (other than `b`)
 * either starts during `b` (same day included), or — when none does — is the
 * one just before it and still there on its first night. Stays of no night
 * (start = end) share none.
 *
 * One case is left out to keep it to one seek: a stay overlapped only by an
 * earlier stay that also wholly contains the one just before it — which needs
 * an overbooking already there (those two are flagged).
 */
export const OVERLAP_SQL = `(b.state IN ${LIVE_STATES_SQL} AND b.start_date < b.end_date AND coalesce((
  SELECT CASE WHEN o.start_date >= b.start_date THEN 1 ELSE o.end_date > b.start_date END FROM bookings o
  WHERE o.listing_id = b.listing_id AND o.start_date < b.end_date AND o.state IN ${LIVE_STATES_SQL}
    AND o.booking_number <> b.booking_number
  ORDER BY o.start_date DESC LIMIT 1), 0))`;

export interface StayRef {
  booking_number: number;
  listing_id: number | null;
  start_date: string;
  end_date: string;
}

/** How many days around a stay the cache is searched for a multi-unit listing's unit count. */
const UNITS_MARGIN_DAYS = 31;

/** A multi-unit listing's nights from `from` to `to` (both nights, inclusive). */
export interface NightSpan {
  listingId: number;
  from: string;
  to: string;
}

/** What the cache knows of a multi-unit listing around a span of nights. */
export interface UnitNights {
  /**
   * The listing's units — the spec gives no such field, so this is the one
   * place that infers it: on a day the server reported N > 0 free units
   * (availabilityMU, cached) while the cache holds T blocking stays that
   * night, the listing has N + T units; the largest such figure over the
   * days around the span is used. Days reported full (N = 0) say nothing
   * (the server never reports fewer than 0 free), and with no such day the
   * count is unknown: null, and nothing is flagged rather than a guess.
   */
  units: number | null;
  /** How many blocking stays of the listing hold the night of this day number (`dayNumber`), within the span. */
  taken(this: void, day: number): number;
}

// Both over every span at once (one seek per listing on its index each), whatever the number of listings.
export const FREE_AROUND_SQL = `SELECT a.listing_id, a.date, max(a.available) FROM json_each(?) j
    JOIN availability a ON a.listing_id = j.value ->> 0 AND a.date BETWEEN j.value ->> 1 AND j.value ->> 2
  WHERE a.mu = 1 GROUP BY a.listing_id, a.date`;
export const STAYS_AROUND_SQL = `SELECT b.listing_id, b.start_date, b.end_date FROM json_each(?) j
    JOIN bookings b ON b.listing_id = j.value ->> 0 AND b.start_date >= j.value ->> 1 AND b.start_date <= j.value ->> 2
      AND b.end_date > j.value ->> 3
  WHERE b.state IN ${LIVE_STATES_SQL}`;

/**
 * The units and nights taken of multi-unit listings around spans of nights,
 * all in two statements: the server's free units over each span widened by
 * a month either side, and the blocking stays holding those nights — counted
 * night by night in day numbers (a board at 5,000 listings checks a hundred
 * such listings: two statements each and a date string per night cost it
 * ≈ 100 ms). Spans of one listing are joined into one.
 */
export function unitNights(db: ReadableDB, spans: readonly NightSpan[]): Map<number, UnitNights> {
  const bounds = new Map<number, { lo: number; hi: number }>();
  for (const s of spans) {
    const lo = dayNumber(s.from) - UNITS_MARGIN_DAYS;
    const hi = dayNumber(s.to) + UNITS_MARGIN_DAYS;
    const b = bounds.get(s.listingId);
    if (!b) bounds.set(s.listingId, { lo, hi });
    else {
      b.lo = Math.min(b.lo, lo);
      b.hi = Math.max(b.hi, hi);
    }
  }
  const out = new Map<number, UnitNights>();
  if (!bounds.size) return out;
  const longest = longestStay(db);
  const windows = new Map<number, { lo: number; hi: number; taken: Int32Array; units: number | null }>();
  const stayWindows: [number, string, string, string][] = [];
  const freeWindows: [number, string, string][] = [];
  for (const [listingId, { lo, hi }] of bounds) {
    windows.set(listingId, { lo, hi, taken: new Int32Array(hi - lo + 1), units: null });
    freeWindows.push([listingId, fromDayNumber(lo), fromDayNumber(hi)]);
    stayWindows.push([listingId, fromDayNumber(lo - longest), fromDayNumber(hi), fromDayNumber(lo)]);
  }
  for (const [listingId, start, end] of db.rows(STAYS_AROUND_SQL, [JSON.stringify(stayWindows)])) {
    const w = windows.get(listingId as number)!;
    const first = Math.max(dayNumber(start as string), w.lo);
    const last = Math.min(dayNumber(end as string) - 1, w.hi);
    for (let n = first; n <= last; n++) w.taken[n - w.lo]!++;
  }
  // The statement keeps each listing's rows within its window.
  for (const [listingId, date, free] of db.rows(FREE_AROUND_SQL, [JSON.stringify(freeWindows)])) {
    if ((free as number) <= 0) continue;
    const w = windows.get(listingId as number)!;
    const u = (free as number) + w.taken[dayNumber(date as string) - w.lo]!;
    if (w.units === null || u > w.units) w.units = u;
  }
  for (const [listingId, { lo, hi, taken, units }] of windows)
    out.set(listingId, { units, taken: (day) => (day < lo || day > hi ? 0 : taken[day - lo]!) });
  return out;
}

/**
 * Of `candidates` (stays OVERLAP_SQL flagged), those truly overbooked: on a
 * single-unit listing every candidate is; on a multi-unit one, only a stay
 * with a night held by more stays than the listing's units. One look at the
 * server's free units over the candidates' nights settles most of them: a
 * night with free units is not overbooked. Only nights reported full are
 * counted against the units (`unitNights`, for every such listing at once).
 */
export function overbookedAmong(db: ReadableDB, candidates: readonly StayRef[]): Set<number> {
  const out = new Set<number>();
  if (!candidates.length) return out;
  const byListing = new Map<number, StayRef[]>();
  for (const c of candidates) {
    if (c.listing_id === null) continue;
    const list = byListing.get(c.listing_id);
    if (list) list.push(c);
    else byListing.set(c.listing_id, [c]);
  }
  const multi = new Set(
    db.pluck<number>('SELECT id FROM listings WHERE mu = 1 AND id IN (SELECT value FROM json_each(?))', [
      idsParam([...byListing.keys()]),
    ]),
  );
  // Per multi-unit listing: the candidates' nights, and (one statement) those the server reported full.
  const spans: [number, string, string][] = [];
  for (const [listingId, stays] of byListing) {
    if (!multi.has(listingId)) {
      for (const c of stays) out.add(c.booking_number);
      continue;
    }
    let from = stays[0]!.start_date;
    let to = stays[0]!.end_date;
    for (const c of stays) {
      if (c.start_date < from) from = c.start_date;
      if (c.end_date > to) to = c.end_date;
    }
    spans.push([listingId, from, addDays(to, -1)]);
  }
  if (!spans.length) return out;
  const full = new Map<number, Set<number>>();
  for (const [listingId, date] of db.rows(
    `SELECT a.listing_id, a.date FROM json_each(?) j
       JOIN availability a ON a.listing_id = j.value ->> 0 AND a.date BETWEEN j.value ->> 1 AND j.value ->> 2
     WHERE a.mu = 1 GROUP BY a.listing_id, a.date HAVING max(a.available) <= 0`,
    [JSON.stringify(spans)],
  )) {
    const set = full.get(listingId as number);
    if (set) set.add(dayNumber(date as string));
    else full.set(listingId as number, new Set([dayNumber(date as string)]));
  }
  const around = unitNights(
    db,
    spans.filter(([listingId]) => full.has(listingId)).map(([listingId, from, to]) => ({ listingId, from, to })),
  );
  for (const [listingId, nights] of around) {
    if (nights.units === null) continue;
    const fullNights = full.get(listingId)!;
    for (const c of byListing.get(listingId)!)
      for (let d = dayNumber(c.start_date), end = dayNumber(c.end_date); d < end; d++)
        if (fullNights.has(d) && nights.taken(d) > nights.units) {
          out.add(c.booking_number);
          break;
        }
  }
  return out;
}

/** One stay's flag (the booking page). */
export function isOverbooked(db: ReadableDB, stay: StayRef & { state: number }): boolean {
  const hit = db.get<{ x: number }>(`SELECT ${OVERLAP_SQL} AS x FROM bookings b WHERE b.booking_number = ?`, [
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
