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
  ) {}

  /** True when this version has no such command: screens show "not available yet". */
  get notImplemented(): boolean {
    return isNotImplemented(this.error);
  }

  /** Loads with this input; a different input clears an answer that belonged to the old one if it fails. */
  async load(input: CommandInput<N>): Promise<void> {
    const key = JSON.stringify(input);
    const changed = key !== this.#inputKey;
    this.#input = input;
    this.#inputKey = key;
    const seq = ++this.#seq;
    this.loading = true;
    const result = await call(this.bridge, this.name, input);
    if (seq !== this.#seq) return;
    this.loading = false;
    if (result.ok) {
      this.value = result.value;
      this.error = null;
    } else {
      if (changed) this.value = undefined;
      this.error = result.error;
    }
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
