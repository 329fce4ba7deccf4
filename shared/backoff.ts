// The ONE back-off: how long to wait before the next try after failures in a
// row. Exponential from `baseMs`, capped at `maxMs`, spread by ±`jitter` so
// many clients (or many records) never retry in step. `random` is injected
// ([0, 1), seeded in tests). Used by the API client's retries, the rate-limit
// pause, the server probe, the outbox's replay and the page's reconnection.

export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait is longer than this (before the jitter). */
  maxMs: number;
  /** Fraction of spread: the wait is multiplied by a factor in [1 − jitter, 1 + jitter). 0: exact. */
  jitter: number;
}

/**
 * The wait before try `attempt + 1`, where `attempt` counts the failures so
 * far starting at 0: baseMs · 2^attempt, capped, times the jitter factor.
 */
export function backoffDelay(attempt: number, b: Backoff, random: () => number = Math.random): number {
  const exp = Math.min(b.maxMs, b.baseMs * 2 ** Math.min(Math.max(0, attempt), 30));
  const factor = b.jitter === 0 ? 1 : 1 - b.jitter + 2 * b.jitter * random();
  return Math.round(exp * factor);
}
