// The server's own figures of what a document counts (tests only: the on-demand
// test and the Chromium spec check documents against them): an owner's listings'
// stays and nights in a month — its bookings in a calendar-blocking state
// touching the month, clipped to it — and a day's arrivals and departures.
import { daysBetween } from '../../../shared/dates';
import type { ApiClient } from '../../api/client';
import { LIVE_STATES, addDays } from '../../cache/queries';
import { monthDays } from '../../cache/queries/owners';

/** Per listing: the stays and nights of the month, as the server has them. */
export async function serverNights(
  reader: ApiClient,
  listingIds: readonly number[],
  month: string,
): Promise<Map<number, { stays: number; nights: number }>> {
  const { first, last } = monthDays(month);
  const end = addDays(last, 1);
  const out = new Map<number, { stays: number; nights: number }>();
  for (const id of listingIds) {
    const r = await reader.list('bookings.list', { query: { listing_id: id, start_date: first, end_date: last } });
    const stays = r.items
      .map((i) => i.value)
      .filter((b) => LIVE_STATES.includes(b.state) && b.start_date < end && b.end_date > first);
    out.set(id, {
      stays: stays.length,
      nights: stays.reduce(
        (n, b) => n + daysBetween(b.start_date < first ? first : b.start_date, b.end_date > end ? end : b.end_date),
        0,
      ),
    });
  }
  return out;
}

/** The live bookings arriving and leaving on a day, as the server has them (every listing at once). */
export async function serverDay(
  reader: ApiClient,
  day: string,
): Promise<{
  arrivals: { booking_number: number; listing_id: number | null; state: number }[];
  departures: { listing_id: number | null }[];
}> {
  const r = await reader.list('bookings.list', { query: { start_date: day, end_date: day } });
  const live = r.items.map((i) => i.value).filter((b) => LIVE_STATES.includes(b.state));
  return {
    arrivals: live.filter((b) => b.start_date === day),
    departures: live.filter((b) => b.end_date === day),
  };
}
