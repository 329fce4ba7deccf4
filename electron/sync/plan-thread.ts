// Plans made on a thread of their own (issue 30). At 5,000 listings a plan is
// 150–300 ms of reads and scoring; on the main process it held every window's
// IPC that long, every time the person opened another date (a new interest)
// and at every look of a pass. The thread (plan-worker.ts) keeps a Planner
// over its own read-only connection to the same cache file; the main process
// asks and goes on serving screens until the plan arrives.
//
// If the thread cannot start or dies (its file missing from a package, the
// cache not a file), plans are made here again, in-process, as before: sync
// never stops for it. The asks waiting are answered by that planner.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReadableDB } from '../cache/db';
import type { FromPlanThread, PlanThreadData, ToPlanThread } from './plan-messages';
import { Planner, type Plan, type PlanInput, type PlanSource } from './planner';
import type { Policy } from './policy';

interface Ask {
  input: PlanInput;
  resolve: (plan: Plan) => void;
  reject: (e: Error) => void;
}

export interface PlanThreadOptions {
  /** The cache file (the main connection's). */
  path: string;
  policy: Policy;
  /** The main connection: plans are made on it if the thread fails. */
  db: ReadableDB;
  /** Told once, when the thread failed and plans are made in-process from then on. */
  onFailed?: (why: string) => void;
  /** Told of each ask in flight (the bench's simulated day waits for them as for requests on the wire). */
  onAsk?: (pending: Promise<unknown>) => void;
}

/**
 * Where the thread's code is: beside this file when run from source (tests, the bench, `tsx`:
 * loaded through tsx), or the build's entry `plan-worker.js` (electron.vite.config.ts) beside or
 * above the chunk this code was bundled into. Names are not literals on purpose: the bundler must
 * not treat them as assets.
 */
function workerEntry(): { url: URL; execArgv: string[] } | null {
  const names = ['plan-worker.ts', 'plan-worker.js', '../plan-worker.js'];
  for (const name of names) {
    const url = new URL(name.startsWith('.') ? name : `./${name}`, import.meta.url);
    if (url.protocol !== 'file:' || !existsSync(fileURLToPath(url))) continue;
    return { url, execArgv: name.endsWith('.ts') ? ['--import', 'tsx'] : [] };
  }
  return null;
}

export class PlanThread implements PlanSource {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly asks = new Map<number, Ask>();
  /** Set once the thread failed: plans are made here. */
  private local: Planner | null = null;
  private closing = false;

  constructor(private readonly o: PlanThreadOptions) {
    const entry = workerEntry();
    if (!entry) {
      this.fail('its code is not beside the app');
      return;
    }
    try {
      const data: PlanThreadData = { path: o.path, policy: o.policy };
      const worker = new Worker(entry.url, { workerData: data, execArgv: entry.execArgv });
      // The thread never keeps the process alive; an ask waiting is the pass's (and sync's) to end.
      worker.unref();
      worker.on('message', (m: FromPlanThread) => this.heard(m));
      worker.on('error', (e) => this.fail(e.message));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(`it stopped (exit code ${code})`);
      });
      this.worker = worker;
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
    }
  }

  /** Whether plans are made on the thread (false once it failed). */
  get onThread(): boolean {
    return this.local === null && this.worker !== null;
  }

  plan(input: PlanInput): Promise<Plan> {
    if (this.closing) return Promise.reject(new Error('planning stopped'));
    if (this.local) return Promise.resolve(this.local.plan(input));
    const id = this.nextId++;
    const pending = new Promise<Plan>((resolve, reject) => {
      this.asks.set(id, { input, resolve, reject });
      this.send({ kind: 'plan', id, input });
    });
    this.o.onAsk?.(pending);
    return pending;
  }

  jobDone(key: string): void {
    if (this.local) this.local.jobDone(key);
    else this.send({ kind: 'jobDone', key });
  }

  invalidateBookings(): void {
    if (this.local) this.local.invalidateBookings();
    else this.send({ kind: 'bookingsChanged' });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const ask of this.asks.values()) ask.reject(new Error('planning stopped'));
    this.asks.clear();
    await this.worker?.terminate();
    this.worker = null;
  }

  private send(m: ToPlanThread): void {
    try {
      this.worker?.postMessage(m);
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
    }
  }

  private heard(m: FromPlanThread): void {
    if (m.kind === 'ready') return;
    if (m.kind === 'failed') return this.fail(m.message);
    const ask = this.asks.get(m.id);
    if (!ask) return;
    this.asks.delete(m.id);
    if (m.kind === 'plan') ask.resolve(m.plan);
    else ask.reject(new Error(m.message));
  }

  /** The thread is gone: plans are made in-process from now on, starting with the asks waiting. */
  private fail(why: string): void {
    if (this.local || this.closing) return;
    this.local = new Planner(this.o.db, this.o.policy);
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate().catch(() => undefined);
    this.o.onFailed?.(why);
    const waiting = [...this.asks.values()];
    this.asks.clear();
    for (const ask of waiting) {
      try {
        ask.resolve(this.local.plan(ask.input));
      } catch (e) {
        ask.reject(e instanceof Error ? e : new Error(String(e)));
      }
    }
  }
}
