// The sync service: runs planned passes (a few jobs at a time, best first),
// keeps going in the background while signed in, and makes its progress
// observable — events for the UI and a status() call — including requests
// used per resource, records written per table, quarantine and freshness.
import { EventEmitter } from 'node:events';
import type {
  BudgetInfo,
  ContractError,
  ContractEventMap,
  Freshness,
  Interest,
  ResourceName,
  SyncActivity,
} from '../../shared/contract';
import type { ApiClient, RequestEvent } from '../api/client';
import type { Clock, Timer } from '../api/clock';
import { backoffDelay } from '../../shared/backoff';
import { today } from '../../shared/dates';
import { contractErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import { budgetInfo, type BudgetGovernor } from '../api/governor';
import type { ReadableDB, WritableDB } from '../cache/db';
import { getMeta, quarantineCount, recordFailed, setMeta } from '../cache/state';
import { CapabilityMissing, runJob } from './fetchers';
import type { IngestObserver } from './ingest';
import { describeJob, jobKey, type Job } from './jobs';
import { Planner, type Plan, type PlanInput } from './planner';
import { DEFAULT_POLICY, OFFLINE_RETRY, type Policy } from './policy';
import type { Capabilities } from './sources';

export type SyncState = 'idle' | 'syncing' | 'waiting' | 'offline' | 'signedOut';

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
  /** Why the pass ended early, if it did ('budget': the background share of the hour is used up). */
  stopped: 'offline' | 'signedOut' | 'aborted' | 'budget' | null;
  /** Due jobs left undone when the pass stopped early. */
  remaining: number;
  errors: { job: string; message: string }[];
}

export interface SyncServiceOptions {
  db: WritableDB;
  client: ApiClient;
  governor: BudgetGovernor;
  clock: Clock;
  /** Today's date (YYYY-MM-DD) in the business's time zone; default the local date of the clock. */
  today?: () => string;
  policy?: Policy;
  /** Merge cache.changed notifications over this long (ms). */
  changeDebounceMs?: number;
  /** Sees what sync writes (electron/sync/ingest.ts). */
  observe?: IngestObserver;
  /** Told of each pass when it ends (with its summary). */
  onPass?: (summary: PassSummary) => void;
}

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

const CAPS_KEY = 'sync.capabilities';

/** The newest data actually received: the latest complete fetch of anything (survives restarts; null: none). */
export function lastDataAt(db: ReadableDB): string | null {
  const at = db.get<{ at: number | null }>('SELECT MAX(fetched_at) AS at FROM sync_state')?.at ?? null;
  return at === null ? null : new Date(at).toISOString();
}

/** Why the last pass did not complete ('failed': some refreshes failed), or null. */
export type StoppedFor = NonNullable<PassSummary['stopped']> | 'failed';

/** Sync's push events, under their contract names and shapes (the engine passes them on as they are). */
/** How long after the first status ask the early plan is made (see earlyPlan). */
const EARLY_PLAN_DELAY_MS = 1_000;

/**
 * Far work leaves this many hours of today's estimated refreshes in the budget. The estimate is
 * each near job's cost over its max age; the hour also holds the outbox's writes (user priority,
 * same window), retries, extra pages, and near jobs that come due together. Measured with five
 * engines on one business (bench/suites/team.ts): near + user work ran ≈ 1.3× the estimate; with
 * exactly 1× the near work ran dry before the token's hour ended and other engines' changes
 * waited for the next login.
 */
export const NEAR_HEADROOM = 1.5;

