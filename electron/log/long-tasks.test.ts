// The long-task watch's decisions, with the delay source and the log in the
// test's hands: no sleeping, no real event loop stalls.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type LogSink } from './log';
import {
  CAUSE_MIN_MS,
  lateMs,
  LONG_TASK_MS,
  LongTaskWatch,
  noteWork,
  timedWork,
  watchLongTasks,
  type DelaySource,
} from './long-tasks';

/** A delay source whose next longest stall the test sets. */
function fakeDelays(): DelaySource & { next: number; stopped: boolean } {
  return {
    next: 0,
    stopped: false,
    takeMax() {
      const v = this.next;
      this.next = 0;
      return v;
    },
    stop() {
      this.stopped = true;
    },
  };
}

function lines(): { sink: LogSink; lines: string[] } {
  const out: string[] = [];
  return { lines: out, sink: { write: (l) => void out.push(l), close: async () => {} } };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

describe('LongTaskWatch', () => {
  it('logs a period whose longest stall is over the policy, naming the longest work that ran in it', () => {
    const warned: string[] = [];
    const delays = fakeDelays();
    const watch = new LongTaskWatch({ warn: (m) => void warned.push(m) }, delays);
    watch.note('query SELECT 1', 30);
    watch.note('ipc board.day', 12);
    watch.note('query SELECT 1', 40);
    watch.note('sync plan', 5); // too short to name
    watch.note('ipc status', 11);
    watch.note('ipc outbox.list', 11.5);
    delays.next = 83.4;
    expect(watch.check()).toEqual({
      ms: 83,
      causes: ['query SELECT 1 (70 ms)', 'ipc board.day (12 ms)', 'ipc outbox.list (12 ms)'],
    });
    expect(warned).toEqual([
      `main process blocked 83 ms (over ${LONG_TASK_MS} ms): query SELECT 1 (70 ms); ipc board.day (12 ms); ipc outbox.list (12 ms)`,
    ]);
  });

  it('stays quiet at or under the threshold, and forgets that period’s work', () => {
    const warned: string[] = [];
    const delays = fakeDelays();
    const watch = new LongTaskWatch({ warn: (m) => void warned.push(m) }, delays);
    watch.note('query SELECT 1', 45);
    delays.next = LONG_TASK_MS;
    expect(watch.check()).toBeNull();
    delays.next = LONG_TASK_MS + 20;
    expect(watch.check()).toEqual({ ms: LONG_TASK_MS + 20, causes: [] });
    expect(warned).toEqual([`main process blocked ${LONG_TASK_MS + 20} ms (over ${LONG_TASK_MS} ms), cause not named`]);
  });

  it('names work by what ran, one line, bounded', () => {
    const delays = fakeDelays();
    const watch = new LongTaskWatch({ warn: () => {} }, delays);
    watch.note(`query SELECT *\n     FROM bookings   WHERE id = ? ${'x'.repeat(300)}`, CAUSE_MIN_MS);
    delays.next = 200;
    const cause = watch.check()!.causes[0]!;
    expect(cause).toMatch(/^query SELECT \* FROM bookings WHERE id = \? x+ \(10 ms\)$/);
    expect(cause.length).toBeLessThan(140);
  });
});

describe('the process watch', () => {
  it('is shared by the runtimes of a process, fed by noteWork / timedWork, and stops with its last user', () => {
    const out = lines();
    const log = createLogger({ sinks: [out.sink] });
    const delays = fakeDelays();
    let made = 0;
    const source = () => (made++, delays);
    let check = () => {};
    let cancelled = false;
    const every = (c: () => void) => ((check = c), () => void (cancelled = true));
    const stopA = watchLongTasks(log, source, every);
    const stopB = watchLongTasks(log, source, every);
    expect(made).toBe(1);
    stopA();
    stopA(); // a second stop of the same user changes nothing
    expect(delays.stopped).toBe(false);
    expect(timedWork('sum', () => 1 + 1)).toBe(2);
    noteWork('query SELECT 2', 20);
    delays.next = 70;
    check();
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toContain('main process blocked 70 ms (over 50 ms): query SELECT 2 (20 ms)');
    stopB();
    expect(delays.stopped).toBe(true);
    expect(cancelled).toBe(true);
  });

  it('keeps secrets out of the log line even if a cause carried one', () => {
    const out = lines();
    const watch = new LongTaskWatch(createLogger({ sinks: [out.sink] }), Object.assign(fakeDelays(), { next: 90 }));
    watch.note('ipc auth password=hunter2 for ana@example.com', 60);
    watch.check();
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).not.toContain('hunter2');
    expect(out.lines[0]).not.toContain('ana@example.com');
  });
});

describe('lateMs', () => {
  it('reads a sample of Node’s histogram (time between ticks of a 10 ms timer) as how late the loop was', () => {
    // An idle loop's samples are ≈ 10 ms apart: no lateness.
    expect(lateMs(10.2e6, 10)).toBeCloseTo(0.2, 5);
    expect(lateMs(9.1e6, 10)).toBe(0);
    // A 30 ms task that starts as a tick falls due is seen 40 ms after the last tick: 30 ms late.
    expect(lateMs(40e6, 10)).toBe(30);
    expect(lateMs(60e6)).toBe(50);
  });
});
