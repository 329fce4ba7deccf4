// The domain's field rules (shared/domain: money signs, names, document numbers)
// kept again on the main side before queueing, whatever the renderer sends:
// a value the server would refuse is refused with its field named, and
// nothing is written — no entry, no optimistic change.
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../shared/contract';
import { RULE_MESSAGES } from '../../shared/domain/field-rules';
import { ApiClient } from '../api/client';
import { BudgetGovernor } from '../api/governor';
import { openCache } from '../cache/db';
import { getBooking, listGuests } from '../cache/queries/bookings';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { Outbox } from './index';
import { MIGRATIONS } from './testing/rig';

function setup() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 2, bookingsPerListing: 4, start: '2026-03-01' }), { bundles: 2, threads: 2 });
  // Nothing is sent: the client points at a closed port.
  const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', governor: new BudgetGovernor() });
  const outbox = new Outbox({ db, client, events: { emit: () => {} } });
  const bookings = db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1');
  const withGuests = bookings.find((n) => listGuests(db, n).length > 0)!;
  return { db, outbox, bookings, withGuests };
}

/** The fields and messages of the CommandError `fn` throws (it must throw one of code invalid_input). */
function refusal(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (e) {
    if (e instanceof CommandError && e.code === 'invalid_input') return e.fields ?? {};
    throw e;
  }
  throw new Error('it was accepted');
}

describe('field rules before queueing (main side)', () => {
  it('money: paid −50 and tourist tax −1 are refused; a booking keeps its amounts; prepaid may be negative', () => {
    const { db, outbox, bookings } = setup();
    const n = bookings[0]!;
    const before = getBooking(db, n)!;
    expect(refusal(() => outbox.enqueue('bookings.update', { bookingNumber: n, changes: { paid: -50 } }))).toEqual({
      'changes.paid': [RULE_MESSAGES['money.negative']],
    });
    expect(
      refusal(() => outbox.enqueue('bookings.update', { bookingNumber: n, changes: { tourist_tax: -1 } })),
    ).toHaveProperty(['changes.tourist_tax']);
    expect(getBooking(db, n)).toMatchObject({ paid: before.paid, tourist_tax: before.tourist_tax, outbox: null });
    expect(outbox.summary().unsent).toBe(0);
  });

  it('names: emoji and a right-to-left override are refused for guests, customers and a new booking', () => {
    const { outbox, withGuests } = setup();
    expect(
      refusal(() =>
        outbox.enqueue('guests.create', { bookingNumber: withGuests, guest: { name: '😀😀', lastname: 'Puig' } }),
      ),
    ).toEqual({ 'guest.name': [RULE_MESSAGES['name.chars']] });
    expect(
      refusal(() =>
        outbox.enqueue('guests.create', {
          bookingNumber: withGuests,
          guest: { name: 'Ana', lastname: 'Smith\u202E' },
        }),
      ),
    ).toEqual({ 'guest.lastname': [RULE_MESSAGES['name.invisible']] });
    expect(
      refusal(() =>
        outbox.enqueue('bookings.create', {
          booking: {
            listing_id: 1,
            start_date: '2026-09-01',
            end_date: '2026-09-03',
            adults: 1,
            customer: { name: 'Walk\u200Bin', surname: 'Desk' },
          },
        }),
      ),
    ).toHaveProperty(['booking.customer.name']);
    expect(outbox.summary().unsent).toBe(0);
  });

  it("document numbers: checked against the type in the payload, or else the guest's own", () => {
    const { db, outbox, withGuests } = setup();
    const guest = listGuests(db, withGuests)[0]!;
    // A new guest: "ABC" is no DNI; 12345678A has the wrong letter.
    const add = (guest: Record<string, unknown>) => () =>
      outbox.enqueue('guests.create', {
        bookingNumber: withGuests,
        guest: { name: 'Ana', lastname: 'Puig', ...guest },
      });
    expect(refusal(add({ document_type_id: 2, number_id: 'ABC' }))).toEqual({
      'guest.number_id': [RULE_MESSAGES['dni.format']],
    });
    expect(refusal(add({ document_type_id: 2, number_id: '12345678A' }))).toEqual({
      'guest.number_id': [RULE_MESSAGES['id.letter']],
    });
    // The guest's passport-like number does not fit a DNI: changing only the type is refused on the number.
    expect(refusal(() => outbox.enqueue('guests.update', { id: guest.id, changes: { document_type_id: 2 } }))).toEqual({
      'changes.number_id': [RULE_MESSAGES['dni.format']],
    });
    expect(outbox.summary().unsent).toBe(0);
    // Both together, right: queued; then a number alone is checked against the DNI type the guest now has.
    outbox.enqueue('guests.update', { id: guest.id, changes: { document_type_id: 2, number_id: '12345678Z' } });
    expect(
      refusal(() => outbox.enqueue('guests.update', { id: guest.id, changes: { number_id: '12345678A' } })),
    ).toEqual({ 'changes.number_id': [RULE_MESSAGES['id.letter']] });
    expect(outbox.summary().unsent).toBe(1);
    expect(listGuests(db, withGuests).find((g) => g.id === guest.id)).toMatchObject({ number_id: '12345678Z' });
  });
});
