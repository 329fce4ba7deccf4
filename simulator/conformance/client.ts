// A minimal HTTP client for the conformance tests: talks to a running
// simulator over real HTTP (fetch), logs in with Basic, and returns status,
// headers and the parsed body of each call so tests assert on the wire.
import { startSimulator, type Simulator, type SimulatorOptions } from '../index';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
}

export interface Api {
  sim: Simulator;
  token: string;
  /** Calls `method path` under /api/v1 with the current token (or `opts.token`; null sends none). */
  call(
    method: string,
    path: string,
    body?: unknown,
    opts?: { token?: string | null; timeoutMs?: number },
  ): Promise<Answer>;
  get(path: string): Promise<Answer>;
  /** Logs in again and makes the new token current. */
  login(): Promise<string>;
  control(method: string, path: string, body?: unknown, secret?: string): Promise<Answer>;
}

/** The demo size with a fixed today, so dates in assertions are stable. */
export const TODAY = '2026-06-15';

export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function login(sim: Simulator): Promise<string> {
  const res = await fetch(`${sim.url}/api/v1/login`, {
    method: 'POST',
    headers: { Authorization: basic(sim.user, sim.password), Accept: 'application/json' },
  });
  const a = await answerOf(res);
  if (a.status !== 200) throw new Error(`login failed: ${a.status} ${a.text}`);
  return (a.json as { token: string }).token;
}

export async function connect(opts: SimulatorOptions = {}): Promise<Api> {
  const sim = await startSimulator({ today: TODAY, ...opts });
  const api: Api = {
    sim,
    token: await login(sim),
    async call(method, path, body, o = {}) {
      const token = o.token === undefined ? api.token : o.token;
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers['Authorization'] = `Bearer ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${sim.url}/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: o.timeoutMs ? AbortSignal.timeout(o.timeoutMs) : null,
      });
      return answerOf(res);
    },
    get: (path) => api.call('GET', path),
    async login() {
      api.token = await login(sim);
      return api.token;
    },
    async control(method, path, body, secret = sim.controlSecret) {
      const res = await fetch(`${sim.url}/_control${path}`, {
        method,
        headers: { 'X-Control-Secret': secret, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answerOf(res);
    },
  };
  return api;
}

/** `{data: …}` of an answer, typed loosely for assertions. */
export function data<T = Record<string, unknown>>(a: Answer): T {
  return (a.json as { data: T }).data;
}
