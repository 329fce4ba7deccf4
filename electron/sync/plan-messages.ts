// What the main process and the planning thread (plan-thread.ts,
// plan-worker.ts) say to each other, and what of a plan crosses.
import type { Tier } from './jobs';
import type { Plan, PlanInput } from './planner';
import type { Policy } from './policy';

/**
 * The due jobs of each tier a plan made on the planning thread brings back, in the plan's order (the
 * plan's `due` says how many there are in all). A pass starts a few jobs at a time, each in its tier's
 * slice of the budget, looks at the plan again every few seconds (pass-run.ts REPLAN_MS) and plans
 * again when these are used up. Per tier, not the best of all: on a first sign-in the deep fill's
 * never-fetched jobs outrank today's overdue lists by score, and a pass paced in the deep slice must
 * still find today's work behind them (cut to the best 1,000 of all, today's lists went unfetched for
 * hours at 500 listings). The whole queue at 5,000 listings on a first sign-in (≈ 25,000 jobs, 4.4 MB)
 * took 25–75 ms of the main thread to receive — the stall the thread is there to take away.
 */
export const QUEUE_SENT = 1_000;

export interface PlanThreadData {
  path: string;
  policy: Policy;
}

export type ToPlanThread =
  { kind: 'plan'; id: number; input: PlanInput } | { kind: 'jobDone'; key: string } | { kind: 'bookingsChanged' };

export type FromPlanThread =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'plan'; id: number; plan: Plan }
  | { kind: 'error'; id: number; message: string };

/** A plan as it crosses: the best QUEUE_SENT due jobs of each tier, in the plan's order; the count of all. */
export function sendable(plan: Plan): Plan {
  if (plan.queue.length <= QUEUE_SENT) return plan;
  const taken = new Map<Tier, number>();
  const queue = plan.queue.filter((j) => {
    const n = taken.get(j.tier) ?? 0;
    taken.set(j.tier, n + 1);
    return n < QUEUE_SENT;
  });
  return { ...plan, queue };
}
