// The sync service: runs planned passes (a few jobs at a time, best first),
// keeps going in the background while signed in, and makes its progress
// observable — events for the UI and a status() call — including requests
// used per resource, records written per table, quarantine and freshness.
// A pass's scheduling is pass-run.ts's, its summary pass-report.ts's; the
// background loop is background.ts's.
import { EventEmitter } from 'node:events';
import type {
  BudgetInfo,
  ContractError,
  ContractEventMap,
  Interest,
  ResourceName,
  SyncActivity,
} from '../../shared/contract';
import type { ApiClient } from '../api/client';
import type { Clock, Timer } from '../api/clock';
import { today } from '../../shared/dates';
import { contractErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import { budgetInfo } from '../api/budget-report';
import type { BudgetGovernor, Priority } from '../api/governor';
import type { WritableDB } from '../cache/db';
import { getMeta, quarantineCount, recordFailed, setMeta } from '../cache/state';
import { BackgroundLoop } from './background';
import { CapabilityMissing, runJob } from './fetchers';
import type { IngestObserver } from './ingest';
import { describeJob, type Job } from './jobs';
import {
  countFailure,
  countJob,
  emptySummary,
  lastDataAt,
  requestCounter,
  verdictOf,
  type PassSummary,
  type StoppedFor,
  type SyncState,
  type SyncStatus,
} from './pass-report';
import { PassRun, type PassHost } from './pass-run';
import { PassPlanning } from './pass-plan';
import type { Plan, PlanSource } from './planner';
import { DEFAULT_POLICY, type Policy } from './policy';
import type { Capabilities } from './sources';

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
  /** Who makes the plans (default: a Planner on this thread; the app's makes them on a thread of their own). */
  planSource?: PlanSource;
}

const CAPS_KEY = 'sync.capabilities';

export class SyncService extends EventEmitter<ContractEventMap<'sync.progress' | 'sync.freshness' | 'cache.changed'>> {
  private readonly db: WritableDB;
  private readonly client: ApiClient;
  private readonly governor: BudgetGovernor;
  private readonly clock: Clock;
  private readonly today: () => string;
  private readonly policy: Policy;
  private readonly planning: PassPlanning;
  private readonly debounceMs: number;
  /** Sees what sync writes (electron/sync/ingest.ts); also given to jobs run for others (reconciliation). */
  readonly observe: IngestObserver | undefined;
  private readonly onPass: ((summary: PassSummary) => void) | undefined;
  private interest: Interest | null = null;
  /** Background sync off (a setting): only what is on screen is refreshed. */
  onlyOnScreen = false;
  private state: SyncState = 'idle';
  private current: SyncActivity | null = null;
  private lastSuccessAt: number | null = null;
  /** The running pass must plan again now (Sync now pressed during it). */
  private replanNow = false;
  private lastError: ContractError | null = null;
  private lastErrorAt: number | null = null;
  private stoppedFor: StoppedFor | null = null;
  private running: Promise<PassSummary> | null = null;
  private loop: BackgroundLoop | null = null;
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
    this.planning = new PassPlanning({
      db: o.db,
      policy: this.policy,
      clock: o.clock,
      governor: o.governor,
      today: this.today,
      context: () => ({ interest: this.interest, caps: this.capabilities, onlyOnScreen: this.onlyOnScreen }),
      announce: (plan) => this.announce(plan),
      ...(o.planSource ? { source: o.planSource } : {}),
    });
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

  private announce(plan: Plan): void {
    this.emit('sync.freshness', {
      lastSuccessAt: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      freshness: plan.freshness,
      plan: this.planning.info(plan),
    });
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
    const t0 = performance.now();
    const passStart = full ? this.clock.now() : null;
    const first = await this.planning.plan(passStart);
    const summary = emptySummary(full);
    const limited0 = this.governor.snapshot().rateLimited;
    const onRequest = requestCounter(summary);
    this.client.on('request', onRequest);
    const run = new PassRun(this.passHost(passStart, waitForBudget, summary), first);
    this.setState('syncing');
    try {
      await run.run();
    } finally {
      this.client.off('request', onRequest);
      this.flushChanges();
      this.planning.passEnded();
    }
    const { stopped, remaining } = run.ended();
    summary.stopped = stopped;
    summary.remaining = remaining;
    summary.rateLimited = this.governor.snapshot().rateLimited - limited0;
    summary.durationMs = Math.round(performance.now() - t0);
    await this.passEnded(summary);
    return summary;
  }

