// The planner's per-booking freshness reads (booking_freshness, cache
// migration 14): the copy its triggers keep equals what the old join of
// bookings and sync_state computed, whatever is written first and after an
// upgrade; the planner's answers are the same as the old queries'; and their
// plans read one range of booking_freshness, never sync_state per booking —
// and the sync status's newest fetch is an index descent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, type Params, type ReadableDB, type WritableDB } from '../cache/db';
import { addDays, LIVE_STATES } from '../cache/queries';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { recordFailed, recordFetched } from '../cache/state';
import { filledAt } from '../cache/testing/filled-at';
import { loadHost, makeHost, prng } from '../cache/testing/fixtures';
import { farBookingJobs, farBookingSummary, fortnightGuests, windowsFor } from './sources';
import { DEFAULT_POLICY } from './policy';
import { lastDataAt } from './pass-report';

const LIVE = `(${LIVE_STATES.join(', ')})`;
const TODAY = '2026-06-01';
const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What the planner used to compute per booking: bookings joined to sync_state by the 'booking:N' scope. */
const viaJoin = (db: ReadableDB) =>
  db.rows(
    `SELECT b.booking_number, b.start_date, b.end_date, b.state,
       g.fetched_at, CASE WHEN g.error IS NOT NULL THEN g.attempted_at END,
       t.fetched_at, CASE WHEN t.error IS NOT NULL THEN t.attempted_at END
     FROM bookings b
     LEFT JOIN sync_state g ON g.resource = 'guests' AND g.scope = 'booking:' || b.booking_number AND g.win = ''
     LEFT JOIN sync_state t ON t.resource = 'threads' AND t.scope = 'booking:' || b.booking_number AND t.win = ''
     ORDER BY b.booking_number`,
  );
const copy = (db: ReadableDB) =>
  db.rows(
    `SELECT booking_number, start_date, end_date, state, guests_at, guests_failed_at, threads_at, threads_failed_at
     FROM booking_freshness ORDER BY booking_number`,
  );

const addBooking = (db: WritableDB, n: number, start: string, nights: number, state = 3) =>
  db.run(
    `INSERT INTO bookings (booking_number, listing_id, start_date, end_date, stay_days, state, data, raw)
     VALUES (?, 1, ?, ?, ?, ?, '{}', '{}')`,
    [n, start, addDays(start, nights), nights, state],
  );
const fetched = (db: WritableDB, resource: string, n: number, at: number) =>
  recordFetched(db, { resource, scope: `booking:${n}`, win: '', at, records: 1 });
const failed = (db: WritableDB, resource: string, n: number, at: number) =>
  recordFailed(db, { resource, scope: `booking:${n}`, win: '', at, error: 'timeout' });

