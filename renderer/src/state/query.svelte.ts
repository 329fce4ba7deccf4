// A read from the local cache kept live on screen: the last answer stays shown
// while a newer one is fetched (stale-while-revalidate), answers to an older
// input are dropped, and the read re-runs when the main side says the cached
// resources it depends on changed or the outbox moved (pending marks).
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  ContractError,
  ResourceName,
  StayboardBridge,
} from '../../../shared/contract';
import { untrack } from 'svelte';
import { call, isNotImplemented } from './call';
import { whenReconnected } from './link.svelte';

/** Bursts of change events (a sync page, a bulk edit) collapse into one re-read after this quiet time. */
const REFRESH_DELAY_MS = 120;

/**
 * Runs `fn` each time what was read of these cached resources may be out of
 * date, until the returned function is called: one of them changed, the
 * outbox moved (pending → confirmed, conflict… changes the marks records
 * carry), or the link came back (the change events sent meanwhile were missed).
 */
export function whenStale(bridge: StayboardBridge, resources: readonly ResourceName[], fn: () => void): () => void {
  const offs = [
    bridge.on('cache.changed', (e) => {
      if (e.resources.some((r) => resources.includes(r))) fn();
    }),
    bridge.on('outbox.changed', fn),
    whenReconnected(bridge, fn),
  ];
  return () => offs.forEach((off) => off());
}

/** How a read's answers build on the one held (board.day: only the rows changed since; shared/contract/board-answer.ts). */
export interface Incremental<N extends CommandName> {
  /** The input to send, given the answer held. */
  ask(input: CommandInput<N>, held: CommandOutput<N>): CommandInput<N>;
  /** The whole answer from the one held and the next; null when they do not fit (then it is asked again, whole). */
  take(held: CommandOutput<N> | undefined, next: CommandOutput<N>): CommandOutput<N> | null;
  /** True when the answer is a first window of a longer one: it is shown, and the rest asked for at once. */
  more?(answer: CommandOutput<N>): boolean;
}

/**
 * Asks for the rest of an answer that came in windows at most this many times
 * in a row: main reads a window further at each (the board: 250 listings,
 * cache/queries/board.ts REST_WINDOW), so this is ≈ 15,000 listings' days; a
 * bigger one shows what was read and says it is partial.
 */
const MORE_ASKS = 60;

export class Query<N extends CommandName> {
  value = $state.raw<CommandOutput<N> | undefined>(undefined);
  error = $state.raw<ContractError | null>(null);
  loading = $state(false);

  #input: CommandInput<N> | null = null;
  #inputKey = '';
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly bridge: StayboardBridge,
    readonly name: N,
    private readonly resources: readonly ResourceName[],
    private readonly incremental?: Incremental<N>,
  ) {}

  /** True when this version has no such command: screens show "not available yet". */
  get notImplemented(): boolean {
    return isNotImplemented(this.error);
  }

  /** Loads with this input; a different input clears an answer that belonged to the old one if it fails. */
  async load(input: CommandInput<N>): Promise<void> {
    let step = await this.#load(input);
    for (let asks = 0; step === 'more' && asks < MORE_ASKS; asks++) step = await this.#load(input);
    // A later load, still running, says when it is done.
    if (step !== 'superseded') this.loading = false;
  }

  /** One answer to `input`, shown: `more` when it is a first window (the rest is to be asked for). */
  async #load(input: CommandInput<N>): Promise<'done' | 'more' | 'superseded'> {
    const key = JSON.stringify(input);
    const changed = key !== this.#inputKey;
    this.#input = input;
    this.#inputKey = key;
    const seq = ++this.#seq;
    this.loading = true;
    let result = await this.#ask(input, seq);
    if (!result) return 'superseded';
    if (result.ok && this.incremental) {
      // Answered since the value shown (nothing else set it meanwhile: a later load would have won).
      let whole = this.incremental.take(this.value, result.value);
      if (whole === null) {
        result = await this.#ask(input, seq, true);
        if (!result) return 'superseded';
        whole = result.ok ? this.incremental.take(undefined, result.value) : null;
      }
      if (result.ok && whole !== null) result = { ok: true, value: whole };
    }
    if (result.ok) {
      this.value = result.value;
      this.error = null;
      return this.incremental?.more?.(result.value) === true ? 'more' : 'done';
    }
    if (changed) this.value = undefined;
    this.error = result.error;
    return 'done';
  }

  /** The answer to `input` (since the value held, when incremental and not `whole`); undefined when a later load started meanwhile. */
  async #ask(input: CommandInput<N>, seq: number, whole = false) {
    // Not a dependency of the effect that loads (the answer sets it: it would load again, forever).
    const held = untrack(() => this.value);
    const asked = this.incremental && held !== undefined && !whole ? this.incremental.ask(input, held) : input;
    const result = await call(this.bridge, this.name, asked);
    return seq === this.#seq ? result : undefined;
  }

  /** Re-runs the last input (no-op before the first load). */
  async refresh(): Promise<void> {
    if (this.#input !== null) await this.load(this.#input);
  }

  /** Re-reads soon, once for a burst of calls. */
  scheduleRefresh(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.refresh();
    }, REFRESH_DELAY_MS);
  }

  /** Follows change events until the returned function is called (use from an `$effect`). */
  watch(): () => void {
    const off = whenStale(this.bridge, this.resources, () => this.scheduleRefresh());
    return () => {
      off();
      if (this.#timer !== null) clearTimeout(this.#timer);
      this.#timer = null;
    };
  }
}
