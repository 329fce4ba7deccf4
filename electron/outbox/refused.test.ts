// A change the server refused, without a server: the record shows the
// server's value (later edits still show), "edit and send again" replaces the
// refused entry by a new edit in one transaction, and what the cache can
// check (a party larger than the listing sleeps) is refused before queueing.
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../shared/contract';
import { ApiClient } from '../api/client';
import { BudgetGovernor } from '../api/governor';
import { openCache } from '../cache/db';
import { getBooking, getBookingDetail } from '../cache/queries/bookings';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { patchEntries } from './entries';
import { Outbox } from './index';
import { MIGRATIONS } from './testing/rig';
import { refreshView } from './view';

function setup() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 2, bookingsPerListing: 4, start: '2026-03-01' }), { bundles: 2, threads: 2 });
  // Nothing is sent in these tests: the client points at a closed port.
  const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', governor: new BudgetGovernor() });
  const outbox = new Outbox({ db, client, events: { emit: () => undefined } });
  const number = db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1')[0]!;
  const server = getBooking(db, number)!;
  const capacity = db.pluck<number>('SELECT person_capacity FROM listings WHERE id = ?', [server.listing_id!])[0]!;
  return { db, outbox, number, server, capacity };
}

/** What the replay does with a 422: the entry is refused with the server's field messages. */
function refuse(
  s: Setup,
  entryId: number,
  record: { kind: 'bookings' | 'guests' | 'customers'; id: number } = { kind: 'bookings', id: s.number },
): void {
  s.db.transaction((tx) => {
    patchEntries(
      tx,
      [entryId],
      {
        state: 'rejected',
        error: { code: 'invalid_input', message: 'The server rejected some values.', fields: { notes: ['too rude'] } },
      },
      1,
    );
    refreshView(tx, record.kind, record.id);
  });
}

/** A booking whose customer and guests are cached, with its first guest. */
function people(s: Setup) {
  const bookingNumber = s.db.pluck<number>('SELECT booking_number FROM guests ORDER BY id')[0]!;
  const detail = getBookingDetail(s.db, bookingNumber)!;
  return { bookingNumber, detail, guest: detail.guests[0]!, customer: detail.customer! };
}

type Setup = ReturnType<typeof setup>;

/** My edit of a booking (default: the first one), queued; its entry id. */
function editBooking(s: Setup, changes: Record<string, unknown>, bookingNumber = s.number): number {
  return (s.outbox.enqueue('bookings.update', { bookingNumber, changes }) as { entryId: number }).entryId;
}

/** My edit of a guest or a customer, refused by the server; its entry id. */
function refusedEdit(s: Setup, kind: 'guests' | 'customers', id: number, changes: Record<string, unknown>): number {
  const { entryId } = s.outbox.enqueue(`${kind}.update`, { id, changes }) as { entryId: number };
  refuse(s, entryId, { kind, id });
  return entryId;
}

/** A new guest of this booking whose create the server refused: its entry and its local (negative) id. */
function refusedNewGuest(s: Setup, bookingNumber: number): { entryId: number; localId: number } {
  const { entryId } = s.outbox.enqueue('guests.create', {
    bookingNumber,
    guest: { name: 'Nova', lastname: 'Refused', nationality: 99_999 },
  }) as { entryId: number };
  const localId = s.outbox.list({ limit: 1 })[0]!.recordId!;
  refuse(s, entryId, { kind: 'guests', id: localId });
  return { entryId, localId };
}

/** The outbox's entries, as the Sync screen lists them. */
const listed = (s: Setup) => s.outbox.list({ limit: 10 });
/** Each entry's id, command and state. */
const states = (s: Setup) => listed(s).map((e) => [e.id, e.operation, e.state]);

const thrown = (fn: () => unknown): CommandError | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CommandError) return e;
    throw e;
  }
  return undefined;
};

