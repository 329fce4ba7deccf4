// The signed-out status's plan: nothing is fetched while signed out, so the
// same plan answers every ask of a minute; a new day, another budget or the
// minute's end make a new one.
import { describe, expect, it } from 'vitest';
import { openCache } from '../cache/db';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import type { PlanInput } from '../sync/planner';
import { DEFAULT_POLICY } from '../sync/policy';
import { SIGNED_OUT_PLAN_MS, SignedOutPlans } from './sync-status';

const NOW = Date.UTC(2026, 5, 10, 8);

function input(over: Partial<PlanInput> = {}): PlanInput {
  return {
    now: NOW,
    today: '2026-06-10',
    interest: null,
    caps: { globalLists: true, globalRates: true },
    passStart: null,
    capacityPerHour: 3950,
    ...over,
  };
}

describe('SignedOutPlans', () => {
  it('answers every ask of a minute with one plan, and plans again after it, on a new day or budget', () => {
    const db = openCache({ path: ':memory:' });
    loadHost(db, makeHost({ listings: 3, bookingsPerListing: 20, start: '2026-06-01', days: 60 }));
    const plans = new SignedOutPlans(db, DEFAULT_POLICY);
    const first = plans.plan(input());
    expect(plans.plan(input({ now: NOW + SIGNED_OUT_PLAN_MS - 1 }))).toBe(first);
    const later = plans.plan(input({ now: NOW + SIGNED_OUT_PLAN_MS }));
    expect(later).not.toBe(first);
    expect(plans.plan(input({ now: NOW + SIGNED_OUT_PLAN_MS, today: '2026-06-11' }))).not.toBe(later);
    const budget = plans.plan(input({ now: NOW + SIGNED_OUT_PLAN_MS, today: '2026-06-11', capacityPerHour: 100 }));
    expect(plans.plan(input({ now: NOW + SIGNED_OUT_PLAN_MS + 1, today: '2026-06-11', capacityPerHour: 100 }))).toBe(
      budget,
    );
    // A clock set back is not "within the minute".
    expect(plans.plan(input({ now: NOW, today: '2026-06-11', capacityPerHour: 100 }))).not.toBe(budget);
  });
});
