// Planning sync passes: the planner asked with what the service knows now
// (interest, capabilities, the budget's capacity, "Sync now"), each plan
// announced and today's demand told to the governor; the early plan for the
// first status; and which slice of the budget a job's requests go in and
// whether it may start now. The service (service.ts) owns the rest.
import type { Interest, SyncPlan } from '../../shared/contract';
import type { Clock, Timer } from '../api/clock';
import type { BudgetGovernor, Priority } from '../api/governor';
import type { WritableDB } from '../cache/db';
import { timedWork } from '../log/long-tasks';
import type { Job, Tier } from './jobs';
import { planInfoOf } from './pass-report';
import { Planner, type Plan, type PlanInput, type PlanSource } from './planner';
import type { Policy } from './policy';
import type { Capabilities } from './sources';

/** The slice of the budget each tier's requests are counted in (electron/api/budget-plan.ts). */
export const TIER_SLICE: Record<Tier, Priority> = { onScreen: 'user', near: 'today', reference: 'today', far: 'deep' };

/** The last plan is given again for the same question asked within this long, nothing changed (see reusable). */
export const PLAN_REUSE_MS = 5_000;

/** How long after the first status ask the early plan is made (see earlyPlan). */
const EARLY_PLAN_DELAY_MS = 1_000;

export interface PlanningOptions {
  db: WritableDB;
  policy: Policy;
  clock: Clock;
  governor: BudgetGovernor;
  /** Today's date (YYYY-MM-DD) in the business's time zone. */
  today: () => string;
  /** What else a plan depends on, read at each plan. */
  context: () => { interest: Interest | null; caps: Capabilities; onlyOnScreen: boolean };
  /** Tells each plan (sync.freshness). */
  announce: (plan: Plan) => void;
  /** Who makes the plans (default: a Planner on this thread over `db`; the app's is a PlanThread). */
  source?: PlanSource;
}

export class PassPlanning {
  readonly planner: PlanSource;
  /** The last plan (null: none yet). */
  last: Plan | null = null;
  /** What the last plan was asked, and the count of changes it saw. */
  private asked: { input: PlanInput; changes: number } | null = null;
  /** Jobs finished and booking changes so far: a plan made before the last one is out of date. */
  private changes = 0;
  private readonly early: { plan: Plan | null; timer: Timer | null } = { plan: null, timer: null };
  /** The deep fill's last count (a partial plan does not count it). */
  private deepLeft: number | null = null;
  /**
   * "Sync now": today's lists and what is on screen are due from this time,
   * and today's work goes in the person's slice, until the pass that took it
   * in ends (see press).
   */
  private pressed: { at: number; planned: boolean } | null = null;

  constructor(private readonly o: PlanningOptions) {
    this.planner = o.source ?? new Planner(o.db, o.policy);
  }

  private input(passStart: number | null): PlanInput {
    const { interest, caps, onlyOnScreen } = this.o.context();
    return {
      now: this.o.clock.now(),
      today: this.o.today(),
      interest,
      caps,
      passStart,
      capacityPerHour: this.o.governor.slices.today + this.o.governor.slices.deep,
      onlyOnScreen,
      todayFrom: this.pressed?.at ?? null,
    };
  }

  /**
   * A plan now (`passStart`: a full pass's start, whose jobs fetched since are done), announced — or
   * the last one, when it answered the same question moments ago and nothing it read has changed
   * since (see reusable).
   */
  async plan(passStart: number | null): Promise<Plan> {
    if (this.pressed) this.pressed.planned = true;
    const input = this.input(passStart);
    if (this.last && this.reusable(input)) return this.last;
    const changes = this.changes;
    // On this thread the plan is timed as a possible cause of a stall; on its own thread it is none.
    const plan = await timedWork('sync plan', () => this.planner.plan(input));
    this.last = plan;
    this.asked = { input, changes };
    if (plan.deepLeft !== null) this.deepLeft = plan.deepLeft;
    // Today's slice of the budget follows the estimate of today's refreshes.
    this.o.governor.setTodayDemand(plan.todayDemandPerHour);
    this.o.announce(plan);
    return plan;
  }

