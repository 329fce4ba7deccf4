// A plan served again (issue 30): while only the deep fill's per-booking jobs
// run and nothing else changed, a pass's plans within PLAN_REUSE_MS are the
// last plan less the jobs done — anything else makes the next plan afresh.
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../api/clock';
import { BudgetGovernor } from '../api/governor';
import { openCache } from '../cache/db';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { jobKey, type Job } from './jobs';
import { PassPlanning, PLAN_REUSE_MS } from './pass-plan';
import { DEFAULT_POLICY } from './policy';

const TODAY = '2026-06-10';
const GLOBAL = { globalLists: true, globalRates: true };

function setup() {
  const db = openCache({ path: ':memory:' });
  loadHost(db, makeHost({ listings: 5, bookingsPerListing: 60, start: '2026-06-01', days: 120 }));
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 8));
  const planning = new PassPlanning({
    db,
    policy: DEFAULT_POLICY,
    clock,
    governor: new BudgetGovernor({ clock }),
    today: () => TODAY,
    context: () => ({ interest: null, caps: { ...GLOBAL }, onlyOnScreen: false }),
    announce: () => undefined,
  });
  const made = vi.spyOn(planning.planner, 'plan');
  return { clock, planning, made };
}

const far = (q: readonly Job[]): Job => q.find((j) => j.tier === 'far')!;
const near = (q: readonly Job[]): Job => q.find((j) => j.tier === 'near')!;

describe('a sync plan served again', () => {
  it('after deep-fill jobs only, within PLAN_REUSE_MS: the last plan less the jobs done, not planned again', async () => {
    const { clock, planning, made } = setup();
    const first = planning.plan(null);
    const done = far(first.queue);
    planning.jobDone(done);
    await clock.advance(1_000);
    const again = planning.plan(null);
    expect(made).toHaveBeenCalledTimes(1);
    expect(again.queue.map(jobKey)).toEqual(first.queue.filter((j) => j !== done).map(jobKey));

    await clock.advance(PLAN_REUSE_MS);
    planning.plan(null);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('is not served again after any other job, changed bookings, "Sync now" or for a full pass', () => {
    const { clock, planning, made } = setup();
    const changes: (() => void)[] = [
      () => planning.jobDone(near(planning.last!.queue)),
      () => planning.bookingsChanged(),
      () => planning.press(),
    ];
    planning.plan(null);
    for (const change of changes) {
      change();
      const before = made.mock.calls.length;
      planning.plan(null);
      expect(made).toHaveBeenCalledTimes(before + 1);
    }
    const before = made.mock.calls.length;
    planning.plan(clock.now());
    planning.plan(null);
    expect(made).toHaveBeenCalledTimes(before + 2);
  });
});
