// The planner: decides what to fetch next by staleness × importance. Each
// candidate job scores weight(tier) × age / maxAge (never fetched: ×1000);
// due jobs run highest score first, so what is on screen and today + 48 h
// come before the rest of the year, and far data that keeps losing to near
// data still ages into the queue. It also says how many requests an hour
// keeping today fresh and everything fresh would take (today's slice of the
// budget follows the first), whether today is complete and fresh, how far
// the next 14 days are, and what the deep fill still has to fetch.
import type { Freshness, Interest } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { longestStay } from '../cache/queries/common';
import { versionKey } from '../cache/versions';
import type { SyncStateRow } from '../cache/state';
import { describeJob, identify, jobKey, type Job, type Windows } from './jobs';
import type { Policy } from './policy';
import {
  bookingFetchStates,
  farBookingJobs,
  farBookingSummary,
  fortnightGuests,
  listingJobs,
  nearBookingJobs,
  nearBookings,
  readOwners,
  screenJobs,
  serverBookingNumbers,
  windowsFor,
  type Candidate,
  type Capabilities,
  type Owners,
} from './sources';

const HOUR = 3_600_000;
const NEVER = 1000;
/**
 * The guests and messages of a far booking arriving in the next 14 days rank
 * just above the far lists never fetched (the deep fill's order: the person's
 * next days before the rest of the year); everything else far ranks as just due.
 */
const FORTNIGHT = NEVER + 1;
/** Far per-booking jobs considered per planning round (oldest first). */
const FAR_BOOKING_BATCH = 400;
/**
 * The far-booking queries scan every booking of the window (35k at 1,000
 * listings: ≈ 0.2 s of the main thread, during which no screen is answered):
 * their answers are reused this long (clock time), the candidates re-checked
 * against the jobs done since, and dropped at once when bookings change. Far
 * bookings are due weekly (maxAge.farBooking), so ten minutes costs nothing in
 * freshness; at one minute the queries stalled the main process once a minute.
 */
const FAR_REUSE_MS = 10 * 60_000;

interface FarCache {
  at: number;
  key: string;
  candidates: Candidate[];
  /** Jobs of `candidates` fetched since (told by the service: no SQL to re-check). */
  done: Set<string>;
  summaryAt: number;
  count: number;
  summary: Record<'guests' | 'threads', { never: number; oldest: number | null }>;
}

export interface PlanInput {
  now: number;
  today: string;
  interest: Interest | null;
  caps: Capabilities;
  /** Set during a full pass: every job not fetched since then is due. */
  passStart: number | null;
  /** Requests per hour today's refreshes and the deep fill may use together (their slices of the budget). */
  capacityPerHour: number;
  /**
   * "Sync now" was pressed at this time: today's lists and what is on screen,
   * if fetched before it, are due now (the rest keeps its own maximum age).
   */
  todayFrom?: number | null;
  /** Background sync switched off: only what is on screen is refreshed. */
  onlyOnScreen?: boolean;
  /**
   * Leave out the far per-booking picture (guests and threads of every booking
   * of the year: ≈ 0.2 s of SQL at 1,000 listings). For a status asked before
   * the first pass has planned: it must not hold up the first screens.
   */
  withoutFar?: boolean;
}

export interface Plan {
  /** Due jobs, best first (a plan made on the planning thread brings only the best of them: plan-thread.ts). */
  queue: Job[];
  /** How many jobs are due (the queue's length when it holds all of them). */
  due: number;
  /** When the next not-yet-due job becomes due (null: nothing known). */
  nextDueAt: number | null;
  /** Requests an hour keeping everything within its maximum age would take. */
  demandPerHour: number;
  /** The part of it for today ± 48 h and the listings and reference data: today's slice of the budget. */
  todayDemandPerHour: number;
  /** Keeping everything fresh needs more than capacityPerHour (null: it fits). */
  short: { demandPerHour: number; capacityPerHour: number } | null;
  /** Today ± 48 h: every part received at least once, none overdue; when the oldest list came; how many are overdue. */
  today: { complete: boolean; fresh: boolean; listsAt: number | null; overdue: number };
  /** The next 14 days: its lists and the guests of the bookings arriving, received of all. */
  fortnight: { done: number; total: number };
  /** Requests the deep fill still needs for what was never received (null: not counted in a partial plan). */
  deepLeft: number | null;
  /** Requests an hour refreshing what the deep fill already holds costs (it slows the fill). */
  farRefreshPerHour: number;
  freshness: Freshness[];
  windows: Windows;
  /** Planned `withoutFar`: no far-booking jobs, freshness rows or demand. */
  partial: boolean;
}