/** A year of bookings of a small host, each booking's guests and threads fetched, failed or never, at random. */
function seeded(db: WritableDB): void {
  loadHost(db, makeHost({ listings: 6, bookingsPerListing: 40, start: addDays(TODAY, -120), days: 480 }));
  const rnd = prng(11);
  db.transaction(() => {
    for (const n of db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1'))
      for (const resource of ['guests', 'threads']) {
        const r = rnd();
        const at = NOW - Math.floor(rnd() * 10 * DAY);
        if (r < 0.6) fetched(db, resource, n, at);
        else if (r < 0.7) failed(db, resource, n, at);
        else if (r < 0.75) {
          fetched(db, resource, n, at - DAY);
          failed(db, resource, n, at);
        }
      }
  });
}

describe('booking_freshness', () => {
  it('equals the join of bookings and sync_state, whichever is written first and whatever changes', () => {
    const db = openCache({ path: ':memory:' });
    fetched(db, 'guests', 501, NOW - 3 * DAY); // the bundle before its booking
    addBooking(db, 501, TODAY, 3);
    addBooking(db, 502, TODAY, 2);
    fetched(db, 'threads', 502, NOW - DAY); // after
    failed(db, 'threads', 502, NOW); // a failure keeps the last fetch, adds the attempt
    failed(db, 'guests', 502, NOW - 5);
    expect(copy(db)).toEqual(viaJoin(db));
    expect(copy(db).find((r) => r[0] === 502)).toEqual([
      502,
      TODAY,
      addDays(TODAY, 2),
      3,
      null,
      NOW - 5,
      NOW - DAY,
      NOW,
    ]);

    fetched(db, 'threads', 502, NOW + 1); // a success clears the failure
    db.run(
      "UPDATE bookings SET start_date = '2026-07-01', end_date = '2026-07-09', state = 9 WHERE booking_number = 501",
    );
    db.run('UPDATE bookings SET booking_number = 777 WHERE booking_number = 502'); // adopted under another number
    fetched(db, 'guests', 777, NOW + 2);
    expect(copy(db)).toEqual(viaJoin(db));

    db.run("DELETE FROM sync_state WHERE scope = 'booking:501'");
    db.run(
      "INSERT OR REPLACE INTO bookings (booking_number, listing_id, start_date, end_date, stay_days, state, data, raw) VALUES (777, 1, '2026-08-01', '2026-08-02', 1, 6, '{}', '{}')",
    );
    expect(copy(db)).toEqual(viaJoin(db));
    db.run('DELETE FROM bookings WHERE booking_number = 501');
    expect(copy(db)).toEqual(viaJoin(db));
    expect(copy(db)).toHaveLength(1);
    // Rows of other resources, scopes and windows leave it alone.
    recordFetched(db, { resource: 'guests', scope: 'booking:777', win: '2026-01-01..2026-02-01', at: 1, records: 0 });
    recordFetched(db, { resource: 'bookings', scope: 'all', win: '', at: 1, records: 0 });
    expect(copy(db)).toEqual(viaJoin(db));
    db.close();
  });

  it('is filled from what a cache of the previous version holds when it upgrades', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-freshness-'));
    dirs.push(dir);
    const path = join(dir, 'cache.db');
    const previous = CACHE_MIGRATIONS.filter((m) => m.version < 14);
    const old = filledAt(previous, path, dir, seeded);
    const expected = viaJoin(old);
    old.close();
    expect(expected.length).toBeGreaterThan(200);
    const db = openCache({ path });
    expect(copy(db)).toEqual(expected);
    db.close();
  });
});

/** The planner's far-booking reads as they were before migration 14 (the reference answers). */
const OLD = {
  jobs: (db: ReadableDB, resource: string, olderThan: number, limit: number) => {
    const w = windowsFor(TODAY, DEFAULT_POLICY);
    return db.pluck<number>(
      `SELECT b.booking_number FROM bookings b
       LEFT JOIN sync_state s ON s.resource = ? AND s.scope = 'booking:' || b.booking_number AND s.win = ''
       WHERE b.start_date BETWEEN ? AND ? AND b.end_date >= ? AND b.state IN ${LIVE} AND b.booking_number > 0
         AND (s.fetched_at IS NULL OR s.fetched_at < ?)
         AND (s.error IS NULL OR s.attempted_at < ?)
       ORDER BY s.fetched_at IS NOT NULL, s.fetched_at, b.start_date < ?, b.start_date LIMIT ?`,
      [resource, addDays(w.full.from, -400), w.full.to, w.full.from, olderThan, olderThan, TODAY, limit],
    );
  },
  summary: (db: ReadableDB, resource: string) => {
    const w = windowsFor(TODAY, DEFAULT_POLICY);
    const r = db.get<{ never: number | null; oldest: number | null }>(
      `SELECT sum(s.fetched_at IS NULL) AS never, min(s.fetched_at) AS oldest FROM bookings b
       LEFT JOIN sync_state s ON s.resource = ? AND s.scope = 'booking:' || b.booking_number AND s.win = ''
       WHERE b.start_date <= ? AND b.end_date >= ? AND b.state IN ${LIVE} AND b.booking_number > 0`,
      [resource, w.full.to, w.full.from],
    );
    const never = r?.never ?? 0;
    return { never, oldest: never > 0 ? null : (r?.oldest ?? null) };
  },
  count: (db: ReadableDB, stay: number) => {
    const w = windowsFor(TODAY, DEFAULT_POLICY);
    return db.get<{ n: number }>(
      `SELECT count(*) AS n FROM bookings WHERE start_date BETWEEN ? AND ? AND end_date >= ? AND state IN ${LIVE}
         AND booking_number > 0`,
      [addDays(w.full.from, -stay), w.full.to, w.full.from],
    )!.n;
  },
  fortnight: (db: ReadableDB) => {
    const r = db.get<{ total: number; done: number }>(
      `SELECT count(*) AS total, count(s.fetched_at) AS done FROM bookings b
       LEFT JOIN sync_state s ON s.resource = 'guests' AND s.scope = 'booking:' || b.booking_number AND s.win = ''
       WHERE b.start_date BETWEEN ? AND ? AND b.state IN ${LIVE}`,
      [TODAY, addDays(TODAY, 13)],
    );
    return { done: r?.done ?? 0, total: r?.total ?? 0 };
  },
};

