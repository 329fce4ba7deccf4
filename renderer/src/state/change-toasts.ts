// The toast of a change a person just made, telling the truth of the moment:
// with the server reachable "Sending your change…", then "Sent ✓", "not
// accepted" or "conflict" as the outbox reports; without it "Saved on this
// computer; sent when the server can be reached". A change still unsent after
// a while says so instead of "Sending…" forever. Whether the server is
// reachable is read through `serverReachable` only (one place to adapt when
// the connectivity state grows richer).
import type { OutboxEntry, StayboardBridge } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';
import { CHANGE_TOAST_KEYS } from '../i18n/sync-words';
import { call } from './call';
import type { SyncState } from './sync.svelte';
import type { Toasts } from './toasts.svelte';

/** The one reading of "can the server be reached now" for what the person is told about a change. */
export function serverReachable(sync: Pick<SyncState, 'connectivity'>): boolean {
  return sync.connectivity.kind === 'online';
}

/** How long "Sending…" may stand before the toast says the change is kept and not sent yet. */
export const SENDING_PATIENCE_MS = 15_000;

export type ChangeFate = 'sending' | 'sent' | 'rejected' | 'conflict' | 'gone';

/**
 * Where a group of entries made together stands. An entry no longer listed
 * was discarded or replaced ("edit and send again"): nothing to say about it.
 */
export function fateOf(entryIds: readonly number[], entries: readonly OutboxEntry[]): ChangeFate {
  const byId = new Map(entries.map((e) => [e.id, e.state]));
  const states = entryIds.map((id) => byId.get(id));
  if (states.includes(undefined)) return 'gone';
  if (states.includes('conflict')) return 'conflict';
  if (states.includes('rejected')) return 'rejected';
  return states.every((s) => s === 'confirmed') ? 'sent' : 'sending';
}

type ToastKey = (typeof CHANGE_TOAST_KEYS)[keyof typeof CHANGE_TOAST_KEYS];

interface Tracked {
  entryIds: number[];
  timer: ReturnType<typeof setTimeout>;
  /** What the change did, said before its fate (a bulk action's report), or null. */
  what: string | null;
}

export class ChangeToasts {
  #tracked = new Map<number, Tracked>();

  constructor(
    private readonly bridge: StayboardBridge,
    private readonly toasts: Toasts,
    private readonly i18n: I18n,
    private readonly sync: Pick<SyncState, 'connectivity'>,
  ) {}

  start(): () => void {
    return this.bridge.on('outbox.changed', (p) => {
      const ids = new Set(p.entryIds);
      if ([...this.#tracked.values()].some((t) => t.entryIds.some((id) => ids.has(id)))) void this.#check();
    });
  }

  /**
   * A change was queued as these entries: say what is true now, and follow it while it is
   * being sent. `what` (what the change did, e.g. a bulk action's "Marked inspected: 5
   * cleanings.") is said before each of its fates.
   */
  announce(entryIds: readonly number[], what: string | null = null): void {
    const say = (key: ToastKey) => this.#say(what, key);
    if (!serverReachable(this.sync)) {
      this.toasts.show('info', say(CHANGE_TOAST_KEYS.offline));
      return;
    }
    const toastId = this.toasts.show('info', say(CHANGE_TOAST_KEYS.sending), null);
    const timer = setTimeout(() => {
      if (this.#tracked.delete(toastId)) this.toasts.update(toastId, 'info', say(CHANGE_TOAST_KEYS.waiting));
    }, SENDING_PATIENCE_MS);
    this.#tracked.set(toastId, { entryIds: [...entryIds], timer, what });
  }

  #say(what: string | null, key: ToastKey): string {
    const state = this.i18n.t(key);
    return what ? this.i18n.t('toast.changeOf', { what, state }) : state;
  }

  async #check(): Promise<void> {
    const r = await call(this.bridge, 'outbox.list', { limit: 1000 });
    if (!r.ok) return;
    for (const [toastId, tracked] of this.#tracked) {
      const say = (key: ToastKey) => this.#say(tracked.what, key);
      const fate = fateOf(tracked.entryIds, r.value);
      if (fate === 'sending') continue;
      clearTimeout(tracked.timer);
      this.#tracked.delete(toastId);
      if (fate === 'gone') this.toasts.dismiss(toastId);
      else if (fate === 'sent') this.toasts.update(toastId, 'success', say(CHANGE_TOAST_KEYS.sent));
      else
        this.toasts.update(
          toastId,
          'error',
          say(fate === 'rejected' ? CHANGE_TOAST_KEYS.rejected : CHANGE_TOAST_KEYS.conflict),
        );
    }
  }
}
