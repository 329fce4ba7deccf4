// The simulator's server without its control API: generates the business and
// wires tokens, rate limit, faults, logs and churn around one HTTP server on
// 127.0.0.1. The demo workspace loads this module alone (with import()), so the
// app never carries the control API; index.ts adds /_control for tests and the CLI.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { isIsoDate } from '../shared/api/primitives';
import { Churn } from './churn';
import { dayOf, isoOf, localToday } from './days';
import { generate } from './generate';
import { Tokens } from './server/auth';
import type { ControlOps } from './server/control';
import { Faults } from './server/faults';
import { createApiServer } from './server/http';
import { Logs } from './server/logs';
import { RateLimiter } from './server/ratelimit';
import type { Simulator, SimulatorOps, SimulatorOptions } from './types';

export const DEFAULTS = {
  seed: 7,
  listings: 40,
  user: 'demo',
  password: 'demo',
  tokenTtlSeconds: 3600,
  rateLimit: { limit: 5000, windowSeconds: 3600 },
} as const;

/** Makes the /_control handler from the secret and the simulator's operations (index.ts: createControl). */
export type ControlFactory = (
  secret: string,
  ops: ControlOps,
) => (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** Without a control API, /_control is an unknown path like any other. */
const noControl = (_req: IncomingMessage, res: ServerResponse): Promise<void> => {
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ message: 'Not Found' }));
  return Promise.resolve();
};

export async function serveSimulator(opts: SimulatorOptions = {}, makeControl?: ControlFactory): Promise<Simulator> {
  const now = opts.now ?? Date.now;
  const seed = opts.seed ?? DEFAULTS.seed;
  const listings = opts.listings ?? DEFAULTS.listings;
  if (opts.today !== undefined && !isIsoDate(opts.today))
    throw new Error(`today must be YYYY-MM-DD, got "${opts.today}"`);
  const today = opts.today !== undefined ? dayOf(opts.today) : localToday();
  const user = opts.user ?? DEFAULTS.user;
  const password = opts.password ?? DEFAULTS.password;
  const ttl = opts.tokenTtlSeconds ?? DEFAULTS.tokenTtlSeconds;
  const rateLimit = opts.rateLimit ?? DEFAULTS.rateLimit;
  if (!(ttl > 0)) throw new Error('tokenTtlSeconds must be positive');
  if (!(rateLimit.limit >= 1 && rateLimit.windowSeconds >= 1))
    throw new Error('rateLimit needs limit ≥ 1 and windowSeconds ≥ 1');
  const controlSecret = opts.controlSecret ?? randomBytes(18).toString('base64url');

  const store = generate({ seed, listings, today });
  const tokens = new Tokens(user, password, ttl * 1000, now);
  const limiter = new RateLimiter({ ...rateLimit }, now);
  const faults = new Faults(seed, opts.faults);
  const logs = new Logs();
  const churn = new Churn(store, logs, now, opts.every);
  let online = true;

  // What a test does to the simulator, the same in process and over the control API.
  const drive: Pick<Simulator, SimulatorOps> = {
    setFaults: (f) => faults.set(f),
    resetFaults: () => faults.reset(),
    revokeTokens: () => tokens.revokeAll(),
    setOnline: (o) => {
      online = o;
      // Idle keep-alive sockets would otherwise carry the next request past the "network".
      if (!o) server.closeIdleConnections();
    },
    churn: (n) => churn.apply(n),
    startChurn: (perMinute) => churn.start(perMinute),
    stopChurn: () => churn.stop(),
    mutations: () => logs.mutations(),
    requestLog: () => logs.requestLog(),
    counters: () => logs.counters(),
    spendBudget: (n) => limiter.spend(n),
    setRateLimit: (r) => {
      limiter.config = { ...r };
      limiter.reset();
    },
  };
  const ops: ControlOps = {
    ...drive,
    faults: () => ({ ...faults.config }),
    online: () => online,
    rateLimit: () => ({ ...limiter.config }),
    info: () => ({
      seed,
      listings: store.listings.size,
      bookings: store.bookings.size,
      today: isoOf(today),
      tokenTtlSeconds: tokens.ttlMs / 1000,
    }),
  };
  const control = makeControl ? makeControl(controlSecret, ops) : noControl;
  const api = createApiServer({
    store,
    tokens,
    limiter,
    faults,
    logs,
    now,
    isOnline: () => online,
    control,
  });

  const server = api.server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    user,
    password,
    controlSecret,
    ...drive,
    close: async () => {
      churn.stop();
      api.cancelTimers();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
