// The request budget governor: the ONE gate every API request passes (login,
// sync, outbox replay, reads the UI asks for). It keeps the number of
// requests made with the current token in the last hour below the server's
// limit, keeps a reserve that background refresh may not touch (so edits and
// on-screen reads are never starved), honours Retry-After and
// X-RateLimit-Remaining, and bounds how many requests are in flight.
//
// Counting is exact and conservative: a request counts from the moment it is
// admitted (in flight) and, once answered, is timestamped at its completion —
// never earlier than the server saw it — so our sliding window can only
// over-estimate the server's.
import { backoffDelay } from '../../shared/backoff';
import { EventEmitter } from 'node:events';
import type { BudgetInfo } from '../../shared/contract';
import { abortReason, systemClock, type Clock, type Timer } from './clock';
import { header, parseRetryAfter } from './errors';

export type Priority = 'user' | 'background';

export interface GovernorOptions {
  /** Requests per window per token (the spec: 5000 per hour). */
  limit?: number;
  windowMs?: number;
  /** Share of the limit background work may not use (0.2 = 20%). */
  reserve?: number;
  /** Requests never used by anyone, to absorb clock skew (default 1% of the limit, at least 1). */
  margin?: number;
  /** Requests in flight at once; background may use all but one. */
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

export interface GovernorSnapshot {
  limit: number;
  /** Requests counted in the current window (including in flight). */
  used: number;
  inFlight: number;
  /** Most requests background work may have counted at once. */
  backgroundCap: number;
  /** Most requests anyone may have counted at once. */
  userCap: number;
  /** When the server asked us to pause until (ms epoch), or null. */
  blockedUntil: number | null;
  /** When the oldest counted request leaves the window (more room then), or null. */
  nextFreeAt: number | null;
  waiting: { user: number; background: number };
  /** 429 answers received since start. */
  rateLimited: number;
  /** Requests admitted since start, per priority. */
  admitted: { user: number; background: number };
}

interface Waiter {
  priority: Priority;
  resolve: (p: Permit) => void;
  reject: (e: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** Completion timestamps of one token, oldest first. */
class SlidingWindow {
  private stamps: number[] = [];
  private head = 0;

  prune(cutoff: number): void {
    while (this.head < this.stamps.length && this.stamps[this.head]! <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
  }
  get size(): number {
    return this.stamps.length - this.head;
  }
  oldest(): number | undefined {
    return this.stamps[this.head];
  }
  /** Stamps strictly newer than cutoff (scans from the newest end). */
  countNewerThan(cutoff: number): number {
    let n = 0;
    for (let i = this.stamps.length - 1; i >= this.head && this.stamps[i]! > cutoff; i--) n++;
    return n;
  }
  /** Adds a stamp keeping order (completions can finish out of order by a few ms). */
  add(t: number, count = 1): void {
    for (let i = 0; i < count; i++) {
      let j = this.stamps.length;
      while (j > this.head && this.stamps[j - 1]! > t) j--;
      this.stamps.splice(j, 0, t);
    }
  }
}

export class BudgetGovernor extends EventEmitter {
  private limit: number;
  private readonly windowMs: number;
  private reserve: number;
  private readonly marginOption: number | undefined;
  private readonly maxInFlight: number;
  readonly clock: Clock;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;

  private windows = new Map<string, SlidingWindow>();
  private tokenKey = 'anonymous';
  private inFlight = 0;
  private blockedUntil = 0;
  private consecutive429 = 0;
  private rateLimited = 0;
  private admitted = { user: 0, background: 0 };
  private queue: Waiter[] = [];
  private timer: Timer | null = null;
  private timerAt = 0;

  constructor(options: GovernorOptions = {}) {
    super();
    this.limit = options.limit ?? 5000;
    this.windowMs = options.windowMs ?? 3_600_000;
    this.reserve = options.reserve ?? 0.2;
    this.marginOption = options.margin;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.clock = options.clock ?? systemClock;
    this.backoffBaseMs = options.backoffBaseMs ?? 1000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60_000;
  }

  private get margin(): number {
    return this.marginOption ?? Math.max(1, Math.ceil(this.limit * 0.01));
  }
  private cap(priority: Priority): number {
    const user = Math.max(1, this.limit - this.margin);
    return priority === 'user' ? user : Math.max(0, Math.floor(this.limit * (1 - this.reserve)) - this.margin);
  }
  private flightCap(priority: Priority): number {
    return priority === 'user' || this.maxInFlight === 1 ? this.maxInFlight : this.maxInFlight - 1;
  }
  private window(): SlidingWindow {
    let w = this.windows.get(this.tokenKey);
    if (!w) this.windows.set(this.tokenKey, (w = new SlidingWindow()));
    w.prune(this.clock.now() - this.windowMs);
    return w;
  }

  /**
   * The server counts per token: a new token starts a new window. `key` must
   * not be the token itself (it is kept in memory only as an opaque label).
   */
  setTokenKey(key: string | null): void {
    this.tokenKey = key ?? 'anonymous';
    this.pump();
  }

  /** Changes the limit (a provider-granted higher limit, or what the server's headers say). */
  setLimit(limit: number): void {
    if (Number.isFinite(limit) && limit > 0 && limit !== this.limit) {
      this.limit = limit;
      this.pump();
    }
  }

  /** Changes the share kept for user work (0..0.9). */
  setReserve(reserve: number): void {
    if (Number.isFinite(reserve) && reserve >= 0 && reserve <= 0.9) {
      this.reserve = reserve;
      this.pump();
    }
  }

  /** Requests of this priority that could start now without waiting for the window. */
  headroom(priority: Priority): number {
    if (this.clock.now() < this.blockedUntil) return 0;
    return Math.max(0, this.cap(priority) - this.window().size - this.inFlight);
  }

  /**
   * Requests this priority may still make within the next `horizonMs`,
   * counting the stamps that will have left the window by then.
   */
  budgetWithin(priority: Priority, horizonMs: number): number {
    const w = this.window();
    const stillCounted = w.countNewerThan(this.clock.now() + horizonMs - this.windowMs);
    return Math.max(0, this.cap(priority) - stillCounted - this.inFlight);
  }

  snapshot(): GovernorSnapshot {
    const w = this.window();
    const now = this.clock.now();
    return {
      limit: this.limit,
      used: w.size + this.inFlight,
      inFlight: this.inFlight,
      backgroundCap: this.cap('background'),
      userCap: this.cap('user'),
      blockedUntil: this.blockedUntil > now ? this.blockedUntil : null,
      nextFreeAt: w.oldest() === undefined ? null : w.oldest()! + this.windowMs,
      waiting: {
        user: this.queue.filter((q) => q.priority === 'user').length,
        background: this.queue.filter((q) => q.priority === 'background').length,
      },
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

  private admissible(priority: Priority, now: number, w: SlidingWindow): boolean {
    return (
      now >= this.blockedUntil &&
      this.inFlight < this.flightCap(priority) &&
      w.size + this.inFlight < this.cap(priority)
    );
  }

  /** Admits every waiter that may go, users before background, FIFO within; arms a timer for the rest. */
  private pump(): void {
    const now = this.clock.now();
    const w = this.window();
    for (const priority of ['user', 'background'] as const) {
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
    this.inFlight++;
    this.admitted[priority]++;
    let released = false;
    return {
      priority,
      release: (outcome) => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.record(outcome);
        this.pump();
      },
    };
  }

  private armTimer(now: number, w: SlidingWindow): void {
    if (this.queue.length === 0) {
      this.timer?.cancel();
      this.timer = null;
      return;
    }
    // Wake when the pause ends or the oldest stamp leaves the window; a
    // request finishing also pumps, so in-flight limits need no timer.
    let wake = Infinity;
    if (now < this.blockedUntil) wake = this.blockedUntil;
    else {
      const oldest = w.oldest();
      if (oldest !== undefined) wake = oldest + this.windowMs + 1;
    }
    if (!Number.isFinite(wake) || (this.timer && this.timerAt === wake)) return;
    this.timer?.cancel();
    this.timerAt = wake;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.pump();
    }, wake - now);
  }

  private record(outcome: Outcome): void {
    const now = this.clock.now();
    const w = this.window();
    if (outcome.sent) w.add(now);
    const headers = outcome.headers ?? {};
    const limitHeader = Number(header(headers, 'x-ratelimit-limit'));
    if (Number.isInteger(limitHeader) && limitHeader > 0) this.limit = limitHeader;
    const remaining = Number(header(headers, 'x-ratelimit-remaining') ?? NaN);
    if (Number.isInteger(remaining) && remaining >= 0) {
      // The server has counted more than we have (another client on the same
      // token, or a restart that lost our window): believe it.
      const serverUsed = this.limit - remaining;
      if (serverUsed > w.size) w.add(now, serverUsed - w.size);
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
    if (at > now) this.blockedUntil = Math.max(this.blockedUntil, Math.min(at, now + this.windowMs));
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

/** The request budget as the contract reports it (sync status, engine status). */
export function budgetInfo(g: BudgetGovernor): BudgetInfo {
  const s = g.snapshot();
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    limit: s.limit,
    used: s.used,
    remaining: Math.max(0, s.limit - s.used),
    reserve: s.limit - s.backgroundCap,
    nextFreeAt: iso(s.nextFreeAt),
    throttledUntil: iso(s.blockedUntil),
    rateLimited: s.rateLimited,
  };
}
