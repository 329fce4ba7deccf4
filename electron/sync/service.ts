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
  SyncPlan,
} from '../../shared/contract';
import type { ApiClient, RequestEvent } from '../api/client';
import type { Clock, Timer } from '../api/clock';
import { backoffDelay } from '../../shared/backoff';
import { today } from '../../shared/dates';
import { contractErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import { budgetInfo, type BudgetGovernor, type Priority } from '../api/governor';
import type { ReadableDB, WritableDB } from '../cache/db';
import { getMeta, quarantineCount, recordFailed, setMeta } from '../cache/state';
import { CapabilityMissing, runJob } from './fetchers';
import type { IngestObserver } from './ingest';
import { describeJob, jobKey, type Job, type Tier } from './jobs';
import { timedWork } from '../log/long-tasks';
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
export type StoppedFor = Exclude<NonNullable<PassSummary['stopped']>, 'paced'> | 'failed';

/** The slice of the budget each tier's requests are counted in (electron/api/budget-plan.ts). */
export const TIER_SLICE: Record<Tier, Priority> = { onScreen: 'user', near: 'today', reference: 'today', far: 'deep' };

const HOUR = 3_600_000;

/** A running pass looks at the plan again at least this often (new due work, new per-booking jobs). */
const REPLAN_MS = 5_000;

/** How long after the first status ask the early plan is made (see earlyPlan). */
const EARLY_PLAN_DELAY_MS = 1_000;

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
  /** The deep fill's last count (a partial plan does not count it). */
  private deepLeft: number | null = null;
  /**
   * "Sync now": today's lists and what is on screen are due from this time,
   * and today's work goes in the person's slice, until the pass that took it
   * in ends (see syncNow).
   */
  private pressed: { at: number; planned: boolean } | null = null;
  /** The running pass must plan again now (Sync now pressed during it). */
  private replanNow = false;
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
      capacityPerHour: this.governor.slices.today + this.governor.slices.deep,
      onlyOnScreen: this.onlyOnScreen,
      todayFrom: this.pressed?.at ?? null,
    };
  }

  private plan(passStart: number | null): Plan {
    if (this.pressed) this.pressed.planned = true;
    this.lastPlan = timedWork('sync plan', () => this.planner.plan(this.planInput(passStart)));
    if (this.lastPlan.deepLeft !== null) this.deepLeft = this.lastPlan.deepLeft;
    // Today's slice of the budget follows the estimate of today's refreshes.
    this.governor.setTodayDemand(this.lastPlan.todayDemandPerHour);
    this.announce(this.lastPlan);
    return this.lastPlan;
  }

  private announce(plan: Plan): void {
    this.emit('sync.freshness', {
      lastSuccessAt: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      freshness: plan.freshness,
      plan: this.planInfo(plan),
    });
  }

  private planInfo(plan: Plan): SyncPlan {
    return planInfoOf(plan, this.governor, this.deepLeft, this.clock.now());
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
      this.early.plan = timedWork('sync plan (early)', () =>
        this.planner.plan({ ...this.planInput(null), withoutFar: true }),
      );
      this.announce(this.early.plan);
    }, EARLY_PLAN_DELAY_MS);
    return null;
  }

  /** True while a pass runs. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * One pass: every due job (full: every job not fetched since the pass began), then stop.
   * `waitForBudget: false` (the CLI) ends the pass when today's share of the
   * hourly budget is used up instead of waiting for the window to move.
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
    /** Jobs running, with the slice they were started in. */
    const inFlight = new Map<string, { run: Promise<void>; slice: Priority }>();
    /** Jobs of this slice started and not finished (their requests may not hold a permit yet). */
    const startedIn = (slice: Priority) => [...inFlight.values()].filter((f) => f.slice === slice).length;
    /** Jobs skipped for budget since the last plan (looked at again after the next one). */
    const pricedOut = new Set<string>();
    let plan = this.plan(passStart);
    let planned = plan.queue.length;
    let lastPlanAt = this.clock.now();
    /** A bookings list of today's window came in: its bookings' guests are due now, not at the next 5 s look. */
    let nearBookingsIn = false;
    let stop = null as PassSummary['stopped'];
    const affordable = (job: Job) => this.affordable(job, startedIn(this.sliceOf(job)), waitForBudget);
    this.setState('syncing');
    try {
      for (;;) {
        while (!stop && inFlight.size < this.policy.concurrency) {
          // The deep fill never holds every slot: a job of today that comes due starts at once.
          const deepFull = startedIn('deep') >= this.policy.concurrency - 1;
          const job = plan.queue.find(
            (j) =>
              !done.has(jobKey(j)) &&
              !inFlight.has(jobKey(j)) &&
              !pricedOut.has(jobKey(j)) &&
              !(deepFull && this.sliceOf(j) === 'deep'),
          );
          if (!job) break;
          if (!affordable(job)) {
            // Not now: its slice of the hour has no room. It stays due for a later pass.
            pricedOut.add(jobKey(job));
            continue;
          }
          const key = jobKey(job);
          const slice = this.sliceOf(job);
          inFlight.set(key, {
            slice,
            run: this.runOne(job, slice, summary).then((why) => {
              inFlight.delete(key);
              done.add(key);
              this.planner.jobDone(key);
              if (job.resource === 'bookings' && job.spec.kind === 'window' && job.tier !== 'far')
                nearBookingsIn = true;
              if (why) stop ??= why;
              this.progress(job, done.size, planned);
            }),
          });
        }
        if (inFlight.size === 0) {
          if (stop) break;
          plan = this.plan(passStart);
          lastPlanAt = this.clock.now();
          pricedOut.clear();
          const left = plan.queue.filter((j) => !done.has(jobKey(j)));
          if (left.length === 0) break;
          if (!left.some(affordable)) {
            // Only the deep fill waiting for its pace is the normal course of a first sign-in.
            stop = left.every((j) => this.sliceOf(j) === 'deep') ? 'paced' : 'budget';
            break;
          }
          planned = done.size + left.length;
          continue;
        }
        // A job finishing, or the next look: a deep job can wait minutes for its pace while today's work comes due.
        const look: { timer: Timer | null } = { timer: null };
        const lookDue = new Promise<void>((resolve) => (look.timer = this.clock.setTimeout(resolve, REPLAN_MS)));
        await Promise.race([...[...inFlight.values()].map((f) => f.run), lookDue]);
        look.timer?.cancel();
        // New bookings found by a window job bring new per-booking jobs: look again now and then.
        if (!stop && (nearBookingsIn || this.replanNow || this.clock.now() - lastPlanAt >= REPLAN_MS)) {
          nearBookingsIn = false;
          this.replanNow = false;
          plan = this.plan(passStart);
          lastPlanAt = this.clock.now();
          pricedOut.clear();
          planned = Math.max(
            planned,
            done.size + inFlight.size + plan.queue.filter((j) => !done.has(jobKey(j))).length,
          );
        }
      }
    } finally {
      this.client.off('request', onRequest);
      this.flushChanges();
      // "Sync now" ends with the pass that took it in.
      if (this.pressed?.planned) this.pressed = null;
    }
    summary.stopped = stop;
    if (stop) summary.remaining = plan.queue.filter((j) => !done.has(jobKey(j))).length;
    summary.rateLimited = this.governor.snapshot().rateLimited - limited0;
    summary.durationMs = Math.round(performance.now() - t0);
    // Only a pass that fetched something and did all but the paced deep fill is a success: a pass
    // with nothing due (or none of whose requests got through) must never make "Synced just now"
    // out of an outage.
    const finished = stop === null || stop === 'paced';
    if (finished && summary.failed === 0 && summary.jobs > 0) {
      this.lastSuccessAt = this.clock.now();
      this.lastError = null;
      this.lastErrorAt = null;
    }
    if (!finished || summary.failed > 0) this.stoppedFor = finished ? 'failed' : (stop as StoppedFor);
    else if (summary.jobs > 0) this.stoppedFor = null;
    this.current = null;
    this.setState(stop === 'offline' ? 'offline' : stop === 'signedOut' ? 'signedOut' : 'idle');
    this.plan(null);
    this.onPass?.(summary);
    return summary;
  }

  /** The slice a job's requests are counted in: its tier's, or the person's for today's work after "Sync now". */
  private sliceOf(job: Job): Priority {
    const slice = TIER_SLICE[job.tier];
    return slice === 'today' && this.pressed ? 'user' : slice;
  }

  /**
   * Whether a job may start now. Today's data and what is on screen may wait
   * for room in their slices (in the app); the deep fill goes only when its
   * paced share has room, so it can never starve the others.
   */
  private affordable(job: Job, startedInSlice: number, waitForBudget: boolean): boolean {
    const slice = this.sliceOf(job);
    const room = this.governor.headroom(slice) - startedInSlice;
    if (slice === 'deep') return room >= job.cost;
    return waitForBudget || room >= job.cost;
  }

  /**
   * "Sync now": today's lists and what is on screen are refreshed now, in the
   * person's slice of the budget (with the rest of today's due work), by the
   * running pass or a new one. Answers whether it started, or until when the
   * person's slice has no room.
   */
  syncNow(): { started: boolean; until: number | null } {
    if (this.governor.headroom('user') < 1) return { started: false, until: this.governor.roomAt('user') };
    this.pressed = { at: this.clock.now(), planned: false };
    // Today's requests already waiting for room go in the person's slice now.
    this.governor.promote('today', 'user');
    if (this.running) this.replanNow = true;
    else if (this.loop) this.wake();
    else void this.runPass().catch(() => undefined);
    return { started: true, until: null };
  }

  /** Runs one job; returns why the whole pass must stop, if it must. */
  private async runOne(job: Job, slice: Priority, summary: PassSummary): Promise<PassSummary['stopped']> {
    this.current = { resource: job.resource, scope: describeJob(job), done: 0, planned: 0 };
    try {
      const r = await runJob(
        {
          db: this.db,
          client: this.client,
          now: () => this.clock.now(),
          priority: slice,
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
    plan: SyncPlan | null;
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
          : this.state === 'syncing' && this.governor.snapshot().waiting.today > 0
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
      plan: plan ? this.planInfo(plan) : null,
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
        // Sleep until the next refresh is due or, with the deep fill left for its pace, until it has room.
        const due = this.lastPlan?.nextDueAt ?? null;
        const room = s?.stopped === 'paced' ? this.governor.roomAt('deep') : null;
        const next = due === null ? room : room === null ? due : Math.min(due, room);
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
