// The account's sync as the person asks about it: the contract's SyncStatus
// (signed in: the sync service's own, with connectivity and the outbox; signed
// out: what the cache holds and how old it is) and the answer to "Sync now"
// (always something the person can see, or why not and until when). The
// engine (engine.ts) holds the parts; this words their state in the contract.
import type { OutboxSummary, SyncNowAnswer, SyncStatus } from '../../shared/contract';
import { budgetInfo } from '../api/budget-report';
import type { BudgetGovernor } from '../api/governor';
import type { ReadableDB } from '../cache';
import { quarantineCount } from '../cache/state';
import { lastDataAt, planInfoOf } from '../sync/pass-report';
import { Planner, type Plan, type PlanInput } from '../sync/planner';
import type { Policy } from '../sync/policy';
import type { SyncService } from '../sync/service';
import type { EngineConnectivity } from './connectivity';

export const ZERO_OUTBOX: OutboxSummary = {
  unsent: 0,
  pending: 0,
  sending: 0,
  rejected: 0,
  conflict: 0,
  unknown: 0,
  confirmed: 0,
};

/** Signed in: the sync service's status with connectivity, the stall and the outbox. */
export function signedInStatus(sync: SyncService, connectivity: EngineConnectivity, outbox: OutboxSummary): SyncStatus {
  const s = sync.status();
  return {
    state: s.state,
    connectivity: connectivity.snapshot(),
    lastSuccessAt: s.lastSuccessAt,
    lastDataAt: s.lastDataAt,
    stoppedFor: s.stoppedFor,
    lastError: s.lastError,
    lastErrorAt: s.lastErrorAt,
    stall: connectivity.stallInfo(),
    current: s.current,
    budget: s.budget,
    freshness: s.freshness,
    plan: s.plan,
    quarantined: s.quarantined,
    outbox,
  };
}

/**
 * Signed out nothing is fetched, so the plan behind the status (what is fresh, what the deep fill lacks)
 * is made again at most this often — not at every ask: at 5,000 listings a plan is ≈ 0.2 s of the main
 * process, and every window asks for the status every 15 s.
 */
export const SIGNED_OUT_PLAN_MS = 60_000;

/** The signed-out status's plans: one made now, or the last one while it is under SIGNED_OUT_PLAN_MS old. */
export class SignedOutPlans {
  private readonly planner: Planner;
  private last: { input: PlanInput; plan: Plan } | null = null;

  constructor(db: ReadableDB, policy: Policy) {
    this.planner = new Planner(db, policy);
  }

  plan(input: PlanInput): Plan {
    const l = this.last?.input;
    const fresh =
      l !== undefined &&
      l.today === input.today &&
      l.capacityPerHour === input.capacityPerHour &&
      input.now >= l.now &&
      input.now - l.now < SIGNED_OUT_PLAN_MS;
    if (!fresh) this.last = { input, plan: this.planner.plan(input) };
    return this.last!.plan;
  }
}

/** Not signed in: what the cache holds and how old it is is still worth showing. */
export function signedOutStatus(
  o: {
    db: ReadableDB;
    planner: Pick<SignedOutPlans, 'plan'>;
    governor: BudgetGovernor;
    connectivity: EngineConnectivity;
  },
  today: string,
  now: number,
  outbox: OutboxSummary,
): SyncStatus {
  const plan = o.planner.plan({
    now,
    today,
    interest: null,
    caps: { globalLists: true, globalRates: true },
    passStart: null,
    capacityPerHour: o.governor.slices.today + o.governor.slices.deep,
  });
  return {
    state: 'signedOut',
    connectivity: o.connectivity.snapshot(),
    lastSuccessAt: null,
    lastDataAt: lastDataAt(o.db),
    stoppedFor: null,
    lastError: null,
    lastErrorAt: null,
    stall: null,
    current: null,
    budget: budgetInfo(o.governor),
    freshness: plan.freshness,
    plan: planInfoOf(plan, o.governor, null, now),
    quarantined: quarantineCount(o.db),
    outbox,
  };
}

/**
 * "Sync now" (the `sync.now` command): always does something the person
 * can see, or says why not and until when. The server not answering: a
 * check of it now. Asked to wait by the server: nothing until then. Else
 * today's lists and what is on screen are refreshed now in the person's
 * slice of the budget (`full`: a pass over everything the budget allows,
 * unless one is running).
 */
export function syncNowAnswer(sync: SyncService, connectivity: EngineConnectivity, full: boolean): SyncNowAnswer {
  const c = connectivity.snapshot();
  const none = (reason: SyncNowAnswer['reason'], until: string | null): SyncNowAnswer => ({
    started: false,
    action: 'none',
    reason,
    until,
  });
  if (c.kind === 'sessionExpired') return none('signedOut', null);
  if (c.kind === 'unreachable' || c.kind === 'failing')
    return connectivity.checkNow()
      ? { started: true, action: 'check', reason: null, until: null }
      : none('offline', c.nextProbeAt);
  if (c.kind === 'rateLimited') return none('rateLimited', c.until);
  if (full) {
    if (sync.busy) return none('running', null);
    void sync.runPass({ full }).catch(() => undefined);
    return { started: true, action: 'sync', reason: null, until: null };
  }
  const r = sync.syncNow();
  return r.started
    ? { started: true, action: 'sync', reason: null, until: null }
    : none('budget', r.until === null ? null : new Date(r.until).toISOString());
}