describe('a refused change', () => {
  it('is not shown as the record value; later edits still are, and the mark says not accepted', () => {
    const s = setup();
    const entryId = editBooking(s, { notes: 'Refused note' });
    expect(getBooking(s.db, s.number)!.notes).toBe('Refused note');
    refuse(s, entryId);
    const refused = getBooking(s.db, s.number)!;
    expect(refused.notes).toBe(s.server.notes);
    expect(refused.outbox).toMatchObject({ state: 'rejected', entryIds: [entryId], fields: ['notes'] });

    const later = editBooking(s, { opening_code: '4321' });
    const now = getBooking(s.db, s.number)!;
    expect(now.opening_code).toBe('4321');
    expect(now.notes).toBe(s.server.notes);
    expect(now.outbox).toMatchObject({ state: 'rejected', entryIds: [entryId, later] });
    // The fast path of a new edit and a full re-derivation agree.
    s.db.transaction((tx) => refreshView(tx, 'bookings', s.number));
    expect(getBooking(s.db, s.number)).toEqual(now);
  });

  it('is shown again when the person sends it again as it was', () => {
    const s = setup();
    const entryId = editBooking(s, { notes: 'Again' });
    refuse(s, entryId);
    s.outbox.retry({ id: entryId });
    expect(getBooking(s.db, s.number)).toMatchObject({ notes: 'Again', outbox: { state: 'pending' } });
  });
});

describe('outbox.amend (edit and send again)', () => {
  it('replaces the refused entry by a new edit made against the server value', () => {
    const s = setup();
    const entryId = editBooking(s, { notes: 'Refused note' });
    refuse(s, entryId);
    const r = s.outbox.amend({ id: entryId, changes: { notes: 'Polite note' } });
    expect(r.entryId).toBeGreaterThan(entryId);
    expect(states(s)).toEqual([[r.entryId, 'bookings.update', 'pending']]);
    expect(listed(s)[0]).toMatchObject({ changes: { notes: 'Polite note' }, base: { notes: s.server.notes } });
    expect(getBooking(s.db, s.number)).toMatchObject({
      notes: 'Polite note',
      outbox: { state: 'pending', entryIds: [r.entryId] },
    });
  });

  it('with no changes only drops the refused change', () => {
    const s = setup();
    const entryId = editBooking(s, { notes: 'Refused note' });
    refuse(s, entryId);
    expect(s.outbox.amend({ id: entryId, changes: {} })).toEqual({ entryId: null });
    expect(s.outbox.summary().unsent).toBe(0);
    expect(getBooking(s.db, s.number)).toEqual(s.server);
  });

  it('keeps the refused change when the new values are refused here, or when it was not refused', () => {
    const s = setup();
    const entryId = editBooking(s, { notes: 'Refused note' });
    expect(thrown(() => s.outbox.amend({ id: entryId, changes: { notes: 'x' } }))?.code).toBe('invalid_state');
    refuse(s, entryId);
    expect(thrown(() => s.outbox.amend({ id: entryId, changes: { adults: 'many' } }))?.code).toBe('invalid_input');
    expect(states(s)).toEqual([[entryId, 'bookings.update', 'rejected']]);
    expect(getBooking(s.db, s.number)!.outbox).toMatchObject({ state: 'rejected' });
  });
});

