// The public types of the simulator (re-exported by index.ts): options, the
// fault configuration, the logs a test reads to prove what happened.

export interface FaultConfig {
  /** Added to every response (ms). */
  latencyMs: number;
  /** 0..1 probability of a 5xx (random among 500/502/503), answered without processing the request… */
  errorRate: number;
  /** …limited to these endpoint names (e.g. 'cleanings.update'); all when absent. */
  errorRoutes?: string[];
  /** 0..1: destroy the socket before processing. */
  resetBeforeRate: number;
  /** 0..1: PROCESS the request (a mutation is applied) then destroy the socket before answering. */
  resetAfterRate: number;
  /** 0..1: never answer (until the client gives up or the server closes); the request is not processed. */
  hangRate: number;
  /** 0..1: answer 200 with a truncated or non-JSON body (reads only, so nothing is mutated). */
  malformedRate: number;
  /** If set, reset/hang/malformed faults only hit these endpoint names (the record faults below too). */
  routes?: string[];
  /** 0..1 per record of a read answer: its key (booking_number, rate_id or id) sent as a string that is no number ("8188x"). */
  wrongIdRate?: number;
  /** 0..1 per list answer: every record of it carries the first record's key. */
  duplicateIdRate?: number;
  /** 0..1 per record of a read answer: its key sent negative (inside a client's range for records made offline). */
  negativeIdRate?: number;
  /** Every object of every read answer (records and what they nest) carries a password and card data (SECRET_VALUES). */
  secretKeys?: boolean;
  /** The image host answers every photo with a redirect to this address ("{path}" is replaced by the photo's path). */
  mediaRedirect?: string | null;
  /** The image host answers every photo with an image body of this many bytes, streamed without a Content-Length. */
  mediaBytes?: number | null;
  /** The image host's Content-Type for every photo. */
  mediaType?: string | null;
}

export interface Mutation {
  seq: number;
  at: number;
  token: string | null;
  actor: 'api' | 'churn';
  endpoint: string;
  id: number | null;
  body: unknown;
  result: 'applied' | 'rejected';
}

export interface RequestLogEntry {
  at: number;
  token: string | null;
  method: string;
  path: string;
  endpoint: string | null;
  status: number | 'reset' | 'hang';
}

export interface SimulatorOptions {
  /** 0 = random free port (default 0 in-process; the CLI defaults to 8787). */
  port?: number;
  seed?: number;
  listings?: number;
  /** 'YYYY-MM-DD' the business is dated around; default the real local today. */
  today?: string;
  user?: string;
  password?: string;
  tokenTtlSeconds?: number;
  rateLimit?: { limit: number; windowSeconds: number };
  /** Guards /_control/*; default a random secret per start. */
  controlSecret?: string;
  faults?: Partial<FaultConfig>;
  /** ms clock for rate-limit windows, token expiry and churn timestamps; default Date.now. */
  now?: () => number;
  /** Repeats fn every ms until the returned stop is called (continuous churn); default setInterval. Tests tick it by hand. */
  every?: Every;
}

export type Every = (ms: number, fn: () => void) => () => void;

/** What a test drives on a running simulator (in process, or over the control API). */
export type SimulatorOps =
  | 'setFaults'
  | 'resetFaults'
  | 'revokeTokens'
  | 'setOnline'
  | 'churn'
  | 'startChurn'
  | 'stopChurn'
  | 'mutations'
  | 'requestLog'
  | 'counters'
  | 'spendBudget'
  | 'setRateLimit';

export interface Simulator {
  /** Base URL WITHOUT /api/v1, e.g. 'http://127.0.0.1:43121'. */
  url: string;
  user: string;
  password: string;
  controlSecret: string;
  setFaults(f: Partial<FaultConfig>): void;
  resetFaults(): void;
  /** Every issued token becomes invalid (401). */
  revokeTokens(): void;
  /** false = refuse/destroy every API connection immediately (the "unreachable server" case). */
  setOnline(online: boolean): void;
  /** Changes the per-token limit (every window starts afresh). */
  setRateLimit(r: { limit: number; windowSeconds: number }): void;
  /** Every token's current rate-limit window counts n more requests (another device on the same API user). */
  spendBudget(n: number): number;
  /** Applies n random "other user" changes now, deterministic from the seed. */
  churn(n: number): Mutation[];
  startChurn(perMinute: number): void;
  stopChurn(): void;
  mutations(): Mutation[];
  requestLog(): RequestLogEntry[];
  /** Requests per endpoint name, per token under 'token:<t>', per status under 'status:<code>'; the image host's bytes sent under 'media:bytes'. */
  counters(): Record<string, number>;
  /** Closes the server and every open or hung socket. */
  close(): Promise<void>;
}
