// Running one sync pass: which due job starts next (best first, a few at a
// time, each in its slice of the budget, the deep fill never holding every
// slot), when to look at the plan again, and when the pass ends. The service
// (service.ts) plans, runs each job and reports; this owns the pass's own
// bookkeeping (jobs done, in flight, priced out) and nothing else.
import { nextTask, type Clock, type Timer } from '../api/clock';
import type { Priority } from '../api/governor';
import { jobKey, type Job } from './jobs';
import type { PassSummary } from './pass-report';
import type { Plan } from './planner';

/** A running pass looks at the plan again at least this often (new due work, new per-booking jobs). */
export const REPLAN_MS = 5_000;

type Stop = PassSummary['stopped'];

/** What a pass needs of the service. */
export interface PassHost {
  readonly clock: Clock;
  /** Jobs run at once. */
  readonly concurrency: number;
  /** Plans again (announced, today's demand told to the governor). */
  plan(): Plan | Promise<Plan>;
  /** The slice a job's requests are counted in. */
  sliceOf(job: Job): Priority;
  /** Whether a job may start now, with this many jobs of its slice started and not finished. */
  affordable(job: Job, startedInSlice: number): boolean;
  /** Runs one job; resolves with why the whole pass must stop, if it must. */
  runOne(job: Job, slice: Priority): Promise<Stop>;
  /** A job is done (the planner forgets it is running). */
  jobDone(key: string): void;
  /** Progress to show: `done` of `planned` jobs, the last one `job`. */
  progress(job: Job, done: number, planned: number): void;
  /** Whether "Sync now" was pressed during the pass (plan again at the next look)… */
  replanAsked(): boolean;
  /** …and that it was taken in. */
  replanTaken(): void;
}

export class PassRun {
  private readonly done = new Set<string>();
  /** Jobs running, with the slice they were started in. */
  private readonly inFlight = new Map<string, { run: Promise<void>; slice: Priority }>();
  /** Jobs skipped for budget since the last plan (looked at again after the next one). */
  private readonly pricedOut = new Set<string>();
  /** Whether a job of a slice and cost may start, while no job starts (see affordable). */
  private readonly fits = new Map<string, boolean>();
  /**
   * The plan's queue with each job's key and slice, computed once per plan,
   * and where the scans for the next job start: every entry before a cursor
   * is settled for this plan (started, done or priced out), so picking the
   * next job is not a scan of the whole queue each time a job ends — which, at
   * thousands of per-booking jobs, held the main process for half a second.
   */
  private queue: QueueView;
  private planned: number;
  private lastPlanAt: number;
  /** A bookings list of today's window came in: its bookings' guests are due now, not at the next 5 s look. */
  private nearBookingsIn = false;
  private stop: Stop = null;

  constructor(
    private readonly host: PassHost,
    private plan: Plan,
  ) {
    this.planned = plan.queue.length;
    this.lastPlanAt = host.clock.now();
    this.queue = new QueueView(plan.queue, (j) => host.sliceOf(j));
  }

  /** Runs the pass to its end: why it stopped early (null: it did not) and the due jobs it left undone. */
  async run(): Promise<{ stopped: Stop; remaining: number }> {
    for (;;) {
      this.startWhatFits();
      if (this.inFlight.size === 0) {
        if (this.stop || (await this.nothingLeft())) break;
        continue;
      }
      await this.nextEvent();
      // What comes next (a plan, the next jobs) is a task of its own: not added to the stall of the job that just
      // stored its last chunk (issue 30: the two together held the main process 70 ms at 500 listings).
      await nextTask();
      // New bookings found by a window job bring new per-booking jobs: look again now and then.
      if (this.stop || !(this.nearBookingsIn || this.host.replanAsked() || this.sinceLastPlan() >= REPLAN_MS)) continue;
      this.nearBookingsIn = false;
      this.host.replanTaken();
      await this.replan();
      this.planned = Math.max(this.planned, this.done.size + this.inFlight.size + this.dueLeft());
    }
    return this.ended();
  }

  /** What the pass ended with (also when it was cut short). */
  ended(): { stopped: Stop; remaining: number } {
    const stopped = this.stop;
    return { stopped, remaining: stopped ? this.dueLeft() : 0 };
  }

  /** The plan's due jobs not done in this pass (its queue may hold only the best of them: Plan.due). */
  private dueLeft(): number {
    return this.plan.due - this.plan.queue.filter((j) => this.done.has(jobKey(j))).length;
  }

  /** Jobs of this slice started and not finished (their requests may not hold a permit yet). */
  private startedIn(slice: Priority): number {
    return [...this.inFlight.values()].filter((f) => f.slice === slice).length;
  }

  /**
   * Whether a job may start now. The answer depends only on its slice and cost while no job starts,
   * so it is asked once per slice and cost (cleared by start and at each look): a paced deep fill
   * priced thousands of jobs out one budget look-up each.
   */
  private affordable(job: Job): boolean {
    const slice = this.host.sliceOf(job);
    const key = `${slice}|${job.cost}`;
    let fits = this.fits.get(key);
    if (fits === undefined) this.fits.set(key, (fits = this.host.affordable(job, this.startedIn(slice))));
    return fits;
  }

  private sinceLastPlan(): number {
    return this.host.clock.now() - this.lastPlanAt;
  }

