// Who occupies what, night by night: the one place that decides whether a
// stay fits a listing (and which unit of a multi-unit listing it takes), and
// how many units are free on a day. Availability endpoints, booking create and
// update, and churn all ask here, so they can never disagree.
import { blockType, isLiveBooking } from '../shared/domain/states';
import type { Listing, Store } from './model';

/**
 * Units taken per night for nights [from, to] (inclusive): live bookings count
 * one unit each; a calendar-blocking block closes every unit of the listing.
 */
export function unitsTaken(
  store: Store,
  listing: Listing,
  from: number,
  to: number,
  ignoreBooking?: number,
): Int32Array {
  const taken = new Int32Array(Math.max(0, to - from + 1));
  for (const b of store.bookings.ofListing(listing.id)) {
    if (b.id === ignoreBooking || !isLiveBooking(b.state)) continue;
    for (let d = Math.max(b.start, from); d < Math.min(b.end, to + 1); d++) taken[d - from]! += 1;
  }
  for (const k of store.blocks.ofListing(listing.id)) {
    if (!blockType(k.block_type).blocksCalendar) continue;
    for (let d = Math.max(k.start, from); d <= Math.min(k.end, to); d++) taken[d - from] = listing.units;
  }
  return taken;
}

/** Free units per night for nights [from, to] (never negative). */
export function unitsFree(store: Store, listing: Listing, from: number, to: number): Int32Array {
  const taken = unitsTaken(store, listing, from, to);
  const free = new Int32Array(taken.length);
  for (let i = 0; i < taken.length; i++) free[i] = Math.max(0, listing.units - taken[i]!);
  return free;
}

/**
 * The unit a stay [start, end) can take (nights start … end-1), or null when
 * the listing is full on any of those nights. `ignoreBooking` lets a booking
 * move without colliding with itself.
 */
export function freeUnit(
  store: Store,
  listing: Listing,
  start: number,
  end: number,
  ignoreBooking?: number,
): number | null {
  if (end <= start) return null;
  for (const k of store.blocks.ofListing(listing.id)) {
    if (blockType(k.block_type).blocksCalendar && k.start <= end - 1 && k.end >= start) return null;
  }
  const used = new Set<number>();
  for (const b of store.bookings.ofListing(listing.id)) {
    if (b.id === ignoreBooking || !isLiveBooking(b.state)) continue;
    if (b.start < end && b.end > start) used.add(b.unit);
  }
  for (let u = 0; u < listing.units; u++) if (!used.has(u)) return u;
  return null;
}
