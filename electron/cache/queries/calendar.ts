// The calendar timeline for a window and the visible listings: booking bars,
// blocks and per-day availability (free units, or 1/0 for single units).
import type { CalendarBooking, CalendarRange } from '../../../shared/contract';
import type { ReadableDB, SqlValue } from '../db';
import { addDays, idsParam, longestStay, markOf } from './common';
import { listBlocks } from './tasks';
import { OVERLAP_SQL, overbookedAmong } from './overbooking';

export function calendarRange(
  db: ReadableDB,
  w: { from: string; to: string; listingIds?: readonly number[] },
): CalendarRange {
  const where = ['b.start_date BETWEEN ? AND ?', 'b.end_date >= ?'];
  const params: SqlValue[] = [addDays(w.from, -longestStay(db)), w.to, w.from];
  if (w.listingIds) {
    where.push('b.listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.listingIds));
  }
  // Typed columns only (migrations 004, 007): a year of bars without parsing a booking's JSON or joining customers.
  const bookings: CalendarBooking[] = db
    .rows(
      `SELECT b.booking_number, b.listing_id, b.start_date, b.end_date, b.state, b.adults, b.children, b.outbox_mark,
         b.customer_name, ${OVERLAP_SQL}
       FROM bookings b
       WHERE ${where.join(' AND ')} ORDER BY b.listing_id, b.start_date`,
      params,
    )
    .map((r) => ({
      booking_number: r[0] as number,
      listing_id: r[1] as number | null,
      start_date: r[2] as string,
      end_date: r[3] as string,
      state: r[4] as number,
      adults: r[5] as number,
      children: r[6] as number,
      outbox: markOf(r[7]),
      customer_name: (r[8] as string | null) || null,
      overbooked: r[9] === 1,
    }));
  const candidates = bookings.filter((b) => b.overbooked);
  const sure = overbookedAmong(db, candidates);
  for (const b of candidates) b.overbooked = sure.has(b.booking_number);

  const aWhere = ['date BETWEEN ? AND ?'];
  const aParams: SqlValue[] = [w.from, w.to];
  if (w.listingIds) {
    aWhere.push('listing_id IN (SELECT value FROM json_each(?))');
    aParams.push(idsParam(w.listingIds));
  }
  const byListing = new Map<number, { listing_id: number; mu: boolean; days: Record<string, number> }>();
  for (const [listingId, date, mu, available] of db.rows(
    `SELECT listing_id, date, max(mu), max(available) FROM availability WHERE ${aWhere.join(' AND ')}
     GROUP BY listing_id, date ORDER BY listing_id, date`,
    aParams,
  )) {
    const id = listingId as number;
    let entry = byListing.get(id);
    if (!entry) byListing.set(id, (entry = { listing_id: id, mu: mu === 1, days: {} }));
    entry.days[date as string] = available as number;
  }
  return {
    from: w.from,
    to: w.to,
    bookings,
    blocks: listBlocks(db, w),
    availability: [...byListing.values()],
  };
}
