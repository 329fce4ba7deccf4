import { describe, expect, it } from 'vitest';
import { openCache, type WritableDB } from '../cache/db';
import { addDays, LIVE_STATES } from '../cache/queries/common';
import { recordFailed, recordFetched } from '../cache/state';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { OUTBOX_MIGRATIONS } from '../outbox/schema';
import { jobKey, type Job } from './jobs';
import { Planner, WINDOW_STATES, type PlanInput } from './planner';
import { DEFAULT_POLICY } from './policy';

const TODAY = '2026-06-10';
const NOW = Date.UTC(2026, 5, 10, 8);
const MIN = 60_000;
const GLOBAL = { globalLists: true, globalRates: true };

function fixture(listings = 5): WritableDB {
  const db = openCache({ path: ':memory:' });
  loadHost(db, makeHost({ listings, bookingsPerListing: 60, start: '2026-06-01', days: 120 }));
  return db;
}

function input(over: Partial<PlanInput> = {}): PlanInput {
  return { now: NOW, today: TODAY, interest: null, caps: GLOBAL, passStart: null, capacityPerHour: 3950, ...over };
}

/** Marks every job of a plan fetched at `at` (and tells the planner, as the sync service does). */
function fetchAll(db: WritableDB, jobs: readonly Job[], at: number, planner?: Planner): void {
  db.transaction(() => {
    for (const j of jobs) recordFetched(db, { resource: j.resource, scope: j.scope, win: j.win, at, records: 1 });
  });
  for (const j of jobs) planner?.jobDone(jobKey(j));
}

