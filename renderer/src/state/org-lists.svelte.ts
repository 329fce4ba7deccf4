// The rows of the Owners, Costs and Destinations screens: one live read of the whole list from the
// cache (re-read when its resources change) filtered as the person types, the filters kept in the URL.
import type { CommandInput, CommandName, CommandOutput, ResourceName, StayboardBridge } from '../../../shared/contract';
import type { QueryValue } from '../lib/routes';
import { Query } from './query.svelte';

type ListCommand = 'owners.list' | 'costs.list' | 'destinations.list';
type Row<N extends ListCommand> = CommandOutput<N>[number];

export class OrgList<N extends ListCommand & CommandName, T = Row<N>> {
  readonly source: Query<N>;
  /** The filters' values as typed, by URL key. */
  filters = $state<Record<string, string>>({});

  constructor(
    bridge: StayboardBridge,
    command: N,
    resources: readonly ResourceName[],
    keys: readonly string[],
    from: Record<string, string>,
    private readonly shape: (rows: readonly Row<N>[], filters: Record<string, string>) => T[],
    /** The read's input from the filters (filters the main side applies, e.g. what an export takes too). */
    readonly input: (filters: Record<string, string>) => CommandInput<N> = () => ({}) as CommandInput<N>,
  ) {
    this.source = new Query(bridge, command, resources);
    this.filters = Object.fromEntries(keys.map((k) => [k, from[k] ?? '']));
  }

  /** Keeps the list live. Call once while the component initialises. */
  follow(router: { setQuery(q: Record<string, QueryValue>): void }): void {
    $effect(() => this.source.watch());
    $effect(() => void this.source.load(this.input(this.filters)));
    $effect(() => router.setQuery(this.toQuery()));
  }

  readonly query = $derived.by(() => {
    const rows = this.source.value as readonly Row<N>[] | undefined;
    return {
      value: rows ? this.shape(rows, this.filters) : undefined,
      error: this.source.error,
      loading: this.source.loading,
    };
  });

  toQuery(): Record<string, QueryValue> {
    return { ...this.filters };
  }
}

/** Whether any of the texts contains what was typed (case and accents ignored). */
export function matchesText(typed: string, ...texts: (string | null | undefined)[]): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(typed.trim());
  return !q || texts.some((t) => t && fold(t).includes(q));
}
