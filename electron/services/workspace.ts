// The workspace: which account is signed in and the engine that serves it.
// Signing in opens an engine (cache + sync + outbox) for the account; the demo
// starts the embedded simulator first and signs in with session-only
// credentials; signing out refuses to drop unsent edits unless told to.
// At start the last account opens from its cache with no network: directly
// with a keychain password, else it stays LOCKED — no engine is opened, so no
// command can read it — until its password passes the offline check.
// Session changes are serialised, so a double click never opens two engines.
// ~410 lines, one session state machine (signed out, locked, signed in, expired): its
// transitions read best together, so it is not split further.
import { CommandError, type AccountInfo, type CommandArgs, type KnownAccount } from '../../shared/contract';
import { plainHttpRemote } from '../../shared/contract/commands/session';
import type { Simulator } from '../../simulator';
import type { KeychainStatus } from '../credentials/store';
import type { Logger } from '../log/log';
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
   * Reopens an account from its cache with no network needed (the app starts
   * offline with what it has), logging in once the server answers with
   * `password` (kept in memory), or else with the keychain's. Null when there is
   * no password to use.
   */
  resumeEngine?(account: AccountInfo, onExpired: (message: string) => void, password?: string): Promise<E | null>;
  /** Opens an account's cache without signing in (reads only; its session shows as expired). */
  openOffline?(account: AccountInfo, onExpired: (message: string) => void): Promise<E>;
  /** The accounts used on this computer (electron/credentials/local-accounts.ts). */
  local?: LocalAccountsPort;
}

