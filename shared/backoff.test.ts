// The one back-off: doubling from the base, capped, spread by the jitter the caller asks for.
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

const exact = { baseMs: 1000, maxMs: 60_000, jitter: 0 };

describe('backoffDelay', () => {
  it('doubles from the base per failure and stops at the cap', () => {
    expect([0, 1, 2, 3, 5, 6, 7].map((n) => backoffDelay(n, exact))).toEqual([
      1000, 2000, 4000, 8000, 32_000, 60_000, 60_000,
    ]);
  });

  it('never overflows on a very long outage', () => {
    expect(backoffDelay(10_000, exact)).toBe(60_000);
    expect(backoffDelay(-3, exact)).toBe(1000);
  });

  it('spreads the wait by ±jitter with the random source it is given', () => {
    const b = { ...exact, jitter: 0.2 };
    expect(backoffDelay(2, b, () => 0)).toBe(3200);
    expect(backoffDelay(2, b, () => 0.5)).toBe(4000);
    expect(backoffDelay(2, b, () => 0.999_999)).toBe(4800);
  });

  it('applies the jitter after the cap, so capped waits still differ between clients', () => {
    const b = { ...exact, jitter: 0.5 };
    expect(backoffDelay(20, b, () => 0)).toBe(30_000);
    expect(backoffDelay(20, b, () => 0.75)).toBe(75_000);
  });
});
