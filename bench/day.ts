// A simulated day on a manual clock, for the benchmarks that run the real
// engine for hours of clock time in seconds (suites/engine.ts freshness,
// suites/team.ts): requests that take clock time, a driver that moves the
// clock from timer to timer and waits for whatever is really on the wire
// (loopback HTTP) before moving it again, the busiest sliding hour of a list
// of request stamps, and the age of an engine's today lists.
import { flushMicrotasks, ManualClock, sleep } from '../electron/api/clock';
import type { HttpRequest, HttpResponse, Transport } from '../electron/api/transport';
import type { Engine } from '../electron/engine';

const HOUR_MS = 3_600_000;

/** Resolves in the event loop's next turn. */
const nextTask = () => new Promise<void>((r) => setImmediate(r));

/** The freshness scope of today's lists (bookings, tasks, incidents, blocks ±48 h) and today's people. */
export const TODAY_SCOPE = 'today ±48 h';

export class SimulatedDay {
  readonly clock: ManualClock;
  /** Requests sent and not answered yet (real I/O the clock must wait for). */
  private readonly wire = new Set<Promise<unknown>>();

  constructor(start: number) {
    this.clock = new ManualClock(start);
  }

  /**
   * A transport that spends `latencyMs` of clock time before each request is
   * sent (a distance to the server), then stamps it (clock time) in `stamps`.
   */
  transport(inner: Transport, latencyMs: number, stamps: number[] = []): Transport & { stamps: number[] } {
    const { clock } = this;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the transport's send is not a method of the day
    const day = this;
    return {
      stamps,
      async send(req: HttpRequest): Promise<HttpResponse> {
        await sleep(clock, latencyMs, req.signal);
        stamps.push(clock.now());
        // The request leaves and its answer arrives in tasks of their own, as over a socket: an in-process answer chained
        // on the request would fold many of the app's tasks into one, which the event-loop delay would
        // count as one long task of the app (bench/loop-delay.ts).
        // The server's work (the in-process simulator) is a task of its own too.
        const answer = nextTask()
          .then(() => inner.send(req))
          .then(async (res) => {
            await nextTask();
            return res;
          });
        day.track(answer);
        return answer;
      },
      close: () => inner.close(),
    };
  }

  /**
   * Real work off this thread that the clock must wait for, as for a request on the wire (the
   * engine's plans on their own thread: a plan takes real time, not clock time).
   */
  track(pending: Promise<unknown>): void {
    const settled = pending.then(
      () => undefined,
      () => undefined,
    );
    this.wire.add(settled);
    void settled.then(() => this.wire.delete(settled));
  }

  /**
   * Lets every request on the wire come back and what it started run, until
   * nothing but clock timers is left (advance() has already let the code
   * its timers woke run up to its next request or timer).
   */
  async settle(): Promise<void> {
    while (this.wire.size > 0) {
      await Promise.all([...this.wire]);
      await flushMicrotasks();
    }
  }

  /** Moves the clock forward by ms, timer by timer, settling after each. */
  async run(ms: number): Promise<void> {
    const end = this.clock.now() + ms;
    await flushMicrotasks();
    await this.settle();
    while (this.clock.now() < end) {
      const next = this.clock.nextTimerAt();
      await this.clock.advance(
        next === null ? end - this.clock.now() : Math.max(0, Math.min(next, end) - this.clock.now()),
      );
      await this.settle();
    }
  }

  /** Runs the clock (in steps of stepMs) until the promise settles; its value, or its error thrown. */
  async until<T>(promise: Promise<T>, stepMs: number): Promise<T> {
    const outcome: { done: boolean; value?: T; error?: unknown } = { done: false };
    promise.then(
      (value) => Object.assign(outcome, { done: true, value }),
      (error: unknown) => Object.assign(outcome, { done: true, error }),
    );
    await flushMicrotasks();
    while (!outcome.done) await this.run(stepMs);
    if ('error' in outcome) throw outcome.error;
    return outcome.value as T;
  }
}

/** The most stamps (ms, ascending) within any sliding hour. */
export function busiestHour(stamps: readonly number[]): number {
  let busiest = 0;
  for (let i = 0, j = 0; i < stamps.length; i++) {
    while (stamps[i]! - stamps[j]! >= HOUR_MS) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  return busiest;
}

/** Minutes since data was received (Infinity: never). */
export const ageMin = (now: number, f: { fetchedAt: string | null }): number =>
  f.fetchedAt === null ? Infinity : (now - Date.parse(f.fetchedAt)) / 60_000;

/** The age of the oldest of an engine's today lists (bookings, tasks, incidents, blocks ±48 h), minutes. */
export function todayListsAge(engine: Engine, now: number): number {
  const lists = engine
    .status()
    .freshness.filter((f) => f.scope === TODAY_SCOPE && f.resource !== 'guests' && f.resource !== 'threads');
  return Math.max(...lists.map((f) => ageMin(now, f)));
}
