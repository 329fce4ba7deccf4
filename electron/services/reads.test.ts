// Reads through the dispatcher against a real (in-memory) cache: the answers
// are the cache's records, checked against the contract on the way out.
import { describe, expect, it } from 'vitest';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { harness } from './testing';

const START = '2026-06-01';

async function signedIn() {
  const h = harness({
    setup: (e) =>
      loadHost(e.writable, makeHost({ listings: 6, bookingsPerListing: 8, start: START, days: 60 }), {
        bundles: 5,
        threads: 5,
      }),
  });
  await h.runtime.dispatcher.dispatch('session.signIn', {
    baseUrl: 'https://pms.example.com',
    user: 'ana',
    password: 'pw',
  });
  return h.runtime.dispatcher;
}

describe('read commands', () => {
  it('need a signed-in account', async () => {
    const h = harness();
    expect(await h.runtime.dispatcher.dispatch('bookings.list', { from: START, to: START })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });

  it('answer lists from the cache, within the contract', async () => {
    const d = await signedIn();
    const listings = await d.dispatch('listings.list', {});
    expect(listings.ok && (listings.value as unknown[]).length).toBe(6);
    const bookings = await d.dispatch('bookings.list', { from: START, to: '2026-07-31' });
    expect(bookings.ok && (bookings.value as unknown[]).length).toBeGreaterThan(10);
    const cleaning = await d.dispatch('cleaning.list', { from: START, to: '2026-07-31', inspected: false });
    expect(cleaning.ok).toBe(true);
    const board = await d.dispatch('board.day', { date: '2026-06-10' });
    expect(board).toMatchObject({ ok: true, value: { date: '2026-06-10' } });
    const calendar = await d.dispatch('calendar.range', { from: START, to: '2026-06-30', listingIds: [1, 2] });
    expect(calendar).toMatchObject({ ok: true, value: { from: START, to: '2026-06-30' } });
    for (const name of ['destinations.list', 'origins.list', 'owners.list', 'admins.list'] as const)
      expect(await d.dispatch(name, {}), name).toEqual({ ok: true, value: [] });
  });

  it('answer details, and not_found with a sentence for what is not cached', async () => {
    const d = await signedIn();
    const list = await d.dispatch('bookings.list', { from: START, to: '2026-07-31' });
    const first = (list.ok ? (list.value as { booking_number: number }[]) : [])[0]!;
    const detail = await d.dispatch('bookings.get', { bookingNumber: first.booking_number });
    expect(detail).toMatchObject({ ok: true, value: { booking: { booking_number: first.booking_number } } });
    expect(await d.dispatch('bookings.get', { bookingNumber: 999999 })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'Booking 999999 is not in the local data (it may have been deleted, or not synced yet).',
      },
    });
    expect(await d.dispatch('listings.get', { id: 424242 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('search the cache', async () => {
    const d = await signedIn();
    const r = await d.dispatch('search.query', { text: 'Casa' });
    expect(r.ok).toBe(true);
  });
});
