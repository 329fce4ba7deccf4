// Search as a desk uses it: in-house guests and the next days' bookings
// first, "N more" instead of a silent cut, and a near-miss surname found.
import { describe, expect, it } from 'vitest';
import { searchResult } from '../../../shared/contract';
import { bookingRead, customerRead, guestRead } from '../../../shared/api';
import { openCache, type WritableDB } from '../db';
import { bookingsTable, customersTable, guestsTable } from '../tables';
import { upsertRecords } from '../write';
import { search } from './search';
import { similarWords } from './search-rank';
import { storeWire } from '../testing/fixtures';

const TODAY = '2026-06-10';

interface Stay {
  n: number;
  start: string;
  end: string;
  state?: number;
  guest: [string, string];
}

/** One booking per stay with one guest (id = booking number × 10) and its customer (id = booking number). */
function cacheWith(stays: Stay[]): WritableDB {
  const db = openCache({ path: ':memory:' });
  const bookings = stays.map((s) => ({
    booking_number: s.n,
    listing_id: 1,
    start_date: s.start,
    end_date: s.end,
    state: s.state ?? 3,
    customer_id: s.n,
  }));
  storeWire(db, bookingsTable, bookingRead, bookings);
  const person = (id: number, [name, lastname]: [string, string]) => ({ id, name, lastname, email: '' });
  upsertRecords(
    db,
    guestsTable,
    stays.map((s) => {
      const raw = person(s.n * 10, s.guest);
      return { value: { ...guestRead.parse(raw), booking_number: s.n }, raw };
    }),
  );
  upsertRecords(
    db,
    customersTable,
    stays.map((s) => {
      const raw = person(s.n, s.guest);
      return { value: customerRead.parse(raw), raw };
    }),
  );
  return db;
}

const guestsOnly = (db: WritableDB, text: string, limit?: number) =>
  search(db, { text, kinds: ['guest'], today: TODAY, ...(limit ? { limit } : {}) });

describe('search ranking', () => {
  it('puts guests in house today first, then those arriving in the next days, then the rest', () => {
    const db = cacheWith([
      { n: 1, start: '2025-08-01', end: '2025-08-08', guest: ['Ola', 'Berg'] },
      { n: 2, start: '2026-09-01', end: '2026-09-08', guest: ['Per', 'Berg'] },
      { n: 3, start: '2026-06-13', end: '2026-06-20', guest: ['Kari', 'Berg'] },
      { n: 4, start: '2026-06-07', end: '2026-06-12', guest: ['Liv', 'Berg'] },
      { n: 5, start: '2026-06-05', end: TODAY, guest: ['Nils', 'Berg'] }, // leaving today: still in house
      { n: 6, start: '2026-06-08', end: '2026-06-14', state: 1, guest: ['Ida', 'Berg'] }, // cancelled
    ]);
    const r = guestsOnly(db, 'berg');
    expect(() => searchResult.parse(r)).not.toThrow();
    const order = r.hits.map((h) => [h.bookingNumber, h.near]);
    expect(order.slice(0, 3)).toEqual(
      expect.arrayContaining([
        [4, 'inHouse'],
        [5, 'inHouse'],
      ]),
    );
    expect(order[2]).toEqual([3, 'soon']);
    expect(order.slice(3).map(([, near]) => near)).toEqual([null, null, null]);
    expect(order.slice(3).map(([n]) => n)).toEqual(expect.arrayContaining([1, 2, 6]));
    expect(r.more).toBe(0);
  });

  it('ranks a customer by the nearest of their bookings', () => {
    const db = cacheWith([
      { n: 1, start: '2025-08-01', end: '2025-08-08', guest: ['Ola', 'Dahl'] },
      { n: 2, start: '2026-06-09', end: '2026-06-15', guest: ['Per', 'Dahl'] },
    ]);
    const r = search(db, { text: 'dahl', kinds: ['customer'], today: TODAY });
    expect(r.hits.map((h) => [h.id, h.near])).toEqual([
      [2, 'inHouse'],
      [1, null],
    ]);
  });

  it('says how many more matches there are beyond the hits shown', () => {
    const stays: Stay[] = Array.from({ length: 45 }, (_, i) => ({
      n: i + 1,
      start: '2025-01-01',
      end: '2025-01-05',
      guest: [`Guest${i}`, 'Lindqvist'],
    }));
    const db = cacheWith(stays);
    const r = guestsOnly(db, 'lindq', 40);
    expect(r.hits).toHaveLength(40);
    expect(r.more).toBe(5);
    expect(guestsOnly(db, 'lindq', 50).more).toBe(0);
  });

  it('counts booking numbers beyond the ones listed', () => {
    const db = cacheWith(
      [10, 100, 101, 102, 103].map((n) => ({ n, start: '2025-01-01', end: '2025-01-02', guest: ['A', 'B'] })),
    );
    const r = search(db, { text: '10', kinds: ['booking'], limit: 3, today: TODAY });
    expect(r.hits.map((h) => h.id)).toEqual([10, 100, 101]);
    expect(r.more).toBe(2);
  });
});

