// The renderer's root state: the bridge, the language, the route, the
// session, the sync status and toasts, the changes the server refused, plus
// the two things every screen does (tell the planner what is on screen; make
// an edit — or send a refused one again — and say truthfully what happens).
import type {
  CommandInput,
  CommandOutput,
  ContractError,
  EditName,
  Interest,
  Locale,
  OutboxEntry,
  Result,
  StayboardBridge,
} from '../../../shared/contract';
import { I18n, isLocale } from '../i18n/i18n.svelte';
import { call } from './call';
import { ChangeToasts } from './change-toasts';
import { RefusedChanges, refusalReasons, type RefusedChange } from './refused.svelte';
import { ConflictingChanges, resolveInput, type Resolution } from './conflicts.svelte';
import { BridgeLink } from './link.svelte';
import { ListingIndex } from './listing-index.svelte';
import { DesktopNotices } from './notifications.svelte';
import { Session } from './session.svelte';
import { SyncState } from './sync.svelte';
import { Toasts } from './toasts.svelte';
import { UpdatesState } from './updates.svelte';
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
  /** The refused changes, for the banner on each record. */
  readonly refused: RefusedChanges;
  /** The changes in conflict, shown on the record they belong to (and all of them on the Sync page). */
  readonly conflicts: ConflictingChanges;
  readonly changeToasts: ChangeToasts;
  /** Listing names and cities for every screen (loaded once signed in). */
  readonly listings: ListingIndex;
  /** The app update (desktop only; the web host says unavailable). */
  readonly updates: UpdatesState;
  /** Desktop notifications the main side decided on. */
  readonly notices: DesktopNotices;
  searchOpen = $state(false);
  /** Contact with the background process; `bridge` is the one it watches. */
  readonly link: BridgeLink;
  readonly bridge: StayboardBridge;

  constructor(raw: StayboardBridge, win: Window | null = typeof window === 'undefined' ? null : window) {
    this.link = new BridgeLink(raw);
    const bridge = (this.bridge = this.link.bridge);
    // The last language chosen on this machine paints the first frame; settings confirm it.
    this.i18n = new I18n(storedLocale() ?? browserLocale());
    this.router = new Router(win);
    this.session = new Session(bridge);
    this.sync = new SyncState(bridge);
    this.listings = new ListingIndex(bridge);
    this.updates = new UpdatesState(bridge);
    this.refused = new RefusedChanges(bridge);
    this.conflicts = new ConflictingChanges(bridge);
    this.changeToasts = new ChangeToasts(bridge, this.toasts, this.i18n, this.sync);
    this.notices = new DesktopNotices(bridge, this.i18n);
  }

  /** Starts following the main side; the returned function stops everything. */
  start(): () => void {
    const stops = [
      this.router.start(),
      this.session.start(),
      this.sync.start(),
      this.refused.start(),
      this.conflicts.start(),
      this.changeToasts.start(),
      this.updates.start(),
      this.notices.start(),
      // Back in contact: what the missed events would have said is read again.
      this.link.onBack(() => {
        void this.session.load();
        void this.sync.load();
        void this.refused.load();
        void this.conflicts.load();
      }),
      () => this.link.stop(),
    ];
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
   * Runs an edit command and answers its value; the change's toast then tells
   * what is true (sending / sent / not accepted, or saved here while the
   * server cannot be reached). On failure shows the reason and answers null.
   */
  async edit<N extends EditName>(
    name: N,
    input: CommandInput<N>,
    /** False when the caller tells one change made of several edits itself (changeToasts.announce). */
    announce = true,
  ): Promise<CommandOutput<N> | null> {
    const r: Result<CommandOutput<N>> = await call(this.bridge, name, input);
    if (r.ok) {
      if (announce) this.changeToasts.announce(receiptIds(r.value));
      return r.value;
    }
    this.#failed(r.error);
    return null;
  }

  /**
   * Saves a record's form: a new edit, or — while the form holds a refused
   * change's values — "edit and send again" of that change with the form's
   * changes (plus `carry`: refused values the form does not show). Truthy when done.
   */
  async save<N extends EditName>(
    name: N,
    input: CommandInput<N> & { changes: Record<string, unknown> },
    amending: RefusedChange | null,
    carry: Record<string, unknown> = {},
  ): Promise<unknown> {
    if (!amending) return this.edit(name, input);
    return (await this.amend(amending.entryIds[0]!, { ...carry, ...input.changes })) || null;
  }

  /** "Edit and send again": the refused change becomes `changes` (empty: it is only dropped). True when done. */
  async amend(entryId: number, changes: Record<string, unknown>): Promise<boolean> {
    const r = await call(this.bridge, 'outbox.amend', { id: entryId, changes });
    if (!r.ok) {
      this.#failed(r.error);
      return false;
    }
    if (r.value.entryId !== null) this.changeToasts.announce([r.value.entryId]);
    return true;
  }

  /** Drops refused entries (the record shows the server's values). True when every one went. */
  async discardRefused(entryIds: readonly number[]): Promise<boolean> {
    for (const id of [...entryIds].reverse()) {
      const r = await call(this.bridge, 'outbox.discard', { id });
      if (!r.ok && r.error.code !== 'not_found') {
        this.#failed(r.error);
        return false;
      }
    }
    this.toasts.show('success', this.i18n.t('refused.discarded'));
    return true;
  }

  /**
   * Resolves a conflict (the one `outbox.resolve`, wherever it is asked: the Sync page, the
   * record's page): `choices` per field, or mine / theirs for all. True when done.
   */
  async resolve(entry: Pick<OutboxEntry, 'id' | 'conflicts'>, choices: Resolution): Promise<boolean> {
    const input = typeof choices === 'string' ? { id: entry.id, choice: choices } : resolveInput(entry, choices);
    const r = await call(this.bridge, 'outbox.resolve', input);
    if (!r.ok) {
      this.#failed(r.error);
      return false;
    }
    this.toasts.show('success', this.i18n.t('sync.resolved'));
    await this.conflicts.load();
    return true;
  }

  #failed(error: ContractError): void {
    // Values checked before queueing: say which field and why, in the same words as a server refusal.
    if (error.code === 'invalid_input' && error.fields && Object.keys(error.fields).length) {
      const reason = refusalReasons(this.i18n, error).join(' · ');
      this.toasts.show('error', this.i18n.t('toast.notSaved', { reason }));
      return;
    }
    this.toasts.show('error', this.i18n.t('common.error', { message: this.i18n.error(error) }));
  }
}

/** The outbox entries an edit's answer names (one receipt, or one per item of a bulk edit). */
function receiptIds(value: unknown): number[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.flatMap((v) =>
    typeof v === 'object' && v !== null && typeof (v as { entryId?: unknown }).entryId === 'number'
      ? [(v as { entryId: number }).entryId]
      : [],
  );
}
