// The composition root of the main-process engine: one object that wires the
// cache, the API client, the request-budget governor, the credentials store,
// the sync service and the outbox for ONE account, and gives the other layers
// (the shells' services, the CLI) a small, documented surface:
// open → signIn / resume → syncNow / setInterest / status / outbox → close, plus events.
// What it is opened with is options.ts's; its sync status and "Sync now"
// answer sync-status.ts's. See README.md beside this file.
// Its ~420 lines are the account's whole assembly and life (issue 29 gathered them
// here from the services layer); the parts it builds live in their own files.
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CommandError,
  DEFAULT_SETTINGS,
  type ContractEventMap,
  type EventInput,
  type EventName,
  type EventPayload,
  type Interest,
  type Settings,
  type SyncNowAnswer,
  type SyncStatus,
} from '../../shared/contract';
import { ApiClient, type Credentials } from '../api/client';
import { systemClock, type Clock } from '../api/clock';
import { commandErrorOf } from '../api/contract-errors';
import { BudgetGovernor } from '../api/governor';
import { CACHE_MIGRATIONS, openCache, type ReadableDB, type WritableDB } from '../cache';
import { scrubStoredSecrets } from '../cache/scrub-stored';
import { getMeta, setMeta } from '../cache/state';
import { Outbox, OUTBOX_MIGRATIONS } from '../outbox';
import { KeychainCredentialStore, type Account, type CredentialStore, type KeychainStatus } from '../credentials/store';
import { DEFAULT_POLICY, policyFor, type Policy } from '../sync/policy';
import { PlanThread } from '../sync/plan-thread';
import { Reconciler } from '../sync/reconcile';
import type { CoverageDeps } from '../sync/coverage-answers';
import { OnDemand } from '../sync/on-demand';
import { today } from '../../shared/dates';
import type { PassSummary } from '../sync/pass-report';
import { SyncService } from '../sync/service';
import { clearAccountData, countUnsentMarks } from './account-data';
import { EngineConnectivity } from './connectivity';
import type { EngineOptions, SignInInput } from './options';
import { SignedOutPlans, signedInStatus, signedOutStatus, syncNowAnswer, ZERO_OUTBOX } from './sync-status';
import { foregroundParts, type ForegroundParts } from './foreground-parts';
import { PhotoFiles } from './photo-files';
import { sweepQueuedImages } from '../outbox/kinds/photos';
import { HistoryKeeper } from './history-keeper';

const ACCOUNT_KEY = 'engine.account';

/**
 * Events (payloads are the shapes of shared/contract EVENTS):
 * 'sync.progress', 'sync.freshness', 'cache.changed', 'connectivity.changed',
 * 'session.expired' (the contract's push events, under their names and shapes).
 */
export class Engine extends EventEmitter<ContractEventMap> {
  readonly db: ReadableDB;
  readonly governor: BudgetGovernor;
  readonly clock: Clock;
  /** The one connectivity state of this engine (every client reports to it), its probe and stall watchdog. */
  readonly connectivity: EngineConnectivity;
  /** The image files of photos already seen (photo-files.ts). */
  readonly photoFiles: PhotoFiles;
  private readonly wdb: WritableDB;
  /** The business's today (YYYY-MM-DD): the options' (demo, tests), else the clock's. */
  private readonly today: () => string;
  private readonly credentials: CredentialStore;
  private readonly options: EngineOptions;
  private readonly policy: Policy;
  private settings: Settings;
  private client_: ApiClient | null = null;
  private sync_: SyncService | null = null;
  /** The person's fetches of what a document or screen is missing (sync/on-demand.ts), with this session's client. */
  private onDemand_: OnDemand | null = null;
  /** Plans the signed-out status (kept: its far-booking picture is reused like the sync service's). */
  private offlinePlanner: SignedOutPlans | null = null;
  /** The sync service's planning thread (options.planThread), closed with it. */
  private planThread_: PlanThread | null = null;
  /** The account's outbox: made at the first session start (a cache opened read-only has none), kept until close. */
  private outbox_: Outbox | null = null;
  private account_: (Account & { remembered: boolean }) | null = null;
  private interest: Interest | null = null;
  private closed = false;
  /** Keeps the history the person chose on this computer (history-keeper.ts). */
  readonly history: HistoryKeeper;

