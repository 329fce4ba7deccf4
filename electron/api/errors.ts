// Every way an API call can fail, classified ONCE, here. Callers (sync,
// outbox replay, the UI) branch on `kind`, `retryable` and `outcomeUnknown`
// and never look at status codes or exception types themselves.
import type { FieldErrors } from '../../shared/api';

export type ApiErrorKind =
  /** No connection could be made, or it broke (see outcomeUnknown). */
  | 'network'
  /** Connect, headers or body took too long. */
  | 'timeout'
  | 'bad_request' // 400
  | 'unauthenticated' // 401 (before the client re-logs in)
  /** The login itself was refused (401/403 to the user name and password). */
  | 'credentials_refused'
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'invalid' // 422, with the server's field messages
  | 'rate_limited' // 429, with Retry-After when sent
  | 'server' // 5xx
  /** 2xx whose body is not JSON or not the documented shape. */
  | 'unexpected_body'
  /** Any other status (3xx, 405, 409, 418…). */
  | 'http'
  /** The re-login with stored credentials failed or none are stored: the person must sign in. */
  | 'signed_out'
  /** The caller cancelled. */
  | 'aborted'
  /**
   * Not sent: the request named a record by its local id, which only this computer knows
   * (shared/api/local-ids.ts). A defect of the caller, never a server's answer.
   */
  | 'local_id';

export interface RequestContext {
  /** Endpoint name (`bookings.list`) or a path when unknown. */
  endpoint: string;
  method: string;
  path: string;
}

export interface ApiErrorInit extends RequestContext {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  serverMessage?: string;
  fields?: FieldErrors;
  retryAfterMs?: number;
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly endpoint: string;
  readonly method: string;
  readonly path: string;
  /** What the server said, when it said something readable. */
  readonly serverMessage: string | undefined;
  /** 422: field → messages. */
  readonly fields: FieldErrors | undefined;
  /** 429/503: how long the server asked us to wait. */
  readonly retryAfterMs: number | undefined;
  /**
   * True when the request may have been processed although no answer came
   * back (connection reset after sending, timeout waiting for the answer, a
   * 5xx on a write). The outbox must read back before sending a create again.
   */
  readonly outcomeUnknown: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.endpoint = init.endpoint;
    this.method = init.method;
    this.path = init.path;
    this.serverMessage = init.serverMessage;
    this.fields = init.fields;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  /** Trying the same request again later may succeed. */
  get retryable(): boolean {
    return ['network', 'timeout', 'rate_limited', 'server', 'unexpected_body'].includes(this.kind);
  }

  /** JSON-able form for logs and IPC (no request bodies, no credentials). */
  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      endpoint: this.endpoint,
      serverMessage: this.serverMessage,
      fields: this.fields,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown: this.outcomeUnknown,
    };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Headers = Record<string, string | string[] | undefined>;

export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Retry-After: delta-seconds or an HTTP date → milliseconds from now (never negative). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const t = value.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const at = Date.parse(t);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Parses a body that may be JSON, HTML, plain text or nothing. */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short readable message from an error body of any shape (JSON message/error, text, HTML). */
export function serverMessageOf(bodyText: string): string | undefined {
  const parsed = tryParseJson(bodyText);
  if (parsed.ok) {
    const v = parsed.value;
    if (typeof v === 'string') return clip(v);
    if (isObject(v)) {
      for (const key of ['message', 'error', 'detail', 'title', 'msg']) {
        const m = v[key];
        if (typeof m === 'string' && m.trim()) return clip(m);
        if (isObject(m) && typeof m['message'] === 'string') return clip(m['message']);
      }
    }
    return undefined;
  }
  const plain = bodyText
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain ? clip(plain) : undefined;
}