describe('outbox.amend of a guest or a customer', () => {
  it("replaces a guest's refused edit by a new edit against the server's values", () => {
    const s = setup();
    const p = people(s);
    const entryId = refusedEdit(s, 'guests', p.guest.id, { nationality: 99_999, city: 'Refusedville' });
    const refused = getBookingDetail(s.db, p.bookingNumber)!.guests.find((g) => g.id === p.guest.id)!;
    expect(refused).toMatchObject({ city: p.guest.city, outbox: { state: 'rejected', entryIds: [entryId] } });

    const r = s.outbox.amend({ id: entryId, changes: { nationality: 73, city: 'Refusedville' } });
    expect(states(s)).toEqual([[r.entryId, 'guests.update', 'pending']]);
    expect(listed(s)[0]!.changes).toEqual({ nationality: 73, city: 'Refusedville' });
    const now = getBookingDetail(s.db, p.bookingNumber)!.guests.find((g) => g.id === p.guest.id)!;
    expect(now).toMatchObject({ city: 'Refusedville', outbox: { state: 'pending', entryIds: [r.entryId] } });
  });

  it("replaces a customer's refused edit the same way, and keeps it when the new values are bad", () => {
    const s = setup();
    const p = people(s);
    const entryId = refusedEdit(s, 'customers', p.customer.id, { customer_type: 99, city: 'Nowhere' });
    expect(getBookingDetail(s.db, p.bookingNumber)!.customer).toMatchObject({
      city: p.customer.city,
      outbox: { state: 'rejected', entryIds: [entryId] },
    });
    expect(thrown(() => s.outbox.amend({ id: entryId, changes: { email: 42 } }))?.code).toBe('invalid_input');
    expect(states(s)).toEqual([[entryId, 'customers.update', 'rejected']]);

    const r = s.outbox.amend({ id: entryId, changes: { customer_type: 2, city: 'Nowhere' } });
    expect(states(s)).toEqual([[r.entryId, 'customers.update', 'pending']]);
    expect(getBookingDetail(s.db, p.bookingNumber)!.customer).toMatchObject({
      city: 'Nowhere',
      outbox: { state: 'pending', entryIds: [r.entryId] },
    });
  });

  it('amends a refused new guest in place: the same create goes again with my corrected values', () => {
    const s = setup();
    const p = people(s);
    const { entryId, localId } = refusedNewGuest(s, p.bookingNumber);
    // Bad values are refused here, with the field as the form sent it, and nothing changes.
    const bad = thrown(() => s.outbox.amend({ id: entryId, changes: { name: '' } }));
    expect(bad?.code).toBe('invalid_input');
    expect(bad?.fields).toHaveProperty(['changes.name']);
    expect(states(s)).toEqual([[entryId, 'guests.create', 'rejected']]);

    const r = s.outbox.amend({ id: entryId, changes: { nationality: 73 } });
    expect(r.entryId).toBe(entryId);
    expect(states(s)).toEqual([[entryId, 'guests.create', 'pending']]);
    expect(listed(s)[0]!.changes).toMatchObject({ name: 'Nova', lastname: 'Refused', nationality: 73 });
    const shown = getBookingDetail(s.db, p.bookingNumber)!.guests.find((g) => g.id === localId);
    expect(shown).toMatchObject({ name: 'Nova', outbox: { state: 'pending', entryIds: [entryId] } });
  });

  it('with no changes drops a refused new guest like Discard', () => {
    const s = setup();
    const p = people(s);
    const { entryId } = refusedNewGuest(s, p.bookingNumber);
    expect(s.outbox.amend({ id: entryId, changes: {} })).toEqual({ entryId: null });
    expect(s.outbox.summary().unsent).toBe(0);
    expect(getBookingDetail(s.db, p.bookingNumber)!.guests.map((g) => g.id)).toEqual(p.detail.guests.map((g) => g.id));
  });
});

describe('checks before queueing', () => {
  it('refuses a party larger than the listing sleeps, on the field changed, and queues nothing', () => {
    const s = setup();
    const tooMany = thrown(() =>
      s.outbox.enqueue('bookings.update', {
        bookingNumber: s.number,
        changes: { adults: s.capacity + 1 - s.server.children },
      }),
    );
    expect(tooMany?.code).toBe('invalid_input');
    expect(tooMany?.fields).toHaveProperty(['changes.adults']);
    const children = thrown(() =>
      s.outbox.enqueue('bookings.update', { bookingNumber: s.number, changes: { adults: 1, children: s.capacity } }),
    );
    expect(children?.fields).toHaveProperty(['changes.adults']);
    expect(s.outbox.summary().unsent).toBe(0);
    // Exactly the capacity is fine; infants do not count.
    s.outbox.enqueue('bookings.update', {
      bookingNumber: s.number,
      changes: { adults: s.capacity, children: 0, infants: 2 },
    });
    expect(getBooking(s.db, s.number)).toMatchObject({ adults: s.capacity, infants: 2 });
  });

  it('refuses a stay that ends before it starts', () => {
    const s = setup();
    const e = thrown(() =>
      s.outbox.enqueue('bookings.update', { bookingNumber: s.number, changes: { end_date: s.server.start_date } }),
    );
    expect(e?.fields).toHaveProperty(['changes.end_date']);
  });
});
