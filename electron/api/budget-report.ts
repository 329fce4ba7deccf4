// The request budget as it is reported: the governor's snapshot (governor.ts
// snapshot: the limit, what each slice may count and has counted, the deep
// fill's pace, the server's pause, who waits) and its form in the contract
// (BudgetInfo: the sync status, the engine status, the Sync page).
import type { BudgetInfo } from '../../shared/contract';
import { SLICES } from './budget-plan';
import type { BudgetGovernor, Priority } from './governor';

export interface SliceUse {
  /** Requests this slice may count in one window. */
  cap: number;
  /** Counted in the current window (answered and in flight). */
  used: number;
}

export interface GovernorSnapshot {
  /** The limit in force: the lower of the person's (settings) and the server's. */
  limit: number;
  /** The server's own limit (X-RateLimit-Limit), or null before it said one. */
  serverLimit: number | null;
  /** Requests counted in the current window (including in flight, and what the server said it counted beyond ours). */
  used: number;
  inFlight: number;
  slices: Record<Priority, SliceUse>;
  /** The deep fill's most requests in any pace window, and its count in the current one. */
  deepPace: { cap: number; used: number; windowMs: number };
  /** When the server asked us to pause until (ms epoch), or null. */
  blockedUntil: number | null;
  /** When the oldest counted request leaves the window (more room then), or null. */
  nextFreeAt: number | null;
  waiting: Record<Priority, number>;
  /** 429 answers received since start. */
  rateLimited: number;
  /** Requests admitted since start, per slice. */
  admitted: Record<Priority, number>;
}

/** The request budget as the contract reports it (sync status, engine status). */
export function budgetInfo(g: BudgetGovernor): BudgetInfo {
  const s = g.snapshot();
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    limit: s.limit,
    serverLimit: s.serverLimit,
    used: s.used,
    remaining: Math.max(0, s.limit - s.used),
    reserve: s.slices.user.cap,
    nextFreeAt: iso(s.nextFreeAt),
    throttledUntil: iso(s.blockedUntil),
    rateLimited: s.rateLimited,
    slices: {
      user: s.slices.user,
      probe: s.slices.probe,
      today: s.slices.today,
      deep: s.slices.deep,
    },
    others: Math.max(0, s.used - SLICES.reduce((n, p) => n + s.slices[p].used, 0)),
    deepPace: { cap: s.deepPace.cap, used: s.deepPace.used, minutes: Math.round(s.deepPace.windowMs / 60_000) },
  };
}
