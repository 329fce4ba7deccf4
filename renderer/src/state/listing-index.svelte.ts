// Every listing's summary by id, read once from the cache and kept live, so
// lists of tasks, incidents and blocks can show listing names and cities
// without a read per row.
import type { ListingSummary, StayboardBridge } from '../../../shared/contract';
import { Query } from './query.svelte';

export class ListingIndex {
  readonly query: Query<'listings.list'>;

  constructor(bridge: StayboardBridge) {
    this.query = new Query(bridge, 'listings.list', ['listings']);
  }

  readonly all = $derived.by((): ListingSummary[] => this.query.value ?? []);
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- rebuilt whole by $derived, never mutated
  readonly byId = $derived(new Map(this.all.map((l) => [l.id, l])));

  /** The listing's name, or "#id" while unknown. */
  name(id: number | null | undefined): string {
    if (id === null || id === undefined) return '—';
    return this.byId.get(id)?.name ?? `#${id}`;
  }

  /** Cities with at least one listing, in the order of `compare` (the person's: `i18n.compare`). */
  cities(compare: (a: string, b: string) => number): string[] {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway de-duplication
    return [...new Set(this.all.map((l) => l.city).filter(Boolean))].sort(compare);
  }

  start(): () => void {
    void this.query.load({});
    return this.query.watch();
  }
}