  /** What a pass needs of the service (pass-run.ts). */
  private passHost(passStart: number | null, waitForBudget: boolean, summary: PassSummary): PassHost {
    return {
      clock: this.clock,
      concurrency: this.policy.concurrency,
      plan: () => this.planning.plan(passStart),
      sliceOf: (job) => this.planning.sliceOf(job),
      affordable: (job, startedInSlice) => this.planning.affordable(job, startedInSlice, waitForBudget),
      runOne: (job, slice) => this.runOne(job, slice, summary),
      jobDone: (key) => this.planning.jobDone(key),
      progress: (job, done, planned) => this.progress(job, done, planned),
      replanAsked: () => this.replanNow,
      replanTaken: () => void (this.replanNow = false),
    };
  }

  /** An ended pass: its verdict kept for status(), the state set, the plan made again, the summary told. */
  private async passEnded(summary: PassSummary): Promise<void> {
    const verdict = verdictOf(summary);
    if (verdict.success) {
      this.lastSuccessAt = this.clock.now();
      this.lastError = null;
      this.lastErrorAt = null;
    }
    if (verdict.stoppedFor !== undefined) this.stoppedFor = verdict.stoppedFor;
    this.current = null;
    const stop = summary.stopped;
    this.setState(stop === 'offline' ? 'offline' : stop === 'signedOut' ? 'signedOut' : 'idle');
    await this.planning.plan(null);
    this.onPass?.(summary);
  }

  /**
   * "Sync now": today's lists and what is on screen are refreshed now, in the
   * person's slice of the budget (with the rest of today's due work), by the
   * running pass or a new one. Answers whether it started, or until when the
   * person's slice has no room.
   */
  syncNow(): { started: boolean; until: number | null } {
    if (this.governor.headroom('user') < 1) return { started: false, until: this.governor.roomAt('user') };
    this.planning.press();
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
      countJob(summary, r);
      for (const res of r.changed) this.pendingChanges.add(res);
      if (r.changed.has('bookings')) this.planning.bookingsChanged();
      this.scheduleChanges();
      return null;
    } catch (e) {
      return this.jobFailed(job, e, summary);
    }
  }

  /**
   * A job that failed: the capability a server lacks remembered; anything
   * else counted, recorded and kept for status(). Returns whether it stops the pass.
   */
  private jobFailed(job: Job, e: unknown, summary: PassSummary): PassSummary['stopped'] {
    if (e instanceof CapabilityMissing) {
      setMeta(this.db, CAPS_KEY, JSON.stringify({ ...this.capabilities, [e.capability]: false }));
      return null;
    }
    const message = e instanceof Error ? e.message : String(e);
    countFailure(summary, describeJob(job), message);
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
    if (!isApiError(e)) {
      this.lastError = { code: 'internal', message };
      return null;
    }
    // `fields` kept: a list refused as incomplete names the list and the reason there (store-answer.ts IncompleteList).
    this.lastError = { ...contractErrorOf(e), message };
    if (e.kind === 'signed_out') return 'signedOut';
    if (e.kind === 'aborted') return 'aborted';
    if (e.kind === 'network' || e.kind === 'timeout') return 'offline';
    // A server that keeps failing (the tracker says so) is no better than an absent one: stop
    // rather than spend the budget on every job's retries; the probe finds it back and wakes us.
    if (e.kind === 'server' && this.client.connectivity.kind === 'failing') return 'offline';
    return null;
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

  status(): SyncStatus {
    // Before any plan: no freshness yet (it follows in a moment as sync.freshness).
    const plan = this.planning.last ?? this.planning.earlyPlan();
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
      plan: plan ? this.planning.info(plan) : null,
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
    this.loop = new BackgroundLoop({
      clock: this.clock,
      signedIn: () => this.client.hasCredentials && !this.client.sessionExpired,
      signedOut: () => this.setState('signedOut'),
      pass: () =>
        this.runPass().catch((e: unknown) => {
          this.lastError = { code: 'internal', message: e instanceof Error ? e.message : String(e) };
          this.lastErrorAt = this.clock.now();
          return null;
        }),
      nextDueAt: () => this.planning.last?.nextDueAt ?? null,
      deepRoomAt: () => this.governor.roomAt('deep'),
      holding: (held) => void (this.holdingFirstPass = held),
    });
    void this.loop.run(firstPassDelayMs);
  }

  /** Runs the loop's next pass now (interest changed, back online, signed in, "sync now"). */
  wake(): void {
    this.loop?.wake();
  }

  async stop(): Promise<void> {
    this.planning.stop();
    if (this.loop) {
      this.loop.stop();
      this.loop = null;
    }
    this.abort.abort(new Error('sync stopped'));
    await this.running?.catch(() => undefined);
    this.abort = new AbortController();
    this.flushChanges();
  }
}
