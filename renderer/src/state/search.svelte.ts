// The search palette's state: the text typed, the hits from the cache (one
// query per keystroke burst; older answers never overwrite newer ones) and the
// highlighted hit. Where a hit leads is decided here so every caller agrees.
import type { ContractError, SearchHit, StayboardBridge } from '../../../shared/contract';
import type { RouteName } from './router.svelte';
import type { I18n } from '../i18n/i18n.svelte';
import { isLocalBooking } from './booking-number';
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

/** A booking named as its page is titled: "Booking 1042", or "New booking — not yet in the PMS" for a local number. */
function bookingName(i18n: I18n, n: number): string {
  return isLocalBooking(n) ? i18n.t('booking.titleLocal') : i18n.t('booking.title', { number: n });
}

/**
 * A hit in the person's language: its title (a person's or listing's name, else its booking)
 * and the line under it (e-mail or city, its booking with listing and stay, a message's time).
 * The main side sends data only; no number a person cannot use is shown (a local booking is "new").
 */
export function hitWords(i18n: I18n, hit: SearchHit): { title: string; subtitle: string } {
  const stay = hit.stay;
  const titledByBooking = hit.name === null && stay !== null;
  const title = hit.name ?? (stay ? bookingName(i18n, stay.number) : i18n.t(`search.kind.${hit.kind}`));
  const parts = [
    hit.detail,
    stay && !titledByBooking ? bookingName(i18n, stay.number) : null,
    stay?.listing ?? null,
    stay?.from ? i18n.dateRange(stay.from, stay.to, 'medium') : null,
    hit.at ? i18n.dateTime(hit.at) : null,
  ];
  return { title, subtitle: parts.filter((p): p is string => !!p).join(' · ') };
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
