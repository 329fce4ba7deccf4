// Guests registered inside the New booking form: checked by the booking's own
// registration form before they are kept, edited and removed there, and —
// once the booking is queued — each sent as its own guests.create on the new
// booking's number, after the booking and never twice.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../shared/contract';
import { fakeBridge } from '../testing/fake-bridge';
import { call } from './call';
import { GuestForm } from './guest-form.svelte';
import { NewBookingForm } from './new-booking.svelte';

function typed(name: string, extra: Record<string, string> = {}): GuestForm {
  const g = new GuestForm(null, '2026-07-01');
  Object.assign(g.form.values, {
    name,
    lastname: 'Pérez',
    number_id: `X${name.length}234567L`,
    date_issue: '01/02/2020',
    nationality: '73',
    sex: 'F',
    date_birth: '15/06/1985',
    document_type_id: '5',
    ...extra,
  });
  return g;
}

function form(bridge = fakeBridge()) {
  const f = new NewBookingForm(bridge, { listingId: 12, from: '2026-07-01', to: '2026-07-04' });
  Object.assign(f.customer.values, { name: 'Anna', lastname: 'Kowalska' });
  return f;
}

describe('guests in the new booking form', () => {
  it('keeps a guest only when the registration checks pass, with the errors where the person looks', () => {
    const f = form();
    const missing = typed('Luis', { lastname: '', date_birth: '31/02/1985' });
    expect(f.keepGuest(missing)).toBe(false);
    expect(f.guests).toEqual([]);
    expect(Object.keys(missing.form.errors)).toEqual(expect.arrayContaining(['lastname', 'date_birth']));
    expect(f.keepGuest(typed('Luis'))).toBe(true);
    expect(f.guests).toEqual([
      expect.objectContaining({ name: 'Luis', lastname: 'Pérez', nationality: 73, date_birth: '1985-06-15' }),
    ]);
  });

  it('edits a guest in place (the dialog reopens with what was kept) and removes one', () => {
    const f = form();
    f.keepGuest(typed('Luis'));
    f.keepGuest(typed('Marta'));
    const again = new GuestForm(null, f.arrival);
    again.form.fill(f.guests[0]!);
    again.form.values.name = 'Lluís';
    expect(f.keepGuest(again, 0)).toBe(true);
    expect(f.guests.map((g) => g.name)).toEqual(['Lluís', 'Marta']);
    f.removeGuest(0);
    expect(f.guests.map((g) => g.name)).toEqual(['Marta']);
  });

  it('a guest born before the stay ages from its first day: a young child needs no document', () => {
    const f = form();
    expect(f.arrival).toBe('2026-07-01');
    const child = typed('Nil', { number_id: '', date_issue: '', document_type_id: '', date_birth: '01/01/2020' });
    expect(f.keepGuest(child)).toBe(true);
  });

  it('sends each guest as guests.create on the new booking’s number, after the booking and once', async () => {
    const bridge = fakeBridge({ 'bookings.create': () => ({ entryIds: [7], recordId: -3 }) as never });
    const f = form(bridge);
    f.keepGuest(typed('Luis'));
    f.keepGuest(typed('Marta'));
    const payload = f.payload(4);
    expect(payload).not.toHaveProperty('guests');
    const r = await call(bridge, 'bookings.create', { booking: payload! });
    const number = r.ok ? r.value.recordId! : 0;
    const send = (input: Parameters<Parameters<NewBookingForm['queueGuests']>[1]>[0]) =>
      call(bridge, 'guests.create', input).then((x) => x.ok);
    expect(await f.queueGuests(number, send)).toBe(0);
    expect(bridge.calls.map((c) => c.name)).toEqual(['bookings.create', 'guests.create', 'guests.create']);
    const sent = bridge.callsOf('guests.create');
    expect(sent.map((g) => [g.bookingNumber, g.guest.name])).toEqual([
      [-3, 'Luis'],
      [-3, 'Marta'],
    ]);
    for (const g of sent) expect(COMMANDS['guests.create'].input.safeParse(g).success).toBe(true);
    // Queued guests leave the form: nothing is sent twice.
    expect(f.guests).toEqual([]);
    await f.queueGuests(number, send);
    expect(bridge.callsOf('guests.create')).toHaveLength(2);
  });

  it('a guest that cannot be queued stays in the form, and so do the ones after it', async () => {
    const f = form();
    f.keepGuest(typed('Luis'));
    f.keepGuest(typed('Marta'));
    let n = 0;
    expect(await f.queueGuests(-3, () => Promise.resolve(n++ === 0))).toBe(1);
    expect(f.guests.map((g) => g.name)).toEqual(['Marta']);
  });
});
