// Long tasks on the main process: a task that holds the event loop stalls
// every window's IPC (the person sees a frozen app). The event loop's delay
// is sampled (node:perf_hooks monitorEventLoopDelay); once a second the
// longest stall of that second, when over LONG_TASK_MS, is logged with the
// named work that ran in it — cache queries (cache/handle.ts), the synchronous
// part of IPC calls and their answer checks (services/dispatcher.ts), sync
// plans and ingests (sync/) report themselves through noteWork/timedWork.
// Causes are named by what ran (SQL text with its `?` placeholders, command
// names), never by values; the log redacts on top. Plain Node: the Electron
// main process and the web host both start it (services/runtime.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './log';

/** Policy: a main-process task longer than this (ms) is logged with its cause. */
export const LONG_TASK_MS = 50;
/** Named work shorter than this (ms) is not kept as a possible cause. */
export const CAUSE_MIN_MS = 10;
/** How often (ms) the longest stall is read and, when long, logged. */
const CHECK_EVERY_MS = 1000;
/** Sampling resolution (ms) of the event-loop delay. */
export const RESOLUTION_MS = 10;
/** At most this many causes kept between checks, and named per long task. */
const KEEP_NOTES = 64;
const NAMED_CAUSES = 3;

/** Where stalls are measured: the longest event-loop delay (ms) since the last take. */
export interface DelaySource {
  takeMax(): number;
  stop(): void;
}

/**
 * How late a sample of Node's event-loop histogram says the loop was (ms). Node records the
 * time between two ticks of a timer due every `resolutionMs` (an idle process records
 * ≈ 10 ms at every sample), so the loop's lateness — how long anything that arrived waited
 * behind the task that held it — is that time less the resolution. A 30 ms task is seen as
 * 30 ms (at most; the sample that starts just before it); never below 0.
 */
export function lateMs(sampleNs: number, resolutionMs = RESOLUTION_MS): number {
  return Math.max(0, sampleNs / 1e6 - resolutionMs);
}

/** The event loop's delay, sampled by Node (the histogram is reset at every take). */
export function loopDelaySource(resolutionMs = RESOLUTION_MS): DelaySource {
  const h = monitorEventLoopDelay({ resolution: resolutionMs });
  h.enable();
  return {
    takeMax() {
      const max = h.count > 0 ? lateMs(h.max, resolutionMs) : 0;
      h.reset();
      return max;
    },
    stop: () => h.disable(),
  };
}

export interface LongTask {
  ms: number;
  /** Named work that ran in the period, longest first: "query SELECT … (120 ms)". */
  causes: string[];
}

interface Note {
  cause: string;
  ms: number;
}

/** The checks: fed named work, asked once a period whether the period held a long task. */
export class LongTaskWatch {
  private notes: Note[] = [];

  constructor(
    private readonly log: Pick<Logger, 'warn'>,
    private readonly source: DelaySource,
    private readonly thresholdMs = LONG_TASK_MS,
  ) {}

  /** A piece of named synchronous work just ended, having taken `ms`. */
  note(cause: string | (() => string), ms: number): void {
    if (ms < CAUSE_MIN_MS) return;
    if (typeof cause === 'function') cause = cause();
    if (this.notes.length >= KEEP_NOTES) this.notes.splice(0, this.notes.length - KEEP_NOTES + 1);
    this.notes.push({ cause: cause.replace(/\s+/g, ' ').trim().slice(0, 120), ms });
  }

  /** The period since the last check: its longest stall, logged (with what ran) when over the threshold. */
  check(): LongTask | null {
    const max = this.source.takeMax();
    const notes = this.notes;
    this.notes = [];
    if (max <= this.thresholdMs) return null;
    const byCause = new Map<string, number>();
    for (const n of notes) byCause.set(n.cause, (byCause.get(n.cause) ?? 0) + n.ms);
    const causes = [...byCause]
      .sort((a, b) => b[1] - a[1])
      .slice(0, NAMED_CAUSES)
      .map(([cause, ms]) => `${cause} (${Math.round(ms)} ms)`);
    const ms = Math.round(max);
    this.log.warn(
      `main process blocked ${ms} ms (over ${this.thresholdMs} ms)${causes.length ? `: ${causes.join('; ')}` : ', cause not named'}`,
    );
    return { ms, causes };
  }
}

/** The checks' timer: once every CHECK_EVERY_MS, never keeping the process alive. */
function everySecond(check: () => void): () => void {
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

let current: { watch: LongTaskWatch; users: number; stop: () => void } | null = null;

/**
 * Named synchronous work that took `ms`, kept as a possible cause of a long task (no-op when no watch runs).
 * `cause` may be a function: named only when the work is long enough to be kept (every query passes here).
 */
export function noteWork(cause: string | (() => string), ms: number): void {
  current?.watch.note(cause, ms);
}

/** Runs `fn` (synchronous) and notes it as `cause`. */
export function timedWork<T>(cause: string, fn: () => T): T {
  const started = performance.now();
  try {
    return fn();
  } finally {
    noteWork(cause, performance.now() - started);
  }
}

/**
 * Starts the process's watch (one per process: the event loop is the
 * process's; a second runtime in the same process shares it); returns a stop,
 * which ends the watch when its last user stops.
 */
export function watchLongTasks(
  log: Pick<Logger, 'warn'>,
  source: () => DelaySource = loopDelaySource,
  every: (check: () => void) => () => void = everySecond,
): () => void {
  if (!current) {
    const delays = source();
    const watch = new LongTaskWatch(log, delays);
    const cancel = every(() => watch.check());
    current = {
      watch,
      users: 0,
      stop: () => {
        cancel();
        delays.stop();
      },
    };
  }
  const running = current;
  running.users++;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--running.users > 0) return;
    running.stop();
    if (current === running) current = null;
  };
}