  private constructor(db: WritableDB, options: EngineOptions) {
    super();
    this.wdb = db;
    this.db = db;
    this.options = options;
    this.photoFiles = new PhotoFiles({
      // Beside the cache file (a cache in memory keeps its photos in a temporary folder).
      dir:
        options.dbPath === ':memory:' ? join(tmpdir(), `stayboard-photos-${process.pid}`) : `${options.dbPath}.photos`,
      db,
      apiBase: () => this.account_?.baseUrl ?? null,
      ...(options.photoFetch ? { fetch: options.photoFetch } : {}),
    });
    this.clock = options.clock ?? systemClock;
    this.today = options.today ?? (() => today(this.clock.now()));
    this.credentials = options.credentials ?? new KeychainCredentialStore();
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.policy = policyFor({ horizonDays: this.settings.horizonDays }, options.policy ?? DEFAULT_POLICY);
    this.governor = new BudgetGovernor({
      limit: this.settings.budgetPerHour,
      reserve: this.settings.reservePercent / 100,
      clock: this.clock,
    });
    this.connectivity = new EngineConnectivity({
      clock: this.clock,
      ...(options.connectivityPolicy ? { policy: options.connectivityPolicy } : {}),
      emit: (event, payload) => {
        this.send(event, payload);
        // Online: replay now rather than when the current back-off (up to a minute) ends.
        if (event === 'connectivity.changed' && this.connectivity.snapshot().kind === 'online') this.outbox_?.nudge();
      },
      entries: () => this.outbox_?.list({ states: ['pending', 'sending', 'unknown'] }) ?? [],
      onBack: () => this.sync_?.wake(),
    });
    this.history = new HistoryKeeper({
      db,
      clock: this.clock,
      today: this.today,
      months: () => this.settings.historyMonths,
      changed: (resources) => this.emit('cache.changed', { resources }),
    });
    const stored = getMeta(db, ACCOUNT_KEY);
    this.account_ = stored ? (JSON.parse(stored) as Account & { remembered: boolean }) : null;
  }

