// The workspace: which account is signed in and the engine that serves it.
// Signing in opens an engine (cache + sync + outbox) for the account; the demo
// starts the embedded simulator first and signs in with session-only
// credentials; signing out refuses to drop unsent edits unless told to.
// Session changes are serialised, so a double click never opens two engines.
import { CommandError, ENVIRONMENT_URLS, type AccountInfo, type CommandArgs } from '../../shared/contract';
import type { Simulator } from '../../simulator';
import type { Logger } from '../shell/log';
import type { EventBus } from './bus';
import type { SessionAnswer, WorkspacePort } from './context';

/** What the workspace needs of an engine to manage its life. */
export interface EngineLifecycle {
  /** Edits not yet confirmed by the server. */
  unsentCount(): number;
  /** Drops every unsent edit and its local change (sign-out with "discard"). */
  discardUnsent(): Promise<void>;
  /** Lets the request in flight finish, stops sync and replay, closes the database. */
  close(): Promise<void>;
  /** Whether the password went to the keychain (it may have been kept in memory when none is usable). */
  readonly remembered?: boolean;
}

/** The embedded simulator behind the demo workspace. */
export interface DemoServer {
  url: string;
  user: string;
  password: string;
  /** The simulator itself, for tests that take it offline or make other users' changes. */
  simulator?: Simulator;
  close(): Promise<void>;
}

export interface KeychainStatus {
  available: boolean;
  message: string | null;
}

export interface AccountStore {
  status(): Promise<KeychainStatus>;
  /** Accounts whose credentials are in the keychain. */
  remembered(): Promise<AccountInfo[]>;
  forget(account: AccountInfo): Promise<void>;
}

export interface OpenRequest {
  account: AccountInfo;
  password: string;
  /** Save the credentials in the keychain (never for the demo). */
  remember: boolean;
}

export interface WorkspaceDeps<E extends EngineLifecycle> {
  log: Logger;
  bus: EventBus;
  accounts: AccountStore;
  /**
   * Opens the engine for an account and signs in. Throws CommandError
   * (`wrong_credentials`, `unreachable`, `keychain_unavailable`…) when it cannot.
   * `onExpired` is called when the server later refuses the credentials.
   */
  openEngine(request: OpenRequest, onExpired: (message: string) => void): Promise<E>;
  startDemo(): Promise<DemoServer>;
  /**
   * Reopens a remembered account from its cache and keychain password, with
   * no network needed (the app starts offline with what it has). Null when
   * the password is no longer in the keychain.
   */
  resumeEngine?(account: AccountInfo, onExpired: (message: string) => void): Promise<E | null>;
  /** Opens an account's cache without signing in (reads only; its session shows as expired). */
  openOffline?(account: AccountInfo, onExpired: (message: string) => void): Promise<E>;
  /** The account to resume at the next start (signed in with "remember"); null clears it. */
  lastAccount?: { load(): AccountInfo | null; save(account: AccountInfo | null): void };
}

interface Current<E> {
  engine: E;
  account: AccountInfo;
  remembered: boolean;
  demo: DemoServer | null;
  expired: boolean;
}

