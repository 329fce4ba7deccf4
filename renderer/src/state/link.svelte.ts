// Whether this page is in contact with Stayboard's background process (the
// main process over Electron IPC, or the web host over its WebSocket). Every
// call goes through the bridge this wraps: an answer `disconnected` (or a
// transport that throws, or a socket that drops) marks the link lost; it then
// asks `app.info` again with the shared back-off until an answer comes, and
// tells whoever re-reads (screens, session, sync status) that it is back,
// since events sent meanwhile were missed. A command that no part of this
// version answers is a different thing (`not_implemented`), shown per screen.
import { backoffDelay, type Backoff } from '../../../shared/backoff';
import { fail, type Result, type StayboardBridge } from '../../../shared/contract';

/** Spec-silent choice, kept here: how soon and how often the page looks for its background process again. */
export const RECONNECT: Backoff = { baseMs: 500, maxMs: 10_000, jitter: 0.2 };

/** A transport that can say at once that its connection dropped (the WebSocket); IPC cannot. */
export interface Droppable {
  onDrop(listener: () => void): () => void;
}

export interface LinkTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: LinkTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const LINKS = new WeakMap<StayboardBridge, BridgeLink>();

/** Runs `fn` each time the link under this bridge comes back; a bridge without a link never does. */
export function whenReconnected(bridge: StayboardBridge, fn: () => void): () => void {
  return LINKS.get(bridge)?.onBack(fn) ?? (() => undefined);
}

export class BridgeLink {
  /** True from a lost contact until an answer comes again. */
  lost = $state(false);
  /** The bridge every screen uses: the given one, watched. */
  readonly bridge: StayboardBridge;

  readonly #raw: StayboardBridge;
  readonly #timers: LinkTimers;
  readonly #random: () => number;
  #back: (() => void)[] = [];
  #attempt = 0;
  #timer: unknown = null;
  #stopDrop: () => void = () => undefined;

  constructor(raw: StayboardBridge, o: { timers?: LinkTimers; random?: () => number } = {}) {
    this.#raw = raw;
    this.#timers = o.timers ?? realTimers;
    this.#random = o.random ?? Math.random;
    const invoke = async (name: string, input: unknown): Promise<Result<unknown>> => {
      const r = await this.#invoke(name, input);
      if (!r.ok && r.error.code === 'disconnected') this.#lose();
      else if (this.lost) this.#regain();
      return r;
    };
    this.bridge = { invoke: invoke as StayboardBridge['invoke'], on: raw.on.bind(raw) };
    LINKS.set(this.bridge, this);
    const droppable = raw as Partial<Droppable>;
    if (typeof droppable.onDrop === 'function') this.#stopDrop = droppable.onDrop(() => this.#lose());
  }

  /** Runs `fn` each time contact comes back; returns the unsubscribe function. */
  onBack(fn: () => void): () => void {
    this.#back = [...this.#back, fn];
    return () => {
      this.#back = this.#back.filter((f) => f !== fn);
    };
  }

  stop(): void {
    this.#stopDrop();
    if (this.#timer !== null) this.#timers.clear(this.#timer);
    this.#timer = null;
  }

  async #invoke(name: string, input: unknown): Promise<Result<unknown>> {
    try {
      return await (this.#raw.invoke as (n: string, i: unknown) => Promise<Result<unknown>>)(name, input);
    } catch (e) {
      // A transport that throws (a missing preload, a broken channel) is a lost contact too.
      return fail('disconnected', e instanceof Error ? e.message : 'The connection to Stayboard was lost.');
    }
  }

  #lose(): void {
    if (this.lost) return;
    this.lost = true;
    this.#attempt = 0;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    this.#timer = this.#timers.set(
      () => {
        this.#timer = null;
        void this.#look();
      },
      backoffDelay(this.#attempt++, RECONNECT, this.#random),
    );
  }

  async #look(): Promise<void> {
    if (!this.lost) return;
    const r = await this.#invoke('app.info', {});
    if (!r.ok && r.error.code === 'disconnected') this.#schedule();
    else this.#regain();
  }

  #regain(): void {
    if (!this.lost) return;
    this.lost = false;
    if (this.#timer !== null) this.#timers.clear(this.#timer);
    this.#timer = null;
    for (const fn of this.#back) fn();
  }
}
