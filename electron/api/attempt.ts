// One attempt of a request (the client's send, client.ts): a permit from the
// budget governor, the transport, and the answer classified once (errors.ts)
// and parsed; every outcome reported to the connectivity tracker and as a
// 'request' event. Re-login and retries are the client's: an attempt never
// repeats itself.
import type { Endpoint } from '../../shared/api';
import type { CallOptions, Raw, RequestEvent } from './client';
import type { Clock } from './clock';
import type { ConnectivityTracker } from './connectivity';
import { parseJsonInSlices } from './json-slices';
import {
  errorFromException,
  errorFromResponse,
  isApiError,
  neverSent,
  unexpectedBody,
  type RequestContext,
} from './errors';
import type { BudgetGovernor } from './governor';
import type { Transport } from './transport';

/** What an attempt uses of the client. */
export interface AttemptDeps {
  governor: BudgetGovernor;
  transport: Transport;
  clock: Clock;
  connectivity: ConnectivityTracker;
  /** The base URL's origin and path prefix (no trailing slash; '' for a bare host). */
  origin: string;
  basePath: string;
  /** Told of every attempt as it ends. */
  emit: (event: RequestEvent) => void;
}

/** An error's context: which operation, at which address. */
export function requestContext(e: Endpoint, path: string): RequestContext {
  return { endpoint: e.name, method: e.method, path };
}

/** One attempt: governor permit → transport → classification. */
export async function sendAttempt(
  d: AttemptDeps,
  e: Endpoint,
  path: string,
  options: CallOptions,
  authorization: string,
): Promise<Raw> {
  const ctx = requestContext(e, path);
  const priority = options.priority ?? 'today';
  const permit = await d.governor.acquire(priority, options.signal).catch((err: unknown) => {
    throw errorFromException(ctx, err, { callerAborted: options.signal?.aborted ?? false });
  });
  const started = performance.now();
  const url = new URL(d.basePath + path, d.origin);
  const headers: Record<string, string> = { accept: 'application/json', authorization };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let status: number | null = null;
  let kind: string | null = null;
  try {
    const res = await d.transport.send({
      method: e.method,
      url,
      headers,
      body,
      signal: options.signal,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.onSent ? { onSent: options.onSent } : {}),
    });
    status = res.status;
    permit.release({ sent: true, status: res.status, headers: res.headers });
    reportAnswer(d, res.status);
    if (res.status < 200 || res.status >= 300) {
      throw errorFromResponse(ctx, res.status, res.headers, res.text, d.clock.now());
    }
    if (res.text.trim() === '') {
      if (e.response.shape === 'nothing') return { status: res.status, headers: res.headers, body: undefined };
      throw unexpectedBody(ctx, 'the answer was empty', res.status);
    }
    // A large answer (a year of bookings) is parsed in slices: the main process never holds for it.
    const parsed = await parseJsonInSlices(res.text).then(
      (value) => ({ ok: true as const, value }),
      () => ({ ok: false as const }),
    );
    if (!parsed.ok) {
      // A write whose answer we ignore anyway is confirmed by reading back.
      if (e.response.shape === 'nothing') return { status: res.status, headers: res.headers, body: undefined };
      throw unexpectedBody(ctx, `not JSON: ${res.text.slice(0, 80)}`, res.status);
    }
    return { status: res.status, headers: res.headers, body: parsed.value };
  } catch (err) {
    if (status === null) {
      permit.release({ sent: !neverSent(err) });
      const classified = errorFromException(ctx, err, { callerAborted: options.signal?.aborted ?? false });
      if (classified.kind === 'network' || classified.kind === 'timeout') d.connectivity.report({ kind: 'network' });
      kind = classified.kind;
      throw classified;
    }
    kind = isApiError(err) ? err.kind : 'unexpected_body';
    throw err;
  } finally {
    const event: RequestEvent = {
      endpoint: e.name,
      method: e.method,
      priority,
      status,
      kind,
      ms: performance.now() - started,
    };
    d.emit(event);
  }
}

/** Every HTTP answer, once, after the governor has read its headers (so a 429's pause is known). */
function reportAnswer(d: AttemptDeps, status: number): void {
  if (status === 429) {
    const until = d.governor.snapshot().blockedUntil ?? d.clock.now();
    d.connectivity.report({ kind: 'rateLimited', until });
  } else if (status >= 500) d.connectivity.report({ kind: 'server' });
  else d.connectivity.report({ kind: 'answered' });
}