export class Workspace<E extends EngineLifecycle> implements WorkspacePort<E> {
  private current: Current<E> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: WorkspaceDeps<E>) {}

  get isDemo(): boolean {
    return this.current?.demo != null;
  }

  async info(): Promise<SessionAnswer> {
    const c = this.current;
    const keychain = await this.deps.accounts.status();
    return {
      state: c ? (c.expired ? 'expired' : 'signedIn') : 'signedOut',
      account: c ? c.account : null,
      remembered: c?.remembered ?? false,
      keychain,
    };
  }

  engine(): E {
    if (!this.current) throw new CommandError('not_signed_in', 'Sign in (or open the demo) first.');
    return this.current.engine;
  }

  /** The demo's simulator while the demo workspace is open. */
  demoSimulator(): Simulator | null {
    return this.current?.demo?.simulator ?? null;
  }

  /** The engine if signed in, else null (for background work that must not throw). */
  engineOrNull(): E | null {
    return this.current?.engine ?? null;
  }

  signIn(input: CommandArgs<'session.signIn'>): Promise<SessionAnswer> {
    return this.serial(async () => {
      const baseUrl =
        input.environment === 'custom' ? stripApiPrefix(input.baseUrl) : ENVIRONMENT_URLS[input.environment];
      const account: AccountInfo = { baseUrl, environment: input.environment, user: input.user };
      const again = this.current !== null && sameAccount(this.current.account, account);
      if (again) {
        // Signing in again to the same account (typically after the session expired): its unsent
        // edits stay in its cache and go out with the new sign-in, so there is nothing to refuse.
        const previous = this.current!;
        this.current = null;
        await this.teardown(previous);
      } else {
        await this.leave(false);
      }
      let engine: E;
      try {
        engine = await this.deps.openEngine(
          { account, password: input.password, remember: input.remember },
          (message) => this.expire(engine, message),
        );
      } catch (e) {
        if (again) await this.reopenExpired(account);
        throw e;
      }
      const remembered = engine.remembered ?? input.remember;
      await this.enter({ engine, account, remembered, demo: null, expired: false });
      this.deps.lastAccount?.save(remembered ? account : null);
      this.deps.log.info(`signed in to ${account.environment} (${account.baseUrl})`);
      return this.info();
    });
  }

  /**
   * After a failed sign-in to the account that was open: show its cached data
   * again (read-only, session expired) rather than nothing. Best effort.
   */
  private async reopenExpired(account: AccountInfo): Promise<void> {
    if (!this.deps.openOffline) return;
    try {
      const engine: E = await this.deps.openOffline(account, (message) => this.expire(engine, message));
      await this.enter({ engine, account, remembered: false, demo: null, expired: true });
    } catch (e) {
      this.deps.log.warn('could not reopen the cache after a failed sign-in', e);
      await this.announce();
    }
  }

  /** At start: reopen the account last signed in with "remember", if its password is still in the keychain. */
  restore(): Promise<SessionAnswer> {
    return this.serial(async () => {
      const account = this.current ? null : (this.deps.lastAccount?.load() ?? null);
      if (!account || !this.deps.resumeEngine) return this.info();
      let engine: E | null;
      try {
        engine = await this.deps.resumeEngine(account, (message) => engine && this.expire(engine, message));
      } catch (e) {
        this.deps.log.warn('could not reopen the last account', e);
        return this.info();
      }
      if (!engine) {
        this.deps.lastAccount?.save(null);
        return this.info();
      }
      await this.enter({ engine, account, remembered: true, demo: null, expired: false });
      this.deps.log.info(`resumed ${account.environment} (${account.baseUrl})`);
      return this.info();
    });
  }

  /** Resolves once every session change asked for so far has finished. */
  async settled(): Promise<void> {
    await this.queue;
  }

  openDemo(): Promise<SessionAnswer> {
    return this.serial(async () => {
      if (this.current?.demo) return this.info();
      await this.leave(false);
      const demo = await this.deps.startDemo();
      const account: AccountInfo = { baseUrl: demo.url, environment: 'demo', user: demo.user };
      let engine: E;
      try {
        engine = await this.deps.openEngine({ account, password: demo.password, remember: false }, (message) =>
          this.expire(engine, message),
        );
      } catch (e) {
        await demo.close();
        throw e;
      }
      await this.enter({ engine, account, remembered: false, demo, expired: false });
      this.deps.log.info(`demo workspace open on ${demo.url}`);
      return this.info();
    });
  }

  signOut(input: CommandArgs<'session.signOut'>): Promise<SessionAnswer> {
    return this.serial(async () => {
      const account = this.current?.account ?? null;
      await this.leave(input.discardUnsent);
      // Signing out on purpose means the next start shows the sign-in screen.
      this.deps.lastAccount?.save(null);
      if (input.forget && account && account.environment !== 'demo') await this.deps.accounts.forget(account);
      return this.info();
    });
  }

  accounts(): Promise<AccountInfo[]> {
    return this.deps.accounts.remembered();
  }

  /** Closes the engine (finishing the request in flight) and the demo simulator. Unsent edits stay stored. */
  close(): Promise<void> {
    return this.serial(async () => {
      this.closed = true;
      if (this.current) await this.teardown(this.current);
      this.current = null;
    });
  }

  private async enter(next: Current<E>): Promise<void> {
    this.current = next;
    await this.announce();
  }

  private async announce(): Promise<void> {
    this.deps.bus.emit('session.changed', await this.info());
  }

  /** Signs out of the current account, refusing while edits are unsent unless `discard`. */
  private async leave(discard: boolean): Promise<void> {
    const c = this.current;
    if (!c) return;
    const unsent = c.engine.unsentCount();
    // The demo's edits only ever lived in a throwaway workspace: leaving it never needs a confirmation.
    if (unsent > 0 && !discard && !c.demo) {
      throw new CommandError(
        'unsent_changes',
        `${unsent} change${unsent === 1 ? ' has' : 's have'} not been sent yet. Stay signed in until they are, or discard them.`,
      );
    }
    if (unsent > 0 && discard) await c.engine.discardUnsent();
    this.current = null;
    await this.teardown(c);
    await this.announce();
  }

  private async teardown(c: Current<E>): Promise<void> {
    try {
      await c.engine.close();
    } catch (e) {
      this.deps.log.error('closing the engine failed', e);
    }
    if (c.demo) {
      try {
        await c.demo.close();
      } catch (e) {
        this.deps.log.error('stopping the demo simulator failed', e);
      }
    }
  }

  private expire(engine: E, message: string): void {
    const c = this.current;
    if (!c || c.engine !== engine || c.expired) return;
    c.expired = true;
    this.deps.bus.emit('session.expired', { message });
    this.announce().catch((e: unknown) => this.deps.log.error('could not announce the expired session', e));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = async () => {
      if (this.closed) throw new CommandError('unavailable', 'Stayboard is shutting down.');
      return work();
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function sameAccount(a: AccountInfo, b: AccountInfo): boolean {
  return a.environment !== 'demo' && a.baseUrl === b.baseUrl && a.user === b.user;
}

/** People paste the API root with or without /api/v1 and a trailing slash: keep only the base. */
export function stripApiPrefix(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
}
