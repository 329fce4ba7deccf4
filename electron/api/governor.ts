// The request budget governor: the ONE gate every API request passes (login,
// sync, outbox replay, connectivity checks, reads the person asks for). It
// keeps the requests made with the current token in the last hour below the
// server's limit, shared out in the slices of the budget plan
// (budget-plan.ts: the person, connectivity, today's freshness, the deep fill
// paced over the hour), honours Retry-After and X-RateLimit-*, and bounds how
// many requests are in flight.
//
// Counting is exact and conservative: a request counts from the moment it is
// admitted (in flight) and, once answered, is timestamped at its completion —
// never earlier than the server saw it — so our sliding window can only
// over-estimate the server's.
// The window's arithmetic (who gets the room, and when) is budget-window.ts's;
// the snapshot's form in the contract budget-report.ts's.
import { backoffDelay } from '../../shared/backoff';
import { EventEmitter } from 'node:events';
import { BUDGET_POLICY, SLICES, slicesOf, type BudgetPolicy, type Slices } from './budget-plan';
import { abortReason, systemClock, type Clock, type Timer } from './clock';
import type { GovernorSnapshot, SliceUse } from './budget-report';
import { roomOf, SlidingWindow, whenRoom, zeroPerSlice, type TokenWindows } from './budget-window';
import { header, parseRetryAfter } from './errors';

/**
 * The slice a request is counted in (budget-plan.ts): `user` the person (edits,
 * on-screen reads, what they ask for now), `probe` a connectivity check,
 * `today` today's freshness, `deep` the deep fill.
 */
export type Priority = 'user' | 'probe' | 'today' | 'deep';

export interface GovernorOptions {
  /**
   * The most requests per window per token the person lets Stayboard make
   * (Settings.budgetPerHour; the spec's 5000 per hour). The server's own
   * limit (X-RateLimit-Limit), once it says one, caps it: the plan uses the
   * lower of the two.
   */
  limit?: number;
  /** The plan's numbers (default budget-plan.ts BUDGET_POLICY). */
  policy?: BudgetPolicy;
  /** The person's share (0..0.9; default the policy's userShare). */
  reserve?: number;
  /** Requests in flight at once; today's and deep work may use all but one, a probe one more. */
  maxInFlight?: number;
  clock?: Clock;
  /** Back-off after a 429 without Retry-After: base · 2^n, capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export interface Outcome {
  /** False when the request surely never reached the server (connection refused): it is not counted. */
  sent: boolean;
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
}

export interface Permit {
  readonly priority: Priority;
  /** Must be called exactly once when the request is over. */
  release(outcome: Outcome): void;
}

