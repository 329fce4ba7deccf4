// Time as the engine sees it. Everything that waits (the budget governor,
// retry back-off, the sync planner) takes a Clock so tests and the freshness
// benchmark can run a simulated day in milliseconds with a ManualClock.

export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls fn once after ms (clock time). */
  setTimeout(fn: () => void, ms: number): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    // A pending back-off must never keep a CLI process alive on its own.
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Resolves after ms of clock time; rejects with the signal's reason when aborted. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      timer.cancel();
      reject(abortReason(signal!));
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

interface Scheduled {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * A clock that only moves when told to. `advance(ms)` runs every timer that
 * falls due on the way, in time order, letting promise callbacks settle
 * between timers so async code observes time the way it would in real life.
 */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: Scheduled[] = [];

  constructor(start = Date.UTC(2026, 0, 1, 8, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): Timer {
    const entry: Scheduled = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Time of the next pending timer, or null. */
  nextTimerAt(): number | null {
    let best: number | null = null;
    for (const t of this.timers) if (!t.cancelled && (best === null || t.at < best)) best = t.at;
    return best;
  }

  /** Moves time forward by ms, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await flushMicrotasks();
      this.timers = this.timers.filter((t) => !t.cancelled);
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
    await flushMicrotasks();
  }
}

/** Slices of long work waiting for their turn of the event loop (see nextTask), first come first served. */
const waiting: (() => void)[] = [];
let pumping = false;

/** Lets one waiting slice run in this turn of the event loop, and asks for the next turn if more wait. */
function letOneThrough(): void {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(letOneThrough);
  else pumping = false;
  next?.();
}

/**
 * A turn of the event loop of the caller's own: what long work on the main process awaits between
 * its slices (a chunk of an answer stored, a step of a pass, a slice of JSON parsed), so the
 * renderer's calls and timers run between any two of them. The slices waiting go one per turn:
 * with a plain setImmediate, every job's next slice (several answers being stored at once, and
 * the pass's next plan) ran in the same turn, and a call of the renderer waited for all of them.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    waiting.push(resolve);
    if (pumping) return;
    pumping = true;
    setImmediate(letOneThrough);
  });

/** Lets already-resolved promise chains run (a few macrotask turns). */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Real time plus an offset that tests and benchmarks can move forward
 * ("a week later") while timers still run in real time.
 */
export class OffsetClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  setTimeout(fn: () => void, ms: number): Timer {
    return systemClock.setTimeout(fn, ms);
  }
  skip(ms: number): void {
    this.offset += ms;
  }
}
