// The search palette's state: the text typed, the hits from the cache (one
// query per keystroke burst; older answers never overwrite newer ones) and the
// highlighted hit. Where a hit leads is decided here so every caller agrees.
import type { ContractError, SearchHit, StayboardBridge } from '../../../shared/contract';
import type { RouteName } from '../app/router.svelte';
import { call } from './call';

const DEBOUNCE_MS = 60;
export const MIN_SEARCH_LENGTH = 2;

export interface SearchTarget {
  name: RouteName;
  id: string | number;
}

/** The screen a hit opens: its booking when it has one, else its listing. */
export function targetOf(hit: SearchHit): SearchTarget | null {
  if (hit.kind === 'listing') return { name: 'listings', id: hit.listingId ?? hit.id };
  if (hit.kind === 'booking') return { name: 'booking', id: hit.bookingNumber ?? hit.id };
  if (hit.bookingNumber !== null) return { name: 'booking', id: hit.bookingNumber };
  if (hit.listingId !== null) return { name: 'listings', id: hit.listingId };
  return null;
}

export class SearchState {
  text = $state('');
  hits = $state.raw<SearchHit[]>([]);
  error = $state.raw<ContractError | null>(null);
  tookMs = $state<number | null>(null);
  /** Matches beyond the hits shown (the palette says "N more — refine the search"). */
  more = $state(0);
  active = $state(0);
  /** The text the shown hits answer (so "no results for …" names the right text). */
  answered = $state('');
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly bridge: StayboardBridge) {}

  setText(text: string): void {
    this.text = text;
    if (this.#timer !== null) clearTimeout(this.#timer);
    if (text.trim().length < MIN_SEARCH_LENGTH) {
      this.#seq++;
      this.hits = [];
      this.more = 0;
      this.answered = '';
      this.error = null;
      return;
    }
    this.#timer = setTimeout(() => void this.run(), DEBOUNCE_MS);
  }

  async run(): Promise<void> {
    this.#timer = null;
    const text = this.text.trim();
    if (text.length < MIN_SEARCH_LENGTH) return;
    const seq = ++this.#seq;
    const r = await call(this.bridge, 'search.query', { text, limit: 40 });
    if (seq !== this.#seq) return;
    if (r.ok) {
      this.hits = r.value.hits;
      this.tookMs = r.value.tookMs;
      this.more = r.value.more;
      this.error = null;
    } else {
      this.hits = [];
      this.more = 0;
      this.error = r.error;
    }
    this.answered = text;
    this.active = 0;
  }

  move(delta: number): void {
    if (!this.hits.length) return;
    this.active = (this.active + delta + this.hits.length) % this.hits.length;
  }

  reset(): void {
    this.#seq++;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.text = '';
    this.hits = [];
    this.more = 0;
    this.answered = '';
    this.error = null;
    this.active = 0;
  }
}