interface Waiter {
  priority: Priority;
  resolve: (p: Permit) => void;
  reject: (e: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class BudgetGovernor extends EventEmitter {
  /** The limit in force: the lower of the person's and the server's. */
  private limit: number;
  /** The person's (settings). */
  private chosenLimit: number;
  /** The server's, from its last X-RateLimit-Limit (null: not said yet). */
  private serverLimit: number | null = null;
  private readonly policy: BudgetPolicy;
  private readonly maxInFlight: number;
  readonly clock: Clock;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private userShare: number;
  private todayDemand: number | null = null;
  private slices_: Slices;

  private windows = new Map<string, TokenWindows>();
  private tokenKey = 'anonymous';
  private inFlight = zeroPerSlice();
  private blockedUntil = 0;
  private consecutive429 = 0;
  private rateLimited = 0;
  private admitted = zeroPerSlice();
  private queue: Waiter[] = [];
  private timer: Timer | null = null;
  private timerAt = 0;

  constructor(options: GovernorOptions = {}) {
    super();
    this.chosenLimit = options.limit ?? 5000;
    this.limit = this.chosenLimit;
    this.policy = options.policy ?? BUDGET_POLICY;
    this.userShare = options.reserve ?? this.policy.userShare;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.clock = options.clock ?? systemClock;
    this.backoffBaseMs = options.backoffBaseMs ?? 1000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60_000;
    this.slices_ = this.plan();
  }

  private plan(): Slices {
    return slicesOf(this.limit, this.todayDemand, { ...this.policy, userShare: this.userShare });
  }
  private replan(): void {
    this.slices_ = this.plan();
    this.pump();
  }

  /** The slices in force now (budget-plan.ts). */
  get slices(): Slices {
    return this.slices_;
  }

  private flightCap(priority: Priority): number {
    if (priority === 'probe') return this.maxInFlight + 1;
    if (priority === 'user' || this.maxInFlight === 1) return this.maxInFlight;
    return this.maxInFlight - 1;
  }
  private totalInFlight(): number {
    return SLICES.reduce((n, p) => n + this.inFlight[p], 0);
  }
  private windowsOf(): TokenWindows {
    let w = this.windows.get(this.tokenKey);
    if (!w) {
      const slice = {} as Record<Priority, SlidingWindow>;
      for (const p of SLICES) slice[p] = new SlidingWindow();
      this.windows.set(this.tokenKey, (w = { all: new SlidingWindow(), slice }));
    }
    const cutoff = this.clock.now() - this.policy.windowMs;
    w.all.prune(cutoff);
    for (const p of SLICES) w.slice[p].prune(cutoff);
    return w;
  }

  /** Requests of `p` counted now (answered in the window, and in flight). */
  private usedBy(w: TokenWindows, p: Priority): number {
    return w.slice[p].size + this.inFlight[p];
  }

  /**
   * How many more requests of `priority` the window has room for now (not
   * counting the pause or the in-flight bound): what each guaranteed slice
   * keeps of what is left (keptOf), plus what nobody keeps; the deep fill has
   * only the latter, and its pace.
   */
  private room(priority: Priority, w: TokenWindows): number {
    const used = zeroPerSlice();
    for (const p of SLICES) used[p] = this.usedBy(w, p);
    let room = roomOf(priority, this.slices_, used, w.all.size + this.totalInFlight(), this.policy);
    if (priority === 'deep') {
      const paced = w.slice.deep.countNewerThan(this.clock.now() - this.policy.deepPaceMs) + this.inFlight.deep;
      room = Math.min(room, this.slices_.deepPace - paced);
    }
    return Math.max(0, room);
  }

  /**
   * The server counts per token: a new token starts a new window. `key` must
   * not be the token itself (it is kept in memory only as an opaque label).
   */
  setTokenKey(key: string | null): void {
    this.tokenKey = key ?? 'anonymous';
    this.pump();
  }

  /**
   * Changes the person's limit (a provider-granted higher limit, or a lower one
   * when other tools share the login): the plan follows, never above the
   * server's own limit once it has said it.
   */
  setLimit(limit: number): void {
    if (Number.isFinite(limit) && limit > 0 && limit !== this.chosenLimit) {
      this.chosenLimit = limit;
      if (this.followLimits()) this.pump();
    }
  }

  /** The limit in force is the lower of the person's and the server's: the slices follow a change (true). */
  private followLimits(): boolean {
    const limit = Math.min(this.chosenLimit, this.serverLimit ?? Infinity);
    if (limit === this.limit) return false;
    this.limit = limit;
    this.slices_ = this.plan();
    return true;
  }

  /** Changes the person's share (0..0.9). */
  setReserve(reserve: number): void {
    if (Number.isFinite(reserve) && reserve >= 0 && reserve <= 0.9 && reserve !== this.userShare) {
      this.userShare = reserve;
      this.replan();
    }
  }

  /** The planner's estimate of today's refreshes an hour: today's slice follows it. */
  setTodayDemand(perHour: number): void {
    if (Number.isFinite(perHour) && perHour >= 0 && perHour !== this.todayDemand) {
      this.todayDemand = perHour;
      this.replan();
    }
  }

  /** Requests waiting in slice `from` are counted in `to` instead (the person asked for them: "Sync now"). */
  promote(from: Priority, to: Priority): void {
    for (const q of this.queue) if (q.priority === from) q.priority = to;
    this.pump();
  }

  /** Requests of this slice that could start now without waiting for the window. */
  headroom(priority: Priority): number {
    if (this.clock.now() < this.blockedUntil) return 0;
    return this.room(priority, this.windowsOf());
  }

  /**
   * When a request of this slice could start (ms epoch): now when it has room,
   * else when enough counted requests have left the window (and the pace
   * window, for the deep fill) or the server's pause ends. Null: not within
   * the window (the slice has no share at all). In-flight requests are taken
   * as counted at their start.
   */
  roomAt(priority: Priority): number | null {
    const now = this.clock.now();
    const w = this.windowsOf();
    const earliest = Math.max(now, this.blockedUntil);
    if (this.room(priority, w) > 0) return earliest;
    const used = zeroPerSlice();
    for (const p of SLICES) used[p] = this.usedBy(w, p);
    const paced =
      priority === 'deep' ? w.slice.deep.countNewerThan(now - this.policy.deepPaceMs) + this.inFlight.deep : 0;
    const counted = { all: w.all.size + this.totalInFlight(), used, paced };
    return whenRoom(priority, w, counted, this.slices_, this.policy, now, earliest);
  }

  snapshot(): GovernorSnapshot {
    const w = this.windowsOf();
    const now = this.clock.now();
    const slices = {} as Record<Priority, SliceUse>;
    for (const p of SLICES) slices[p] = { cap: this.slices_[p], used: this.usedBy(w, p) };
    const waiting = zeroPerSlice();
    for (const q of this.queue) waiting[q.priority]++;
    return {
      limit: this.limit,
      serverLimit: this.serverLimit,
      used: w.all.size + this.totalInFlight(),
      inFlight: this.totalInFlight(),
      slices,
      deepPace: {
        cap: this.slices_.deepPace,
        used: w.slice.deep.countNewerThan(now - this.policy.deepPaceMs) + this.inFlight.deep,
        windowMs: this.policy.deepPaceMs,
      },
      blockedUntil: this.blockedUntil > now ? this.blockedUntil : null,
      nextFreeAt: w.all.oldest() === undefined ? null : w.all.oldest()! + this.policy.windowMs,
      waiting,
      rateLimited: this.rateLimited,
      admitted: { ...this.admitted },
    };
  }

  /** Waits until a request of this priority may start. Reject only on abort. */
  acquire(priority: Priority, signal?: AbortSignal): Promise<Permit> {
    return new Promise<Permit>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const waiter: Waiter = { priority, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(abortReason(signal));
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      this.pump();
    });
  }

  private admissible(priority: Priority, now: number, w: TokenWindows): boolean {
    return now >= this.blockedUntil && this.totalInFlight() < this.flightCap(priority) && this.room(priority, w) > 0;
  }

  /** Admits every waiter that may go — the person, connectivity, today, then the deep fill; FIFO within — and arms a timer for the rest. */
  private pump(): void {
    const now = this.clock.now();
    const w = this.windowsOf();
    for (const priority of SLICES) {
      for (let i = 0; i < this.queue.length;) {
        const waiter = this.queue[i]!;
        if (waiter.priority !== priority) {
          i++;
          continue;
        }
        if (!this.admissible(priority, now, w)) break;
        this.queue.splice(i, 1);
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.admit(priority));
      }
    }
    this.armTimer(now, w);
  }

