// Overbooking as reception sees it: two blocking stays sharing a night on a
// single unit are flagged on the board, the arrivals list, the booking and the
// calendar; a cancelled booking never counts; a multi-unit listing only beyond
// its units (inferred from the cached free-unit counts).
import { describe, expect, it } from 'vitest';
import { bookingRead, listingRead } from '../../../shared/api';
import { openCache, type WritableDB } from '../db';
import { bookingsTable, listingsTable } from '../tables';
import { boardDay } from './board';
import { getBookingDetail, listBookings } from './bookings';
import { calendarRange } from './calendar';
import { FREE_AROUND_SQL, OVERLAP_SQL, STAYS_AROUND_SQL, unitNights } from './overbooking';
import { dayNumber } from '../../../shared/dates';
import { storeWire } from '../testing/fixtures';

const D = '2026-06-10';

function fixture(): WritableDB {
  const db = openCache({ path: ':memory:' });
  const listings = [
    { id: 1, name: 'Single A', city: 'Sitges' },
    { id: 2, name: 'Single B', city: 'Sitges' },
    { id: 3, name: 'Aparthotel', city: 'Sitges', mu: 1 },
  ];
  storeWire(db, listingsTable, listingRead, listings);
  const bookings = [
    // Listing 1: 20 arrives while 21 is still there → both overbooked.
    { booking_number: 20, listing_id: 1, start_date: '2026-06-08', end_date: '2026-06-12', state: 3 },
    { booking_number: 21, listing_id: 1, start_date: D, end_date: '2026-06-13', state: 6 },
    // Listing 2: back to back (departure day = arrival day) and a cancelled stay on top: none overbooked.
    { booking_number: 30, listing_id: 2, start_date: '2026-06-05', end_date: D, state: 3 },
    { booking_number: 31, listing_id: 2, start_date: D, end_date: '2026-06-14', state: 3 },
    { booking_number: 32, listing_id: 2, start_date: D, end_date: '2026-06-12', state: 1 },
    // Listing 3 (3 units): three stays share the night of D, a fourth joins on D+1.
    { booking_number: 40, listing_id: 3, start_date: D, end_date: '2026-06-12', state: 3 },
    { booking_number: 41, listing_id: 3, start_date: D, end_date: '2026-06-12', state: 3 },
    { booking_number: 42, listing_id: 3, start_date: D, end_date: '2026-06-11', state: 3 },
    { booking_number: 43, listing_id: 3, start_date: '2026-06-11', end_date: '2026-06-13', state: 3 },
    { booking_number: 44, listing_id: 3, start_date: '2026-06-11', end_date: '2026-06-13', state: 3 },
  ];
  storeWire(db, bookingsTable, bookingRead, bookings);
  // The server's free units of listing 3: 3 on an empty day tells it has 3 units.
  db.run(
    `INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES (3, '2026-06-01', 0, 3, 1),
     (3, ?, 0, 0, 1), (3, '2026-06-11', 0, 0, 1)`,
    [D],
  );
  return db;
}

const flagged = (items: readonly { booking_number: number; overbooked: boolean }[]) =>
  items.filter((i) => i.overbooked).map((i) => i.booking_number);