  private async replan(): Promise<void> {
    this.plan = await this.host.plan();
    this.lastPlanAt = this.host.clock.now();
    this.rewind();
  }

  /** The plan's queue looked at from its start again: nothing priced out, every job not started a candidate. */
  private rewind(): void {
    this.pricedOut.clear();
    this.queue = new QueueView(this.plan.queue, (j) => this.host.sliceOf(j));
  }

  /** Starts the best due jobs while there are free slots and the budget has room for them. */
  private startWhatFits(): void {
    this.fits.clear();
    while (!this.stop && this.inFlight.size < this.host.concurrency) {
      // The deep fill never holds every slot: a job of today that comes due starts at once.
      const deepFull = this.startedIn('deep') >= this.host.concurrency - 1;
      const next = this.queue.first(
        deepFull,
        (key) => this.done.has(key) || this.inFlight.has(key) || this.pricedOut.has(key),
      );
      if (!next) break;
      if (!this.affordable(next.job)) {
        // Not now: its slice of the hour has no room. It stays due for a later pass.
        this.pricedOut.add(next.key);
        continue;
      }
      this.start(next.job);
    }
  }

  private start(job: Job): void {
    this.fits.clear();
    const key = jobKey(job);
    const slice = this.host.sliceOf(job);
    this.inFlight.set(key, {
      slice,
      run: this.host.runOne(job, slice).then((why) => {
        this.inFlight.delete(key);
        this.done.add(key);
        this.host.jobDone(key);
        if (job.resource === 'bookings' && job.spec.kind === 'window' && job.tier !== 'far') this.nearBookingsIn = true;
        if (why) this.stop ??= why;
        this.host.progress(job, this.done.size, this.planned);
      }),
    });
  }

  /**
   * Nothing running: plans again and says whether the pass is over (nothing
   * due left, or nothing left it can afford: then why it stops).
   */
  private async nothingLeft(): Promise<boolean> {
    // The plan of a moment ago still holds while nothing came due and no new booking came in: the
    // jobs done since are in `done`. A paced deep fill ends a pass after each job it may start, and a
    // whole plan there each time was a third of the main process's time at 500 listings.
    let fresh = !this.planHolds();
    if (fresh) await this.replan();
    let left = this.plan.queue.filter((j) => !this.done.has(jobKey(j)));
    if (left.length === 0 && !fresh) {
      // Its queue is used up: a new plan may hold more (the next batch of far bookings, the next due
      // jobs beyond those a plan from the planning thread brings).
      await this.replan();
      fresh = true;
      left = this.plan.queue.filter((j) => !this.done.has(jobKey(j)));
    }
    // The budget may have moved while the plan was being made.
    this.fits.clear();
    if (left.length === 0) return true;
    if (!left.some((j) => this.affordable(j))) {
      // Only the deep fill waiting for its pace is the normal course of a first sign-in.
      this.stop = left.every((j) => this.host.sliceOf(j) === 'deep') ? 'paced' : 'budget';
      return true;
    }
    // Something may start: every job not started is looked at again (as after a plan).
    if (!fresh) this.rewind();
    this.planned = this.done.size + this.dueLeft();
    return false;
  }

  /** Whether the last plan still holds: made less than REPLAN_MS ago, nothing due since, no new work announced. */
  private planHolds(): boolean {
    const due = this.plan.nextDueAt;
    return (
      this.sinceLastPlan() < REPLAN_MS &&
      !this.nearBookingsIn &&
      !this.host.replanAsked() &&
      (due === null || this.host.clock.now() < due)
    );
  }

  /** A job finishing, or the next look: a deep job can wait minutes for its pace while today's work comes due. */
  private async nextEvent(): Promise<void> {
    const look: { timer: Timer | null } = { timer: null };
    const lookDue = new Promise<void>((resolve) => (look.timer = this.host.clock.setTimeout(resolve, REPLAN_MS)));
    await Promise.race([...[...this.inFlight.values()].map((f) => f.run), lookDue]);
    look.timer?.cancel();
  }
}

interface QueueEntry {
  job: Job;
  key: string;
  deep: boolean;
}

/**
 * A plan's queue in its order, for picking the first job not yet settled
 * (started, done or priced out — once settled, an entry stays settled until
 * the next plan): one cursor over every entry, one over the entries outside
 * the deep fill (for when the deep fill holds its share of the slots).
 */
class QueueView {
  private readonly all: QueueEntry[];
  private readonly notDeep: QueueEntry[];
  private atAll = 0;
  private atNotDeep = 0;

  constructor(queue: readonly Job[], sliceOf: (job: Job) => Priority) {
    this.all = queue.map((job) => ({ job, key: jobKey(job), deep: sliceOf(job) === 'deep' }));
    this.notDeep = this.all.filter((e) => !e.deep);
  }

  /** The first entry not settled, in queue order; with `notDeep`, the first such outside the deep fill. */
  first(notDeep: boolean, settled: (key: string) => boolean): QueueEntry | null {
    if (notDeep) {
      while (this.atNotDeep < this.notDeep.length && settled(this.notDeep[this.atNotDeep]!.key)) this.atNotDeep++;
      return this.notDeep[this.atNotDeep] ?? null;
    }
    while (this.atAll < this.all.length && settled(this.all[this.atAll]!.key)) this.atAll++;
    return this.all[this.atAll] ?? null;
  }
}
