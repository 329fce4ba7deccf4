// How the workspace gets its accounts, engines and demo simulator in the real
// app (Electron and the web host alike): one Engine per account over its own
// cache file (the engine owns the account's outbox), the engine's
// events forwarded to the bus, settings applied as they change. The one place
// that knows the concrete engine, outbox, keychain and simulator modules.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CommandError, type AccountInfo } from '../../shared/contract';
import {
  KeychainCredentialStore,
  MemoryCredentialStore,
  type Account,
  type CredentialStore,
} from '../credentials/store';
import { commandErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import { MigrationHistoryError } from '../cache/migrations';
import { LocalAccounts } from '../credentials/local-accounts';
import { Engine } from '../engine';
import { createNotifications, type Notifications } from '../notify';
import type { Outbox } from '../outbox';
import type { ReconcileResult } from '../sync/reconcile';
import { checkCoverage, fetchCoverage } from '../sync/coverage-answers';
import type { HandlerResult } from './types';
import type { Logger } from '../log/log';
import type { EventBus } from './bus';
import type { ErrorTranslator } from './dispatcher';
import { simulatorMedia, startDemoServer, type DemoOptions } from './demo';
import type { EnginePort, OutboxPort } from './engine-port';
import type { SettingsStore } from './settings-store';
import type { OpenRequest, WorkspaceDeps } from './workspace';

export interface WiringOptions {
  /** Where the cache databases live: accounts/<hash>.db, demo/<uuid>.db. */
  dataDir: string;
  bus: EventBus;
  settings: SettingsStore;
  log: Logger;
  /** Default: the OS keychain (keytar), falling back to memory with a reason. */
  credentials?: CredentialStore;
  demo?: DemoOptions;
  /** Keep syncing in the background (default true; tests may run passes themselves). */
  background?: boolean;
}

/** The cache file of an account: a hash, so neither the URL nor the user name shows in the file system. */
export function accountFile(dataDir: string, account: Account): string {
  const id = createHash('sha256').update(`${account.baseUrl}\n${account.user}`).digest('hex').slice(0, 24);
  return join(dataDir, 'accounts', `${id}.db`);
}

/** The engine's outbox as the handlers see it. */
function outboxPort(outbox: Outbox): OutboxPort {
  return {
    edit: (name, input) => outbox.enqueueAdmitted(name, input),
    list: (input) => outbox.list(input),
    summary: () => outbox.summary(),
    retry: (id) => outbox.retry({ id }),
    discard: (id) => outbox.discard({ id }).dependents,
    amend: (input) => outbox.amend(input),
    resolve: (input) => outbox.resolve(input),
  };
}

/** A reconciliation result in the contract's one shape (the fields of the other outcome null). */
function contractReconcile(r: ReconcileResult, fixRequests: number | null): HandlerResult<'sync.check'> {
  return r.stopped === null ? { ...r, need: null, left: null, fixRequests } : { ...r, diffs: [], fixRequests };
}

/** Feeds the account's notifications from its engine's events (electron/notify decides what is shown). */
function followNotifications(engine: Engine, notices: Notifications): void {
  engine.on('sync.stall', (p) => notices.onStall(p.stall ?? null));
  engine.on('outbox.changed', (p) =>
    notices.onOutboxChanged(p.entryIds, () => engine.outbox?.list({ states: ['rejected', 'conflict'] }) ?? []),
  );
}

export function workspaceDeps(o: WiringOptions): Omit<WorkspaceDeps<EnginePort>, 'log' | 'bus'> {
  const keychain = o.credentials ?? new KeychainCredentialStore();
  const log = o.log;

  /** Opens an account's engine, forwarding its events; `start` signs in or resumes (false: nothing to resume). */
  async function open(
    info: AccountInfo,
    onExpired: (message: string) => void,
    start: (engine: Engine) => Promise<{ remembered: boolean } | false>,
  ): Promise<EnginePort | null> {
    const demo = info.environment === 'demo';
    const account: Account = { baseUrl: info.baseUrl, user: info.user };
    // The demo's cache is throwaway and its credentials never leave memory.
    const dbPath = demo ? join(o.dataDir, 'demo', `${randomUUID()}.db`) : accountFile(o.dataDir, account);
    const removeDemoFiles = () => {
      if (demo)
        for (const suffix of ['', '-wal', '-shm', '.photos'])
          rmSync(`${dbPath}${suffix}`, { force: true, recursive: true });
    };
    const notices = createNotifications({
      settings: () => o.settings.get(),
      show: (e) => o.bus.emit('notification.show', e),
    });
    const engine = Engine.open({
      dbPath,
      credentials: demo ? new MemoryCredentialStore() : keychain,
      settings: o.settings.get(),
      outbox: { log: { error: (message, err) => log.error(`outbox: ${message}`, err) } },
      // A request that named a local id was refused before it left: a defect, in the log for whoever mends it.
      onDefect: (d) => log.error(`defect: ${d.method} ${d.endpoint} named a local id (${d.where}); not sent`),
      ingest: notices.ingest,
      // The demo's photos are served by its simulator (simulator/media.ts), at its own address.
      ...(demo ? { photoFetch: simulatorMedia(info.baseUrl) } : {}),
      onPass: (p) => notices.onPass(p),
      // Sync plans on a thread of their own: a plan never holds every window's IPC (issue 30).
      planThread: true,
      onPlanThreadFailed: (why) =>
        log.warn(`sync plans are made on the main process: the planning thread failed (${why})`),
      ...(o.background === false ? { background: false } : {}),
    });
    followNotifications(engine, notices);
    // To the renderer, under the same names and shapes (the bus checks each payload against the table).
    engine.on('sync.progress', (p) => o.bus.emit('sync.progress', p));
    engine.on('sync.freshness', (p) => o.bus.emit('sync.freshness', p));
    engine.on('cache.changed', (p) => o.bus.emit('cache.changed', p));
    engine.on('connectivity.changed', (p) => o.bus.emit('connectivity.changed', p));
    engine.on('outbox.changed', (p) => o.bus.emit('outbox.changed', p));
    engine.on('outbox.upload', (p) => o.bus.emit('outbox.upload', p));
    engine.on('sync.stall', (p) => o.bus.emit('sync.stall', p));
    engine.on('session.expired', (p) => onExpired(p.message));
    const unfollow = o.settings.onChange((s) => engine.applySettings(s));
    let started: { remembered: boolean } | false;
    try {
      started = await start(engine);
    } catch (e) {
      unfollow();
      await engine.close();
      removeDemoFiles();
      throw e;
    }
    if (!started) {
      unfollow();
      await engine.close();
      return null;
    }
    return {
      remembered: started.remembered,
      db: engine.db,
      sync: {
        status: () => engine.status(),
        syncNow: (full) => engine.requestSync(full),
        setInterest: (interest) => engine.setInterest(interest),
        check: async () => contractReconcile(await engine.reconciler().check(), null),
        fix: async () => {
          const r = await engine.reconciler().fix();
          return contractReconcile(r, r.fixRequests);
        },
      },
      // Null until a session first started (a cache reopened read-only has no outbox).
      get outbox() {
        return engine.outbox && outboxPort(engine.outbox);
      },
      live: engine.foreground.live,
      photos: engine.photoFiles,
      coverage: {
        check: (subject) => checkCoverage(engine.coverage(), subject),
        fetch: (subject) => fetchCoverage(engine.coverage(), subject),
      },
      admins: engine.foreground.admins,
      history: engine.history,
      unsentCount: () => engine.unsentCount(),
      discardUnsent: () => engine.discardUnsent(),
      close: async () => {
        unfollow();
        await engine.close();
        removeDemoFiles();
      },
    };
  }

  async function openEngine(request: OpenRequest, onExpired: (message: string) => void): Promise<EnginePort> {
    const remember = request.remember && request.account.environment !== 'demo';
    const port = await open(request.account, onExpired, async (engine) => {
      const r = await engine.signIn({ ...request.account, password: request.password, remember });
      return { remembered: r.remembered === 'keychain' };
    });
    return port!;
  }

  async function resumeEngine(
    account: AccountInfo,
    onExpired: (message: string) => void,
    password?: string,
  ): Promise<EnginePort | null> {
    return open(account, onExpired, async (engine) =>
      (await engine.resume(password)) ? { remembered: password === undefined } : false,
    );
  }

  async function openOffline(account: AccountInfo, onExpired: (message: string) => void): Promise<EnginePort> {
    return (await open(account, onExpired, () => Promise.resolve({ remembered: false })))!;
  }

  // The accounts used here: last account, offline checks, server addresses (never in SQLite).
  const local = new LocalAccounts(join(o.dataDir, 'accounts.json'), log);
  adoptOlderLastAccount(o.dataDir, local);

  return {
    accounts: {
      status: () => keychain.status(),
      remembered: async () =>
        (await keychain.accounts()).map((a) => ({
          baseUrl: a.baseUrl,
          user: a.user,
          environment: 'custom' as const,
        })),
      forget: (a) => keychain.forget({ baseUrl: a.baseUrl, user: a.user }),
    },
    openEngine,
    resumeEngine,
    openOffline,
    local,
    startDemo: () => startDemoServer(o.demo),
  };
}

/**
 * Versions before the offline start kept the last account (signed in with "remember") in
 * last-account.json: adopt it once, so an upgrade still opens that account from the keychain.
 */
function adoptOlderLastAccount(dataDir: string, local: LocalAccounts): void {
  const older = join(dataDir, 'last-account.json');
  if (local.last() || !existsSync(older)) return;
  try {
    const v = JSON.parse(readFileSync(older, 'utf8')) as { baseUrl?: unknown; user?: unknown };
    if (typeof v.baseUrl === 'string' && typeof v.user === 'string')
      local.setLast({ baseUrl: v.baseUrl, user: v.user });
  } catch {
    // unreadable: the person signs in once
  }
  rmSync(older, { force: true });
}

/**
 * API failures that reach a handler (an edit's first read, a sign-in) in the
 * contract's words; a cache refused at open (its migrations differ from this
 * build's) with the migration it names.
 */
export const translateError: ErrorTranslator = (e) => {
  if (e instanceof MigrationHistoryError) return new CommandError('local_data_refused', e.detail);
  return isApiError(e) ? commandErrorOf(e, 'Something went wrong.') : null;
};
