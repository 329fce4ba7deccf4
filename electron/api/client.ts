// The API client: builds requests from the shared endpoint table, sends them
// through the budget governor, classifies every failure once (errors.ts),
// validates every answer with the shared schemas, logs in with HTTP Basic,
// re-logs in ONCE on a 401 with the credentials it holds and repeats the
// request, and otherwise reports the session as expired ("sign in again").
// Here: the session and when a request is repeated; one attempt (the budget's
// permit, the transport, the classification) is attempt.ts's, checking
// answers against the schemas answers.ts's.
//
// Credentials live in this object's memory only; they never appear in an
// error, an event or a log line.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { API_PREFIX, buildPath, endpoint, loginResponse, summarize, type EndpointName } from '../../shared/api';
import { localIdIn } from '../../shared/api/local-ids';
import { backoffDelay } from '../../shared/backoff';
import type { Endpoint } from '../../shared/api';
import { checkWriteBody, fetchValidated, validatedList, validatedOne, writeAnswer } from './answers';
import { requestContext, sendAttempt, type AttemptDeps } from './attempt';
import { sleep, type Clock } from './clock';
import { ConnectivityTracker } from './connectivity';
import { ApiError, isApiError, unexpectedBody, type RequestContext } from './errors';
import type { BudgetGovernor, Priority } from './governor';
import type { ListResult, ReadItem, ReadName } from './reads';
import { UndiciTransport, type Transport, type TransportOptions } from './transport';

export interface Credentials {
  user: string;
  password: string;
}

export interface CallOptions {
  id?: number | string;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  /** The budget slice it is counted in (budget-plan.ts): 'user' for edits and what the person waits on; sync passes its job's. Default 'today'. */
  priority?: Priority;
  signal?: AbortSignal;
  /** One attempt, no retries of any kind (the connectivity probe: its outcome is the answer). */
  once?: boolean;
  /** A shorter deadline for the whole answer (the probe: a silent network must show in seconds), or a longer one (a large upload). */
  timeoutMs?: number;
  /** Told the bytes of the request body sent so far and the total (a photo's upload). */
  onSent?: (sent: number, total: number) => void;
}

export interface RequestEvent {
  endpoint: string;
  method: string;
  priority: Priority;
  status: number | null;
  kind: string | null;
  ms: number;
}

export interface ApiClientOptions {
  /** Base URL of the service, without /api/v1 (a path prefix is kept). */
  baseUrl: string;
  governor: BudgetGovernor;
  transport?: Transport;
  transportOptions?: TransportOptions;
  /** Extra attempts for idempotent reads after network/timeout/5xx/garbled answers. */
  readRetries?: number;
  /** Extra attempts after a 429 (any method: a 429 was not processed). */
  rateLimitRetries?: number;
  /** First back-off step; doubles each attempt, capped at 30 s, with jitter. */
  backoffMs?: number;
  /** [0, 1) source of the back-off's jitter (seeded in tests). */
  random?: () => number;
  /** Where every request outcome is reported (the engine's one tracker; default: the client's own). */
  connectivity?: ConnectivityTracker;
  /** Told of a request refused as a defect before it left (a local id in it); default: console.error. */
  onDefect?: (defect: Defect) => void;
}

/** A request refused before it left because it is a fault of the caller (today: it named a local id). */
export interface Defect {
  endpoint: string;
  method: string;
  /** Where the local id sits: `path /api/v1/bookings/-1`, `query listing_id=-3`, `body guest.id`. */
  where: string;
}

export interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON; undefined for an empty body. */
  body: unknown;
}

/**
 * Events: 'request' (RequestEvent), 'session.expired' (no payload),
 * 'signed-in' / 'signed-out'. Connectivity: every outcome goes to `connectivity`.
 */
export class ApiClient extends EventEmitter {
  readonly baseUrl: URL;
  /** Path prefix of the base URL without a trailing slash ('' for a bare host). */
  private readonly basePath: string;
  readonly governor: BudgetGovernor;
  private readonly clock: Clock;
  private readonly transport: Transport;
  private readonly readRetries: number;
  private readonly rateLimitRetries: number;
  private readonly backoffMs: number;
  private readonly random: () => number;
  private readonly onDefect: (defect: Defect) => void;
  private credentials: Credentials | null = null;
  private token: string | null = null;
  private loginInFlight: Promise<void> | null = null;
  private expired = false;
  readonly connectivity: ConnectivityTracker;
  private readonly attemptDeps: AttemptDeps;