  /** Opens the cache (running the cache's migrations, then the outbox's, then the one-time scrub of secrets). No network yet. */
  static open(options: EngineOptions): Engine {
    const db = openCache({ path: options.dbPath, migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
    try {
      scrubStoredSecrets(db);
    } catch (e) {
      db.close();
      throw e;
    }
    return new Engine(db, options);
  }

  /** The account this cache belongs to (no password), or null. */
  get account(): (Account & { remembered: boolean }) | null {
    return this.account_ ? { ...this.account_ } : null;
  }
  get client(): ApiClient | null {
    return this.client_;
  }
  get sync(): SyncService | null {
    return this.sync_;
  }
  /** The outbox (edits that are never lost and never applied twice); null until a session first started. */
  get outbox(): Outbox | null {
    return this.outbox_;
  }
  /** The parts that ask the server now: live questions and the writes the person waits for (foreground-parts.ts). */
  get foreground(): ForegroundParts {
    // A lost answer is given the outbox's settle time before its absence proves anything.
    return (this.foreground_ ??= foregroundParts(this, this.options.outbox?.backoff?.settleMs));
  }
  private foreground_: ForegroundParts | null = null;
  get signedIn(): boolean {
    return this.client_ !== null && this.client_.hasCredentials && !this.client_.sessionExpired;
  }

  keychain(): Promise<KeychainStatus> {
    return this.credentials.status();
  }

  /** One transaction on the writable cache (for the outbox and tools). */
  transaction<T>(fn: (db: WritableDB) => T): T {
    return this.wdb.transaction(fn);
  }

  /**
   * Logs in (HTTP Basic) and starts syncing. Throws CommandError:
   * wrong_credentials, unreachable, bad_response, unsent_changes (another
   * account's edits are still unsent in this cache).
   */
  async signIn(input: SignInInput): Promise<{ remembered: 'keychain' | 'memory' | false }> {
    const account = { baseUrl: input.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, ''), user: input.user };
    const switching =
      this.account_ !== null && (this.account_.baseUrl !== account.baseUrl || this.account_.user !== account.user);
    if (switching && this.unsentCount() > 0)
      throw new CommandError('unsent_changes', `This cache still holds unsent edits of ${this.account_!.user}.`);
    const client = this.makeClient(account.baseUrl);
    try {
      await client.signIn({ user: input.user, password: input.password });
    } catch (e) {
      await client.close();
      throw toCommandError(e);
    }
    await this.stopSync();
    // Only once the new account is proven: the old account's records must not mix with it.
    if (switching) this.wdb.transaction((tx) => clearAccountData(tx));
    let remembered: 'keychain' | 'memory' | false = false;
    if (input.remember) remembered = await this.credentials.save(account, input.password);
    this.account_ = { ...account, remembered: remembered === 'keychain' };
    setMeta(this.wdb, ACCOUNT_KEY, JSON.stringify(this.account_));
    this.startWith(client);
    return { remembered };
  }

  /**
   * Signs in to this cache's account with `password` (checked offline by the
   * caller, kept in memory) or else the keychain's, with no request until one
   * is needed: sync and replay log in once the server answers, trying again
   * with their back-off meanwhile. False when there is no password to use.
   */
  async resume(given?: string): Promise<boolean> {
    if (!this.account_) return false;
    const password = given ?? (await this.credentials.load(this.account_));
    if (password === null) return false;
    await this.stopSync();
    const client = this.makeClient(this.account_.baseUrl);
    client.setCredentials({ user: this.account_.user, password });
    this.startWith(client, this.policy.resumeSyncDelayMs);
    return true;
  }

  /** Stops syncing and forgets the session; `forget` also removes the password from the keychain. */
  async signOut(opts: { forget?: boolean } = {}): Promise<void> {
    await this.stopSync();
    this.connectivity.detach({ forget: true });
    if (opts.forget && this.account_) {
      await this.credentials.forget(this.account_);
      this.account_ = { ...this.account_, remembered: false };
      setMeta(this.wdb, ACCOUNT_KEY, JSON.stringify(this.account_));
    }
  }

  private makeClient(baseUrl: string): ApiClient {
    return new ApiClient({
      baseUrl,
      governor: this.governor,
      connectivity: this.connectivity.tracker,
      ...(this.options.onDefect ? { onDefect: this.options.onDefect } : {}),
      ...(this.options.transport ? { transport: this.options.transport } : {}),
      ...(this.options.transportOptions ? { transportOptions: this.options.transportOptions } : {}),
    });
  }

  /** `firstPassDelayMs`: see Policy.resumeSyncDelayMs. */
  private startWith(client: ApiClient, firstPassDelayMs = 0): void {
    this.client_ = client;
    this.offlinePlanner = null; // what it knew of the cache ends with the signed-out time
    if (this.options.background !== false) this.connectivity.attach(client);
    client.on('session.expired', () => {
      this.emit('session.expired', {
        message:
          'The server refused the password (it may have been changed on the server). Please sign in again; your edits are kept.',
      });
    });
    const planSource =
      this.options.planThread && this.options.dbPath !== ':memory:'
        ? new PlanThread({
            path: this.options.dbPath,
            policy: this.policy,
            db: this.db,
            ...(this.options.onPlanThreadFailed ? { onFailed: this.options.onPlanThreadFailed } : {}),
            ...(this.options.onPlanAsk ? { onAsk: this.options.onPlanAsk } : {}),
          })
        : null;
    this.planThread_ = planSource;
    const sync = new SyncService({
      db: this.wdb,
      client,
      governor: this.governor,
      clock: this.clock,
      policy: this.policy,
      ...(planSource ? { planSource } : {}),
      ...(this.options.today ? { today: this.options.today } : {}),
      ...(this.options.ingest ? { observe: this.options.ingest } : {}),
      ...(this.options.onPass ? { onPass: this.options.onPass } : {}),
    });
    sync.onlyOnScreen = !this.settings.backgroundSync;
    sync.setInterest(this.interest);
    // Passed on under the same names and shapes (shared/contract/push-events.ts).
    sync.on('sync.progress', (p) => this.emit('sync.progress', p));
    sync.on('sync.freshness', (p) => this.emit('sync.freshness', p));
    sync.on('cache.changed', (p) => this.emit('cache.changed', p));
    this.sync_ = sync;
    this.onDemand_ = new OnDemand({
      db: this.wdb,
      client,
      governor: this.governor,
      clock: this.clock,
      ...(this.options.ingest ? { observe: this.options.ingest } : {}),
      changed: (resources) => this.emit('cache.changed', { resources }),
    });
    this.outbox_ ??= this.startOutbox();
    if (this.options.background !== false) {
      sync.start(firstPassDelayMs);
      this.history.start();
    }
  }

  /**
   * Sends a contract event whose name is a type parameter (the outbox's or
   * the connectivity part's). TypeScript cannot pair a generic name with its
   * entry of the emitter's map, so the pairing is taken from this signature —
   * the one place it is; the bus checks every payload against the table anyway.
   */
  private send<E extends EventName>(event: E, payload: EventInput<E> | EventPayload<E>): void {
    (this.emit as (event: EventName, payload: EventInput<EventName>) => boolean)(event, payload);
  }

  /** The outbox over this cache: it replays with whichever session's client is current, and waits while none is. */
  private startOutbox(): Outbox {
    const outbox = new Outbox({
      db: this.wdb,
      client: () => {
        if (!this.client_) throw new CommandError('not_signed_in', 'Sign in first.');
        return this.client_;
      },
      governor: this.governor,
      clock: this.clock,
      events: {
        emit: (event, payload) => {
          // A photo just queued: its bytes are copied before it can be sent (and its queued image dropped),
          // so it is shown from them until the server's copy is downloaded (photo-files.ts).
          if (event === 'cache.changed' && (payload as EventPayload<'cache.changed'>).resources.includes('photos'))
            this.photoFiles.keepAdded();
          this.send(event, payload);
          if (event === 'outbox.changed') this.connectivity.checkStall();
        },
      },
      ...this.options.outbox,
    });
    sweepQueuedImages(this.wdb);
    this.photoFiles.sweep();
    outbox.start();
    return outbox;
  }

  private async stopSync(): Promise<void> {
    this.connectivity.detach();
    await this.sync_?.stop();
    this.sync_?.removeAllListeners();
    this.sync_ = null;
    await this.planThread_?.close();
    this.planThread_ = null;
    this.onDemand_?.close();
    this.onDemand_ = null;
    const client = this.client_;
    this.client_ = null;
    await client?.close();
  }

  /** Runs a pass now and resolves with its summary (full: everything the budget allows, ignoring staleness). */
  async syncNow(opts: { full?: boolean; waitForBudget?: boolean } = {}): Promise<PassSummary> {
    if (!this.sync_) throw new CommandError('not_signed_in', 'Sign in first.');
    return this.sync_.runPass({ full: opts.full ?? false, waitForBudget: opts.waitForBudget ?? true });
  }

  /** "Sync now" (the `sync.now` command): sync-status.ts syncNowAnswer. */
  requestSync(full = false): SyncNowAnswer {
    const sync = this.sync_;
    if (!sync) throw new CommandError('not_signed_in', 'Sign in first.');
    return syncNowAnswer(sync, this.connectivity, full);
  }

  /** "Check against the server" with this session's client and budget (one per session: it keeps the last check). */
  reconciler(): Reconciler {
    const sync = this.sync_;
    const client = this.client_;
    if (!sync || !client) throw new CommandError('not_signed_in', 'Sign in first.');
    if (this.reconciler_?.sync !== sync)
      this.reconciler_ = {
        sync,
        r: new Reconciler({
          db: this.wdb,
          client,
          governor: this.governor,
          today: this.today,
          now: () => this.clock.now(),
          capabilities: () => sync.capabilities,
          changed: (resources) => this.emit('cache.changed', { resources }),
          ...(sync.observe ? { observe: sync.observe } : {}),
        }),
      };
    return this.reconciler_.r;
  }
  private reconciler_: { sync: SyncService; r: Reconciler } | null = null;

  /** What coverage.check / coverage.fetch answer from: this cache, today, the policy and the session's fetcher (null signed out). */
  coverage(): CoverageDeps {
    const sync = this.sync_;
    return {
      db: this.db,
      today: this.today,
      policy: this.policy,
      capabilities: () => sync?.capabilities ?? { globalLists: true, globalRates: true },
      onDemand: this.onDemand_,
      now: () => this.clock.now(),
    };
  }

  /** What the renderer shows; the planner refreshes it first. */
  setInterest(interest: Interest | null): void {
    this.interest = interest;
    this.sync_?.setInterest(interest);
  }

  /** Applies changed settings (budget, reserve, background sync, history kept); horizon changes apply at the next open. */
  applySettings(s: Partial<Settings>): void {
    const months = this.settings.historyMonths;
    this.settings = { ...this.settings, ...s };
    if (this.settings.historyMonths !== months) this.history.changed();
    this.governor.setLimit(this.settings.budgetPerHour);
    this.governor.setReserve(this.settings.reservePercent / 100);
    if (this.sync_) this.sync_.onlyOnScreen = !this.settings.backgroundSync;
  }

  /** The contract's SyncStatus (sync-status.ts). */
  status(): SyncStatus {
    const outbox = this.outbox_?.summary() ?? ZERO_OUTBOX;
    if (this.sync_) return signedInStatus(this.sync_, this.connectivity, outbox);
    this.offlinePlanner ??= new SignedOutPlans(this.db, this.policy);
    const o = { db: this.db, planner: this.offlinePlanner, governor: this.governor, connectivity: this.connectivity };
    return signedOutStatus(o, this.today(), this.clock.now(), outbox);
  }

  unsentCount(): number {
    return this.outbox_ ? this.outbox_.summary().unsent : countUnsentMarks(this.db);
  }

  async discardUnsent(): Promise<void> {
    await this.outbox_?.discardAll();
  }

  /** Stops the outbox (it finishes its request), aborts sync reads in flight, closes the cache. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.history.stop();
    await this.outbox_?.stop();
    await this.stopSync();
    this.connectivity.close();
    this.governor.close();
    this.wdb.close();
    this.removeAllListeners();
  }
}

/** API failures of a sign-in in the contract's words (the one map: electron/api/contract-errors.ts). */
export function toCommandError(e: unknown): CommandError {
  return commandErrorOf(e, 'Something went wrong while signing in.');
}

export type { Credentials, PassSummary };
