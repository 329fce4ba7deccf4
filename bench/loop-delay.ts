// The event loop's delay over a stretch of a benchmark, as rows: the bench
// runs the engine (and the web host) in its own process, so this process's
// event loop is the app's main process for the time measured. Goal (issue
// 30): p99 ≤ 20 ms and max ≤ LONG_TASK_MS (the app's own long-task policy,
// electron/log/long-tasks.ts). Measure only where the app's code runs as it
// would in the app, not around the bench's own synchronous timing loops.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { lateMs, LONG_TASK_MS, RESOLUTION_MS } from '../electron/log/long-tasks';
import type { BenchRow } from './types';

export const LOOP_DELAY_P99_GOAL_MS = 20;

export interface LoopDelay {
  p99: number;
  max: number;
  mean: number;
  samples: number;
  /** Garbage collections meanwhile: how many held the loop `GC_LONG_MS` or more, and the longest (ms). */
  gc: { long: number; longest: number };
}

/** A garbage collection this long (ms) is counted beside the loop's delay: a stall no named work explains. */
const GC_LONG_MS = 10;

/**
 * A full garbage collection, now: what the bench's earlier stages left (a
 * full sync of 1,000 listings, its simulator's answers) is not the app's,
 * and a collection of it landing in a measured stretch was read as a stall
 * of 375–460 ms.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * Starts sampling; `stop()` ends it and gives the figures (ms): the loop's lateness, each
 * sample less the sampling resolution (`lateMs`: an idle process reads 0, not 10 ms).
 */
export function watchLoopDelay(): { stop(): LoopDelay } {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  const gc = { long: 0, longest: 0 };
  const count = (durations: readonly { duration: number }[]) => {
    for (const { duration } of durations) {
      if (duration >= GC_LONG_MS) gc.long += 1;
      gc.longest = Math.max(gc.longest, duration);
    }
  };
  const collections = new PerformanceObserver((list) => count(list.getEntries()));
  collections.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      h.disable();
      count(collections.takeRecords());
      collections.disconnect();
      const ms = (ns: number) => (h.count > 0 ? lateMs(ns, RESOLUTION_MS) : 0);
      return { p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean), samples: h.count, gc };
    },
  };
}

/** The two rows of one measured stretch: `<prefix>.loop_delay_p99_ms` and `<prefix>.loop_delay_max_ms`. */
export function loopDelayRows(prefix: string, during: string, d: LoopDelay, listings: number): BenchRow[] {
  const spread =
    `${d.samples} samples every ${RESOLUTION_MS} ms, each less those ${RESOLUTION_MS} ms; mean ${d.mean.toFixed(1)} ms; ` +
    `${d.gc.long} garbage collections of ${GC_LONG_MS} ms or more, the longest ${d.gc.longest.toFixed(0)} ms`;
  return [
    {
      id: `${prefix}.loop_delay_p99_ms`,
      what: `main-process event-loop delay during ${during}, ${listings.toLocaleString('en-US')} listings — p99`,
      figure: d.p99,
      unit: 'ms',
      goal: `p99 ≤ ${LOOP_DELAY_P99_GOAL_MS} ms`,
      ok: d.p99 <= LOOP_DELAY_P99_GOAL_MS,
      spread,
    },
    {
      id: `${prefix}.loop_delay_max_ms`,
      what: `main-process event-loop delay during ${during}, ${listings.toLocaleString('en-US')} listings — max`,
      figure: d.max,
      unit: 'ms',
      goal: `max ≤ ${LONG_TASK_MS} ms`,
      ok: d.max <= LONG_TASK_MS,
      spread,
    },
  ];
}
