// Coverage from sync_state alone: which days, listings and bookings were
// received whole, how fresh, and the jobs (and requests) that fill the rest —
// on a hand-made cache whose fetch record is written as sync writes it.
import { describe, expect, it } from 'vitest';
import { listingRead } from '../../shared/api';
import { openCache, type WritableDB } from '../cache/db';
import { recordFailed, recordFetched } from '../cache/state';
import { listingsTable } from '../cache/tables';
import { storeWire } from '../cache/testing/fixtures';
import { cover, coverageOf, gapCost } from './coverage';

const GLOBAL = { globalLists: true, globalRates: true };
const PER_LISTING = { globalLists: false, globalRates: false };

function cache(): WritableDB {
  const db = openCache({ path: ':memory:' });
  storeWire(db, listingsTable, listingRead, [
    { id: 1, name: 'Casa Azul', city: 'Sitges' },
    { id: 2, name: 'Àtic Verd', city: 'Girona' },
    { id: 3, name: 'Loft Mar', city: 'Sitges' },
  ]);
  return db;
}

const fetched = (db: WritableDB, resource: string, scope: string, win: string, at: number) =>
  recordFetched(db, { resource, scope, win, at, records: 1 });

describe('cover', () => {
  it('joins overlapping and abutting windows, and names the days none holds', () => {
    const windows = [
      { from: '2026-06-01', to: '2026-06-10', at: 5 },
      { from: '2026-06-11', to: '2026-06-15', at: 7 },
      { from: '2026-06-20', to: '2026-07-31', at: 9 },
    ];
    expect(cover('2026-06-03', '2026-06-14', windows)).toEqual({ gaps: [], asOf: 5 });
    expect(cover('2026-05-30', '2026-06-25', windows).gaps).toEqual([
      ['2026-05-30', '2026-05-31'],
      ['2026-06-16', '2026-06-19'],
    ]);
  });

  it('is as fresh as the newest fetches that hold it: an old window under newer ones does not age it', () => {
    const windows = [
      { from: '2026-01-01', to: '2026-12-31', at: 1 },
      { from: '2026-06-01', to: '2026-06-30', at: 50 },
    ];
    expect(cover('2026-06-10', '2026-06-12', windows).asOf).toBe(50);
    expect(cover('2026-05-31', '2026-06-12', windows).asOf).toBe(1);
  });
});

describe('coverageOf', () => {
  it('a month never fetched: one gap for the owner’s listings, one request for every listing at once', () => {
    const db = cache();
    fetched(db, 'bookings', 'all', '2026-06-03..2027-06-10', 100);
    const c = coverageOf(
      db,
      [{ kind: 'window', resource: 'bookings', from: '2025-10-01', to: '2025-10-31', listingIds: [1, 3] }],
      GLOBAL,
    );
    expect(c.complete).toBe(false);
    expect(c.asOf).toBeNull();
    expect(c.gaps.map((g) => g.gap)).toEqual([
      { resource: 'bookings', from: '2025-10-01', to: '2025-10-31', listingIds: [1, 3], bookingNumbers: null },
    ]);
    expect(c.gaps[0]!.jobs).toEqual([
      { kind: 'window', resource: 'bookings', listingId: null, from: '2025-10-01', to: '2025-10-31' },
    ]);
    expect(gapCost(db, c.gaps)).toBe(1);
    // A server that answers per listing only: one request per listing.
    const per = coverageOf(
      db,
      [{ kind: 'window', resource: 'bookings', from: '2025-10-01', to: '2025-10-31', listingIds: [1, 3] }],
      PER_LISTING,
    );
    expect(per.gaps[0]!.jobs.map((j) => (j.kind === 'window' ? j.listingId : null))).toEqual([1, 3]);
  });

  it('only the days not held are asked for, and a listing fetched on its own is not asked again', () => {
    const db = cache();
    fetched(db, 'bookings', 'all', '2026-06-03..2027-06-10', 100);
    fetched(db, 'bookings', 'listing:2', '2026-05-01..2026-06-02', 80);
    const c = coverageOf(
      db,
      [{ kind: 'window', resource: 'bookings', from: '2026-05-20', to: '2026-06-10', listingIds: null }],
      GLOBAL,
    );
    expect(c.gaps.map((g) => g.gap)).toEqual([
      { resource: 'bookings', from: '2026-05-20', to: '2026-06-02', listingIds: [1, 3], bookingNumbers: null },
    ]);
    // Listing 2 alone is whole: from its own fetch and the one of every listing, as old as the older.
    const two = coverageOf(
      db,
      [{ kind: 'window', resource: 'bookings', from: '2026-05-20', to: '2026-06-10', listingIds: [2] }],
      GLOBAL,
    );
    expect(two).toMatchObject({ complete: true, asOf: 80, gaps: [] });
  });

  it('a failed fetch leaves its days missing', () => {
    const db = cache();
    recordFailed(db, { resource: 'incidents', scope: 'all', win: '2026-01-01..2026-06-10', at: 100, error: 'offline' });
    const c = coverageOf(
      db,
      [{ kind: 'window', resource: 'incidents', from: '2026-03-01', to: '2026-06-10', listingIds: null }],
      GLOBAL,
    );
    expect(c.resources).toEqual([{ resource: 'incidents', complete: false, asOf: null }]);
    expect(c.gaps[0]!.gap.listingIds).toBeNull();
  });

  it('per-booking records: those never received, and none for a booking made on this computer', () => {
    const db = cache();
    fetched(db, 'guests', 'booking:501', '', 40);
    const c = coverageOf(db, [{ kind: 'perBooking', resource: 'guests', bookingNumbers: [501, 502, -7] }], GLOBAL);
    expect(c.gaps.map((g) => g.gap.bookingNumbers)).toEqual([[502]]);
    expect(c.gaps[0]!.jobs).toEqual([{ kind: 'bundle', bookingNumber: 502 }]);
    const local = coverageOf(db, [{ kind: 'perBooking', resource: 'threads', bookingNumbers: [-7] }], GLOBAL);
    expect(local).toMatchObject({ complete: true, gaps: [] });
  });

  it('reference lists: whole or not, and the listings list costs a request per hundred', () => {
    const db = cache();
    fetched(db, 'costs', 'all', '', 30);
    const c = coverageOf(
      db,
      [
        { kind: 'reference', resource: 'costs' },
        { kind: 'reference', resource: 'listings' },
      ],
      GLOBAL,
    );
    expect(c.resources).toEqual([
      { resource: 'costs', complete: true, asOf: 30 },
      { resource: 'listings', complete: false, asOf: null },
    ]);
    expect(c.gaps[0]!.jobs).toEqual([{ kind: 'listings' }]);
    expect(gapCost(db, c.gaps)).toBe(1);
  });

  it('per resource and in all: as old as the oldest part relied on', () => {
    const db = cache();
    fetched(db, 'bookings', 'all', '2026-06-03..2027-06-10', 100);
    fetched(db, 'cleaning', 'all', '2026-06-03..2027-06-10', 60);
    const c = coverageOf(
      db,
      [
        { kind: 'window', resource: 'bookings', from: '2026-06-10', to: '2026-06-10', listingIds: null },
        { kind: 'window', resource: 'cleaning', from: '2026-06-10', to: '2026-06-10', listingIds: null },
      ],
      GLOBAL,
    );
    expect(c).toMatchObject({ complete: true, asOf: 60 });
  });
});