type StateRow = Omit<SyncStateRow, 'records'>;

/** A candidate's identity: its fetch state's key parts and their joined key. */
interface Identified {
  id: ReturnType<typeof identify>;
  key: string;
}

/** The non-booking fetch states of some windows (a JSON array of `win` values): one seek of sync_state_win each. */
export const WINDOW_STATES = `SELECT * FROM sync_state WHERE scope NOT LIKE 'booking:%' AND win IN (SELECT value FROM json_each(?))`;

/** The jobs made of every listing and rate, kept between plans (Planner.listingBase). */
interface ListingBase {
  key: string;
  owners: Owners;
  /** Null in the per-listing mode (made at each plan). */
  jobs: readonly Candidate[] | null;
  known: ReadonlyMap<Candidate, Identified>;
}

const identified = (c: Candidate): Identified => {
  const id = identify(c.spec);
  return { id, key: jobKey(id) };
};

/** What plans for the sync service: a Planner on this thread, or one on a thread of its own (plan-thread.ts). */
export interface PlanSource {
  plan(input: PlanInput): Plan | Promise<Plan>;
  /** A job finished (fetched or failed). */
  jobDone(key: string): void;
  /** Bookings were added, changed or removed by sync. */
  invalidateBookings(): void;
  /** Lets go of what it holds (a thread). */
  close?(): Promise<void>;
}

export class Planner implements PlanSource {
  private far: FarCache | null = null;
  private base: ListingBase | null = null;

  constructor(
    private readonly db: ReadableDB,
    private readonly policy: Policy,
  ) {}

  /**
   * The listings and rates, and in the global mode the jobs made of them with their identities:
   * kept until a listing or rate changes (their change counters, migrations 6 and 19), today moves
   * or the server's capabilities change — about 15,000 candidates and 19 ms of reads a plan at
   * 5,000 listings. In the per-listing mode the near lists depend on bookings: made at each plan.
   */
  private listingBase(w: Windows, caps: Capabilities): ListingBase {
    const fresh = (key: string): ListingBase => {
      const owners = readOwners(this.db);
      const jobs = caps.globalLists ? listingJobs(this.db, w, this.policy, caps, owners) : null;
      return { key, owners, jobs, known: new Map((jobs ?? []).map((c) => [c, identified(c)])) };
    };
    // Inside a transaction a rollback could set a counter back under a kept value (cache/versions.ts).
    if (this.db.inTransaction) return fresh('');
    const key = `${versionKey(this.db, ['listings', 'rates'])}|${w.today}|${caps.globalLists}|${caps.globalRates}`;
    if (this.base?.key !== key) this.base = fresh(key);
    return this.base;
  }

  /** Bookings were added, changed or removed: the far-booking picture must be read again. */
  invalidateBookings(): void {
    this.far = null;
  }

  /** A job finished (successfully or not): it is no longer a far candidate of the cached batch. */
  jobDone(key: string): void {
    this.far?.done.add(key);
  }

