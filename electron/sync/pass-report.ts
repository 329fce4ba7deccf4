// Reporting a sync pass: its summary (requests per resource, records written
// and deleted per table, failures, why it stopped early), what an ended pass
// says about sync's health, and the budget plan's meaning for the person
// (the contract's SyncPlan). Pure: the service (service.ts) keeps the state.
import type { BudgetInfo, ContractError, Freshness, SyncActivity, SyncPlan } from '../../shared/contract';
import type { RequestEvent } from '../api/client';
import type { BudgetGovernor } from '../api/governor';
import type { ReadableDB } from '../cache/db';
import type { JobResult } from './store-answer';
import type { Plan } from './planner';

export interface PassSummary {
  full: boolean;
  jobs: number;
  failed: number;
  /** HTTP requests per resource (every attempt: retries and logins included). */
  requests: Record<string, number>;
  requestsTotal: number;
  written: Record<string, number>;
  deleted: Record<string, number>;
  quarantined: number;
  rateLimited: number;
  durationMs: number;
  /**
   * Why the pass ended early, if it did: 'paced' only deep-fill work is left,
   * for when its paced share of the hour has room again (the normal course of
   * a first sign-in, not a problem); 'budget' today's or on-screen work found
   * no room (the CLI, which does not wait for the window to move).
   */
  stopped: 'offline' | 'signedOut' | 'aborted' | 'budget' | 'paced' | null;
  /** Due jobs left undone when the pass stopped early. */
  remaining: number;
  errors: { job: string; message: string }[];
}

/** Why the last pass did not complete ('failed': some refreshes failed), or null. */
export type StoppedFor = Exclude<NonNullable<PassSummary['stopped']>, 'paced'> | 'failed';

const ENDPOINT_RESOURCE: Record<string, string> = {
  'auth.login': 'auth',
  'cleanings.list': 'cleaning',
  'customers.ofBooking': 'guests',
  'guests.ofBooking': 'guests',
  'threads.ofBooking': 'threads',
  'prices.get': 'prices',
  'availability.get': 'availability',
  'availability.getMU': 'availability',
};
export const resourceOfEndpoint = (name: string) => ENDPOINT_RESOURCE[name] ?? name.split('.')[0]!;

/** A pass's summary before its first job. */
export function emptySummary(full: boolean): PassSummary {
  return {
    full,
    jobs: 0,
    failed: 0,
    requests: {},
    requestsTotal: 0,
    written: {},
    deleted: {},
    quarantined: 0,
    rateLimited: 0,
    durationMs: 0,
    stopped: null,
    remaining: 0,
    errors: [],
  };
}

/** The client's request listener that counts every request of the pass by resource. */
export function requestCounter(summary: PassSummary): (e: RequestEvent) => void {
  return (e) => {
    const r = resourceOfEndpoint(e.endpoint);
    summary.requests[r] = (summary.requests[r] ?? 0) + 1;
    summary.requestsTotal++;
  };
}

/** A job that ran: its records counted in. */
export function countJob(summary: PassSummary, r: JobResult): void {
  summary.jobs++;
  for (const [t, n] of Object.entries(r.written)) summary.written[t] = (summary.written[t] ?? 0) + n;
  for (const [t, n] of Object.entries(r.deleted)) summary.deleted[t] = (summary.deleted[t] ?? 0) + n;
  summary.quarantined += r.quarantined;
}

/** A job that failed: counted, and its error kept (the first 20). */
export function countFailure(summary: PassSummary, job: string, message: string): void {
  summary.jobs++;
  summary.failed++;
  if (summary.errors.length < 20) summary.errors.push({ job, message });
}

/**
 * What an ended pass says. Only a pass that fetched something and did all but
 * the paced deep fill is a success: a pass with nothing due (or none of whose
 * requests got through) must never make "Synced just now" out of an outage.
 * `stoppedFor` undefined: the last reason stands.
 */
export function verdictOf(summary: PassSummary): { success: boolean; stoppedFor: StoppedFor | null | undefined } {
  const stop = summary.stopped;
  const finished = stop === null || stop === 'paced';
  const success = finished && summary.failed === 0 && summary.jobs > 0;
  if (!finished || summary.failed > 0) return { success, stoppedFor: finished ? 'failed' : stop };
  return { success, stoppedFor: summary.jobs > 0 ? null : undefined };
}

export type SyncState = 'idle' | 'syncing' | 'waiting' | 'offline' | 'signedOut';

/** What the service says of itself (its status(); the engine makes the contract's sync.status of it). */
export interface SyncStatus {
  state: SyncState;
  lastSuccessAt: string | null;
  lastDataAt: string | null;
  stoppedFor: StoppedFor | null;
  lastError: ContractError | null;
  lastErrorAt: string | null;
  current: SyncActivity | null;
  budget: BudgetInfo;
  freshness: Freshness[];
  plan: SyncPlan | null;
  quarantined: number;
  demandPerHour: number | null;
}

/** The newest data actually received: the latest complete fetch of anything (survives restarts; null: none). */
export function lastDataAt(db: ReadableDB): string | null {
  const at = db.get<{ at: number | null }>('SELECT MAX(fetched_at) AS at FROM sync_state')?.at ?? null;
  return at === null ? null : new Date(at).toISOString();
}

const HOUR = 3_600_000;

/**
 * The budget plan's meaning for the person (the contract's SyncPlan), from a
 * plan and the governor: structure only, worded by the renderer. `deepLeft`:
 * the last count of the deep fill (a partial plan has none).
 */
export function planInfoOf(plan: Plan, g: BudgetGovernor, deepLeft: number | null, now: number): SyncPlan {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  const blocked = g.snapshot().blockedUntil;
  const pausedUntil = blocked ?? (g.headroom('today') < 1 ? g.roomAt('today') : null);
  const perHour = g.slices.deep;
  const left = deepLeft ?? plan.deepLeft ?? 0;
  // The fill goes at its share of the hour less what refreshing what it already holds costs.
  const fillPerHour = perHour - plan.farRefreshPerHour;
  return {
    pausedUntil: iso(pausedUntil),
    today: { ...plan.today, listsAt: iso(plan.today.listsAt) },
    fortnight: plan.fortnight,
    deep: {
      left,
      perHour,
      doneAt: left === 0 ? iso(now) : fillPerHour <= 0 ? null : iso(now + Math.ceil((left / fillPerHour) * HOUR)),
    },
    short: plan.short,
  };
}