  constructor(options: ApiClientOptions) {
    super();
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('the API address must be http(s)');
    this.basePath = base.pathname.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '');
    base.pathname = this.basePath || '/';
    base.search = '';
    this.baseUrl = base;
    this.governor = options.governor;
    this.clock = options.governor.clock;
    this.transport = options.transport ?? new UndiciTransport(options.transportOptions);
    this.readRetries = options.readRetries ?? 3;
    this.rateLimitRetries = options.rateLimitRetries ?? 6;
    this.backoffMs = options.backoffMs ?? 500;
    this.random = options.random ?? Math.random;
    this.onDefect =
      options.onDefect ??
      ((d) => console.error(`api: refused to send ${d.method} ${d.endpoint}: a local id in its ${d.where}`));
    this.connectivity = options.connectivity ?? new ConnectivityTracker({ clock: this.clock });
    this.attemptDeps = {
      governor: this.governor,
      transport: this.transport,
      clock: this.clock,
      connectivity: this.connectivity,
      origin: this.baseUrl.origin,
      basePath: this.basePath,
      emit: (event) => this.emit('request', event),
    };
  }

  get signedIn(): boolean {
    return this.token !== null;
  }
  get hasCredentials(): boolean {
    return this.credentials !== null;
  }
  get sessionExpired(): boolean {
    return this.expired;
  }
  /** True when the server answers, false when it cannot be reached or keeps failing, null when not known. */
  get isOnline(): boolean | null {
    const kind = this.connectivity.kind;
    return kind === 'online' ? true : kind === 'unreachable' || kind === 'failing' ? false : null;
  }

  /** Keeps credentials (from the keychain) for logging in when a token is needed. */
  setCredentials(credentials: Credentials | null): void {
    this.credentials = credentials ? { ...credentials } : null;
    this.expired = false;
  }

  /** Logs in with these credentials; on success keeps them for re-login. Throws ApiError. */
  async signIn(credentials: Credentials, signal?: AbortSignal): Promise<void> {
    await this.login(credentials, signal);
    this.credentials = { ...credentials };
    this.expired = false;
    this.emit('signed-in');
  }

  signOut(): void {
    this.credentials = null;
    this.setToken(null);
    this.emit('signed-out');
  }

  private setToken(token: string | null): void {
    this.token = token;
    // The governor counts per token; it gets an opaque label, not the token.
    this.governor.setTokenKey(token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : null);
  }

  private async login(credentials: Credentials, signal?: AbortSignal, once = false): Promise<void> {
    const e = endpoint('auth.login');
    const basic = Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64');
    try {
      const raw = await this.loginAttempts(e, `Basic ${basic}`, signal, once);
      const r = loginResponse.safeParse(raw.body);
      if (!r.success) throw unexpectedBody(this.ctx(e, buildPath(e)), `login answer: ${summarize(r.error)}`);
      this.setToken(r.data.token);
    } catch (err) {
      if (isApiError(err) && (err.kind === 'unauthenticated' || err.kind === 'forbidden')) {
        throw new ApiError({
          ...this.ctx(e, buildPath(e)),
          kind: 'credentials_refused',
          status: err.status,
          message: 'The API user name or password was not accepted.',
        });
      }
      throw err;
    }
  }

  /**
   * Logging in changes nothing on the server but the token, so a broken
   * connection, a timeout, a 5xx or a 429 is simply tried again a few times.
   */
  private async loginAttempts(e: Endpoint, authorization: string, signal?: AbortSignal, once = false): Promise<Raw> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(e, buildPath(e), { priority: 'user', signal }, authorization);
      } catch (err) {
        const again = isApiError(err) && (RETRY_KINDS.has(err.kind) || err.kind === 'rate_limited');
        if (!again || once || attempt >= this.readRetries) throw err;
        await sleep(this.clock, err.retryAfterMs ?? this.backoff(attempt), signal);
      }
    }
  }

  /** One login at a time; requests that saw a 401 together share it. `once`: one attempt (the probe's). */
  private relogin(signal?: AbortSignal, once = false): Promise<void> {
    if (!this.loginInFlight) {
      const creds = this.credentials;
      this.loginInFlight = (async () => {
        if (!creds) throw this.signedOut('No stored credentials: please sign in.');
        try {
          await this.login(creds, signal, once);
        } catch (err) {
          if (isApiError(err) && err.kind === 'credentials_refused') {
            this.expire();
            throw this.signedOut('The stored sign-in was refused: please sign in again.');
          }
          throw err;
        }
      })().finally(() => {
        this.loginInFlight = null;
      });
    }
    return this.loginInFlight;
  }

  private expire(): void {
    this.expired = true;
    this.setToken(null);
    this.connectivity.report({ kind: 'sessionExpired' });
    this.emit('session.expired');
  }

  private signedOut(message: string): ApiError {
    return new ApiError({ endpoint: 'auth.login', method: 'POST', path: '/login', kind: 'signed_out', message });
  }

  private ctx(e: Endpoint, path: string): RequestContext {
    return requestContext(e, path);
  }

  /** One attempt (attempt.ts). */
  private send(e: Endpoint, path: string, options: CallOptions, authorization: string): Promise<Raw> {
    return sendAttempt(this.attemptDeps, e, path, options, authorization);
  }

  /** Sends one operation, with re-login and retries; returns the parsed body. Throws ApiError. */
  async request(name: EndpointName, options: CallOptions = {}): Promise<Raw> {
    const e = endpoint(name);
    return this.requestEndpoint(e, buildPath(e, { id: options.id }, options.query ?? {}), options);
  }

  /** Follows a `links.next` address (made relative to our base: never another host). */
  async requestNext(name: EndpointName, next: string, options: CallOptions = {}): Promise<Raw> {
    const e = endpoint(name);
    const url = new URL(next, this.baseUrl);
    const path = url.pathname.startsWith(this.basePath + API_PREFIX)
      ? url.pathname.slice(this.basePath.length)
      : url.pathname.slice(Math.max(0, url.pathname.indexOf(API_PREFIX)));
    if (!path.startsWith(API_PREFIX)) {
      throw unexpectedBody(this.ctx(e, next), `the next-page link ${next} is not an API address`);
    }
    return this.requestEndpoint(e, `${path}${url.search}`, options);
  }

  private async requestEndpoint(e: Endpoint, path: string, options: CallOptions): Promise<Raw> {
    if (e.auth === 'basic') throw new Error('use signIn() for the login operation');
    this.refuseLocalIds(e, path, options.body);
    let relogged = false;
    let readFailures = 0;
    let rateLimited = 0;
    for (;;) {
      if (!this.token) {
        if (this.expired) throw this.signedOut('The session has expired: please sign in again.');
        await this.relogin(options.signal, options.once);
        relogged = true;
      }
      const tokenUsed = this.token!;
      try {
        return await this.send(e, path, options, `Bearer ${tokenUsed}`);
      } catch (err) {
        if (!isApiError(err)) throw err;
        if (err.kind === 'unauthenticated') {
          if (relogged) {
            // Logged in afresh and still refused: stop and ask the person.
            this.expire();
            throw this.signedOut('The server refuses the new sign-in: please sign in again.');
          }
          relogged = true;
          // Another request may already have logged in again meanwhile.
          if (this.token === tokenUsed) this.setToken(null);
          continue;
        }
        if (options.once) throw err;
        if (err.kind === 'rate_limited' && rateLimited++ < this.rateLimitRetries) continue; // the governor waits
        const safeToRepeat = e.method === 'GET' || (err.kind === 'network' && !err.outcomeUnknown);
        if (safeToRepeat && RETRY_KINDS.has(err.kind) && readFailures < this.readRetries) {
          await sleep(this.clock, err.retryAfterMs ?? this.backoff(readFailures++), options.signal);
          continue;
        }
        throw err;
      }
    }
  }

  /**
   * No request ever carries a local id: a record made here that the server has not adopted
   * yet has none it could know. Every request passes here before it goes (reads, writes,
   * next pages); one that names a local id is a defect of its caller — reported, and refused
   * before it costs a permit or a byte (the caller's sources are fixed, this is the net).
   */
  private refuseLocalIds(e: Endpoint, path: string, body: unknown): void {
    const where = localIdIn({ path, body });
    if (!where) return;
    this.onDefect({ endpoint: e.name, method: e.method, where });
    throw new ApiError({
      ...this.ctx(e, path),
      kind: 'local_id',
      message: `Not sent: it names a record made here by its local id (${where}); the server does not know it yet.`,
    });
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, { baseMs: this.backoffMs, maxMs: 30_000, jitter: 0.25 }, this.random);
  }

  // ───────────── typed reads and writes on top of request() ─────────────

  /**
   * A list operation, each item validated on its own (invalid items come back
   * in `rejected`). A garbled envelope is fetched once more, then thrown.
   */
  async list<N extends ReadName>(name: N, options: CallOptions = {}): Promise<ListResult<ReadItem<N>>> {
    return fetchValidated(
      () => this.request(name, options),
      (raw) => validatedList(name, raw),
    );
  }

  async listNext<N extends ReadName>(
    name: N,
    next: string,
    options: CallOptions = {},
  ): Promise<ListResult<ReadItem<N>>> {
    return fetchValidated(
      () => this.requestNext(name, next, options),
      (raw) => validatedList(name, raw),
    );
  }

  /** A single-record operation, validated (a record that does not validate throws unexpected_body). */
  async one<N extends ReadName>(name: N, options: CallOptions = {}): Promise<{ value: ReadItem<N>; raw: unknown }> {
    return fetchValidated(
      () => this.request(name, options),
      (raw) => validatedOne(name, raw),
    );
  }

  /**
   * A write. The body is checked against the strict write schema first (a
   * local 'invalid' error, nothing sent); the answer is validated when the
   * endpoint documents one, else returned as parsed JSON.
   */
  async write(name: EndpointName, options: CallOptions & { body?: unknown }): Promise<Raw & { value?: unknown }> {
    const e = endpoint(name);
    const path = buildPath(e, { id: options.id }, options.query ?? {});
    this.refuseLocalIds(e, path, options.body);
    checkWriteBody(e, path, options.body);
    return writeAnswer(e, path, await this.requestEndpoint(e, path, { priority: 'user', ...options }));
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}

const RETRY_KINDS = new Set(['network', 'timeout', 'server', 'unexpected_body']);
