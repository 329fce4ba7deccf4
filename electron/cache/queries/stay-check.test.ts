// stays.check: a stay that clashes is refused with what is in the way named
// (booking, block, capacity, a full multi-unit night, the server's word),
// back-to-back stays fit, an edited booking does not clash with itself,
// dates never fetched say "unknown" rather than "free", and free listings of
// similar capacity in the same city are offered.
import { describe, expect, it } from 'vitest';
import { blockRead, bookingRead, listingRead, priceRead, rateRead } from '../../../shared/api';
import { openCache, type WritableDB } from '../db';
import { blocksTable, bookingsTable, listingsTable, ratesTable } from '../tables';
import { replacePrices } from '../write-compound';
import { checkStay } from './stay-check';
import { storeWire } from '../testing/fixtures';

function fixture(): WritableDB {
  const db = openCache({ path: ':memory:' });
  const listings = [
    { id: 1, name: 'Casa Azul', city: 'Sitges', person_capacity: 4 },
    { id: 2, name: 'Casa Blanca', city: 'Sitges', person_capacity: 4 },
    { id: 3, name: 'Casa Grande', city: 'Sitges', person_capacity: 6 },
    { id: 4, name: 'Pis Centre', city: 'Barcelona', person_capacity: 4 },
    { id: 5, name: 'Aparthotel', city: 'Sitges', person_capacity: 4, mu: 1 },
  ];
  storeWire(db, listingsTable, listingRead, listings);
  const bookings = [
    { booking_number: 10, listing_id: 1, start_date: '2026-06-10', end_date: '2026-06-12', state: 3 },
    { booking_number: 11, listing_id: 1, start_date: '2026-06-09', end_date: '2026-06-13', state: 1 }, // cancelled
    { booking_number: 50, listing_id: 5, start_date: '2026-06-10', end_date: '2026-06-11', state: 3 },
    { booking_number: 51, listing_id: 5, start_date: '2026-06-10', end_date: '2026-06-12', state: 6 },
  ];
  storeWire(db, bookingsTable, bookingRead, bookings);
  const blocks = [{ id: 70, listing_id: 2, start_date: '2026-06-11', end_date: '2026-06-13', block_type: 1 }];
  storeWire(db, blocksTable, blockRead, blocks);
  const rate = { rate_id: 7, name: 'Standard', listing_id: 1 };
  storeWire(db, ratesTable, rateRead, [rate]);
  const prices = ['2026-06-12', '2026-06-13'].map((date) => ({
    rate_id: 7,
    date,
    price: 110,
    active: 1,
    cta: 0,
    ctd: 0,
  }));
  replacePrices(
    db,
    7,
    1,
    '2026-06-12',
    '2026-06-13',
    prices.map((raw) => ({ value: priceRead.parse(raw), raw })),
  );
  // Listing 5 has 2 units (2 free on an empty day); the server says listing 1's 20th is taken.
  db.run(
    `INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES
       (5, '2026-06-01', 0, 2, 1), (1, '2026-06-20', 7, 0, 0)`,
  );
  db.run(
    `INSERT INTO sync_state (resource, scope, win, fetched_at, attempted_at, error, records)
     VALUES ('bookings', 'all', '2026-06-01..2026-07-31', 1700, 1700, NULL, 4),
            ('blocks', 'all', '2026-06-01..2026-07-31', 1800, 1800, NULL, 0)`,
  );
  return db;
}

const party = { adults: 2, children: 0 };

describe('stays.check', () => {
  it('refuses a stay sharing a night with a blocking booking, naming it, and offers free listings nearby', () => {
    const r = checkStay(fixture(), { listingId: 1, from: '2026-06-11', to: '2026-06-13', ...party })!;
    expect(r.fits).toBe(false);
    expect(r.reasons).toEqual([
      { kind: 'booking', booking_number: 10, start_date: '2026-06-10', end_date: '2026-06-12', customer_name: null },
    ]);
    // Casa Blanca is blocked those nights and Pis Centre is in another city; the aparthotel has a unit
    // free both nights; the closest capacity comes first.
    expect(r.alternatives.map((a) => a.name)).toEqual(['Aparthotel', 'Casa Grande']);
  });

  it('lets a stay start on the departure day of another, and quotes it', () => {
    const r = checkStay(fixture(), { listingId: 1, from: '2026-06-12', to: '2026-06-14', ...party })!;
    expect(r).toMatchObject({ fits: true, reasons: [], asOf: 1700, alternatives: [] });
    expect(r.quotes).toEqual([expect.objectContaining({ rateId: 7, name: 'Standard', total: 220, problems: [] })]);
  });

  it('does not clash a booking with itself when its dates are edited', () => {
    expect(
      checkStay(fixture(), { listingId: 1, from: '2026-06-10', to: '2026-06-13', ...party, ignoreBooking: 10 })!.fits,
    ).toBe(true);
  });

  it('refuses a party above the capacity', () => {
    const r = checkStay(fixture(), { listingId: 1, from: '2026-06-12', to: '2026-06-14', adults: 4, children: 1 })!;
    expect(r.reasons).toEqual([{ kind: 'capacity', capacity: 4, party: 5 }]);
  });

  it('names the full night of a multi-unit listing', () => {
    const r = checkStay(fixture(), { listingId: 5, from: '2026-06-10', to: '2026-06-12', ...party })!;
    expect(r.reasons).toEqual([{ kind: 'full', date: '2026-06-10', units: 2 }]);
  });

  it("takes the server's word for a night nothing local explains", () => {
    const r = checkStay(fixture(), { listingId: 1, from: '2026-06-19', to: '2026-06-21', ...party })!;
    expect(r.reasons).toEqual([{ kind: 'server', date: '2026-06-20' }]);
  });

  it('says nothing is known for dates whose bookings were never fetched', () => {
    const r = checkStay(fixture(), { listingId: 1, from: '2027-01-10', to: '2027-01-12', ...party })!;
    expect(r).toMatchObject({ fits: null, asOf: null });
  });

  it('says nothing is known where the bookings came but the blocks did not: a block never fetched is no proof of free', () => {
    const db = fixture();
    db.run(`DELETE FROM sync_state WHERE resource = 'blocks'`);
    const r = checkStay(db, { listingId: 1, from: '2026-06-12', to: '2026-06-14', ...party })!;
    expect(r).toMatchObject({ fits: null, asOf: null });
  });

  it('answers null for a listing not in the cache', () => {
    expect(checkStay(fixture(), { listingId: 99, from: '2026-06-12', to: '2026-06-14', ...party })).toBeNull();
  });
});
