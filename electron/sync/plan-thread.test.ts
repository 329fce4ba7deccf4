// Plans made on the planning thread are the plans made here: same due jobs in
// the same order (the best QUEUE_SENT of them), same counts and freshness,
// told of jobs done and booking changes in order with the asks; a thread that
// cannot start leaves plans to this thread, and nothing waits for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, type WritableDB } from '../cache/db';
import { recordFetched } from '../cache/state';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { jobKey, type Job } from './jobs';
import { QUEUE_SENT, sendable } from './plan-messages';
import { PlanThread } from './plan-thread';
import { Planner, type Plan, type PlanInput } from './planner';
import { DEFAULT_POLICY } from './policy';

const TODAY = '2026-06-10';
const NOW = Date.UTC(2026, 5, 10, 8);

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function cacheFile(listings: number): { db: WritableDB; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-plan-thread-'));
  const path = join(dir, 'cache.db');
  const db = openCache({ path });
  loadHost(db, makeHost({ listings, bookingsPerListing: 60, start: '2026-06-01', days: 120 }));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => db.close());
  return { db, path };
}

function input(over: Partial<PlanInput> = {}): PlanInput {
  return {
    now: NOW,
    today: TODAY,
    interest: null,
    caps: { globalLists: true, globalRates: true },
    passStart: null,
    capacityPerHour: 3950,
    ...over,
  };
}

/** What a plan says, its jobs by key (the thread's copies are not the same objects). */
const summary = (p: Plan) => ({ ...p, queue: p.queue.map((j) => `${jobKey(j)}@${j.score}`) });

function thread(o: { path: string; db: WritableDB }, onFailed?: (why: string) => void): PlanThread {
  const t = new PlanThread({ path: o.path, policy: DEFAULT_POLICY, db: o.db, ...(onFailed ? { onFailed } : {}) });
  cleanups.push(() => t.close());
  return t;
}

/** A job of a tier, numbered (only what sendable looks at). */
const job = (tier: Job['tier'], n: number): Job =>
  ({ tier, resource: 'listings', scope: `${tier}:${n}`, win: '', score: 0 }) as unknown as Job;

describe('sendable', () => {
  it('keeps the best QUEUE_SENT due jobs of each tier, in the plan’s order', () => {
    // A first sign-in's first hour: the deep fill's never-fetched jobs outrank today's overdue lists.
    const far = Array.from({ length: QUEUE_SENT + 500 }, (_, i) => job('far', i));
    const near = Array.from({ length: 7 }, (_, i) => job('near', i));
    const screen = Array.from({ length: QUEUE_SENT + 1 }, (_, i) => job('onScreen', i));
    const queue = [...screen, ...far, ...near];
    const plan = { queue, due: queue.length } as unknown as Plan;
    const sent = sendable(plan);
    expect(sent.due).toBe(queue.length);
    expect(sent.queue).toEqual([...screen.slice(0, QUEUE_SENT), ...far.slice(0, QUEUE_SENT), ...near]);
    // A plan within the limit crosses whole.
    const small = { queue: near, due: near.length } as unknown as Plan;
    expect(sendable(small)).toBe(small);
  });
});

describe('PlanThread', () => {
  it('plans on its own connection what the main thread would: the same due jobs, counts and freshness', async () => {
    const cache = cacheFile(8);
    const t = thread(cache);
    const here = new Planner(cache.db, DEFAULT_POLICY);
    for (const ask of [
      input(),
      input({ interest: { screen: 'listing', listingIds: [2] } }),
      input({ passStart: NOW }),
    ]) {
      const [there, mine] = [await t.plan(ask), here.plan(ask)];
      expect(summary(there)).toEqual(summary(sendable(mine)));
    }
    expect(t.onThread).toBe(true);
  });

  it('says how many jobs are due, whatever of them crosses', async () => {
    const cache = cacheFile(8);
    const t = thread(cache);
    const mine = new Planner(cache.db, DEFAULT_POLICY).plan(input({ passStart: NOW }));
    expect((await t.plan(input({ passStart: NOW }))).due).toBe(mine.queue.length);
  });

  it('is told of jobs done and bookings changed in order with the asks, as a planner here would be', async () => {
    const cache = cacheFile(8);
    const t = thread(cache);
    const here = new Planner(cache.db, DEFAULT_POLICY);
    const first = here.plan(input());
    expect(summary(await t.plan(input()))).toEqual(summary(sendable(first)));
    // Some jobs are fetched (written on the main connection) and told; a booking goes: told too.
    const done: Job[] = first.queue.slice(0, 30);
    cache.db.transaction(() => {
      for (const j of done)
        recordFetched(cache.db, { resource: j.resource, scope: j.scope, win: j.win, at: NOW, records: 1 });
    });
    // And some far bookings' jobs end without a fetch written (failed): only being told keeps them out.
    const failed = first.queue.filter((j) => j.tier === 'far' && j.scope.startsWith('booking:')).slice(0, 5);
    expect(failed).toHaveLength(5);
    for (const j of [...done, ...failed]) {
      here.jobDone(jobKey(j));
      t.jobDone(jobKey(j));
    }
    const soon = input({ now: NOW + 30_000 });
    const [thereSoon, mineSoon] = [await t.plan(soon), here.plan(soon)];
    expect(summary(thereSoon)).toEqual(summary(sendable(mineSoon)));
    expect(thereSoon.queue.map(jobKey)).not.toContain(jobKey(failed[0]!));
    cache.db.run(`DELETE FROM bookings WHERE booking_number IN (SELECT booking_number FROM bookings LIMIT 5)`);
    here.invalidateBookings();
    t.invalidateBookings();
    const later = input({ now: NOW + 60_000 });
    const [there, mine] = [await t.plan(later), here.plan(later)];
    expect(summary(there)).toEqual(summary(sendable(mine)));
    expect(there.queue.map(jobKey)).not.toContain(jobKey(done[0]!));
  });

  it('leaves plans to this thread when its own cannot start, answering the asks already made', async () => {
    const cache = cacheFile(5);
    const why: string[] = [];
    const t = thread({ db: cache.db, path: join(tmpdir(), 'no-such-dir-stayboard', 'gone.db') }, (w) => why.push(w));
    const asked = t.plan(input());
    const there = await asked;
    expect(summary(there)).toEqual(summary(new Planner(cache.db, DEFAULT_POLICY).plan(input())));
    expect(why).toHaveLength(1);
    expect(t.onThread).toBe(false);
    // From then on, here at once.
    expect((await t.plan(input())).due).toBe(there.due);
  });

  it('once closed, refuses asks and lets go of the asks waiting', async () => {
    const cache = cacheFile(5);
    const t = thread(cache);
    const waiting = expect(t.plan(input())).rejects.toThrow('planning stopped');
    await t.close();
    await waiting;
    await expect(t.plan(input())).rejects.toThrow('planning stopped');
  });
});