describe("the planner's per-booking reads", () => {
  const db = openCache({ path: ':memory:' });
  seeded(db);
  const w = windowsFor(TODAY, DEFAULT_POLICY);

  it('answer what the join of bookings and sync_state answered', () => {
    for (const [kind, resource] of [
      ['bundle', 'guests'],
      ['threads', 'threads'],
    ] as const)
      for (const olderThan of [NOW - 20 * DAY, NOW - 4 * DAY, NOW + DAY])
        for (const limit of [5, 400]) {
          const now = farBookingJobs(db, w, DEFAULT_POLICY, kind, olderThan, limit, olderThan).map((c) => c.spec);
          const before = OLD.jobs(db, resource, olderThan, limit).map((n) => ({ kind, bookingNumber: n }));
          expect(now).toEqual(before);
        }
    const summary = farBookingSummary(db, w, 30);
    expect(summary).toEqual({
      count: OLD.count(db, 30),
      guests: OLD.summary(db, 'guests'),
      threads: OLD.summary(db, 'threads'),
    });
    expect(summary.count).toBeGreaterThan(50);
    expect(summary.guests.never).toBeGreaterThan(0);
    expect(fortnightGuests(db, w)).toEqual(OLD.fortnight(db));
    expect(fortnightGuests(db, w).total).toBeGreaterThan(0);
  });

  it('read booking_freshness by its key or index, never sync_state and never a scan', () => {
    const seen: [string, Params][] = [];
    const spy: ReadableDB = {
      kind: 'readable',
      inTransaction: false,
      all: (q, p = []) => (seen.push([q, p]), db.all(q, p)),
      get: (q, p = []) => (seen.push([q, p]), db.get(q, p)),
      rows: (q, p = []) => (seen.push([q, p]), db.rows(q, p)),
      pluck: (q, p = []) => (seen.push([q, p]), db.pluck(q, p)),
    };
    farBookingJobs(spy, w, DEFAULT_POLICY, 'bundle', NOW, 400, NOW);
    farBookingJobs(spy, w, DEFAULT_POLICY, 'threads', NOW, 400, NOW);
    farBookingSummary(spy, w, 30);
    fortnightGuests(spy, w);
    const plans = seen.map(([q, p]) => db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${q}`, p).map((r) => r.detail));
    expect(plans).toEqual([
      [
        expect.stringMatching(/^SEARCH booking_freshness USING PRIMARY KEY \(state=\? AND end_date>\?\)/),
        'USE TEMP B-TREE FOR ORDER BY',
      ],
      [
        expect.stringMatching(/^SEARCH booking_freshness USING PRIMARY KEY \(state=\? AND end_date>\?\)/),
        'USE TEMP B-TREE FOR ORDER BY',
      ],
      [expect.stringMatching(/^SEARCH booking_freshness USING PRIMARY KEY \(state=\? AND end_date>\?\)/)],
      [
        expect.stringMatching(
          /^SEARCH booking_freshness USING COVERING INDEX booking_freshness_arrivals \(state=\? AND start_date>\? AND start_date<\?\)/,
        ),
      ],
    ]);
  });
});

describe('the newest data received (sync status)', () => {
  it('is one descent of the index sync_state_fetched, not a read of all of sync_state', () => {
    const db = openCache({ path: ':memory:' });
    seeded(db);
    expect(lastDataAt(db)).toBe(
      new Date(db.get<{ at: number }>('SELECT max(fetched_at) AS at FROM sync_state')!.at).toISOString(),
    );
    const plan = db.all<{ detail: string }>('EXPLAIN QUERY PLAN SELECT MAX(fetched_at) AS at FROM sync_state');
    expect(plan.map((r) => r.detail)).toEqual(['SEARCH sync_state USING COVERING INDEX sync_state_fetched']);
    db.close();
  });
});