describe('overbooking', () => {
  it('flags two blocking stays sharing a night on a single unit, on the board and the arrivals list', () => {
    const db = fixture();
    const board = boardDay(db, { date: D });
    const row = board.rows.find((r) => r.listing.id === 1)!;
    expect(row.arrivals.map((b) => [b.booking_number, b.overbooked])).toEqual([[21, true]]);
    expect(row.readiness?.blockers[0]).toBe('overbooked');
    const arrivals = listBookings(db, { from: D, to: D, kind: 'arrivals' });
    // 40 and 41 (multi-unit) share the night of D+1 with 43 and 44: four stays on three units.
    expect(flagged(arrivals)).toEqual([21, 40, 41]);
    expect(getBookingDetail(db, 20)?.overbooked).toBe(true);
    expect(getBookingDetail(db, 21)).toMatchObject({ overbooked: true, sharesNightsWith: [20] });
  });

  it('does not count a cancelled booking nor a departure on the arrival day', () => {
    const db = fixture();
    expect(getBookingDetail(db, 30)?.overbooked).toBe(false);
    expect(getBookingDetail(db, 31)?.overbooked).toBe(false);
    expect(getBookingDetail(db, 32)?.overbooked).toBe(false);
    const row = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 2)!;
    expect(row.arrivals.map((b) => [b.booking_number, b.overbooked])).toEqual([[31, false]]);
  });

  it('on a multi-unit listing flags only the stays of a night held beyond its units', () => {
    const db = fixture();
    const around = unitNights(db, [{ listingId: 3, from: D, to: '2026-06-11' }]).get(3)!;
    expect(around.units).toBe(3);
    expect([D, '2026-06-11', '2026-06-12'].map((d) => around.taken(dayNumber(d)))).toEqual([3, 4, 2]);
    // Night of D: 40, 41, 42 = 3 units, fine. Night of D+1: 40, 41, 43, 44 = 4 > 3.
    const cal = calendarRange(db, { from: '2026-06-08', to: '2026-06-14', listingIds: [3] });
    expect(flagged(cal.bookings).sort()).toEqual([40, 41, 43, 44]);
    expect(getBookingDetail(db, 42)?.overbooked).toBe(false);
    const row = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 3)!;
    expect(row.arrivals.map((b) => [b.booking_number, b.overbooked])).toEqual([
      [40, true],
      [41, true],
      [42, false],
    ]);
  });

  it('does not guess the units of a multi-unit listing the cache knows nothing about', () => {
    const db = fixture();
    db.run('DELETE FROM availability');
    expect(unitNights(db, [{ listingId: 3, from: D, to: '2026-06-11' }]).get(3)?.units).toBeNull();
    expect(flagged(calendarRange(db, { from: D, to: D, listingIds: [3] }).bookings)).toEqual([]);
  });

  it('finds the overlapping stay with one seek on the listing index, never a scan', () => {
    const db = fixture();
    const plan = db
      .rows(`EXPLAIN QUERY PLAN SELECT ${OVERLAP_SQL} FROM bookings b WHERE b.booking_number = ?`, [21])
      .map((r) => String(r[3]))
      .filter((d) => / o /.test(d));
    expect(plan).toEqual(['SEARCH o USING INDEX bookings_listing (listing_id=? AND start_date<?)']);
  });

  it('reads the units of every multi-unit listing at once, joining the spans of one listing', () => {
    const db = fixture();
    const around = unitNights(db, [
      { listingId: 3, from: D, to: D },
      { listingId: 1, from: D, to: D },
      { listingId: 3, from: '2026-06-12', to: '2026-06-12' },
    ]);
    expect(around.get(3)?.units).toBe(3);
    expect(around.get(3)?.taken(dayNumber('2026-06-12'))).toBe(2);
    // Listing 1 has no free-unit counts cached: its units are unknown, its nights still counted.
    expect(around.get(1)?.units).toBeNull();
    expect(around.get(1)?.taken(dayNumber('2026-06-11'))).toBe(2);
    expect(around.get(1)?.taken(dayNumber('2027-01-01'))).toBe(0);
  });

  it('reads the units with one seek per listing on each index, never a scan', () => {
    const db = fixture();
    const details = (sql: string) =>
      db
        .rows(`EXPLAIN QUERY PLAN ${sql}`, ['[[3, "2026-06-01", "2026-07-01", "2026-06-01"]]'])
        .map((r) => String(r[3]))
        .filter((d) => !d.startsWith('SCAN j') && !d.startsWith('USE TEMP'));
    expect(details(FREE_AROUND_SQL)).toEqual(['SEARCH a USING PRIMARY KEY (listing_id=? AND date>? AND date<?)']);
    expect(details(STAYS_AROUND_SQL)).toEqual([
      'SEARCH b USING INDEX bookings_listing (listing_id=? AND start_date>? AND start_date<?)',
    ]);
  });
});
