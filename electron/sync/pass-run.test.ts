// A pass's own bookkeeping against a fake host: when it plans again, and how
// often it asks the budget whether a job may start.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../api/clock';
import type { Priority } from '../api/governor';
import { identify, type Job } from './jobs';
import { PassRun, REPLAN_MS, type PassHost } from './pass-run';
import type { Plan } from './planner';

const far = (bookingNumber: number): Job => {
  const spec = { kind: 'bundle', bookingNumber } as const;
  return { spec, ...identify(spec), tier: 'far', maxAge: 7 * 86_400_000, cost: 1, score: 1 };
};

const planOf = (queue: Job[], nextDueAt: number | null = null, due = queue.length): Plan =>
  ({ queue, due, nextDueAt }) as unknown as Plan;

/** A host whose deep fill may start `room` jobs, then none (its pace); every job ends after a clock tick. */
function host(plans: Plan[], room: number) {
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 8));
  const calls = { plan: 0, affordable: 0, started: [] as number[] };
  let left = room;
  const h: PassHost = {
    clock,
    concurrency: 4,
    plan: () => plans[Math.min(++calls.plan, plans.length - 1)]!,
    sliceOf: (): Priority => 'deep',
    affordable: (_job, startedInSlice) => {
      calls.affordable++;
      return left - startedInSlice > 0;
    },
    runOne: async (job) => {
      calls.started.push(job.spec.kind === 'bundle' ? job.spec.bookingNumber : 0);
      await Promise.resolve();
      left--;
      return null;
    },
    jobDone: () => undefined,
    progress: () => undefined,
    replanAsked: () => false,
    replanTaken: () => undefined,
  };
  return { h, calls, clock };
}

describe('PassRun', () => {
  it('a paced deep fill ends on the plan it has, asking the budget once per slice and cost, not once per job', async () => {
    const queue = Array.from({ length: 2000 }, (_, i) => far(i + 1));
    const { h, calls } = host([planOf(queue)], 2);
    const run = new PassRun(h, planOf(queue));
    const r = await run.run();
    expect(calls.started).toEqual([1, 2]);
    expect(r).toEqual({ stopped: 'paced', remaining: 1998 });
    // The plan of a moment ago still held: nothing came due, no booking came in.
    expect(calls.plan).toBe(0);
    // Each look at the queue asks once; 2,000 jobs priced out one by one asked 2,000 times.
    expect(calls.affordable).toBeLessThan(20);
  });

  it('plans again when its queue is used up (the next batch of far bookings may be waiting)', async () => {
    const first = [far(1), far(2)];
    const next = [far(3)];
    const { h, calls } = host([planOf(first), planOf(next), planOf([])], 10);
    const r = await new PassRun(h, planOf(first)).run();
    expect(calls.started).toEqual([1, 2, 3]);
    expect(r.stopped).toBeNull();
    expect(calls.plan).toBe(2);
  });

  it('plans again when something came due since its plan', async () => {
    const { h, calls, clock } = host([], 1);
    const queue = [far(1), far(2)];
    const due = clock.now() + 1;
    const plans = [planOf(queue, due), planOf(queue, due + REPLAN_MS)];
    h.plan = () => plans[Math.min(++calls.plan, plans.length - 1)]!;
    const run = new PassRun(h, plans[0]!);
    await clock.advance(2);
    expect((await run.run()).stopped).toBe('paced');
    expect(calls.plan).toBe(1);
  });

  it('counts what is left by the plan’s due jobs when its queue holds only the best of them (a plan from its thread)', async () => {
    const queue = Array.from({ length: 10 }, (_, i) => far(i + 1));
    const plan = planOf(queue, null, 5000);
    const { h } = host([plan], 3);
    const r = await new PassRun(h, plan).run();
    expect(r).toEqual({ stopped: 'paced', remaining: 4997 });
  });

  it('waits for a plan made elsewhere before it starts anything new', async () => {
    const first = [far(1)];
    const next = [far(2)];
    const { h, calls } = host([], 10);
    let answer: (p: Plan) => void = () => undefined;
    h.plan = () => {
      calls.plan++;
      return calls.plan === 1 ? new Promise<Plan>((r) => (answer = r)) : planOf([]);
    };
    const running = new PassRun(h, planOf(first)).run();
    for (let i = 0; i < 50 && calls.plan === 0; i++) await new Promise((r) => setImmediate(r));
    // Job 1 done, its queue used up: asked for the next plan, nothing started meanwhile.
    expect(calls.started).toEqual([1]);
    expect(calls.plan).toBe(1);
    answer(planOf(next));
    expect((await running).stopped).toBeNull();
    expect(calls.started).toEqual([1, 2]);
  });
});
