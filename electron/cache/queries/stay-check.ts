// Does a stay fit, from the cache: the calendar-blocking bookings and blocks
// it would share a night with (named), the listing's capacity, a multi-unit
// listing's free units per night, and the server's availability where no
// local clash explains it; the price quote of each of the listing's rates;
// how old the bookings data of those dates is; and, when it does not fit, the
// nearest free listings of similar capacity in the same city. Used by the
// booking form before anything is queued (refused stays never reach the outbox).
import type { StayCheck, StayClash } from '../../../shared/contract';
import { overCapacity, partySize } from '../../../shared/domain/capacity';
import { blockType } from '../../../shared/domain/states';
import { quoteStay } from '../../../shared/domain/quote';
import { dayNumber } from '../../../shared/dates';
import type { ReadableDB } from '../db';
import { addDays, LIVE_STATES_SQL, longestStay } from './common';
import { fetchedCovering } from '../state';
import { listingSummaryById, ratesOf } from './listings';
import { listPrices } from './prices';
import { unitNights } from './overbooking';

export interface StayCheckInput {
  listingId: number;
  from: string;
  to: string;
  adults: number;
  children: number;
  infants?: number;
  /** A booking being edited: its own nights do not clash with it. */
  ignoreBooking?: number;
}

/** How many alternatives are offered, and how much larger than the party they may be. */
export const ALTERNATIVES = { count: 5, extraCapacity: 2 } as const;

type Dated = Extract<StayClash, { kind: 'booking' | 'block' }>;

function clashesOf(db: ReadableDB, listingId: number, i: StayCheckInput): Dated[] {
  const out: Dated[] = [];
  for (const r of db.all<{
    booking_number: number;
    start_date: string;
    end_date: string;
    customer_name: string | null;
  }>(
    `SELECT booking_number, start_date, end_date, customer_name FROM bookings
     WHERE listing_id = ? AND start_date BETWEEN ? AND ? AND end_date > ? AND start_date < end_date
       AND state IN ${LIVE_STATES_SQL} AND booking_number != ?
     ORDER BY start_date, booking_number`,
    [listingId, addDays(i.from, -longestStay(db)), addDays(i.to, -1), i.from, i.ignoreBooking ?? 0],
  ))
    out.push({ kind: 'booking', ...r, customer_name: r.customer_name || null });
  for (const r of db.all<{ id: number; start_date: string; end_date: string; block_type: number }>(
    `SELECT id, start_date, end_date, block_type FROM blocks
     WHERE listing_id = ? AND start_date < ? AND end_date > ? ORDER BY start_date, id`,
    [listingId, i.to, i.from],
  ))
    if (blockType(r.block_type).blocksCalendar) out.push({ kind: 'block', ...r });
  return out;
}

/** Nights [from, to) as dates. */
function nightsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The server's availability rows of those nights: per night, whether any rate says available (count for multi-unit). */
function serverAvailability(db: ReadableDB, listingId: number, from: string, to: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const [date, n] of db.rows(
    'SELECT date, max(available) FROM availability WHERE listing_id = ? AND date >= ? AND date < ? GROUP BY date',
    [listingId, from, to],
  ))
    m.set(date as string, n as number);
  return m;
}

function quotesOf(db: ReadableDB, i: StayCheckInput): StayCheck['quotes'] {
  return ratesOf(db, i.listingId).map((rate) => ({
    name: rate.name,
    ...quoteStay({
      rate,
      days: listPrices(db, rate.rate_id, i.from, i.to),
      start: i.from,
      end: i.to,
      adults: i.adults,
      children: i.children,
      infants: i.infants ?? 0,
    }),
  }));
}

function fitsAlone(db: ReadableDB, listingId: number, mu: boolean, i: StayCheckInput): StayClash[] {
  const clashes = clashesOf(db, listingId, i);
  const server = serverAvailability(db, listingId, i.from, i.to);
  if (!mu) {
    const reasons: StayClash[] = [...clashes];
    // A night the server says is taken, with nothing here to explain it (not synced, or another channel).
    for (const d of nightsOf(i.from, i.to))
      if (server.get(d) === 0 && !clashes.some((c) => c.start_date <= d && c.end_date > d))
        reasons.push({ kind: 'server', date: d });
    return reasons;
  }
  // Multi-unit: a night is full when the stays here hold every unit (or, units unknown, the server counts none free).
  const { units, taken } = unitNights(db, [{ listingId, from: i.from, to: addDays(i.to, -1) }]).get(listingId)!;
  const full: StayClash[] = [];
  for (const d of nightsOf(i.from, i.to)) {
    const isFull = units !== null ? taken(dayNumber(d)) >= units : server.get(d) === 0;
    if (isFull) full.push({ kind: 'full', date: d, units });
  }
  return [...full, ...clashes.filter((c) => c.kind === 'block')];
}

export function checkStay(db: ReadableDB, i: StayCheckInput): StayCheck | null {
  const listing = listingSummaryById(db, i.listingId);
  if (!listing) return null;
  const party = partySize(i.adults, i.children);
  const mu = listing.mu;
  const reasons: StayClash[] = [];
  if (overCapacity(listing.person_capacity, i.adults, i.children))
    reasons.push({ kind: 'capacity', capacity: listing.person_capacity, party });
  reasons.push(...fitsAlone(db, i.listingId, mu, i));
  // The newest complete fetch covering the nights (all listings or this one) of what can take them: bookings
  // AND blocks — the older of the two, null unless both were received (a block never fetched is no proof of free).
  const covering = (resource: string) =>
    fetchedCovering(db, resource, i.from, addDays(i.to, -1), ['all', `listing:${i.listingId}`]);
  const bookingsAt = covering('bookings');
  const blocksAt = covering('blocks');
  const asOf = bookingsAt === null || blocksAt === null ? null : Math.min(bookingsAt, blocksAt);
  const fits = reasons.length > 0 ? false : asOf === null ? null : true;

  const alternatives: StayCheck['alternatives'] = [];
  if (fits === false) {
    const candidates = db.all<{ id: number; name: string; person_capacity: number | null; mu: number }>(
      `SELECT id, name, person_capacity, mu FROM listings
       WHERE city = ? COLLATE NOCASE AND id != ? AND active = 1 AND coalesce(person_capacity, 0) >= ?
         AND coalesce(person_capacity, 0) <= ?
       ORDER BY abs(coalesce(person_capacity, 0) - ?), sort_key LIMIT 60`,
      [
        listing.city,
        i.listingId,
        party,
        Math.max(party, listing.person_capacity ?? party) + ALTERNATIVES.extraCapacity,
        listing.person_capacity ?? party,
      ],
    );
    for (const c of candidates) {
      if (alternatives.length >= ALTERNATIVES.count) break;
      if (fitsAlone(db, c.id, c.mu === 1, i).length === 0)
        alternatives.push({ id: c.id, name: c.name, person_capacity: c.person_capacity });
    }
  }
  return {
    listing: { id: listing.id, name: listing.name, city: listing.city, person_capacity: listing.person_capacity, mu },
    fits,
    reasons,
    asOf,
    quotes: quotesOf(db, i),
    alternatives,
  };
}