describe('Planner', () => {
  it('on an empty history puts everything in the queue, today + 48 h before the rest of the year', () => {
    const db = fixture();
    const plan = new Planner(db, DEFAULT_POLICY).plan(input());
    const kinds = plan.queue.map((j) => `${j.tier}:${j.resource}`);
    const firstFar = kinds.findIndex((k) => k.startsWith('far:'));
    const lastNear = kinds.map((k) => k.startsWith('near:')).lastIndexOf(true);
    expect(lastNear).toBeLessThan(firstFar);
    expect(plan.queue.some((j) => j.resource === 'listings')).toBe(true);
    expect(plan.queue.filter((j) => j.spec.kind === 'window' && j.tier === 'near')).toHaveLength(5);
  });

  it("on a first sign-in fetches the guests of today's arrivals before any other booking's guests or messages", () => {
    const db = fixture(20);
    const plan = new Planner(db, DEFAULT_POLICY).plan(input());
    const arriving = new Set(
      db.pluck<number>(
        `SELECT booking_number FROM bookings WHERE start_date = ? AND state IN (${LIVE_STATES.join(', ')})`,
        [TODAY],
      ),
    );
    expect(arriving.size).toBeGreaterThan(0);
    const perBooking = plan.queue.filter((j) => j.spec.kind === 'bundle' || j.spec.kind === 'threads');
    const first = perBooking.slice(0, arriving.size);
    expect(first.every((j) => j.spec.kind === 'bundle' && arriving.has(j.spec.bookingNumber))).toBe(true);
    expect(perBooking.length).toBeGreaterThan(arriving.size);
    // Every near booking's guests before any near booking's messages.
    const near = perBooking.filter((j) => j.tier === 'near');
    const lastBundle = near.map((j) => j.spec.kind).lastIndexOf('bundle');
    const firstThreads = near.findIndex((j) => j.spec.kind === 'threads');
    expect(lastBundle).toBeLessThan(firstThreads);
  });

  it('refreshes only what has outlived its maximum age, and knows when the next thing is due', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    fetchAll(db, planner.plan(input()).queue, NOW);
    const later = planner.plan(input({ now: NOW + 6 * MIN }));
    expect(new Set(later.queue.map((j) => j.tier))).toEqual(new Set(['near']));
    expect(later.queue.every((j) => j.spec.kind === 'window')).toBe(true);
    const soon = planner.plan(input({ now: NOW + MIN }));
    expect(soon.queue).toEqual([]);
    expect(soon.nextDueAt).toBe(NOW + DEFAULT_POLICY.maxAge.near);
  });

  it('plans from the rows of its own windows: a year of earlier days’ windows in sync_state changes nothing', () => {
    const plain = fixture();
    const piled = fixture();
    const at = NOW - 3 * 3_600_000;
    const first = new Planner(plain, DEFAULT_POLICY).plan(input()).queue;
    fetchAll(plain, first, at);
    fetchAll(piled, first, at);
    // What a year of use leaves: the window of every earlier day (its key moved with that day's today).
    piled.transaction(() => {
      for (const j of first) {
        if (!j.win) continue;
        const [from, to] = j.win.split('..') as [string, string];
        for (let k = 1; k <= 365; k++)
          recordFetched(piled, {
            resource: j.resource,
            scope: j.scope,
            win: `${addDays(from, -k)}..${addDays(to, -k)}`,
            at: at - k * 86_400_000,
            records: 1,
          });
      }
    });
    expect(piled.get<{ n: number }>('SELECT count(*) AS n FROM sync_state')!.n).toBeGreaterThan(365 * 10);
    const later = input({ now: NOW + 20 * MIN });
    const a = new Planner(plain, DEFAULT_POLICY).plan(later);
    const b = new Planner(piled, DEFAULT_POLICY).plan(later);
    // The jobs' own rows were found: only today's lists have outlived their age.
    expect(new Set(b.queue.map((j) => j.tier))).toEqual(new Set(['near']));
    expect(b.queue.map((j) => [jobKey(j), j.score])).toEqual(a.queue.map((j) => [jobKey(j), j.score]));
    expect(b.freshness).toEqual(a.freshness);
    expect(b.nextDueAt).toBe(a.nextDueAt);
    // And they are not read: the states come by a seek of each window asked for, not a walk of every row.
    const steps = piled.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${WINDOW_STATES}`, ['[]']).map((r) => r.detail);
    expect(steps).toContain('SEARCH sync_state USING INDEX sync_state_win (win=?)');
  });

  it('keeps the jobs of every listing and rate between plans until a listing or rate changes or the day moves', () => {
    const db = fixture();
    let reads = 0;
    // The planner's reads of every listing, counted.
    const counting = new Proxy(db, {
      get(target, key) {
        if (key === 'all')
          return (sql: string, params?: unknown[]) => {
            if (sql.includes('FROM listings WHERE id > 0')) reads++;
            return target.all(sql, params as never);
          };
        const v = Reflect.get(target, key) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const planner = new Planner(counting, DEFAULT_POLICY);
    const rates = (plan: { queue: Job[] }) =>
      plan.queue.flatMap((j) => (j.spec.kind === 'prices' ? [j.spec.rateId] : []));
    const first = planner.plan(input());
    expect(rates(planner.plan(input({ now: NOW + MIN })))).toEqual(rates(first));
    expect(reads).toBe(1);
    db.run(`INSERT INTO rates (rate_id, listing_id, name, data, raw) VALUES (9001, 1, 'Winter', '{}', '')`);
    expect(rates(planner.plan(input()))).toContain(9001);
    expect(reads).toBe(2);
    db.run('DELETE FROM rates WHERE rate_id = 9001');
    expect(rates(planner.plan(input()))).not.toContain(9001);
    db.run('UPDATE listings SET mu = 1 - mu WHERE id = 1');
    planner.plan(input());
    expect(reads).toBe(4);
    planner.plan(input({ today: addDays(TODAY, 1), now: NOW + 24 * 60 * MIN }));
    expect(reads).toBe(5);
  });

  it('puts what is on screen first', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    fetchAll(db, planner.plan(input()).queue, NOW);
    const n = db.pluck<number>('SELECT booking_number FROM bookings LIMIT 1')[0]!;
    const plan = planner.plan(input({ now: NOW + 10 * MIN, interest: { screen: 'booking', bookingNumbers: [n] } }));
    expect(plan.queue[0]).toMatchObject({ tier: 'onScreen', spec: { kind: 'booking', bookingNumber: n } });
    expect(
      plan.queue
        .slice(0, 2)
        .map((j) => j.spec.kind)
        .sort(),
    ).toEqual(['booking', 'threads']);
  });

  it('never plans a request naming a record made here, and follows a booking on screen to its server number', () => {
    const db = openCache({ path: ':memory:', migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
    loadHost(db, makeHost({ listings: 5, bookingsPerListing: 60, start: '2026-06-01', days: 120 }));
    // A booking taken here arriving today, and a listing made here: local (negative) ids, as the outbox writes them.
    for (const [table, key, id, set] of [
      ['bookings', 'booking_number', -1, `, start_date = '${TODAY}', end_date = '2026-06-13'`],
      ['listings', 'id', -3, ''],
    ] as const) {
      db.exec(`CREATE TEMP TABLE copy AS SELECT * FROM ${table} LIMIT 1`);
      db.exec(`UPDATE copy SET ${key} = ${id}${set}`);
      db.exec(`INSERT INTO ${table} SELECT * FROM copy`);
      db.exec('DROP TABLE copy');
    }
    const planner = new Planner(db, DEFAULT_POLICY);
    const onScreen = { screen: 'booking' as const, bookingNumbers: [-1] };
    const ids = (jobs: readonly Job[]) =>
      jobs.flatMap((j) => Object.entries(j.spec).filter(([k, v]) => /Id$|Number$/.test(k) && typeof v === 'number'));
    const before = planner.plan(input({ interest: onScreen, caps: { globalLists: false, globalRates: false } }));
    expect(ids(before.queue).length).toBeGreaterThan(0);
    expect(ids(before.queue).filter(([, v]) => (v as number) < 0)).toEqual([]);
    expect(before.queue.some((j) => j.tier === 'onScreen' && j.spec.kind === 'booking')).toBe(false);

    // The server adopted it as 108562: the page still open on -1 is refreshed under that number.
    db.run(`INSERT INTO outbox_ids (resource, local_id, server_id) VALUES ('bookings', -1, 108562)`);
    const after = planner.plan(input({ interest: onScreen }));
    expect(after.queue.filter((j) => j.tier === 'onScreen').map((j) => j.spec)).toEqual([
      { kind: 'booking', bookingNumber: 108562 },
      { kind: 'threads', bookingNumber: 108562 },
    ]);
    expect(ids(after.queue).filter(([, v]) => (v as number) < 0)).toEqual([]);
  });

  it("a listing's page (and its Prices) brings its rates and their prices first, not with the deep fill", () => {
    const db = fixture();
    const [id, other] = db.pluck<number>('SELECT id FROM listings ORDER BY id LIMIT 2') as [number, number];
    const rates = [7001, 7002];
    for (const [rate, listing] of [...rates.map((r) => [r, id]), [7003, other]])
      db.run(`INSERT INTO rates (rate_id, listing_id, name, data, raw) VALUES (?, ?, 'Standard', '{}', '{}')`, [
        rate!,
        listing!,
      ]);
    const plan = new Planner(db, DEFAULT_POLICY).plan(
      input({ interest: { screen: 'listing', listingIds: [id] }, caps: { globalLists: true, globalRates: false } }),
    );
    const onScreen = plan.queue.filter((j) => j.tier === 'onScreen').map((j) => j.spec);
    expect(onScreen).toContainEqual({ kind: 'rates', listingId: id });
    for (const rateId of rates)
      expect(onScreen).toContainEqual(expect.objectContaining({ kind: 'prices', rateId, listingId: id }));
    expect(onScreen.filter((s) => s.kind === 'prices' && s.listingId !== id)).toEqual([]);
  });

  it('lets far data age into the queue even while near data keeps being due', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    fetchAll(db, planner.plan(input()).queue, NOW);
    const plan = planner.plan(input({ now: NOW + 2 * DEFAULT_POLICY.maxAge.far }));
    const farWindow = plan.queue.find((j) => j.tier === 'far' && j.spec.kind === 'window')!;
    const nearWindow = plan.queue.find((j) => j.tier === 'near' && j.spec.kind === 'window')!;
    expect(farWindow).toBeDefined();
    // 12 h old far data (×2 of its max age) vs 12 h old near data (×144): near still wins, far is queued.
    expect(plan.queue.indexOf(nearWindow)).toBeLessThan(plan.queue.indexOf(farWindow));
  });

  it("puts today's overdue refreshes before the year's booking details still waiting to be fetched", () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    // Beyond the next 14 days (those arriving sooner come first in the deep fill: the next test).
    const soon = addDays(TODAY, 13);
    const startOf = (n: number) =>
      db.pluck<string>('SELECT start_date FROM bookings WHERE booking_number = ?', [n])[0] ?? '';
    const isFarBooking = (j: Job) =>
      j.tier === 'far' &&
      (j.spec.kind === 'bundle' || j.spec.kind === 'threads') &&
      startOf(j.spec.bookingNumber) > soon;
    // Everything fetched but the far bookings' guests and messages (an initial load the hour could not finish).
    fetchAll(
      db,
      planner.plan(input()).queue.filter((j) => !isFarBooking(j)),
      NOW,
      planner,
    );
    const plan = planner.plan(input({ now: NOW + DEFAULT_POLICY.maxAge.near + MIN }));
    const firstFarBooking = plan.queue.findIndex(isFarBooking);
    const lastNear = plan.queue.map((j) => j.tier === 'near').lastIndexOf(true);
    expect(firstFarBooking).toBeGreaterThanOrEqual(0);
    expect(lastNear).toBeGreaterThanOrEqual(0);
    // Far work first spent the hour down to today's share, and today's refreshes then ran dry before the hour ended.
    expect(lastNear).toBeLessThan(firstFarBooking);
  });

  it("puts the guests and messages of the next 14 days' arrivals first in the deep fill, before far lists never fetched", () => {
    const db = fixture();
    const plan = new Planner(db, DEFAULT_POLICY).plan(input());
    const deep = plan.queue.filter((j) => j.tier === 'far');
    const startOf = (n: number) =>
      db.pluck<string>('SELECT start_date FROM bookings WHERE booking_number = ?', [n])[0]!;
    const numberOf = (j: Job) => (j.spec.kind === 'bundle' || j.spec.kind === 'threads' ? j.spec.bookingNumber : null);
    const perBooking = (j: Job) => numberOf(j) !== null;
    const firstList = deep.findIndex((j) => !perBooking(j));
    const arriving = (j: Job, from: string, to: string) => {
      const n = numberOf(j);
      return n !== null && startOf(n) >= from && startOf(n) <= to;
    };
    const soonOnes = deep.filter((j) => arriving(j, TODAY, addDays(TODAY, 13)));
    expect(soonOnes.length).toBeGreaterThan(0);
    // Every one of them before the first far list; a stay further ahead after the lists.
    for (const j of soonOnes) expect(deep.indexOf(j)).toBeLessThan(firstList);
    const later = deep.find((j) => arriving(j, addDays(TODAY, 14), '9999-12-31'));
    if (later) expect(deep.indexOf(later)).toBeGreaterThan(firstList);
  });

  it('a far booking whose guests failed to arrive (an outage) is asked again after the failure back-off, not a week later', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    const isFarGuests = (j: Job) => j.tier === 'far' && j.spec.kind === 'bundle';
    const first = planner.plan(input()).queue.find(isFarGuests)!;
    expect(first).toBeDefined();
    // Everything else fetched; this booking's guests failed (the server went away while they were asked).
    fetchAll(
      db,
      planner.plan(input()).queue.filter((j) => jobKey(j) !== jobKey(first)),
      NOW,
      planner,
    );
    db.transaction(() =>
      recordFailed(db, { resource: first.resource, scope: first.scope, win: first.win, at: NOW, error: 'unreachable' }),
    );
    planner.jobDone(jobKey(first));
    planner.invalidateBookings();
    const keys = (now: number) => planner.plan(input({ now })).queue.filter(isFarGuests).map(jobKey);
    expect(keys(NOW + DEFAULT_POLICY.failureBackoffMs / 2)).not.toContain(jobKey(first));
    planner.invalidateBookings();
    expect(keys(NOW + DEFAULT_POLICY.failureBackoffMs + 1)).toContain(jobKey(first));
  });

  it("reads a near booking's fetches and standing failures as sync_state holds them: fetched, failed and backing off, never", () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    const near = planner.plan(input()).queue.filter((j) => j.tier === 'near' && j.spec.kind === 'bundle');
    expect(near.length).toBeGreaterThanOrEqual(3);
    const [fresh, failed, never] = near as [Job, Job, Job];
    const hourAgo = NOW - DEFAULT_POLICY.maxAge.nearBooking - MIN;
    db.transaction(() => {
      recordFetched(db, { resource: fresh.resource, scope: fresh.scope, win: '', at: NOW - MIN, records: 1 });
      // Fetched an hour and more ago (due again), then its refresh failed a moment ago: the back-off holds it.
      recordFetched(db, { resource: failed.resource, scope: failed.scope, win: '', at: hourAgo, records: 1 });
      recordFailed(db, {
        resource: failed.resource,
        scope: failed.scope,
        win: '',
        at: NOW - 1000,
        error: 'unreachable',
      });
    });
    const keys = (now: number) => planner.plan(input({ now })).queue.map(jobKey);
    const now = keys(NOW);
    expect(now).not.toContain(jobKey(fresh));
    expect(now).not.toContain(jobKey(failed));
    expect(now).toContain(jobKey(never));
    // Past the back-off, the failed one is due again; the fresh one is not due before its max age.
    const later = keys(NOW + DEFAULT_POLICY.failureBackoffMs);
    expect(later).toContain(jobKey(failed));
    expect(later).not.toContain(jobKey(fresh));
    // A success clears the failure.
    db.transaction(() =>
      recordFetched(db, { resource: failed.resource, scope: failed.scope, win: '', at: NOW + MIN, records: 1 }),
    );
    expect(keys(NOW + 2 * MIN)).not.toContain(jobKey(failed));
  });

  it('says when keeping everything fresh needs more than today and the deep fill have', () => {
    const db = fixture(20);
    const planner = new Planner(db, DEFAULT_POLICY);
    expect(planner.plan(input({ capacityPerHour: 1_000_000 })).short).toBeNull();
    const tight = planner.plan(input({ capacityPerHour: 100 }));
    expect(tight.demandPerHour).toBeGreaterThan(100);
    expect(tight.short).toEqual({ demandPerHour: tight.demandPerHour, capacityPerHour: 100 });
  });

  it('tells whether today is complete and fresh, how far the next 14 days are and what the deep fill still needs', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    const first = planner.plan(input());
    expect(first.today).toMatchObject({ complete: false, fresh: false, listsAt: null });
    expect(first.fortnight.done).toBe(0);
    expect(first.fortnight.total).toBeGreaterThan(0);
    expect(first.deepLeft).toBeGreaterThan(0);
    // Today's work only (near and reference): today complete, the fill untouched.
    fetchAll(
      db,
      first.queue.filter((j) => j.tier === 'near' || j.tier === 'reference'),
      NOW,
      planner,
    );
    const todayIn = planner.plan(input({ now: NOW + MIN }));
    expect(todayIn.today).toEqual({ complete: true, fresh: true, listsAt: NOW, overdue: 0 });
    // The fill still has every far booking's guests and messages to fetch (today's people are not its work any more).
    expect(todayIn.deepLeft).toBeGreaterThan(0);
    expect(todayIn.deepLeft).toBeLessThan(first.deepLeft!);
    // Everything: the fill is done and the 14 days complete.
    fetchAll(db, todayIn.queue, NOW + MIN, planner);
    planner.invalidateBookings();
    const all = planner.plan(input({ now: NOW + 2 * MIN }));
    expect(all.deepLeft).toBe(0);
    expect(all.fortnight.done).toBe(all.fortnight.total);
    // Five minutes later today's lists are overdue: complete, not fresh.
    const later = planner.plan(input({ now: NOW + 2 * MIN + DEFAULT_POLICY.maxAge.near }));
    expect(later.today.complete).toBe(true);
    expect(later.today.fresh).toBe(false);
    expect(later.today.overdue).toBeGreaterThan(0);
  });

  it('makes today’s lists and what is on screen due at once after "Sync now", and nothing else', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    fetchAll(db, planner.plan(input()).queue, NOW, planner);
    planner.invalidateBookings();
    const at = NOW + MIN;
    expect(planner.plan(input({ now: at })).queue).toEqual([]);
    const pressed = planner.plan(input({ now: at, todayFrom: at }));
    expect(pressed.queue.length).toBeGreaterThan(0);
    expect(pressed.queue.every((j) => j.tier === 'near' && j.spec.kind === 'window')).toBe(true);
  });

  it('asks per listing when the server cannot list every listing at once', () => {
    const db = fixture(4);
    const plan = new Planner(db, DEFAULT_POLICY).plan(input({ caps: { globalLists: false, globalRates: false } }));
    const windows = plan.queue.filter((j) => j.spec.kind === 'window');
    expect(windows.every((j) => j.spec.kind === 'window' && j.spec.listingId !== null)).toBe(true);
    // Five window resources per listing, and the old incidents' window.
    expect(windows.filter((j) => j.tier === 'far')).toHaveLength(4 * 6);
    expect(plan.queue.filter((j) => j.spec.kind === 'rates')).toHaveLength(4);
  });

  it('in a full pass treats everything not fetched since the pass began as due, once', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    const all = planner.plan(input()).queue;
    fetchAll(db, all, NOW - MIN);
    const pass = planner.plan(input({ passStart: NOW }));
    expect(new Set(pass.queue.map(jobKey))).toEqual(new Set(all.map(jobKey)));
    fetchAll(db, pass.queue, NOW + 1, planner);
    expect(planner.plan(input({ now: NOW + 2, passStart: NOW })).queue).toEqual([]);
  });

  it('reports freshness per resource for today and for everything', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    fetchAll(db, planner.plan(input()).queue, NOW);
    const f = planner.plan(input({ now: NOW + 10 * MIN })).freshness;
    const bookingsToday = f.find((x) => x.resource === 'bookings' && x.scope === 'today ±48 h')!;
    expect(bookingsToday).toMatchObject({
      stale: true,
      from: '2026-06-09',
      to: '2026-06-12',
      fetchedAt: new Date(NOW).toISOString(),
    });
    expect(f.find((x) => x.resource === 'bookings' && x.scope === 'all')!.stale).toBe(false);
  });

  it('without the far picture (a status before the first pass) plans the rest and says it is partial', () => {
    const db = fixture();
    const planner = new Planner(db, DEFAULT_POLICY);
    const whole = planner.plan(input());
    const part = new Planner(db, DEFAULT_POLICY).plan(input({ withoutFar: true }));
    expect(whole.partial).toBe(false);
    expect(part.partial).toBe(true);
    const isFarBooking = (j: Job) => j.tier === 'far' && (j.spec.kind === 'bundle' || j.spec.kind === 'threads');
    const perBooking = (p: typeof whole) => p.queue.filter(isFarBooking);
    expect(perBooking(whole).length).toBeGreaterThan(0);
    expect(perBooking(part)).toEqual([]);
    expect(part.freshness.some((f) => f.scope === 'all bookings')).toBe(false);
    expect(whole.freshness.filter((f) => f.scope === 'all bookings').map((f) => f.resource)).toEqual([
      'guests',
      'threads',
    ]);
    // Everything else is planned the same.
    const rest = (p: typeof whole) =>
      p.queue.filter((j) => !(j.tier === 'far' && j.spec.kind !== 'window')).map(jobKey);
    expect(rest(part)).toEqual(rest(whole));
  });
});