describe('the near records', () => {
  it('are read again after a change, not kept stale', () => {
    const db = cacheWith([{ n: 1, start: '2025-08-01', end: '2025-08-08', guest: ['Ola', 'Holm'] }]);
    expect(guestsOnly(db, 'holm').hits.map((h) => h.near)).toEqual([null]);
    const raw = { booking_number: 2, listing_id: 1, start_date: '2026-06-09', end_date: '2026-06-12', state: 3 };
    storeWire(db, bookingsTable, bookingRead, [raw]);
    const guest = { id: 20, name: 'Kari', lastname: 'Holm', email: '' };
    upsertRecords(db, guestsTable, [{ value: { ...guestRead.parse(guest), booking_number: 2 }, raw: guest }]);
    expect(guestsOnly(db, 'holm').hits.map((h) => [h.name, h.near])).toEqual([
      ['Kari Holm', 'inHouse'],
      ['Ola Holm', null],
    ]);
    expect(search(db, { text: 'holm', kinds: ['guest'], today: '2026-06-20' }).hits.map((h) => h.near)).toEqual([
      null,
      null,
    ]);
  });
});

describe('similar names', () => {
  it('finds "Andersson" for "Andersen", after the exact matches, and highlights the shared part', () => {
    const db = cacheWith([
      { n: 1, start: '2025-08-01', end: '2025-08-08', guest: ['Eva', 'Andersson'] },
      { n: 2, start: '2025-09-01', end: '2025-09-08', guest: ['Jens', 'Andersen'] },
      { n: 3, start: '2025-09-01', end: '2025-09-08', guest: ['Tom', 'Smith'] },
    ]);
    const r = guestsOnly(db, 'Andersen');
    expect(r.hits.map((h) => [h.name, h.similar])).toEqual([
      ['Jens Andersen', false],
      ['Eva Andersson', true],
    ]);
    const similar = r.hits[1]!;
    expect(similar.ranges.map(([a, b]) => similar.snippet.slice(a, b))).toEqual(['Andersson']);
  });

  it('ranks a similar name in house above an exact one from long ago', () => {
    const db = cacheWith([
      { n: 1, start: '2026-06-09', end: '2026-06-12', guest: ['Eva', 'Andersson'] },
      { n: 2, start: '2024-09-01', end: '2024-09-08', guest: ['Jens', 'Andersen'] },
    ]);
    expect(guestsOnly(db, 'andersen').hits.map((h) => [h.bookingNumber, h.near, h.similar])).toEqual([
      [1, 'inHouse', true],
      [2, null, false],
    ]);
  });

  it('shortens only long words of letters', () => {
    expect(similarWords(['andersen', 'eva'])).toEqual(['anders', 'eva']);
    expect(similarWords(['smith'])).toBeNull();
    expect(similarWords(['29190673Q'])).toBeNull();
  });
});