  private admit(priority: Priority): Permit {
    this.inFlight[priority]++;
    this.admitted[priority]++;
    let released = false;
    return {
      priority,
      release: (outcome) => {
        if (released) return;
        released = true;
        this.inFlight[priority]--;
        this.record(priority, outcome);
        this.pump();
      },
    };
  }

  private armTimer(now: number, w: TokenWindows): void {
    if (this.queue.length === 0) {
      this.timer?.cancel();
      this.timer = null;
      return;
    }
    // Wake when the pause ends, the oldest stamp leaves the window, or (deep
    // waiting) the oldest stamp of the pace window leaves it; a request
    // finishing also pumps, so in-flight limits need no timer.
    let wake = Infinity;
    if (now < this.blockedUntil) wake = this.blockedUntil;
    else {
      const oldest = w.all.oldest();
      if (oldest !== undefined) wake = oldest + this.policy.windowMs + 1;
      if (this.queue.some((q) => q.priority === 'deep')) {
        const paced = w.slice.deep.oldestNewerThan(now - this.policy.deepPaceMs);
        if (paced !== undefined) wake = Math.min(wake, paced + this.policy.deepPaceMs + 1);
      }
    }
    if (!Number.isFinite(wake) || (this.timer && this.timerAt === wake)) return;
    this.timer?.cancel();
    this.timerAt = wake;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.pump();
    }, wake - now);
  }

  private record(priority: Priority, outcome: Outcome): void {
    const now = this.clock.now();
    const w = this.windowsOf();
    if (outcome.sent) {
      w.all.add(now);
      w.slice[priority].add(now);
    }
    const headers = outcome.headers ?? {};
    const limitHeader = Number(header(headers, 'x-ratelimit-limit'));
    if (Number.isInteger(limitHeader) && limitHeader > 0 && limitHeader !== this.serverLimit) {
      this.serverLimit = limitHeader;
      this.followLimits(); // the release that recorded this pumps
    }
    const remaining = Number(header(headers, 'x-ratelimit-remaining') ?? NaN);
    if (Number.isInteger(remaining) && remaining >= 0) {
      // The server has counted more than we have (another client on the same
      // token, or a restart that lost our window): believe it. Those requests
      // are in no slice: they shrink the deep fill's room first.
      const serverUsed = (this.serverLimit ?? this.limit) - remaining;
      if (serverUsed > w.all.size) w.all.add(now, serverUsed - w.all.size);
      if (remaining === 0 && outcome.status !== 429) this.pauseUntilReset(headers, now);
    }
    if (outcome.status === 429) {
      this.rateLimited++;
      this.consecutive429++;
      const asked = parseRetryAfter(header(headers, 'retry-after'), now);
      const backoff = backoffDelay(this.consecutive429 - 1, {
        baseMs: this.backoffBaseMs,
        maxMs: this.backoffMaxMs,
        jitter: 0, // the server's own limit: every client waits the same, it is one token's window
      });
      this.blockedUntil = Math.max(this.blockedUntil, now + (asked ?? backoff));
      this.emit('rate-limited', { retryAfterMs: asked ?? backoff, count: this.rateLimited });
    } else if (outcome.status === 503) {
      const asked = parseRetryAfter(header(headers, 'retry-after'), now);
      if (asked !== undefined) this.blockedUntil = Math.max(this.blockedUntil, now + asked);
    } else if (outcome.status !== undefined && outcome.status < 400) {
      this.consecutive429 = 0;
    }
  }

  private pauseUntilReset(headers: Record<string, string | string[] | undefined>, now: number): void {
    const reset = Number(header(headers, 'x-ratelimit-reset') ?? NaN);
    if (!Number.isFinite(reset) || reset <= 0) return;
    // Epoch seconds or seconds from now; both forms are in use.
    const at = reset > 1e9 ? reset * 1000 : now + reset * 1000;
    if (at > now) this.blockedUntil = Math.max(this.blockedUntil, Math.min(at, now + this.policy.windowMs));
  }

  /** Rejects every waiter (engine shutdown). */
  close(): void {
    this.timer?.cancel();
    this.timer = null;
    const waiting = this.queue;
    this.queue = [];
    for (const w of waiting) w.reject(new Error('the request budget governor was closed'));
  }
}
