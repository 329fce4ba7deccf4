// The replay worker. One drain at a time; inside a drain, each record's chain
// is replayed in order (its entries strictly FIFO) while different records go
// in parallel, up to `concurrency` and whatever the budget governor admits. A
// record whose head entry is rejected or in conflict waits for the person;
// the others carry on. Between drains, the worker sleeps until the earliest
// back-off ends or until something is enqueued (nudge).
import type { ApiClient } from '../api/client';
import { sleep, type Clock, type Timer } from '../api/clock';
import { chainOf, getEntry, nextWake, readyHeads, type Head } from './entries';
import { KIND_SPECS } from './kinds';
import { orphanRefusal, waitingOf } from './refs';
import type { StepDeps } from './outcome';
import { replayCreate } from './replay-create';
import { replayDelete, replayUpdates, takeBatch } from './replay-update';
import { reject } from './outcome';
import type { Kind } from './types';
import { REFUSED } from './refusals';

export interface DrainReport {
  /** Replay steps run (a step is one record's batch: a few requests at most). */
  steps: number;
  /** Set when replay stopped because the session expired. */
  paused: string | null;
  /** When the earliest entry waiting on a back-off may go (ms epoch), or null. */
  nextAttemptAt: number | null;
}

export interface DrainOptions {
  /** Keep going through back-offs until every entry is settled, rejected or in conflict. */
  untilSettled?: boolean;
  /** With untilSettled: give up after this long (ms of clock time). */
  maxMs?: number;
}

/** A step that makes no progress must never spin: a record gets at most this many steps per drain. */
const MAX_STEPS_PER_RECORD = 25;

/** Replays the head batch of one record's chain. */
export async function replayRecord(d: StepDeps, kind: Kind, recordId: number): Promise<void> {
  const chain = chainOf(d.db, kind, recordId);
  const head = chain[0];
  if (!head || (head.state !== 'pending' && head.state !== 'unknown')) return;
  // An entry pointing at a record created offline goes only once that record has its server id.
  const orphan = waitingOf(d.db, head) ? null : orphanRefusal(head);
  if (orphan) {
    reject(d, [head], orphan);
    return;
  }
  if (head.op === 'create') return replayCreate(d, chain);
  if (recordId < 0) {
    // Edits of a record created offline whose create is gone (discarded): nothing to edit.
    reject(d, chain, REFUSED.neverCreated());
    return;
  }
  const batch = takeBatch(chain);
  if (batch.at(-1)?.op === 'delete') return replayDelete(d, batch);
  return replayUpdates(d, batch);
}

export interface WorkerOptions {
  /** Records replayed in parallel. */
  concurrency: number;
  onError: (err: unknown) => void;
  beforeDrain?: () => void;
  afterDrain?: () => void;
  /** The current session's client (null when nobody is signed in): a new or revived session ends a pause. */
  client?: () => ApiClient | null;
  /** Requests the budget admits right now: no more records start in parallel than that (at least one). */
  headroom?: () => number;
}

/** While paused for the session, how often the worker looks whether someone signed in again. */
const PAUSE_POLL_MS = 5000;

export class ReplayWorker {
  private current: Promise<DrainReport> | null = null;
  private again = false;
  private started = false;
  private stopping = false;
  /** Wakes a drain that waits out a back-off (untilSettled) when stop() is called. */
  private wake = new AbortController();
  private pausedReason: string | null = null;
  private pausedClient: ApiClient | null = null;
  private timer: Timer | null = null;

  constructor(
    private readonly deps: StepDeps,
    private readonly clock: Clock,
    private readonly o: WorkerOptions,
  ) {}

  get paused(): string | null {
    return this.pausedReason;
  }

  /** True between start() and stop(). */
  get running(): boolean {
    return this.started;
  }

  /** The session expired (or nobody is signed in): replay waits for a sign-in. */
  pause(reason: string): void {
    this.pausedReason = reason;
    this.pausedClient = this.o.client?.() ?? null;
  }

  /** A pause ends by itself once there is a session again: a new client, or the same one signed in again. */
  private checkSession(): void {
    if (this.pausedReason === null || !this.o.client) return;
    const c = this.o.client();
    if (c && (c !== this.pausedClient || (!c.sessionExpired && c.hasCredentials))) {
      this.pausedReason = null;
      this.pausedClient = null;
    }
  }

