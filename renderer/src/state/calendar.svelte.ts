// The calendar's data: listings × days, read per batch of visible listings
// over the whole window (one `calendar.range` per batch, never per cell), kept
// by listing so scrolling back is instant, re-read when bookings, blocks or
// availability change. Geometry helpers place bars on the timeline.
import type {
  BlockRecord,
  CalendarBooking,
  ContractError,
  ListingSummary,
  StayboardBridge,
} from '../../../shared/contract';
import { call } from './call';
import { addDays, daysBetween, today } from './dates';
import { whenStale } from './query.svelte';

export const ROW_H = 30;
export const DAY_W = 34;
export const DAYS = 365;
/** Listings per read: enough for a screenful and a half. */
export const BATCH = 60;

export interface RowData {
  bookings: CalendarBooking[];
  /** Booking number → lane, so overlapping bookings of a multi-unit listing sit on separate lines. */
  lanes: Record<number, number>;
  blocks: BlockRecord[];
  /** Date → free units (multi-unit) or 1/0. */
  availability: Record<string, number>;
}

/** What the block dialog opens on: an existing block, or a new one's listing and days. */
export interface BlockDraft {
  block: BlockRecord | null;
  listingId: number | null;
  start: string;
  end: string;
}

export interface Bar {
  left: number;
  width: number;
  /** Clipped at the window's start or end. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

/**
 * A booking occupies its nights: drawn from the middle of the arrival day to
 * the middle of the departure day, so a departure and an arrival share a day.
 */
export function bookingBar(from: string, days: number, start: string, end: string): Bar | null {
  const a = daysBetween(from, start) + 0.5;
  const b = daysBetween(from, end) + 0.5;
  return clip(a, b, days);
}

/** A block covers whole days, start to end inclusive. */
export function blockBar(from: string, days: number, start: string, end: string): Bar | null {
  return clip(daysBetween(from, start), daysBetween(from, end) + 1, days);
}

function clip(a: number, b: number, days: number): Bar | null {
  if (b <= 0 || a >= days || b <= a) return null;
  const left = Math.max(0, a);
  const right = Math.min(days, b);
  return { left: left * DAY_W, width: (right - left) * DAY_W, clippedStart: a < 0, clippedEnd: b > days };
}

/** Greedy interval lanes: each booking takes the first lane free on its arrival day. */
export function assignLanes(bookings: readonly CalendarBooking[]): Record<number, number> {
  const sorted = [...bookings].sort(
    (a, b) => a.start_date.localeCompare(b.start_date) || a.booking_number - b.booking_number,
  );
  const laneEnds: string[] = [];
  const out: Record<number, number> = {};
  for (const b of sorted) {
    let lane = laneEnds.findIndex((end) => end <= b.start_date);
    if (lane === -1) lane = laneEnds.push(b.end_date) - 1;
    else laneEnds[lane] = b.end_date;
    out[b.booking_number] = lane;
  }
  return out;
}

export class CalendarData {
  from = $state(addDays(today(), -7));
  readonly days = DAYS;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole on every read ($state.raw)
  rows = $state.raw<ReadonlyMap<number, RowData>>(new Map());
  error = $state.raw<ContractError | null>(null);
  /** Bumped when cached rows went stale: the screen re-ensures what it shows. */
  version = $state(0);
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping of which rows are current, never rendered
  #fresh = new Set<number>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping of reads in flight, never rendered
  #inFlight = new Set<number>();
  #generation = 0;

  constructor(private readonly bridge: StayboardBridge) {}

  get to(): string {
    return addDays(this.from, this.days - 1);
  }

  setFrom(from: string): void {
    if (from === this.from) return;
    this.from = from;
    this.reset();
  }

  /** Forget everything (a new window): rows are re-read as they show. */
  reset(): void {
    this.#generation++;
    this.#fresh.clear();
    this.#inFlight.clear();
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a new immutable value for $state.raw
    this.rows = new Map();
    this.version++;
  }

  /** Something changed in the cache: keep showing what we have, re-read what is on screen. */
  invalidate(): void {
    this.#generation++;
    this.#fresh.clear();
    this.#inFlight.clear();
    this.version++;
  }

  /** Reads the rows of these listings that are not current yet, in batches. */
  async ensure(listings: readonly ListingSummary[]): Promise<void> {
    const missing = listings.map((l) => l.id).filter((id) => !this.#fresh.has(id) && !this.#inFlight.has(id));
    const batches: number[][] = [];
    for (let i = 0; i < missing.length; i += BATCH) batches.push(missing.slice(i, i + BATCH));
    await Promise.all(batches.map((ids) => this.#read(ids)));
  }

  async #read(ids: number[]): Promise<void> {
    const generation = this.#generation;
    for (const id of ids) this.#inFlight.add(id);
    const r = await call(this.bridge, 'calendar.range', { from: this.from, to: this.to, listingIds: ids });
    if (generation !== this.#generation) return;
    for (const id of ids) this.#inFlight.delete(id);
    if (!r.ok) {
      this.error = r.error;
      return;
    }
    this.error = null;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a new immutable value for $state.raw
    const next = new Map(this.rows);
    for (const id of ids) next.set(id, { bookings: [], blocks: [], availability: {}, lanes: {} });
    for (const b of r.value.bookings) if (b.listing_id !== null) next.get(b.listing_id)?.bookings.push(b);
    for (const b of r.value.blocks) next.get(b.listing_id)?.blocks.push(b);
    for (const a of r.value.availability) {
      const row = next.get(a.listing_id);
      if (row) row.availability = a.days;
    }
    for (const id of ids) {
      const row = next.get(id);
      if (row) row.lanes = assignLanes(row.bookings);
      this.#fresh.add(id);
    }
    this.rows = next;
  }

  start(): () => void {
    return whenStale(this.bridge, ['bookings', 'blocks', 'availability'], () => this.invalidate());
  }
}

/** Free days picked on a listing's row (a click or a drag): first and last day, and where the pointer let go. */
export interface FreeDays {
  listingId: number;
  first: string;
  last: string;
  x: number;
  y: number;
}
