// Cross-kind references against the simulator: a guest registered on a booking
// taken offline waits for it (never sent with a negative number), then lands on
// the server's booking number — also when the booking's answer is lost, and when
// the process dies in the middle of the adoption (one transaction: all or
// nothing). Discarding the booking takes its guest with it; a refused booking
// leaves its guest waiting, saying why, until it is amended.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { getBooking, listBookings, listGuests } from '../cache/queries/bookings';
import { checkStay } from '../cache/queries/stay-check';
import { listingsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedListing } from './testing/seed';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 21, listings: 3, today: TODAY });

async function device(): Promise<Device> {
  const dev = on.device();
  await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2027-03-01' });
  // The listing itself: a booking is taken on a listing the app knows.
  const listing = await dev.current.client.one('listings.get', { id: 101 });
  upsertRecords(dev.db, listingsTable, [listing]);
  return dev;
}

/** The first stay of `nights` nights from `from` on that listing 101 can take, as the local data says. */
function freeStay(dev: Device, from: string, nights: number): [string, string] {
  for (let d = from; ; d = addDays(d, 1)) {
    const end = addDays(d, nights);
    const c = checkStay(dev.db, { listingId: 101, from: d, to: end, adults: 2, children: 0 });
    if (c?.reasons.length === 0) return [d, end];
  }
}

const newBooking = (marker: string, [start, end]: [string, string]) => ({
  booking: {
    listing_id: 101,
    start_date: start,
    end_date: end,
    adults: 2,
    customer: { name: 'Walk', surname: `In ${marker}` },
  },
});

const localGuests = (dev: Device) => dev.db.pluck<number>('SELECT id FROM guests WHERE booking_number < 0');

