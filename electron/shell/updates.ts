// App updates around electron-updater, in plain Node so it is tested with a
// fake updater (no Electron binary here). It checks the configured feed,
// downloads in the background, says "ready" — and installs only when the
// person asks, never over unsent changes without them saying so: `install()`
// answers `unsent` with the count, and only `install({force: true})` goes on.
//
// What is checked before an update runs (electron-updater, per OS): on every
// OS the downloaded file's sha512 must match the one in the feed's
// latest*.yml; on Windows (NSIS) the installer's Authenticode signature must
// be valid and name the same publisher as the running app; on macOS Squirrel
// (ShipIt) installs only an update code-signed by the same Developer ID; on
// Linux (AppImage, deb) there is no publisher signature, only the sha512 —
// which is why the feed must be https (`updateFeed()`).
import type { AppUpdater } from 'electron-updater';
import type { AppUpdaterEvents } from 'electron-updater/out/AppUpdater';
import type { InstallAnswer, UpdateState } from '../../shared/contract';
import type { Logger } from '../log/log';

/** The parts of electron-updater's AppUpdater this module uses (a fake in tests). */
export type UpdaterLike = Pick<
  AppUpdater,
  'autoDownload' | 'autoInstallOnAppQuit' | 'setFeedURL' | 'checkForUpdates' | 'quitAndInstall'
> & {
  on<E extends keyof AppUpdaterEvents>(event: E, listener: AppUpdaterEvents[E]): unknown;
};

/** How often a running app looks again (besides at start and the menu's "Check for Updates…"). */
export const UPDATE_RECHECK_MS = 6 * 60 * 60 * 1000;

/** The env variable that points the app at an update feed (a folder with latest.yml and the installers). */
export const UPDATE_FEED_ENV = 'STAYBOARD_UPDATE_URL';

/**
 * Where updates come from — the one place: `STAYBOARD_UPDATE_URL` when set
 * (https only; http only for a feed on this computer, for testing), otherwise
 * the `publish` address electron-builder bakes into a packaged app
 * (app-update.yml), otherwise none (a development build: updates unavailable).
 */
export function updateFeed(
  env: Record<string, string | undefined>,
  packaged: boolean,
): { kind: 'url'; url: string } | { kind: 'builtIn' } | { kind: 'none'; why?: string } {
  const raw = env[UPDATE_FEED_ENV]?.trim();
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { kind: 'none', why: `${UPDATE_FEED_ENV} is not an address` };
    }
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
      return { kind: 'none', why: `${UPDATE_FEED_ENV} must be an https address` };
    }
    return { kind: 'url', url: url.href.replace(/\/$/, '') };
  }
  return packaged ? { kind: 'builtIn' } : { kind: 'none' };
}

export interface UpdateControllerOptions {
  /** Null: this app cannot update itself (no feed); every call answers `unavailable`. */
  updater: UpdaterLike | null;
  feed: ReturnType<typeof updateFeed>;
  /** Changes not yet sent (all accounts' outbox entries not confirmed; 0 when none is open). */
  unsent: () => number;
  log: Logger;
  now?: () => Date;
  /** Told of every state change (the header's notice, the menu). */
  onChange?: (state: UpdateState) => void;
}

const UNAVAILABLE: UpdateState = {
  kind: 'unavailable',
  reason: 'noFeed',
  version: null,
  percent: null,
  checkedAt: null,
  message: null,
};

export class UpdateController {
  #state: UpdateState;
  readonly #o: UpdateControllerOptions;
  readonly #updater: UpdaterLike | null;
  #checking: Promise<UpdateState> | null = null;

  constructor(options: UpdateControllerOptions) {
    this.#o = options;
    const usable = options.updater !== null && options.feed.kind !== 'none';
    this.#updater = usable ? options.updater : null;
    this.#state = usable ? { ...UNAVAILABLE, kind: 'idle', reason: null } : UNAVAILABLE;
    const u = this.#updater;
    if (!u) {
      if (options.feed.kind === 'none' && options.feed.why) options.log.warn(`updates off: ${options.feed.why}`);
      return;
    }
    if (options.feed.kind === 'url') u.setFeedURL({ provider: 'generic', url: options.feed.url });
    u.autoDownload = true;
    // Never on quit by itself: installing is the person's choice, made knowing what is unsent.
    u.autoInstallOnAppQuit = false;
    u.on('checking-for-update', () => this.#set({ kind: 'checking', message: null }));
    u.on('update-not-available', () => this.#set({ kind: 'upToDate', checkedAt: this.#now(), version: null }));
    u.on('update-available', (info) =>
      this.#set({ kind: 'downloading', version: info.version, percent: 0, checkedAt: this.#now() }),
    );
    u.on('download-progress', (p) => this.#set({ kind: 'downloading', percent: Math.round(p.percent) }));
    u.on('update-downloaded', (info) => {
      this.#o.log.info(`update ${info.version} downloaded and checked; installs when the person restarts`);
      this.#set({ kind: 'ready', version: info.version, percent: 100 });
    });
    u.on('error', (e) => {
      this.#o.log.warn('update failed', { message: e.message });
      this.#set({ kind: 'failed', message: e.message, percent: null });
    });
  }

  get state(): UpdateState {
    return this.#state;
  }

  /** Looks for an update; resolves with the state once the check is over (the download goes on). */
  check(): Promise<UpdateState> {
    const u = this.#updater;
    if (!u) return Promise.resolve(this.#state);
    // A downloaded update stays ready: looking again would only download it again.
    if (this.#state.kind === 'ready') return Promise.resolve(this.#state);
    this.#checking ??= (async () => {
      try {
        this.#set({ kind: 'checking', message: null });
        await u.checkForUpdates();
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        this.#o.log.warn('update check failed', { message });
        this.#set({ kind: 'failed', message, percent: null });
      } finally {
        this.#checking = null;
      }
      return this.#state;
    })();
    return this.#checking;
  }

  /** Restarts into the downloaded update, unless changes are unsent and the person has not said "install anyway". */
  install(options: { force: boolean }): InstallAnswer {
    const u = this.#updater;
    if (!u || this.#state.kind !== 'ready') return { kind: 'notReady' };
    const count = this.#o.unsent();
    if (count > 0 && !options.force) return { kind: 'unsent', count };
    this.#o.log.info(
      count > 0
        ? `installing the update with ${count} change(s) not sent, as the person chose`
        : 'installing the update',
    );
    u.quitAndInstall(false, true);
    return { kind: 'installing' };
  }

  #now(): string {
    return (this.#o.now?.() ?? new Date()).toISOString();
  }

  #set(patch: Partial<UpdateState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#o.onChange?.(this.#state);
  }
}

/** What the web host answers: it serves a browser tab, which has nothing to install. */
export const WEB_HOST_UPDATES: UpdateState = { ...UNAVAILABLE, reason: 'notDesktop' };
