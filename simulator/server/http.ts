// The HTTP front of the simulated API: matches each request to an operation of
// the endpoint table, then applies, in this order, the injected faults that
// come before processing (reset, latency), authentication, the per-token rate
// limit, hang and 5xx faults, the operation itself, and the faults that come
// after processing (a hostile server's records, reset after the mutation,
// malformed body). Each step is
// logged so a test can prove what the client saw and what the server did.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { matchEndpoint } from '../../shared/api/endpoints';
import { SIM } from '../config';
import type { Store } from '../model';
import { HttpError, type Ctx } from '../routes/context';
import { HANDLERS } from '../routes';
import { parseBasic, parseBearer, type Tokens } from './auth';
import { serveMedia } from './media';
import type { Faults } from './faults';
import type { Logs } from './logs';
import type { RateLimiter } from './ratelimit';

export interface ApiDeps {
  store: Store;
  tokens: Tokens;
  limiter: RateLimiter;
  faults: Faults;
  logs: Logs;
  now: () => number;
  isOnline: () => boolean;
  /** Answers /_control/* (outside /api/v1, never faulted). */
  control: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
}

type Headers = Record<string, string>;

function send(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  if (res.destroyed || res.headersSent) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const MALFORMED_HTML =
  '<!DOCTYPE html><html><head><title>Service temporarily unavailable</title></head>' +
  '<body><h1>We will be back soon</h1><p>Scheduled maintenance.</p></body></html>';

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > SIM.maxBodyBytes) throw new BodyError(413, 'The request body is too large.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'The request body is not valid JSON.');
  }
}

export function createApiServer(deps: ApiDeps): { server: Server; cancelTimers(): void } {
  const { store, tokens, limiter, faults, logs, now } = deps;
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    if (url.pathname === '/_control' || url.pathname.startsWith('/_control/')) return deps.control(req, res, url);
    if (url.pathname.startsWith('/media/') && method === 'GET') {
      // The image host is not the API (not logged, never faulted by the API's faults) but is reached over the
      // same network: "offline" is this computer without one, which reaches no host at all.
      if (!deps.isOnline()) return void req.socket.destroy();
      return serveMedia(deps.store, url.pathname, res, faults.config, (n) => logs.bump('media:bytes', n));
    }

    const at = now();
    const path = url.pathname + url.search;
    let token: string | null = null;
    const match = matchEndpoint(method, url.pathname);
    const endpoint = match?.endpoint ?? null;
    const log = (status: number | 'reset' | 'hang') =>
      logs.request({ at, token, method, path, endpoint: endpoint?.name ?? null, status });
    const reply = (status: number, body: unknown, headers?: Headers) => {
      send(res, status, body, headers);
      log(status);
    };

    if (!deps.isOnline()) {
      req.socket.destroy();
      return log('reset');
    }
    const plan = faults.plan(endpoint?.name ?? null, method);
    if (plan.resetBefore) {
      req.socket.destroy();
      return log('reset');
    }
    if (faults.config.latencyMs > 0) await sleep(faults.config.latencyMs);
    if (res.destroyed) return log('reset');

    if (!match) {
      const otherMethod = ['GET', 'POST', 'PUT', 'DELETE'].some((m) => m !== method && matchEndpoint(m, url.pathname));
      return otherMethod
        ? reply(405, { message: `The ${method} method is not supported for this route.` })
        : reply(404, { message: 'Not Found' });
    }

    const e = match.endpoint;
    const headers: Headers = {};
    if (e.auth === 'basic') {
      const creds = parseBasic(req.headers.authorization);
      if (!creds || !tokens.credentialsMatch(creds.user, creds.password))
        return reply(401, { message: 'Unauthenticated.' }, { 'WWW-Authenticate': 'Basic realm="api"' });
    } else {
      const bearer = parseBearer(req.headers.authorization);
      if (!bearer || !tokens.valid(bearer)) return reply(401, { message: 'Unauthenticated.' });
      token = bearer;
      const rate = limiter.hit(bearer);
      headers['X-RateLimit-Limit'] = String(rate.limit);
      headers['X-RateLimit-Remaining'] = String(rate.remaining);
      if (!rate.allowed) {
        headers['Retry-After'] = String(rate.retryAfter);
        return reply(429, { message: 'Too Many Attempts.' }, headers);
      }
    }

    if (plan.hang) {
      // Never answered: the socket stays open until the client gives up or the simulator closes.
      return log('hang');
    }
    if (plan.error) return reply(plan.error, { message: SIM.errorBody[plan.error] }, headers);

    let status = 200;
    let body: unknown;
    let requestBody: unknown;
    const isWrite = e.method !== 'GET' && e.auth !== 'basic';
    const ctx: Ctx = {
      store,
      endpoint: e,
      rawId: match.id,
      query: url.searchParams,
      body: () => requestBody,
      baseUrl: `http://${req.headers.host ?? 'localhost'}`,
      now: at,
      resultId: null,
    };
    try {
      if (e.auth === 'basic') body = { token: tokens.issue() };
      else {
        if (isWrite) requestBody = await readJson(req);
        const handler = HANDLERS[e.name];
        // Every endpoint has a handler (the conformance suite calls all 66 and expects 200); this guards a table edit.
        if (!handler) throw new HttpError(501, `The simulator has no handler for ${e.name}.`);
        const r = handler(ctx);
        status = r.status ?? 200;
        body = r.body;
      }
    } catch (err) {
      if (err instanceof HttpError) {
        status = err.status;
        body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      } else if (err instanceof BodyError) {
        status = err.status;
        body = { message: err.message };
      } else {
        console.error('simulator: unexpected error in', e.name, err);
        status = 500;
        body = { message: 'Server Error' };
      }
    }
    // A hostile server's records (wrong-typed, duplicated or negative keys, secrets added): reads only.
    if (e.method === 'GET' && status === 200) body = faults.records(e.name, body);
    if (isWrite) {
      const pathId = match.id !== undefined && /^\d+$/.test(match.id) ? Number(match.id) : null;
      logs.mutation({
        at,
        token,
        actor: 'api',
        endpoint: e.name,
        id: ctx.resultId ?? pathId,
        body: requestBody,
        result: status < 400 ? 'applied' : 'rejected',
      });
    }

    if (plan.resetAfter) {
      // The ambiguous outcome: the change above is applied, but the client never hears so.
      req.socket.destroy();
      return log('reset');
    }
    if (plan.malformed && status === 200) {
      if (plan.malformed === 'html') {
        if (!res.destroyed) {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
          res.end(MALFORMED_HTML);
        }
        return log(200);
      }
      const text = JSON.stringify(body);
      return reply(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))), headers);
    }
    reply(status, body, headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('simulator: request failed', err);
      send(res, 500, { message: 'Server Error' });
    });
  });
  return {
    server,
    cancelTimers: () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
