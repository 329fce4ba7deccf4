// The renderer's root state: the bridge, the language, the route, the
// session, the sync status and toasts, plus the two things every screen does
// (tell the planner what is on screen; make an edit and say what happened).
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  Interest,
  Locale,
  Result,
  StayboardBridge,
} from '../../../shared/contract';
import { I18n, isLocale } from '../i18n/i18n.svelte';
import type { MessageKey } from '../i18n/i18n.svelte';
import { call } from '../state/call';
import { ListingIndex } from '../state/listing-index.svelte';
import { Session } from '../state/session.svelte';
import { SyncState } from '../state/sync.svelte';
import { Toasts } from '../state/toasts.svelte';
import { Router } from './router.svelte';

const LOCALE_KEY = 'stayboard.locale';

function storedLocale(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(LOCALE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

function browserLocale(): Locale {
  const lang = (globalThis.navigator?.language ?? 'en').slice(0, 2);
  return isLocale(lang) ? lang : 'en';
}

export class AppState {
  readonly i18n: I18n;
  readonly router: Router;
  readonly session: Session;
  readonly sync: SyncState;
  readonly toasts = new Toasts();
  /** Listing names and cities for every screen (loaded once signed in). */
  readonly listings: ListingIndex;
  searchOpen = $state(false);

  constructor(
    readonly bridge: StayboardBridge,
    win: Window | null = typeof window === 'undefined' ? null : window,
  ) {
    // The last language chosen on this machine paints the first frame; settings confirm it.
    this.i18n = new I18n(storedLocale() ?? browserLocale());
    this.router = new Router(win);
    this.session = new Session(bridge);
    this.sync = new SyncState(bridge);
    this.listings = new ListingIndex(bridge);
  }

  /** Starts following the main side; the returned function stops everything. */
  start(): () => void {
    const stops = [this.router.start(), this.session.start(), this.sync.start()];
    void this.session.load();
    void this.sync.load();
    void this.#loadSettings();
    return () => stops.forEach((stop) => stop());
  }

  async #loadSettings(): Promise<void> {
    const r = await call(this.bridge, 'settings.get', {});
    if (r.ok && isLocale(r.value.locale) && !storedLocale()) this.i18n.locale = r.value.locale;
  }

  async setLocale(locale: Locale): Promise<void> {
    this.i18n.locale = locale;
    try {
      globalThis.localStorage?.setItem(LOCALE_KEY, locale);
    } catch {
      // Storage can be disabled; the settings below still carry the choice.
    }
    await call(this.bridge, 'settings.update', { locale });
  }

  #interestTimer: ReturnType<typeof setTimeout> | null = null;
  #interestSent = '';

  /**
   * Tells the planner what is on screen (best effort: a failure changes
   * nothing visible). Scrolling sends many; only the last of a burst goes.
   */
  interest(interest: Interest): void {
    if (this.#interestTimer !== null) clearTimeout(this.#interestTimer);
    this.#interestTimer = setTimeout(() => {
      this.#interestTimer = null;
      const key = JSON.stringify(interest);
      if (key === this.#interestSent) return;
      this.#interestSent = key;
      void call(this.bridge, 'sync.setInterest', interest);
    }, 250);
  }

  /**
   * Runs an edit command. On success shows `done` (if given) and answers the
   * value; on failure shows the reason and answers null.
   */
  async edit<N extends CommandName>(
    name: N,
    input: CommandInput<N>,
    done?: MessageKey,
  ): Promise<CommandOutput<N> | null> {
    const r: Result<CommandOutput<N>> = await call(this.bridge, name, input);
    if (r.ok) {
      if (done) this.toasts.show('success', this.i18n.t(done));
      return r.value;
    }
    this.toasts.show('error', this.i18n.t('common.error', { message: this.i18n.error(r.error) }));
    return null;
  }
}