  /** Replays everything ready now (or, untilSettled, everything). Concurrent calls share one drain. */
  drain(options: DrainOptions = {}): Promise<DrainReport> {
    if (this.current) {
      this.again = true;
      if (!options.untilSettled) return this.current;
      return this.current.then(() => this.drain(options));
    }
    this.stopping = false;
    this.checkSession();
    const run = (async () => {
      this.o.beforeDrain?.();
      return this.run(options);
    })();
    this.current = run;
    return run.then(
      (report) => {
        this.current = null;
        this.o.afterDrain?.();
        this.followUp(report);
        return report;
      },
      (err: unknown) => {
        this.current = null;
        // A failing database (locked, full) is retried calmly rather than in a loop.
        if (this.started && !this.stopping) this.schedule(5000);
        throw err;
      },
    );
  }

  /** In worker mode, when to look again: at once if nudged meanwhile, else when the earliest back-off ends. */
  private followUp(report: DrainReport): void {
    if (!this.started || this.stopping) return;
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else if (report.paused !== null) this.schedule(PAUSE_POLL_MS);
    else if (report.nextAttemptAt !== null) this.schedule(Math.max(0, report.nextAttemptAt - this.clock.now()));
  }

  /** Worker mode: drains whenever there is work and the back-off allows. */
  start(): void {
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops: no new request starts; requests in flight finish and are recorded. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    this.wake.abort();
    this.wake = new AbortController();
    this.timer?.cancel();
    this.timer = null;
    await this.current?.catch(() => undefined);
  }

  /** Something was enqueued or the person asked to retry: look now. */
  nudge(): void {
    if (this.started) this.schedule(0);
  }

  /** The person signed in again. */
  resume(): void {
    this.pausedReason = null;
    this.pausedClient = null;
    this.nudge();
  }

  private schedule(ms: number): void {
    if (!this.started) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.timer?.cancel();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.drain().catch((err: unknown) => this.o.onError(err));
    }, ms);
  }

  private ready(active: ReadonlySet<string>, budget: Map<string, number>): Head[] {
    return readyHeads(this.deps.db, this.deps.now()).filter((h) => {
      const key = `${h.resource}:${h.recordId}`;
      if (active.has(key) || (budget.get(key) ?? 0) >= MAX_STEPS_PER_RECORD) return false;
      // Waits (not sent) while it points at a record the server does not have yet.
      const e = KIND_SPECS[h.resource].refs ? getEntry(this.deps.db, h.id) : null;
      return !e || waitingOf(this.deps.db, e) === null;
    });
  }

  private halted(): boolean {
    return this.stopping || this.pausedReason !== null;
  }

  private async runOnce(budget: Map<string, number>): Promise<number> {
    const active = new Map<string, Promise<void>>();
    let fatal: { err: unknown } | null = null;
    let steps = 0;
    for (;;) {
      this.again = false;
      if (!this.halted() && !fatal) {
        const room = Math.max(1, Math.min(this.o.concurrency, this.o.headroom?.() ?? Infinity));
        for (const h of this.ready(new Set(active.keys()), budget)) {
          if (active.size >= room) break;
          const key = `${h.resource}:${h.recordId}`;
          budget.set(key, (budget.get(key) ?? 0) + 1);
          const p = replayRecord(this.deps, h.resource, h.recordId)
            .then(
              () => {
                steps++;
              },
              (err: unknown) => {
                fatal ??= { err };
              },
            )
            .finally(() => active.delete(key));
          active.set(key, p);
        }
      }
      if (active.size === 0) {
        if (this.again && !this.halted() && !fatal) continue;
        break;
      }
      await Promise.race(active.values());
    }
    if (fatal) throw (fatal as { err: unknown }).err;
    return steps;
  }

  private async run(options: DrainOptions): Promise<DrainReport> {
    const started = this.clock.now();
    const budget = new Map<string, number>();
    let steps = 0;
    for (;;) {
      steps += await this.runOnce(budget);
      const next = nextWake(this.deps.db);
      if (!options.untilSettled || this.halted() || next === null) {
        return { steps, paused: this.pausedReason, nextAttemptAt: next };
      }
      if (options.maxMs !== undefined && this.clock.now() - started > options.maxMs) {
        return { steps, paused: this.pausedReason, nextAttemptAt: next };
      }
      budget.clear();
      const stopped = await sleep(this.clock, Math.max(0, next - this.clock.now()), this.wake.signal).then(
        () => false,
        () => true,
      );
      if (stopped) return { steps, paused: this.pausedReason, nextAttemptAt: next };
    }
  }
}
