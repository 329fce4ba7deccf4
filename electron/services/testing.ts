// Test helpers for the services: a context around fakes, a fake engine over a
// real in-memory cache, a fake account store and demo server; the runtime over
// the real wiring. Not used by the app.
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { CommandError, type AccountInfo } from '../../shared/contract';
import { openCache, type WritableDB } from '../cache/db';
import { LocalAccounts } from '../credentials/local-accounts';
import { MemoryCredentialStore, type CredentialStore } from '../credentials/store';
import { silentLogger, type Logger } from '../log/log';
import { EventBus } from './bus';
import type { EnginePort, OutboxPort, SyncPort } from './engine-port';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime';
import { workspaceDeps } from './wiring';
import type { AccountStore, DemoServer, OpenRequest } from './workspace';

export interface FakeEngine extends EnginePort {
  readonly writable: WritableDB;
  unsent: number;
  closed: boolean;
  discarded: boolean;
  request: OpenRequest;
}

export function fakeEngine(
  request: OpenRequest,
  parts: { sync?: SyncPort | null; outbox?: OutboxPort | null; db?: WritableDB } = {},
): FakeEngine {
  const writable = parts.db ?? openCache({ path: ':memory:' });
  const engine: FakeEngine = {
    db: writable,
    writable,
    sync: parts.sync ?? null,
    outbox: parts.outbox ?? null,
    unsent: 0,
    closed: false,
    discarded: false,
    request,
    unsentCount: () => engine.unsent,
    discardUnsent: () => {
      engine.discarded = true;
      engine.unsent = 0;
      return Promise.resolve();
    },
    close: () => {
      engine.closed = true;
      writable.close();
      return Promise.resolve();
    },
  };
  return engine;
}

export function memoryAccounts(): AccountStore & { saved: AccountInfo[] } {
  const saved: AccountInfo[] = [];
  return {
    saved,
    status: () => Promise.resolve({ available: true, message: null }),
    remembered: () => Promise.resolve([...saved]),
    forget: (a) => {
      const i = saved.findIndex((s) => s.baseUrl === a.baseUrl && s.user === a.user);
      if (i >= 0) saved.splice(i, 1);
      return Promise.resolve();
    },
  };
}

export interface Harness {
  runtime: Runtime;
  engines: FakeEngine[];
  demos: (DemoServer & { closed: boolean })[];
  accounts: ReturnType<typeof memoryAccounts>;
  expire: (message: string) => void;
  /** The accounts used "on this computer" (in memory); survives `restart`. */
  local: LocalAccounts;
  /** `session.signIn` as ana / pw at https://pms.example.com unless `over` says otherwise. */
  signIn: (over?: Record<string, unknown>) => ReturnType<Runtime['dispatcher']['dispatch']>;
}

/**
 * A runtime whose engines are fakes over in-memory caches. `password`
 * "wrong" is refused like a server would; `setup` may fill each new cache.
 */
export function harness(
  opts: {
    log?: Logger;
    setup?: (engine: FakeEngine) => void;
    parts?: () => { sync?: SyncPort; outbox?: OutboxPort };
    /** Another start on the same computer: reuse its accounts (a restart). */
    local?: LocalAccounts;
  } = {},
): Harness {
  const local = opts.local ?? new LocalAccounts(null);
  const engines: FakeEngine[] = [];
  const demos: Harness['demos'] = [];
  const accounts = memoryAccounts();
  let onExpired: (m: string) => void = () => undefined;
  const runtime = createRuntime({
    dataDir: null,
    log: opts.log ?? silentLogger,
    app: { name: 'Stayboard', version: '9.9.9' },
    workspace: () => ({
      accounts,
      openEngine: (request, expired) => {
        if (request.password === 'wrong')
          return Promise.reject(
            new CommandError('wrong_credentials', 'The server refused this user name or password.'),
          );
        const engine = fakeEngine(request, opts.parts?.() ?? {});
        opts.setup?.(engine);
        engines.push(engine);
        if (request.remember) accounts.saved.push(request.account);
        onExpired = expired;
        return Promise.resolve(engine);
      },
      // Like the app: with a password given (unlocked offline) or a keychain one, the cache opens with no network.
      resumeEngine: (account, expired, password) => {
        const keychain = accounts.saved.some((a) => a.baseUrl === account.baseUrl && a.user === account.user);
        if (password === undefined && !keychain) return Promise.resolve(null);
        const engine = fakeEngine({ account, password: password ?? 'from-keychain', remember: false });
        opts.setup?.(engine);
        engines.push(engine);
        onExpired = expired;
        return Promise.resolve(engine);
      },
      local,
      openOffline: (account, expired) => {
        const engine = fakeEngine({ account, password: '', remember: false });
        engines.push(engine);
        onExpired = expired;
        return Promise.resolve(engine);
      },
      startDemo: () => {
        const demo = {
          url: `http://127.0.0.1:${40000 + demos.length}`,
          user: 'demo',
          password: 'session-only',
          closed: false,
          close: () => {
            demo.closed = true;
            return Promise.resolve();
          },
        };
        demos.push(demo);
        return Promise.resolve(demo);
      },
    }),
  });
  const signIn = (over: Record<string, unknown> = {}) =>
    runtime.dispatcher.dispatch('session.signIn', {
      baseUrl: 'https://pms.example.com',
      user: 'ana',
      password: 'pw',
      ...over,
    });
  return { runtime, engines, demos, accounts, expire: (m) => onExpired(m), local, signIn };
}

export const bus = () => new EventBus();

/**
 * Polls until `probe` answers something truthy (for what must happen: never
 * to prove that something did not), or fails naming what it waited for.
 */
export async function until<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A keychain that survives a "restart" of the runtime within a test, as the OS keychain does. */
export function lastingKeychain(): CredentialStore {
  const keychain = new MemoryCredentialStore();
  return {
    status: () => Promise.resolve({ available: true, message: null }),
    save: (a, p) => keychain.save(a, p).then(() => 'keychain' as const),
    load: (a) => keychain.load(a),
    forget: (a) => keychain.forget(a),
    accounts: () => keychain.accounts(),
  };
}

/** The runtime and data folders a test opens: closed and removed after each test. */
export function cleanedAfterEach(): { runtime: Runtime | null; dirs: string[] } {
  const made = { runtime: null as Runtime | null, dirs: [] as string[] };
  afterEach(async () => {
    await made.runtime?.close();
    made.runtime = null;
    for (const dir of made.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return made;
}

/**
 * The runtime the app runs (the real wiring: engines, sync, outbox, demo) over
 * this data folder, with an in-memory keychain unless `credentials` is given.
 */
export function wiredRuntime(
  dataDir: string,
  extra: Partial<Pick<RuntimeOptions, 'log' | 'app' | 'translate'>> & { credentials?: CredentialStore } = {},
): Runtime {
  const { credentials = new MemoryCredentialStore('No keychain in this test.'), ...options } = extra;
  return createRuntime({
    dataDir,
    log: silentLogger,
    app: { name: 'Stayboard', version: 'test' },
    ...options,
    workspace: (parts) => workspaceDeps({ ...parts, dataDir, credentials }),
  });
}

/** Asks the runtime as the renderer does: the command's value, or an error naming the command and the answer's code. */
export function asker(runtime: Pick<Runtime, 'dispatcher'>) {
  return async <T>(name: string, input: unknown): Promise<T> => {
    const r = await runtime.dispatcher.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
}