/** What the workspace needs of the accounts used here: the last one, offline checks, servers. */
export interface LocalAccountsPort {
  last(): { baseUrl: string; user: string } | null;
  setLast(account: { baseUrl: string; user: string } | null): void;
  accounts(): { baseUrl: string; user: string; offline: boolean }[];
  servers(): string[];
  /** Records a successful online sign-in (offline check made from this password). */
  signedIn(account: { baseUrl: string; user: string }, password: string): Promise<void>;
  /** null: no offline check for this account here. */
  verify(account: { baseUrl: string; user: string }, password: string): Promise<boolean | null>;
  forget(account: { baseUrl: string; user: string }): void;
  /** The person chose to sign in to this plain-http server before (asked once per server). */
  plainHttpChosen(baseUrl: string): boolean;
  choosePlainHttp(baseUrl: string): void;
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
  /** The account waiting for its password (only while nothing is open). */
  private locked: AccountInfo | null = null;
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
      state: c ? (c.expired ? 'expired' : 'signedIn') : this.locked ? 'locked' : 'signedOut',
      account: c ? c.account : this.locked,
      remembered: c?.remembered ?? false,
      keychain,
    };
  }

  engine(): E {
    if (this.current) return this.current.engine;
    if (this.locked) {
      throw new CommandError('locked', `Enter the password of ${this.locked.user} to open its data on this computer.`);
    }
    throw new CommandError('not_signed_in', 'Sign in (or open the demo) first.');
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
      const account = typedAccount(input);
      // Before anything is sent: the password never leaves unencrypted for a server the person has not chosen.
      if (
        plainHttpRemote(account.baseUrl) &&
        !input.allowPlainHttp &&
        !this.deps.local?.plainHttpChosen(account.baseUrl)
      )
        throw new CommandError(
          'insecure_server',
          `${new URL(account.baseUrl).host} is a plain http:// address on another computer: the password would travel unencrypted. Nothing was sent.`,
        );
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
      this.locked = null;
      // The offline check is a convenience for later starts: failing to write it must not undo the sign-in.
      await this.deps.local?.signedIn(account, input.password).catch((e: unknown) => {
        this.deps.log.warn('could not record the offline password check', e);
      });
      if (input.allowPlainHttp && plainHttpRemote(account.baseUrl)) this.deps.local?.choosePlainHttp(account.baseUrl);
      await this.enter({ engine, account, remembered, demo: null, expired: false });
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

  /**
   * At start: reopen the last account from its cache, with no network. With its
   * password in the keychain it opens directly; else, if its password can be
   * checked here, it stays locked until `unlock`.
   */
  restore(): Promise<SessionAnswer> {
    return this.serial(async () => {
      const last = this.current ? null : (this.deps.local?.last() ?? null);
      if (!last) return this.info();
      const account: AccountInfo = { ...last, environment: 'custom' };
      let engine: E | null = null;
      try {
        engine = (await this.deps.resumeEngine?.(account, (message) => engine && this.expire(engine, message))) ?? null;
      } catch (e) {
        this.deps.log.warn('could not reopen the last account', e);
      }
      if (engine) {
        await this.enter({ engine, account, remembered: true, demo: null, expired: false });
        this.deps.log.info(`resumed ${account.baseUrl}`);
      } else if (this.canUnlock(account)) {
        this.locked = account;
        await this.announce();
      }
      return this.info();
    });
  }

  /**
   * Opens an account used here without the server: the password is checked
   * against its offline check (never sent anywhere), then kept in memory to
   * log in once the server answers. Refuses a wrong password.
   */
  unlock(input: CommandArgs<'session.unlock'>): Promise<SessionAnswer> {
    return this.serial(async () => {
      const account = typedAccount(input);
      const c = this.current;
      if (c && !c.expired && sameAccount(c.account, account)) return this.info();
      const ok = await this.deps.local?.verify(account, input.password);
      if (ok === null || ok === undefined || !this.deps.resumeEngine) {
        throw new CommandError(
          'invalid_state',
          'This account cannot be opened without the server yet: sign in once while the server can be reached.',
        );
      }
      if (!ok)
        throw new CommandError('wrong_credentials', 'This is not the password of this account on this computer.');
      if (c && sameAccount(c.account, account)) {
        this.current = null;
        await this.teardown(c);
      } else await this.leave(false);
      let engine: E | null = null;
      engine = await this.deps.resumeEngine(
        account,
        (message) => engine && this.expire(engine, message),
        input.password,
      );
      if (!engine) throw new CommandError('not_found', 'There is no data of this account on this computer.');
      this.locked = null;
      this.deps.local?.setLast(account);
      await this.enter({ engine, account, remembered: false, demo: null, expired: false });
      this.deps.log.info(`unlocked ${account.baseUrl} offline`);
      return this.info();
    });
  }

  private canUnlock(account: AccountInfo): boolean {
    return (this.deps.local?.accounts() ?? []).some(
      (a) => a.offline && sameAccount(account, { ...a, environment: 'custom' }),
    );
  }

  /** Resolves once every session change asked for so far has finished. */
  async settled(): Promise<void> {
    await this.queue;
  }

  openDemo(): Promise<SessionAnswer> {
    return this.serial(async () => {
      if (this.current?.demo) return this.info();
      await this.leave(false);
      this.locked = null;
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
      const account = this.current?.account ?? this.locked;
      const wasLocked = !this.current && this.locked !== null;
      await this.leave(input.discardUnsent);
      // Signing out on purpose means the next start shows the sign-in screen (which still offers the
      // account, to open offline); forgetting it also drops its keychain password and its offline check.
      this.locked = null;
      if (account?.environment !== 'demo') this.deps.local?.setLast(null);
      if (input.forget && account && account.environment !== 'demo') {
        await this.deps.accounts.forget(account);
        this.deps.local?.forget(account);
      }
      if (wasLocked) await this.announce();
      return this.info();
    });
  }

  /** Accounts used here (most recent first), then keychain ones not among them. */
  async accounts(): Promise<KnownAccount[]> {
    const local: KnownAccount[] = (this.deps.local?.accounts() ?? []).map((a) => ({ ...a, environment: 'custom' }));
    const keychain = (await this.deps.accounts.remembered()).filter((k) => !local.some((l) => sameAccount(l, k)));
    return [...local, ...keychain.map((k) => ({ ...k, offline: false }))];
  }

  servers(): string[] {
    return this.deps.local?.servers() ?? [];
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
      if (this.closed) throw new CommandError('disconnected', 'Stayboard is shutting down.');
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

/** The account a sign-in or unlock names (the contract has normalised the address already). */
function typedAccount(input: { baseUrl: string; user: string }): AccountInfo {
  return { baseUrl: input.baseUrl, environment: 'custom', user: input.user };
}