  /**
   * Whether the last plan still answers `input`: asked with the same question less than
   * PLAN_REUSE_MS ago, no job finished and no booking changed since, and nothing due in between. A
   * paced pass of the deep fill (nothing it may start yet) planned three times within the same
   * moment — at its start, when it found nothing running, and at its end — a third of the main
   * process's time in the engine bench at 500 listings.
   */
  private reusable(input: PlanInput): boolean {
    const asked = this.asked;
    if (!asked || asked.changes !== this.changes) return false;
    const a = asked.input;
    const due = this.last?.nextDueAt ?? null;
    return (
      input.now >= a.now &&
      input.now - a.now < PLAN_REUSE_MS &&
      (due === null || input.now < due) &&
      input.today === a.today &&
      input.passStart === a.passStart &&
      input.interest === a.interest &&
      input.caps.globalLists === a.caps.globalLists &&
      input.caps.globalRates === a.caps.globalRates &&
      input.capacityPerHour === a.capacityPerHour &&
      input.onlyOnScreen === a.onlyOnScreen &&
      input.todayFrom === a.todayFrom
    );
  }

  /** A job finished (fetched or failed): the planner forgets it is running, and the last plan is out of date. */
  jobDone(key: string): void {
    this.changes++;
    this.planner.jobDone(key);
  }

  /** Bookings were added, changed or removed by sync: the far-booking picture and the last plan are out of date. */
  bookingsChanged(): void {
    this.changes++;
    this.planner.invalidateBookings();
  }

  /** A plan's meaning for the person. */
  info(plan: Plan): SyncPlan {
    return planInfoOf(plan, this.o.governor, this.deepLeft, this.o.clock.now());
  }

  /**
   * Before the first pass has planned, the status's freshness comes from a plan without the
   * far-booking picture, made EARLY_PLAN_DELAY_MS after the first ask and sent as sync.freshness —
   * not made on the call: asked at start-up, the status must not hold up the first screens (at
   * 5,000 listings a plan is ≈ 0.2 s of the main thread, between the board's ask and its answer).
   */
  earlyPlan(): Plan | null {
    if (this.early.plan || this.early.timer) return this.early.plan;
    this.early.timer = this.o.clock.setTimeout(() => {
      this.early.timer = null;
      if (this.last) return;
      const plan = timedWork('sync plan (early)', () => this.planner.plan({ ...this.input(null), withoutFar: true }));
      void Promise.resolve(plan).then(
        (p) => {
          if (this.last) return;
          this.early.plan = p;
          this.o.announce(p);
        },
        () => undefined, // planning stopped: the first pass's plan answers instead
      );
    }, EARLY_PLAN_DELAY_MS);
    return null;
  }

  /** "Sync now" pressed: today's work is due from now, in the person's slice. */
  press(): void {
    this.pressed = { at: this.o.clock.now(), planned: false };
  }

  /** A pass ended: "Sync now" ends with the pass that took it in. */
  passEnded(): void {
    if (this.pressed?.planned) this.pressed = null;
  }

  /** The slice a job's requests are counted in: its tier's, or the person's for today's work after "Sync now". */
  sliceOf(job: Job): Priority {
    const slice = TIER_SLICE[job.tier];
    return slice === 'today' && this.pressed ? 'user' : slice;
  }

  /**
   * Whether a job may start now. Today's data and what is on screen may wait
   * for room in their slices (in the app); the deep fill goes only when its
   * paced share has room, so it can never starve the others.
   */
  affordable(job: Job, startedInSlice: number, waitForBudget: boolean): boolean {
    const slice = this.sliceOf(job);
    const room = this.o.governor.headroom(slice) - startedInSlice;
    if (slice === 'deep') return room >= job.cost;
    return waitForBudget || room >= job.cost;
  }

  stop(): void {
    this.early.timer?.cancel();
    this.early.timer = null;
  }
}
