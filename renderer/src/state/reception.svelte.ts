// Reception's list: bookings arriving or departing in a date window (today
// by default), kept in the URL, read live from the cache. Real stays
// (calendar-blocking statuses) are the list and its count; the bookings that
// are not (cancelled, pre-booking, on request, virtual, abandoned) are kept
// apart, one switch away, and never counted as arrivals or departures.
import type { BookingListItem, CommandInput, StayboardBridge } from '../../../shared/contract';
import { BOOKING_STATUSES, isLiveBooking } from '../../../shared/domain/states';
import { addDays, daysBetween, isIsoDateString, today } from './dates';
import { Query } from './query.svelte';

export type ReceptionKind = 'arrivals' | 'departures';

export interface ReceptionFilters {
  from: string;
  to: string;
  kind: ReceptionKind;
}

const MAX_DAYS = 62;

export function receptionFromQuery(q: Record<string, string>): ReceptionFilters {
  const from = q['from'] && isIsoDateString(q['from']) ? q['from'] : today();
  let to = q['to'] && isIsoDateString(q['to']) ? q['to'] : from;
  if (to < from) to = from;
  if (daysBetween(from, to) > MAX_DAYS) to = addDays(from, MAX_DAYS);
  return { from, to, kind: q['kind'] === 'departures' ? 'departures' : 'arrivals' };
}

/** Expected guests (adults + children) and how many are registered. */
export function registration(b: BookingListItem): { registered: number; expected: number; complete: boolean } {
  const expected = b.adults + b.children;
  return { registered: b.guests_registered, expected, complete: b.guests_registered >= expected };
}

export class ReceptionList {
  filters = $state<ReceptionFilters>(receptionFromQuery({}));
  /** Show the bookings that do not stay instead of the stays. */
  showNotStaying = $state(false);
  readonly list: Query<'bookings.list'>;

  constructor(bridge: StayboardBridge) {
    this.list = new Query(bridge, 'bookings.list', ['bookings', 'guests', 'customers', 'listings']);
  }

  /** Sorted by time of day of the movement, then booking number. */
  readonly all = $derived.by((): BookingListItem[] => {
    const kind = this.filters.kind;
    const date = (b: BookingListItem) => (kind === 'arrivals' ? b.start_date : b.end_date);
    const time = (b: BookingListItem) => (kind === 'arrivals' ? b.arrival_time : b.departure_time) ?? '99:99';
    return [...(this.list.value ?? [])].sort(
      (a, b) => date(a).localeCompare(date(b)) || time(a).localeCompare(time(b)) || a.booking_number - b.booking_number,
    );
  });

  /** Real stays: what arrives or leaves. */
  readonly staying = $derived(this.all.filter((b) => isLiveBooking(b.state)));
  /** Bookings that hold no room: shown apart, never counted. */
  readonly notStaying = $derived(this.all.filter((b) => !isLiveBooking(b.state)));
  /** What the list shows now. */
  readonly rows = $derived(this.showNotStaying ? this.notStaying : this.staying);

  /** What the list shows as the read's input, for "Export CSV": the stays, or the bookings that hold no room. */
  get exportQuery(): CommandInput<'bookings.list'> {
    const { from, to, kind } = this.filters;
    const states = BOOKING_STATUSES.filter((s) => s.blocksCalendar !== this.showNotStaying).map((s) => s.id);
    return { from, to, kind, states };
  }

  async load(): Promise<void> {
    const { from, to, kind } = this.filters;
    await this.list.load({ from, to, kind });
  }
}
