// Foreground writes: a write the person waits for, sent now in one request and
// never queued — for what must not wait in the outbox because it carries a
// secret that lives in memory only (an intranet user's password:
// admin-writes.ts; a new booking's card data: booking-card.ts). One attempt at
// the user's priority with a deadline; offline (or while the server pauses or
// refuses us) it answers `unreachable` (or what the write says) at once. An
// answer lost on the way (timeout, reset after sending, 5xx, a garbled 2xx) is
// never resent blindly: the write's `find` reads the server back; found means
// done. Not found proves nothing until the server had time to finish the
// request whose answer was lost (the outbox's settle time, Backoff.settleMs):
// the read-back is asked at once (found is the common case, and said at once)
// and, when it finds nothing, asked again once that time has passed — only
// then is the write "not done" (and the person may send it again). When the
// read-back fails the outcome is `unknown` (said as such, never as "not
// done"), and its key is remembered (in memory: what the write is about, never
// its values) so the next attempt reads back first. A write that cannot be
// read back (a password) is `unknown` after a lost answer: the person decides
// to send it again.
import { CommandError } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { sleep, systemClock, type Clock } from '../api/clock';
import { commandErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import { DEFAULT_BACKOFF } from '../outbox/outcome';

/** How long the person waits for a foreground write before Stayboard reads back what happened. */
export const FOREGROUND_TIMEOUT_MS = 15_000;

/** The request options of a foreground request: the person's priority, one attempt, a deadline. */
export const FOREGROUND_CALL = { priority: 'user', once: true, timeoutMs: FOREGROUND_TIMEOUT_MS } as const;

export interface ForegroundWrite<T> {
  /**
   * What the write is about (e.g. `admins.create:marta`): remembered while its outcome is unknown.
   * Absent: nothing is remembered, each attempt stands alone (card data is entered again).
   */
  key?: string;
  /** Sends it (one request; throws ApiError, or CommandError for what it found before sending). */
  send: (client: ApiClient) => Promise<void>;
  /** Reads the server back: its record when the write took effect, else null. Absent: cannot be told. */
  find?: (client: ApiClient) => Promise<T | null>;
  /** What the person is told offline (default: `unreachable`, "<what> needs the server…"). */
  offline?: () => CommandError;
  /**
   * A lost answer whose read-back finds nothing: the write was not done. By default that is refused
   * (`server_error`); `'answer'` answers `{ outcome: 'absent' }` (the caller asks the person again).
   */
  absent?: 'refuse' | 'answer';
}

/**
 * `done`: the server answered yes; `found`: its answer was lost, but the record is there;
 * `unknown`: its answer was lost and the server could not be read back (or cannot be: a password) —
 * it may or may not have been done, and the person is told exactly that.
 */
export type ForegroundOutcome<T> = { outcome: 'done' } | { outcome: 'found'; found: T } | { outcome: 'unknown' };

/** An answer lost, and the read-back shows it was not done (only for a write that asks: `absent: 'answer'`). */
export type ForegroundAbsent = { outcome: 'absent' };

export interface ForegroundDeps {
  client(): ApiClient | null;
  /** Whether the server answers now (not unreachable, pausing us or refusing the session). */
  online(): boolean;
  /** Default: the system clock. */
  clock?: Clock;
  /** How long after a lost answer the server is given to finish the request (default: the outbox's). */
  settleMs?: number;
}

export class ForegroundWriter {
  /** Writes whose outcome is unknown, by key: when their answer was lost. */
  readonly #unsure = new Map<string, number>();
  readonly #clock: Clock;
  readonly #settleMs: number;
  constructor(private readonly deps: ForegroundDeps) {
    this.#clock = deps.clock ?? systemClock;
    this.#settleMs = deps.settleMs ?? DEFAULT_BACKOFF.settleMs;
  }

  /** Offline it throws `unreachable` without asking anything; a refusal throws the server's reason. */
  write<T>(
    w: ForegroundWrite<T> & { absent: 'answer' },
    what: string,
  ): Promise<ForegroundOutcome<T> | ForegroundAbsent>;
  write<T>(w: ForegroundWrite<T>, what: string): Promise<ForegroundOutcome<T>>;
  async write<T>(w: ForegroundWrite<T>, what: string): Promise<ForegroundOutcome<T> | ForegroundAbsent> {
    const client = this.deps.client();
    if (!client || !this.deps.online())
      throw w.offline?.() ?? new CommandError('unreachable', `${what} needs the server, which cannot be reached now.`);
    const key = w.key;
    const lostAt = key === undefined ? undefined : this.#unsure.get(key);
    if (key !== undefined && lostAt !== undefined && w.find) {
      const found = await this.settledReadBack(client, w.find, lostAt);
      if (found === undefined) return { outcome: 'unknown' };
      this.#unsure.delete(key);
      if (found !== null) return { outcome: 'found', found };
    }
    try {
      await w.send(client);
      if (key !== undefined) this.#unsure.delete(key);
      return { outcome: 'done' };
    } catch (e) {
      // Refused for sure (the server said no, or it never left): say why. Otherwise the outcome is unknown.
      if (!(isApiError(e) && (e.outcomeUnknown || e.kind === 'unexpected_body')))
        throw commandErrorOf(e, `${what} failed.`);
      if (!w.find) return { outcome: 'unknown' };
      const lost = this.#clock.now();
      if (key !== undefined) this.#unsure.set(key, lost);
      const found = await this.settledReadBack(client, w.find, lost);
      if (found === undefined) return { outcome: 'unknown' };
      if (key !== undefined) this.#unsure.delete(key);
      if (found !== null) return { outcome: 'found', found };
      if (w.absent === 'answer') return { outcome: 'absent' };
      throw new CommandError('server_error', `${what} was not done: the server answered badly and has no trace of it.`);
    }
  }

  /**
   * The read-back after an answer lost at `lostAt`: asked at once, and when it finds nothing (or
   * cannot read) before the server had time to finish that request, asked again once it had.
   */
  private async settledReadBack<T>(
    client: ApiClient,
    find: (c: ApiClient) => Promise<T | null>,
    lostAt: number,
  ): Promise<T | null | undefined> {
    const found = await this.readBack(client, find);
    const wait = lostAt + this.#settleMs - this.#clock.now();
    if ((found !== null && found !== undefined) || wait <= 0) return found;
    await sleep(this.#clock, wait);
    return this.readBack(client, find);
  }

  /** A plain read after a write (e.g. the new record for the list); throws `unreachable` offline. */
  async read<T>(find: (c: ApiClient) => Promise<T | null>): Promise<T | null> {
    const client = this.deps.client();
    if (!client) throw new CommandError('unreachable', 'The server cannot be reached now.');
    return find(client);
  }

  /** The read-back's answer; undefined when the server could not be read (the outcome stays unknown). */
  private async readBack<T>(
    client: ApiClient,
    find: (c: ApiClient) => Promise<T | null>,
  ): Promise<T | null | undefined> {
    try {
      return await find(client);
    } catch {
      return undefined;
    }
  }
}