function clip(s: string, max = 300): string {
  const t = s.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * 422 field messages from the shapes servers use: {errors: {field: [msg]}},
 * {errors: {field: msg}}, {errors: [{field, message}]}, {fields: {...}}.
 */
export function fieldErrorsOf(bodyText: string): FieldErrors | undefined {
  const parsed = tryParseJson(bodyText);
  if (!parsed.ok || !isObject(parsed.value)) return undefined;
  const out: FieldErrors = {};
  const source = parsed.value['errors'] ?? parsed.value['fields'] ?? parsed.value['error'];
  if (isObject(source)) {
    for (const [field, msgs] of Object.entries(source)) {
      const list = (Array.isArray(msgs) ? msgs : [msgs]).filter((m): m is string => typeof m === 'string');
      if (list.length) out[field] = list.map((m) => clip(m));
    }
  } else if (Array.isArray(source)) {
    for (const item of source) {
      if (!isObject(item)) continue;
      const field = typeof item['field'] === 'string' ? item['field'] : '_';
      const msg = item['message'] ?? item['msg'];
      if (typeof msg === 'string') (out[field] ??= []).push(clip(msg));
    }
  }
  return Object.keys(out).length ? out : undefined;
}

const PLAIN: Record<string, string> = {
  bad_request: 'The server refused the request as malformed.',
  unauthenticated: 'The server no longer accepts the sign-in.',
  forbidden: 'This API user is not allowed to do that.',
  not_found: 'The server does not know this record (it may have been deleted).',
  invalid: 'The server rejected some values.',
  rate_limited: 'The server asked us to slow down.',
  server: 'The server had an internal error.',
  http: 'The server answered in an unexpected way.',
};

/** Classifies a non-2xx answer. */
export function errorFromResponse(
  ctx: RequestContext,
  status: number,
  headers: Headers,
  bodyText: string,
  now: number,
): ApiError {
  const kind: ApiErrorKind =
    status === 400
      ? 'bad_request'
      : status === 401
        ? 'unauthenticated'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not_found'
            : status === 422
              ? 'invalid'
              : status === 429
                ? 'rate_limited'
                : status >= 500
                  ? 'server'
                  : 'http';
  const serverMessage = serverMessageOf(bodyText);
  const fields = kind === 'invalid' ? fieldErrorsOf(bodyText) : undefined;
  const retryAfterMs =
    status === 429 || status === 503 ? parseRetryAfter(header(headers, 'retry-after'), now) : undefined;
  const base = PLAIN[kind] ?? PLAIN['http']!;
  const message = serverMessage ? `${base} (${status}: ${serverMessage})` : `${base} (${status})`;
  return new ApiError({
    ...ctx,
    kind,
    status,
    message,
    ...(serverMessage !== undefined ? { serverMessage } : {}),
    ...(fields ? { fields } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    // A 5xx on a write may come after the change was committed.
    outcomeUnknown: kind === 'server' && ctx.method !== 'GET',
  });
}

// Failures that happen before a single byte of the request left: the server
// cannot have processed it.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

function codeOf(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 4 && isObject(cur); depth++) {
    const code = cur['code'];
    if (typeof code === 'string') return code;
    cur = cur['cause'];
  }
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return e.name;
  return undefined;
}

/** True when a thrown error means the request surely never reached the server. */
export function neverSent(e: unknown): boolean {
  const code = codeOf(e);
  return code !== undefined && NOT_SENT.has(code);
}

/**
 * Classifies a thrown transport error. `timedOut` says our own per-request
 * deadline fired; `callerAborted` that the caller cancelled.
 */
export function errorFromException(
  ctx: RequestContext,
  e: unknown,
  flags: { timedOut?: boolean; callerAborted?: boolean } = {},
): ApiError {
  if (isApiError(e)) return e;
  const code = codeOf(e);
  const sent = !neverSent(e);
  if (flags.callerAborted) {
    return new ApiError({
      ...ctx,
      kind: 'aborted',
      message: 'The request was cancelled.',
      cause: e,
      outcomeUnknown: sent && ctx.method !== 'GET',
    });
  }
  const timeout = flags.timedOut || (code !== undefined && TIMEOUTS.has(code)) || code === 'TimeoutError';
  const detail = e instanceof Error ? e.message : String(e);
  return new ApiError({
    ...ctx,
    kind: timeout ? 'timeout' : 'network',
    message: timeout
      ? `The server did not answer in time (${code ?? 'timeout'}).`
      : `Could not reach the server (${code ?? detail}).`,
    cause: e,
    outcomeUnknown: sent && ctx.method !== 'GET',
  });
}

export function unexpectedBody(ctx: RequestContext, detail: string, status = 200): ApiError {
  return new ApiError({
    ...ctx,
    kind: 'unexpected_body',
    status,
    message: `The server's answer was not in the expected form: ${clip(detail, 200)}`,
  });
}