export class SyncService extends EventEmitter<ContractEventMap<'sync.progress' | 'sync.freshness' | 'cache.changed'>> {
  private readonly db: WritableDB;
  private readonly client: ApiClient;
  private readonly governor: BudgetGovernor;
  private readonly clock: Clock;
  private readonly today: () => string;
  private readonly policy: Policy;
  private readonly planner: Planner;
  private readonly debounceMs: number;
  /** Sees what sync writes (electron/sync/ingest.ts); also given to jobs run for others (reconciliation). */
  readonly observe: IngestObserver | undefined;
  private readonly onPass: ((summary: PassSummary) => void) | undefined;
  private interest: Interest | null = null;
  /** Background sync off (a setting): only what is on screen is refreshed. */
  onlyOnScreen = false;
  private state: SyncState = 'idle';
  private current: SyncActivity | null = null;
  private lastPlan: Plan | null = null;
  private readonly early: { plan: Plan | null; timer: Timer | null } = { plan: null, timer: null };
  private lastSuccessAt: number | null = null;
  /** Due jobs the last pass left for budget (the initial load of a big host, a full pass). */
  private backlog = 0;
  private lastError: ContractError | null = null;
  private lastErrorAt: number | null = null;
  private stoppedFor: StoppedFor | null = null;
  private running: Promise<PassSummary> | null = null;
  private loop: { stop: boolean; timer: Timer | null; wake: (() => void) | null } | null = null;
  private pendingChanges = new Set<ResourceName>();
  private changeTimer: Timer | null = null;
  private abort = new AbortController();

  constructor(o: SyncServiceOptions) {
    super();
    this.db = o.db;
    this.client = o.client;
    this.governor = o.governor;
    this.clock = o.clock;
    this.today = o.today ?? (() => today(o.clock.now()));
    this.policy = o.policy ?? DEFAULT_POLICY;
    this.planner = new Planner(o.db, this.policy);
    this.debounceMs = o.changeDebounceMs ?? 250;
    this.observe = o.observe;
    this.onPass = o.onPass;
  }

  get capabilities(): Capabilities {
    const stored = getMeta(this.db, CAPS_KEY);
    const parsed = stored ? (JSON.parse(stored) as Partial<Capabilities>) : {};
    return { globalLists: parsed.globalLists ?? true, globalRates: parsed.globalRates ?? true };
  }

  /** What the renderer shows: its jobs go first and are kept fresher. */
  setInterest(interest: Interest | null): void {
    this.interest = interest;
    // While a resumed start holds its first pass (start()), the first screen's
    // interest waits for it too: it arrives as that screen is being read, and
    // waking now put the first plan (≈ 0.2 s of the main thread at 1,000
    // listings, measured) between the board's answer and its paint.
    if (!this.holdingFirstPass) this.wake();
  }

  /** True during start()'s first-pass delay. */
  private holdingFirstPass = false;

  private planInput(passStart: number | null): PlanInput {
    return {
      now: this.clock.now(),
      today: this.today(),
      interest: this.interest,
      caps: this.capabilities,
      passStart,
      backgroundPerHour: this.governor.snapshot().backgroundCap,
      onlyOnScreen: this.onlyOnScreen,
    };
  }

  private plan(passStart: number | null): Plan {
    this.lastPlan = this.planner.plan(this.planInput(passStart));
    this.announce(this.lastPlan);
    return this.lastPlan;
  }

  private announce(plan: Plan): void {
    this.emit('sync.freshness', {
      lastSuccessAt: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      freshness: plan.freshness,
      degraded: this.degraded(plan),
    });
  }

  /**
   * Before the first pass has planned, the status's freshness comes from a plan without the
   * far-booking picture, made EARLY_PLAN_DELAY_MS after the first ask and sent as sync.freshness —
   * not made on the call: asked at start-up, the status must not hold up the first screens (at
   * 5,000 listings a plan is ≈ 0.2 s of the main thread, between the board's ask and its answer).
   */
  private earlyPlan(): Plan | null {
    if (this.early.plan || this.early.timer) return this.early.plan;
    this.early.timer = this.clock.setTimeout(() => {
      this.early.timer = null;
      if (this.lastPlan) return;
      this.early.plan = this.planner.plan({ ...this.planInput(null), withoutFar: true });
      this.announce(this.early.plan);
    }, EARLY_PLAN_DELAY_MS);
    return null;
  }

  private degraded(plan: Plan): string | null {
    if (plan.degraded) return plan.degraded;
    if (this.backlog === 0) return null;
    return (
      `This hour's request budget is used up: ${this.backlog} refreshes of later dates wait for the next hours. ` +
      `Today's data and what is on screen stay fresh.`
    );
  }

