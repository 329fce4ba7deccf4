// The replay worker. One drain at a time; inside a drain, each record's chain
// is replayed in order (its entries strictly FIFO) while different records go
// in parallel, up to `concurrency` and whatever the budget governor admits. A
// record whose head entry is rejected or in conflict waits for the person;
// the others carry on. Between drains, the worker sleeps until the earliest
// back-off ends or until something is enqueued (nudge).
import { sleep, type Clock, type Timer } from '../api/clock';
import { chainOf, nextWake, readyHeads, type Head } from './entries';
import type { StepDeps } from './outcome';
import { replayCreate } from './replay-create';
import { replayDelete, replayUpdates, takeBatch } from './replay-update';
import { reject } from './outcome';
import type { Kind } from './types';

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
  if (head.kind === 'create') return replayCreate(d, chain);
  if (recordId < 0) {
    // Edits of a record created offline whose create is gone (discarded): nothing to edit.
    reject(d, chain, { code: 'not_found', message: 'This record was never created on the server.' });
    return;
  }
  const batch = takeBatch(chain);
  if (batch.at(-1)?.kind === 'delete') return replayDelete(d, batch);
  return replayUpdates(d, batch);
}

export class ReplayWorker {
  private current: Promise<DrainReport> | null = null;
  private again = false;
  private started = false;
  private stopping = false;
  private pausedReason: string | null = null;
  private timer: Timer | null = null;

  constructor(
    private readonly deps: StepDeps,
    private readonly clock: Clock,
    private readonly concurrency: number,
    private readonly onError: (err: unknown) => void,
    /** Called after each drain, to forget failure counts of entries that settled. */
    private readonly afterDrain: () => void = () => undefined,
  ) {}

  get paused(): string | null {
    return this.pausedReason;
  }

  pause(reason: string): void {
    this.pausedReason = reason;
  }

  /** Replays everything ready now (or, untilSettled, everything). Concurrent calls share one drain. */
  drain(options: DrainOptions = {}): Promise<DrainReport> {
    if (this.current) {
      this.again = true;
      if (!options.untilSettled) return this.current;
      return this.current.then(() => this.drain(options));
    }
    this.stopping = false;
    const run = this.run(options).finally(() => {
      this.current = null;
      this.afterDrain();
      if (this.started && !this.stopping) this.schedule(0);
    });
    this.current = run;
    return run;
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
      this.drain().then(
        (report) => {
          if (report.nextAttemptAt !== null && this.started && !this.current)
            this.schedule(Math.max(0, report.nextAttemptAt - this.clock.now()));
        },
        (err: unknown) => {
          this.onError(err);
          // A failing database (locked, full) is retried calmly rather than in a loop.
          this.schedule(5000);
        },
      );
    }, ms);
  }

  private ready(active: ReadonlySet<string>, budget: Map<string, number>): Head[] {
    return readyHeads(this.deps.db, this.deps.now()).filter((h) => {
      const key = `${h.resource}:${h.recordId}`;
      return !active.has(key) && (budget.get(key) ?? 0) < MAX_STEPS_PER_RECORD;
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
        for (const h of this.ready(new Set(active.keys()), budget)) {
          if (active.size >= this.concurrency) break;
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
      await sleep(this.clock, Math.max(0, next - this.clock.now()));
    }
  }
}