  /**
   * The far per-booking picture. Candidates: fresh SQL when the cached batch is
   * used up or FAR_REUSE_MS old, else the cached batch re-checked against
   * sync_state. Count and oldest fetch (status only): at most once per FAR_REUSE_MS.
   */
  private farBookings(w: Windows, now: number, olderThan: number, passStart: number | null, stay: number): FarCache {
    // A failed fetch is due again after the failure back-off (as `consider` rules for every other job), and
    // never twice in one pass.
    const retry = now - Math.min(this.policy.maxAge.farBooking, this.policy.failureBackoffMs);
    const failedBefore = passStart === null ? retry : Math.min(passStart, retry);
    const key = `${w.today}|${passStart ?? ''}`;
    const cached = this.far;
    const recent = cached !== null && cached.key === key && now >= cached.at && now - cached.at < FAR_REUSE_MS;
    if (recent) {
      const fetched = this.fetchedSince(cached.candidates, olderThan);
      const candidates = cached.candidates.filter((c) => {
        const k = jobKey(identify(c.spec));
        return !cached.done.has(k) && !fetched.has(k);
      });
      if (candidates.length > 0 || cached.candidates.length < FAR_BOOKING_BATCH) return { ...cached, candidates };
    }
    const p = this.policy;
    const candidates = [
      ...farBookingJobs(this.db, w, p, 'bundle', olderThan, FAR_BOOKING_BATCH, failedBefore),
      ...farBookingJobs(this.db, w, p, 'threads', olderThan, FAR_BOOKING_BATCH, failedBefore),
    ];
    const keepSummary = recent && cached !== null && now - cached.summaryAt < FAR_REUSE_MS;
    const summary = keepSummary ? { count: cached.count, ...cached.summary } : farBookingSummary(this.db, w, stay);
    this.far = {
      at: now,
      key,
      candidates,
      done: new Set(),
      summaryAt: keepSummary ? cached.summaryAt : now,
      count: summary.count,
      summary: { guests: summary.guests, threads: summary.threads },
    };
    return this.far;
  }

  /** Which of `candidates` were fetched at or after `since` (by any path): one indexed look-up per candidate. */
  private fetchedSince(candidates: readonly Candidate[], since: number): Set<string> {
    if (candidates.length === 0) return new Set();
    const ids = candidates.map((c) => identify(c.spec));
    const resources = [...new Set(ids.map((i) => i.resource))];
    const scopes = [...new Set(ids.map((i) => i.scope))];
    return new Set(
      this.db
        .all<StateRow>(
          `SELECT * FROM sync_state WHERE resource IN (SELECT value FROM json_each(?))
           AND scope IN (SELECT value FROM json_each(?)) AND fetched_at >= ?`,
          [JSON.stringify(resources), JSON.stringify(scopes), since],
        )
        .map(jobKey),
    );
  }