  /** True while a pass runs. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** One pass: every due job (full: every job not fetched since the pass began), then stop. */
  /**
   * `waitForBudget: false` (the CLI) ends the pass when the background share
   * of the hourly budget is used up instead of waiting for the window to move.
   */
  runPass(opts: { full?: boolean; waitForBudget?: boolean } = {}): Promise<PassSummary> {
    this.running ??= this.pass(opts.full ?? false, opts.waitForBudget ?? true).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(full: boolean, waitForBudget: boolean): Promise<PassSummary> {
    const started = this.clock.now();
    const t0 = performance.now();
    const passStart = full ? started : null;
    const summary: PassSummary = {
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
    const limited0 = this.governor.snapshot().rateLimited;
    const onRequest = (e: RequestEvent) => {
      const r = resourceOfEndpoint(e.endpoint);
      summary.requests[r] = (summary.requests[r] ?? 0) + 1;
      summary.requestsTotal++;
    };
    this.client.on('request', onRequest);
    const done = new Set<string>();
    const inFlight = new Map<string, Promise<void>>();
    /** Jobs skipped for budget since the last plan (looked at again after the next one). */
    const pricedOut = new Set<string>();
    let plan = this.plan(passStart);
    let planned = plan.queue.length;
    let lastPlanAt = this.clock.now();
    /** A bookings list of today's window came in: its bookings' guests are due now, not at the next 5 s look. */
    let nearBookingsIn = false;
    let stop = null as PassSummary['stopped'];
    this.setState('syncing');
    try {
      for (;;) {
        while (!stop && inFlight.size < this.policy.concurrency) {
          const job = plan.queue.find(
            (j) => !done.has(jobKey(j)) && !inFlight.has(jobKey(j)) && !pricedOut.has(jobKey(j)),
          );
          if (!job) break;
          if (!this.affordable(job, plan.nearDemandPerHour, inFlight.size, waitForBudget)) {
            // Not now: its share of the hour belongs to today's data. It stays due for a later pass.
            pricedOut.add(jobKey(job));
            continue;
          }
          const key = jobKey(job);
          inFlight.set(
            key,
            this.runOne(job, summary).then((why) => {
              inFlight.delete(key);
              done.add(key);
              this.planner.jobDone(key);
              if (job.resource === 'bookings' && job.spec.kind === 'window' && job.tier !== 'far')
                nearBookingsIn = true;
              if (why) stop ??= why;
              this.progress(job, done.size, planned);
            }),
          );
        }
        if (inFlight.size === 0) {
          if (stop) break;
          plan = this.plan(passStart);
          lastPlanAt = this.clock.now();
          pricedOut.clear();
          const left = plan.queue.filter((j) => !done.has(jobKey(j)));
          if (left.length === 0) break;
          if (!left.some((j) => this.affordable(j, plan.nearDemandPerHour, 0, waitForBudget))) {
            stop = 'budget';
            break;
          }
          planned = done.size + left.length;
          continue;
        }
        await Promise.race(inFlight.values());
        // New bookings found by a window job bring new per-booking jobs: look again now and then.
        if (!stop && (nearBookingsIn || this.clock.now() - lastPlanAt > 5_000)) {
          nearBookingsIn = false;
          plan = this.plan(passStart);
          lastPlanAt = this.clock.now();
          planned = Math.max(
            planned,
            done.size + inFlight.size + plan.queue.filter((j) => !done.has(jobKey(j))).length,
          );
        }
      }
    } finally {
      this.client.off('request', onRequest);
      this.flushChanges();
    }
    summary.stopped = stop;
    if (stop) summary.remaining = plan.queue.filter((j) => !done.has(jobKey(j))).length;
    this.backlog = stop === 'budget' ? summary.remaining : 0;
    summary.rateLimited = this.governor.snapshot().rateLimited - limited0;
    summary.durationMs = Math.round(performance.now() - t0);
    // Only a pass that fetched something and completed is a success: a pass with nothing due (or
    // none of whose requests got through) must never make "Synced just now" out of an outage.
    if (!stop && summary.failed === 0 && summary.jobs > 0) {
      this.lastSuccessAt = this.clock.now();
      this.lastError = null;
      this.lastErrorAt = null;
    }
    if (stop || summary.failed > 0) this.stoppedFor = stop ?? 'failed';
    else if (summary.jobs > 0) this.stoppedFor = null;
    this.current = null;
    this.setState(stop === 'offline' ? 'offline' : stop === 'signedOut' ? 'signedOut' : 'idle');
    this.plan(null);
    this.onPass?.(summary);
    return summary;
  }

  /**
   * Whether a job may start now. Today's data and what is on screen may use
   * the whole background share (and wait for it, in the app); everything else
   * must leave room for an hour of today's refreshes, so a big host's initial
   * load or full pass can never starve the board.
   */
  private affordable(job: Job, nearDemandPerHour: number, inFlight: number, waitForBudget: boolean): boolean {
    const room = this.governor.headroom('background') - inFlight;
    if (job.tier === 'near' || job.tier === 'onScreen') return waitForBudget || room >= job.cost;
    return room - job.cost >= Math.ceil(nearDemandPerHour * NEAR_HEADROOM);
  }

  /** Runs one job; returns why the whole pass must stop, if it must. */
  private async runOne(job: Job, summary: PassSummary): Promise<PassSummary['stopped']> {
    this.current = { resource: job.resource, scope: describeJob(job), done: 0, planned: 0 };
    try {
      const r = await runJob(
        {
          db: this.db,
          client: this.client,
          now: () => this.clock.now(),
          priority: 'background',
          signal: this.abort.signal,
          ...(this.observe ? { observe: this.observe } : {}),
        },
        job.spec,
      );
      summary.jobs++;
      for (const [t, n] of Object.entries(r.written)) summary.written[t] = (summary.written[t] ?? 0) + n;
      for (const [t, n] of Object.entries(r.deleted)) summary.deleted[t] = (summary.deleted[t] ?? 0) + n;
      summary.quarantined += r.quarantined;
      for (const res of r.changed) this.pendingChanges.add(res);
      if (r.changed.has('bookings')) this.planner.invalidateBookings();
      this.scheduleChanges();
      return null;
    } catch (e) {
      if (e instanceof CapabilityMissing) {
        setMeta(this.db, CAPS_KEY, JSON.stringify({ ...this.capabilities, [e.capability]: false }));
        return null;
      }
      summary.jobs++;
      summary.failed++;
      const message = e instanceof Error ? e.message : String(e);
      if (summary.errors.length < 20) summary.errors.push({ job: describeJob(job), message });
      try {
        recordFailed(this.db, {
          resource: job.resource,
          scope: job.scope,
          win: job.win,
          at: this.clock.now(),
          error: message,
        });
      } catch {
        // The cache itself failing is reported through the summary; never crash the pass.
      }
      this.lastErrorAt = this.clock.now();
      if (isApiError(e)) {
        // `fields` kept: a list refused as incomplete names the list and the reason there (fetchers.ts IncompleteList).
        this.lastError = { ...contractErrorOf(e), message };
        if (e.kind === 'signed_out') return 'signedOut';
        if (e.kind === 'aborted') return 'aborted';
        if (e.kind === 'network' || e.kind === 'timeout') return 'offline';
        // A server that keeps failing (the tracker says so) is no better than an absent one: stop
        // rather than spend the budget on every job's retries; the probe finds it back and wakes us.
        if (e.kind === 'server' && this.client.connectivity.kind === 'failing') return 'offline';
      } else this.lastError = { code: 'internal', message };
      return null;
    }
  }

  private progress(job: Job, done: number, planned: number): void {
    this.current = { resource: job.resource, scope: describeJob(job), done, planned: Math.max(planned, done) };
    this.emit('sync.progress', { state: this.state, current: this.current, budget: this.budget() });
  }

  private setState(s: SyncState): void {
    if (this.state === s) return;
    this.state = s;
    this.emit('sync.progress', { state: s, current: this.current, budget: this.budget() });
  }

  private scheduleChanges(): void {
    if (this.changeTimer) return;
    this.changeTimer = this.clock.setTimeout(() => this.flushChanges(), this.debounceMs);
  }

  private flushChanges(): void {
    this.changeTimer?.cancel();
    this.changeTimer = null;
    if (!this.pendingChanges.size) return;
    const resources = [...this.pendingChanges];
    this.pendingChanges.clear();
    this.emit('cache.changed', { resources });
  }

  budget(): BudgetInfo {
    return budgetInfo(this.governor);
  }

  status(): {
    state: SyncState;
    lastSuccessAt: string | null;
    lastDataAt: string | null;
    stoppedFor: StoppedFor | null;
    lastError: ContractError | null;
    lastErrorAt: string | null;
    current: SyncActivity | null;
    budget: BudgetInfo;
    freshness: Freshness[];
    degraded: string | null;
    quarantined: number;
    demandPerHour: number | null;
  } {
    // Before any plan: no freshness yet (it follows in a moment as sync.freshness).
    const plan = this.lastPlan ?? this.earlyPlan();
    const state: SyncState =
      this.client.sessionExpired || !this.client.hasCredentials
        ? 'signedOut'
        : this.client.isOnline === false
          ? 'offline'
          : this.state === 'syncing' && this.governor.snapshot().waiting.background > 0
            ? 'waiting'
            : this.state;
    return {
      state,
      lastSuccessAt: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      lastDataAt: lastDataAt(this.db),
      stoppedFor: this.stoppedFor,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt === null ? null : new Date(this.lastErrorAt).toISOString(),
      current: this.current,
      budget: this.budget(),
      freshness: plan?.freshness ?? [],
      degraded: plan ? this.degraded(plan) : null,
      quarantined: quarantineCount(this.db),
      demandPerHour: !plan || plan.partial ? null : plan.demandPerHour,
    };
  }

  // ───────────── background loop ─────────────

  /**
   * Keeps syncing: a pass, then sleep until something is due (or woken), while
   * signed in. `firstPassDelayMs`: wait that long before the first pass (a
   * start on an existing cache: its screens are served first; a screen's
   * interest does not shorten that wait); `wake()` — sync now, back online, a
   * screen's interest — ends the wait sooner.
   */
  start(firstPassDelayMs = 0): void {
    if (this.loop) return;
    const loop: { stop: boolean; timer: Timer | null; wake: (() => void) | null } = {
      stop: false,
      timer: null,
      wake: null,
    };
    this.loop = loop;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        loop.wake = () => {
          loop.timer?.cancel();
          loop.wake = null;
          resolve();
        };
        loop.timer = this.clock.setTimeout(() => loop.wake?.(), ms);
      });
    const run = async () => {
      let offlinePasses = 0;
      if (firstPassDelayMs > 0) {
        this.holdingFirstPass = true;
        await sleep(firstPassDelayMs).finally(() => (this.holdingFirstPass = false));
      }
      while (!loop.stop) {
        if (!this.client.hasCredentials || this.client.sessionExpired) {
          this.setState('signedOut');
          await sleep(60_000);
          continue;
        }
        const s = await this.runPass().catch((e: unknown) => {
          this.lastError = { code: 'internal', message: e instanceof Error ? e.message : String(e) };
          this.lastErrorAt = this.clock.now();
          return null;
        });
        if (loop.stop) break;
        if (s?.stopped === 'offline') {
          await sleep(backoffDelay(offlinePasses++, OFFLINE_RETRY));
          continue;
        }
        offlinePasses = 0;
        const next = this.lastPlan?.nextDueAt ?? null;
        const wait = next === null ? 60_000 : Math.min(60_000, Math.max(1_000, next - this.clock.now()));
        await sleep(wait);
      }
    };
    void run();
  }

  /** Runs the loop's next pass now (interest changed, back online, signed in, "sync now"). */
  wake(): void {
    this.loop?.wake?.();
  }

  async stop(): Promise<void> {
    this.early.timer?.cancel();
    this.early.timer = null;
    if (this.loop) {
      this.loop.stop = true;
      this.loop.wake?.();
      this.loop = null;
    }
    this.abort.abort(new Error('sync stopped'));
    await this.running?.catch(() => undefined);
    this.abort = new AbortController();
    this.flushChanges();
  }
}
