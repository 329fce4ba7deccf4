// What the main process and the planning thread (plan-thread.ts,
// plan-worker.ts) say to each other, and what of a plan crosses.
import type { Plan, PlanInput } from './planner';
import type { Policy } from './policy';

/**
 * The due jobs a plan made on the planning thread brings back, best first (the plan's `due` says
 * how many there are). A pass starts a few jobs at a time and looks at the plan again every few
 * seconds (pass-run.ts REPLAN_MS), and plans again when these are used up; the whole queue at
 * 5,000 listings on a first sign-in (≈ 25,000 jobs, 4.4 MB) took 25–75 ms of the main thread to
 * receive — the stall the thread is there to take away.
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

/** A plan as it crosses: its best QUEUE_SENT due jobs, the count of all. */
export function sendable(plan: Plan): Plan {
  return plan.queue.length <= QUEUE_SENT ? plan : { ...plan, queue: plan.queue.slice(0, QUEUE_SENT) };
}