  plan(input: PlanInput): Plan {
    const p = this.policy;
    const w = windowsFor(input.today, p);
    const base = this.listingBase(w, input.caps);
    const candidates: Candidate[] = [...(base.jobs ?? listingJobs(this.db, w, p, input.caps, base.owners))];
    const { listings, rates } = base.owners;
    if (input.interest) candidates.push(...screenJobs(this.db, listings, rates, w, p, input.caps, input.interest));
    const stay = longestStay(this.db);
    const near = nearBookings(this.db, w, stay);
    candidates.push(...nearBookingJobs(near, p));
    // Each candidate's identity, made once (thousands of candidates, each asked for several times below).
    const local = new Map<Candidate, Identified>();
    for (const c of candidates) if (!base.known.has(c)) local.set(c, identified(c));
    const idOf = (c: Candidate): Identified => base.known.get(c) ?? local.get(c)!;

    // The states of these jobs' windows only: a date window's name moves with today, so earlier days'
    // rows pile up (a year of them is kept); sync_state_win (migration 18) finds each window's rows.
    const wins = new Set(candidates.map((c) => idOf(c).id.win));
    const states = new Map<string, StateRow>();
    for (const s of this.db.all<StateRow>(WINDOW_STATES, [JSON.stringify([...wins])])) states.set(jobKey(s), s);
    // A booking's fetch state is its guests' and its threads' (jobs.ts identify). The near bookings' are in
    // booking_freshness beside them; a booking on screen may not be cached: found by sync_state's key.
    for (const s of bookingFetchStates(this.db, near)) states.set(jobKey(s), s);
    const nearSet = new Set(near);
    const screenScopes = serverBookingNumbers(this.db, input.interest?.bookingNumbers ?? [])
      .filter((n) => !nearSet.has(n))
      .map((n) => `booking:${n}`);
    if (screenScopes.length) {
      for (const s of this.db.all<StateRow>(
        `SELECT * FROM sync_state WHERE resource IN ('guests', 'threads') AND scope IN (SELECT value FROM json_each(?))`,
        [JSON.stringify(screenScopes)],
      ))
        states.set(jobKey(s), s);
    }
    // Far bookings: the SQL already picked the due ones, oldest first.
    const olderThan = input.passStart ?? input.now - p.maxAge.farBooking;
    const farPicture = input.withoutFar ? null : this.farBookings(w, input.now, olderThan, input.passStart, stay);
    const far = farPicture?.candidates ?? [];

    const best = new Map<string, Job>();
    let nextDueAt: number | null = null;
    const consider = (c: Candidate, { id, key }: Identified, state: StateRow | undefined, preselected: boolean) => {
      const fetched = state?.fetched_at ?? null;
      const age = fetched === null ? Infinity : input.now - fetched;
      // A preselected far booking comes without its state: the SQL only says it is due. It ranks as
      // just due — as "never fetched" (×1000) it went before overdue near work, which then found
      // the hour's room already spent on far work.
      const ratio = preselected ? (c.fortnight ? FORTNIGHT : 1) : fetched === null ? NEVER : age / c.maxAge;
      let dueAt = fetched === null ? input.now : fetched + c.maxAge;
      if (input.passStart !== null) dueAt = fetched === null || fetched < input.passStart ? input.now : Infinity;
      else if (input.todayFrom != null && pressed(c) && (fetched === null || fetched < input.todayFrom))
        dueAt = input.now;
      if (state?.error && state.attempted_at !== null && state.attempted_at >= (fetched ?? 0)) {
        dueAt = Math.max(dueAt, state.attempted_at + Math.min(c.maxAge, p.failureBackoffMs));
      }
      if (!preselected && dueAt > input.now) {
        if (Number.isFinite(dueAt) && (nextDueAt === null || dueAt < nextDueAt)) nextDueAt = dueAt;
        return;
      }
      const score = p.weight[c.tier] * Math.max(ratio, input.passStart !== null ? 1 : 0);
      const prev = best.get(key);
      if (!prev || score > prev.score) best.set(key, { ...c, ...id, score });
    };
    for (const c of candidates) {
      if (input.onlyOnScreen && c.tier !== 'onScreen') continue;
      const k = idOf(c);
      consider(c, k, states.get(k.key), false);
    }
    if (!input.onlyOnScreen) for (const c of far) consider(c, identified(c), undefined, true);

    const queue = [...best.values()].sort((a, b) => b.score - a.score);
    const farCount = farPicture?.count ?? 0;
    const perHour = (cs: readonly Candidate[]) => cs.reduce((n, c) => n + (c.cost * HOUR) / c.maxAge, 0);
    const demandPerHour = Math.round(
      perHour(candidates.filter((c) => c.tier !== 'onScreen')) + (farCount * 2 * HOUR) / p.maxAge.farBooking,
    );
    const todayDemandPerHour = Math.round(
      perHour(candidates.filter((c) => c.tier === 'near' || c.tier === 'reference')),
    );
    const fetchedOf = (c: Candidate) => states.get(idOf(c).key)?.fetched_at ?? null;
    const farLists = candidates.filter((c) => c.tier === 'far');
    let deepLeft: number | null = null;
    if (farPicture) {
      const s = farPicture.summary;
      // Never-fetched far bookings counted at the last summary, less the far jobs done since.
      const bookingsLeft = Math.max(0, s.guests.never + s.threads.never - farPicture.done.size);
      deepLeft = bookingsLeft + farLists.filter((c) => fetchedOf(c) === null).reduce((n, c) => n + c.cost, 0);
    }
    return {
      queue,
      due: queue.length,
      nextDueAt,
      demandPerHour,
      todayDemandPerHour,
      short: demandPerHour > input.capacityPerHour ? { demandPerHour, capacityPerHour: input.capacityPerHour } : null,
      today: todaySummary(candidates, (c) => fetchedOf(c), input.now),
      fortnight: fortnightOf(candidates, fetchedOf, w.today, fortnightGuests(this.db, w)),
      deepLeft,
      farRefreshPerHour: Math.round(perHour(farLists.filter((c) => fetchedOf(c) !== null))),
      freshness: this.freshness(candidates, idOf, states, w, input.now, farPicture?.summary ?? null),
      windows: w,
      partial: farPicture === null,
    };
  }

