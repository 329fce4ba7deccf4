// One connectivity truth. Every request outcome — sync reads, outbox replay,
// logins, reachability probes — is reported here by the API client (the one
// place every request passes), and this object alone decides what the app
// says about the server: online, unreachable since T, failing since T (5xx),
// session expired, or rate-limited until T. Header and Sync page both read it.
import { EventEmitter } from 'node:events';
import type { Clock } from './clock';

export type ConnectivityKind = 'unknown' | 'online' | 'unreachable' | 'failing' | 'sessionExpired' | 'rateLimited';

/** What one request taught us about the server. */
export type RequestOutcome =
  /** The server answered (anything but a 5xx or a 429): it is reachable and working. */
  | { kind: 'answered' }
  /** Nothing came back: connection refused or reset, DNS, timeout. */
  | { kind: 'network' }
  /** A 5xx answer: reachable but failing. */
  | { kind: 'server' }
  /** A 429: no request may go before `until` (ms epoch). */
  | { kind: 'rateLimited'; until: number }
  /** The stored sign-in was refused after a re-login. */
  | { kind: 'sessionExpired' };

export interface ConnectivitySnapshot {
  kind: ConnectivityKind;
  /** When this kind began (ms epoch), null while unknown. */
  since: number | null;
  /** rateLimited: when requests may go again. */
  until: number | null;
  /** The last time the server answered at all (any answer but a 5xx). */
  lastAnswerAt: number | null;
  /** The last time any outcome was reported (the probe stays quiet while requests flow). */
  lastReportAt: number | null;
}

export interface ConnectivityTrackerOptions {
  clock: Clock;
  /**
   * 5xx answers in a row before the server counts as failing. One refused
   * write among working reads is that change's problem (the stall watchdog
   * names it), not the server's; reads retry three times, so a server that is
   * really down gets there within seconds.
   */
  serverFailuresToFail?: number;
}

/** Events: 'change' (ConnectivitySnapshot, previous ConnectivitySnapshot). */
export class ConnectivityTracker extends EventEmitter {
  private readonly clock: Clock;
  private readonly serverFailuresToFail: number;
  private state: ConnectivitySnapshot = {
    kind: 'unknown',
    since: null,
    until: null,
    lastAnswerAt: null,
    lastReportAt: null,
  };
  private serverStreak = 0;
  private serverStreakSince = 0;

  constructor(options: ConnectivityTrackerOptions) {
    super();
    this.clock = options.clock;
    this.serverFailuresToFail = Math.max(1, options.serverFailuresToFail ?? 3);
  }

  get kind(): ConnectivityKind {
    return this.state.kind;
  }

  snapshot(): ConnectivitySnapshot {
    return { ...this.state };
  }

  report(outcome: RequestOutcome): void {
    const now = this.clock.now();
    this.state = { ...this.state, lastReportAt: now };
    if (outcome.kind !== 'server') this.serverStreak = 0;
    switch (outcome.kind) {
      case 'answered':
        this.state.lastAnswerAt = now;
        this.move('online', now, null);
        return;
      case 'network':
        this.move('unreachable', now, null);
        return;
      case 'server':
        if (this.serverStreak++ === 0) this.serverStreakSince = now;
        if (this.serverStreak >= this.serverFailuresToFail) this.move('failing', this.serverStreakSince, null);
        return;
      case 'rateLimited':
        this.state.lastAnswerAt = now;
        this.move('rateLimited', now, outcome.until);
        return;
      case 'sessionExpired':
        this.state.lastAnswerAt = now;
        this.move('sessionExpired', now, null);
        return;
    }
  }

  /** Nobody signed in any more: nothing is known until the next request. */
  reset(): void {
    this.serverStreak = 0;
    this.move('unknown', null, null);
  }

  /** Same kind: `since` stays (unreachable since the FIRST failure); `until` follows the newest answer. */
  private move(kind: ConnectivityKind, since: number | null, until: number | null): void {
    const previous = { ...this.state };
    if (previous.kind === kind) {
      if (previous.until === until) return;
      this.state = { ...this.state, until };
    } else this.state = { ...this.state, kind, since, until };
    this.emit('change', this.snapshot(), previous);
  }
}