describe('references to records created offline', () => {
  it('a guest and an edit of a new booking wait for it, then follow it to its server number', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const r = o.enqueue('bookings.create', newBooking('Refsa', freeStay(dev, '2026-11-10', 3))) as { recordId: number };
    expect(r.recordId).toBeLessThan(0);
    expect(getBooking(dev.db, r.recordId)).toMatchObject({ outbox: { state: 'pending', fields: ['created'] } });
    // At once among the arrivals, with the new customer's name and the "not yet in the PMS" mark.
    const start = getBooking(dev.db, r.recordId)!.start_date;
    const arrival = listBookings(dev.db, { from: start, to: start, kind: 'arrivals' }).find(
      (b) => b.booking_number === r.recordId,
    );
    expect(arrival).toMatchObject({ customer_name: 'Walk In Refsa', outbox: { fields: ['created'] } });
    o.enqueue('guests.create', {
      bookingNumber: r.recordId,
      guest: { name: 'Ada', lastname: 'Guest', number_id: 'R1' },
    });
    o.enqueue('bookings.update', { bookingNumber: r.recordId, changes: { notes: 'late arrival Refsa' } });
    const guestEntry = o.list().find((e) => e.operation === 'guests.create')!;
    expect(guestEntry.waitingFor).toMatchObject({ resource: 'bookings', recordId: r.recordId, refused: null });
    // About the new booking, by its local number (the renderer says "new — not yet in the PMS").
    expect(guestEntry.subject).toMatchObject({ name: 'Ada Guest', booking: r.recordId });

    // The booking cannot leave (refused before it was sent): the guest is never sent with a negative number.
    on.sim.setFaults({ resetBeforeRate: 1, routes: ['bookings.create'] });
    await o.drain();
    expect(on.sim.requestLog().filter((x) => x.endpoint === 'guests.create')).toEqual([]);
    on.sim.resetFaults();
    await o.drain({ untilSettled: true });

    const made = on.appliedOnce('bookings.create', 'Refsa');
    expect(made.body).toMatchObject({ notes: 'late arrival Refsa' });
    const server = made.id!;
    const guests = on.appliedOnce('guests.create', 'R1');
    expect(guests.body).toMatchObject({ id: server });
    expect(getBooking(dev.db, r.recordId)).toBeNull();
    expect(getBooking(dev.db, server)).toMatchObject({ notes: 'late arrival Refsa', outbox: null });
    expect(listGuests(dev.db, server)).toEqual([expect.objectContaining({ number_id: 'R1', outbox: null })]);
    expect(localGuests(dev)).toEqual([]);
    expect(o.summary().unsent).toBe(0);
    // The person's screen may still hold the local number: a later guest finds the server's booking.
    o.enqueue('guests.create', {
      bookingNumber: r.recordId,
      guest: { name: 'Bo', lastname: 'Later', number_id: 'R1b' },
    });
    await o.drain({ untilSettled: true });
    expect(on.applied('guests.create', 'R1b')[0]!.body).toMatchObject({ id: server });
    await dev.close();
  });

  it('when the booking’s answer is lost, it is found by reading back and its guest follows, once each', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const r = o.enqueue('bookings.create', newBooking('Refsb', freeStay(dev, '2026-11-20', 3))) as { recordId: number };
    o.enqueue('guests.create', { bookingNumber: r.recordId, guest: { name: 'Cy', lastname: 'Lost', number_id: 'R2' } });
    on.sim.setFaults({ resetAfterRate: 1, routes: ['bookings.create'] });
    await o.drain();
    // Applied but unheard: the next look reads the listing's bookings back before anything is sent again.
    const posts = () => on.sim.requestLog().filter((x) => x.endpoint === 'bookings.create').length;
    const sent = posts();
    on.sim.resetFaults();
    await o.drain({ untilSettled: true });
    expect(posts()).toBe(sent);
    const made = on.appliedOnce('bookings.create', 'Refsb');
    const guests = on.appliedOnce('guests.create', 'R2');
    expect(guests.body).toMatchObject({ id: made.id });
    expect(listGuests(dev.db, made.id!)).toEqual([expect.objectContaining({ number_id: 'R2', outbox: null })]);
    await dev.close();
  });

  it('a crash in the middle of adopting the booking leaves all of it undone, and the next run does all of it', async () => {
    const dev = await device();
    let o = dev.current.outbox;
    const r = o.enqueue('bookings.create', newBooking('Refsc', freeStay(dev, '2026-12-01', 3))) as { recordId: number };
    o.enqueue('guests.create', {
      bookingNumber: r.recordId,
      guest: { name: 'Di', lastname: 'Crash', number_id: 'R3' },
    });
    // Die at the first re-pointing statement: after the id map and the confirmation were written in the same transaction.
    const inst = dev.current;
    const run = inst.db.run.bind(inst.db);
    let died = false;
    inst.db.run = (q, p) => {
      if (!died && q.includes('UPDATE outbox SET context')) {
        died = true;
        inst.die();
      }
      return run(q, p);
    };
    await o.drain({ untilSettled: true }).catch(() => undefined);
    expect(died).toBe(true);
    // Nothing of the adoption is on disk: no id map, the booking still local, its guest still on the local number.
    expect(dev.db.pluck('SELECT server_id FROM outbox_ids WHERE local_id = ?', [r.recordId])).toEqual([]);
    expect(getBooking(dev.db, r.recordId)).not.toBeNull();
    expect(localGuests(dev)).toHaveLength(1);
    o = (await dev.restart()).outbox;
    await o.drain({ untilSettled: true });
    const made = on.appliedOnce('bookings.create', 'Refsc');
    expect(on.applied('guests.create', 'R3')).toHaveLength(1);
    expect(listGuests(dev.db, made.id!)).toEqual([expect.objectContaining({ number_id: 'R3', outbox: null })]);
    expect(localGuests(dev)).toEqual([]);
    await dev.close();
  });

  it('discarding the new booking discards what depends on it, and says how much', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const r = o.enqueue('bookings.create', newBooking('Refsd', freeStay(dev, '2027-01-10', 3))) as {
      entryId: number;
      recordId: number;
    };
    o.enqueue('guests.create', { bookingNumber: r.recordId, guest: { name: 'Ed', lastname: 'Gone', number_id: 'R4' } });
    const guest = listGuests(dev.db, r.recordId)[0]!;
    o.enqueue('guests.update', { id: guest.id, changes: { city: 'Vic' } });
    expect(o.discard({ id: r.entryId })).toEqual({ discarded: true, dependents: 2 });
    expect(getBooking(dev.db, r.recordId)).toBeNull();
    expect(localGuests(dev)).toEqual([]);
    expect(o.summary().unsent).toBe(0);
    await o.drain({ untilSettled: true });
    expect(on.applied('bookings.create', 'Refsd')).toEqual([]);
    await dev.close();
  });

  it('a booking the server refuses keeps its guest waiting with the reason; amended, both go', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const stay = freeStay(dev, '2027-02-01', 3);
    const r = o.enqueue('bookings.create', newBooking('Refse', stay)) as {
      entryId: number;
      recordId: number;
    };
    o.enqueue('guests.create', {
      bookingNumber: r.recordId,
      guest: { name: 'Flo', lastname: 'Wait', number_id: 'R5' },
    });
    // Someone else takes those nights on the server meanwhile.
    const taken = { ...newBooking('Refsother', [stay[0], addDays(stay[0], 1)]).booking, status: 'confirmed' };
    expect(await on.other.post('/bookings', taken)).toBe(200);
    await o.drain({ untilSettled: true });
    expect(getBooking(dev.db, r.recordId)).toMatchObject({ outbox: { state: 'rejected' } });
    const guestEntry = o.list().find((e) => e.operation === 'guests.create')!;
    expect(guestEntry.state).toBe('pending');
    // The server's answer to the booking, as it gave it.
    expect(guestEntry.waitingFor?.refused?.server?.status).toBeGreaterThanOrEqual(400);
    expect(on.applied('guests.create', 'R5')).toEqual([]);

    const [start_date, end_date] = freeStay(dev, addDays(stay[1], 3), 3);
    o.amend({ id: r.entryId, changes: { start_date, end_date } });
    await o.drain({ untilSettled: true });
    const made = on.appliedOnce('bookings.create', 'Refse');
    expect(made.body).toMatchObject({ start_date });
    expect(on.applied('guests.create', 'R5')[0]!.body).toMatchObject({ id: made.id });
    await dev.close();
  });
});