  /** Per resource: the oldest complete fetch of today's data and of everything, and whether it is overdue. */
  private freshness(
    candidates: readonly Candidate[],
    idOf: (c: Candidate) => Identified,
    states: Map<string, StateRow>,
    w: Windows,
    now: number,
    farSummary: FarCache['summary'] | null,
  ): Freshness[] {
    // The oldest fetch kept as a number (null: one was never fetched), made a date once per group.
    const groups = new Map<string, Omit<Freshness, 'fetchedAt'> & { oldest: number | null }>();
    for (const c of candidates) {
      if (c.tier === 'onScreen') continue;
      const { id, key } = idOf(c);
      const near = c.tier === 'near';
      const scope = near ? 'today ±48 h' : 'all';
      const gk = `${id.resource}|${scope}`;
      const fetched = states.get(key)?.fetched_at ?? null;
      const stale = fetched === null || now - fetched > c.maxAge;
      const g = groups.get(gk);
      if (!g) {
        const [from, to] = id.win ? id.win.split('..') : [null, null];
        const dated = near || c.spec.kind === 'window';
        groups.set(gk, {
          resource: id.resource,
          scope,
          from: dated ? (from ?? null) : null,
          to: dated ? (to ?? null) : null,
          oldest: fetched,
          stale,
        });
      } else {
        if (g.oldest !== null && (fetched === null || fetched < g.oldest)) g.oldest = fetched;
        g.stale ||= stale;
      }
    }
    const out: Freshness[] = [...groups.values()].map(({ oldest, ...f }) => ({
      ...f,
      fetchedAt: oldest === null ? null : new Date(oldest).toISOString(),
    }));
    // Near bookings' customer/guest and thread freshness is part of "today ±48 h" above;
    // far bookings are summarised by SQL.
    for (const resource of farSummary ? (['guests', 'threads'] as const) : []) {
      const oldest = farSummary![resource].oldest;
      out.push({
        resource,
        scope: 'all bookings',
        from: w.full.from,
        to: w.full.to,
        fetchedAt: oldest === null ? null : new Date(oldest).toISOString(),
        stale: oldest === null || now - oldest > this.policy.maxAge.farBooking,
      });
    }
    return out;
  }
}

/** Near jobs "Sync now" makes due at once: today's lists and what is on screen (not every person of today). */
const pressed = (c: Candidate) => c.tier === 'onScreen' || (c.tier === 'near' && c.spec.kind === 'window');

/** Today ± 48 h from its near jobs: all received once, none overdue, the oldest list's fetch, how many overdue. */
function todaySummary(
  candidates: readonly Candidate[],
  fetchedOf: (c: Candidate) => number | null,
  now: number,
): Plan['today'] {
  let complete = true;
  let overdue = 0;
  let listsAt: number | null = null;
  let listNever = false;
  for (const c of candidates) {
    if (c.tier !== 'near') continue;
    const fetched = fetchedOf(c);
    if (fetched === null) complete = false;
    if (fetched === null || now - fetched > c.maxAge) overdue++;
    if (c.spec.kind === 'window') {
      if (fetched === null) listNever = true;
      else if (listsAt === null || fetched < listsAt) listsAt = fetched;
    }
  }
  return { complete, fresh: complete && overdue === 0, listsAt: listNever ? null : listsAt, overdue };
}

/** The next 14 days: the far lists (they cover it) and the guests of the bookings arriving in it. */
function fortnightOf(
  candidates: readonly Candidate[],
  fetchedOf: (c: Candidate) => number | null,
  today: string,
  guests: { done: number; total: number },
): Plan['fortnight'] {
  const lists = candidates.filter((c) => c.tier === 'far' && c.spec.kind === 'window' && c.spec.to >= today);
  const listsDone = lists.filter((c) => fetchedOf(c) !== null).length;
  return { done: guests.done + listsDone, total: guests.total + lists.length };
}

export { describeJob };
