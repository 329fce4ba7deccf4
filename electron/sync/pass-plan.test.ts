// Planning for a pass: the last plan is given again for the same question
// asked moments later with nothing changed, and only then.
import { describe, expect, it } from 'vitest';
import type { Interest } from '../../shared/contract';
import { ManualClock } from '../api/clock';
import { BudgetGovernor } from '../api/governor';
import { openCache } from '../cache/db';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { PassPlanning, PLAN_REUSE_MS } from './pass-plan';
import { DEFAULT_POLICY } from './policy';

function planning() {
  const db = openCache({ path: ':memory:' });
  loadHost(db, makeHost({ listings: 3, bookingsPerListing: 20, start: '2026-06-01', days: 60 }));
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 8));
  const ctx: { interest: Interest | null } = { interest: null };
  let announced = 0;
  const p = new PassPlanning({
    db,
    policy: DEFAULT_POLICY,
    clock,
    governor: new BudgetGovernor({ limit: 5000, clock }),
    today: () => '2026-06-10',
    context: () => ({ interest: ctx.interest, caps: { globalLists: true, globalRates: true }, onlyOnScreen: false }),
    announce: () => void announced++,
  });
  return { p, clock, ctx, announced: () => announced };
}

describe('PassPlanning', () => {
  it('gives the last plan again for the same question within moments, nothing changed', async () => {
    const { p, clock, announced } = planning();
    const first = await p.plan(null);
    await clock.advance(PLAN_REUSE_MS - 1);
    expect(await p.plan(null)).toBe(first);
    expect(announced()).toBe(1);
  });

  it('plans again once a job finished, bookings changed, the question changed or time moved on', async () => {
    const { p, clock, ctx } = planning();
    let last = await p.plan(null);
    const again = async (what: string) => {
      const next = await p.plan(null);
      expect(next, what).not.toBe(last);
      last = next;
    };
    p.jobDone('listings|all|');
    await again('a job finished');
    p.bookingsChanged();
    await again('bookings changed');
    ctx.interest = { screen: 'listing', listingIds: [1] };
    await again('what is on screen changed');
    expect(await p.plan(1)).not.toBe(last);
    last = await p.plan(null);
    await clock.advance(PLAN_REUSE_MS);
    await again('five seconds passed');
  });
});
