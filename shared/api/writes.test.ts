// Write schemas are strict: every edit the outbox carries is validated here,
// and wrong dates, times and values get a message a person can act on.
import { describe, expect, it } from 'vitest';
import { bookingCreate, bookingUpdate, customerUpdate, guestCreate, guestUpdate } from './bookings';
import { messageSend } from './organisation';
import { cleaningUpdate, incidentUpdate, maintenanceUpdate } from './tasks';
import { parseWith } from './validation';

const errorsOf = (r: ReturnType<typeof parseWith>) => (r.ok ? {} : r.errors);

describe('booking update', () => {
  it('accepts exactly confirmed and canceled as status', () => {
    expect(bookingUpdate.safeParse({ status: 'confirmed' }).success).toBe(true);
    expect(bookingUpdate.safeParse({ status: 'canceled' }).success).toBe(true);
    expect(errorsOf(parseWith(bookingUpdate, { status: 'cancelled' }))['status']?.[0]).toBe(
      'status must be "confirmed" or "canceled"',
    );
  });

  it('checks times, dates, counts and the date order', () => {
    const e = errorsOf(
      parseWith(bookingUpdate, { arrival_time: '24:00', start_date: '2026-11-25', end_date: '2026-11-24', adults: -1 }),
    );
    expect(e['arrival_time']?.[0]).toMatch(/HH:MM/);
    expect(e['adults']?.[0]).toMatch(/negative/);
    expect(parseWith(bookingUpdate, { start_date: '2026-11-25', end_date: '2026-11-24' }).ok).toBe(false);
  });

  it('carries every documented field', () => {
    const ok = bookingUpdate.safeParse({
      status: 'confirmed',
      checkin_online: 1,
      start_date: '2026-11-20',
      end_date: '2026-11-23',
      adults: 2,
      children: 0,
      infants: 1,
      arrival_time: '16:00',
      arrival_time_until: '20:00',
      departure_time: '10:00',
      departure_time_until: '11:00',
      paid: 120.5,
      tourist_tax: 6.6,
      opening_code: '4521',
      key_numbers: 2,
      notes: 'Late arrival',
    });
    expect(ok.success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(errorsOf(parseWith(bookingUpdate, { state: 3 }))['_']?.[0]).toMatch(/unknown field: state/);
  });
});

describe('task updates', () => {
  it('cleaning: status, date, time, inspected, duration, notes', () => {
    expect(
      cleaningUpdate.safeParse({
        status: 2,
        date: '2026-11-21',
        time: '11:00',
        inspected: 1,
        duration: '02:30',
        notes: 'ok',
      }).success,
    ).toBe(true);
    const e = errorsOf(parseWith(cleaningUpdate, { inspected: true, time: '11h', duration: '2:75' }));
    expect(Object.keys(e).sort()).toEqual(['duration', 'inspected', 'time']);
  });

  it('maintenance: type 0/1, empty hour allowed, inspection date', () => {
    expect(
      maintenanceUpdate.safeParse({ type: 1, hour: '', inspection_date: '2026-11-21', inspected: 1 }).success,
    ).toBe(true);
    expect(errorsOf(parseWith(maintenanceUpdate, { type: 2 }))['type']?.[0]).toMatch(/entrance/);
  });

  it('incident: priority 1–4 and a date-time', () => {
    expect(
      incidentUpdate.safeParse({ priority: 4, date: '2026-11-21 09:00:00', subtitle: null, note: 'x' }).success,
    ).toBe(true);
    expect(errorsOf(parseWith(incidentUpdate, { priority: 5 }))['priority']?.[0]).toMatch(/urgent/);
    expect(parseWith(incidentUpdate, { date: '2026-11-21' }).ok).toBe(false);
  });
});

describe('people', () => {
  it('guest create needs a booking id, name and surname; checks dates and sex', () => {
    expect(
      guestCreate.safeParse({
        id: 1001,
        guest: { name: 'Ana', lastname: 'García', sex: 'F', date_birth: '1990-01-02' },
      }).success,
    ).toBe(true);
    const e = errorsOf(parseWith(guestCreate, { id: 1001, guest: { name: ' ', sex: 'X', date_birth: '1990-02-31' } }));
    expect(e['guest.name']?.[0]).toBe('is required');
    expect(e['guest.lastname']).toBeDefined();
    expect(e['guest.sex']?.[0]).toBe('must be M or F');
    expect(e['guest.date_birth']?.[0]).toMatch(/real date/);
  });

  it('a guest carries its document type as a code-table id; a customer does not', () => {
    expect(guestUpdate.safeParse({ document_type_id: 5 }).success).toBe(true);
    expect(guestCreate.safeParse({ id: 1, guest: { name: 'A', lastname: 'B', document_type_id: 2 } }).success).toBe(
      true,
    );
    expect(guestUpdate.safeParse({ document_type_id: 'Passport' }).success).toBe(false);
    expect(customerUpdate.safeParse({ document_type_id: 5 }).success).toBe(false);
  });

  it('guest and customer update use the update field names', () => {
    expect(
      guestUpdate.safeParse({ nationality: 73, country: 73, number_id: 'X123', date_issue: '2020-01-01' }).success,
    ).toBe(true);
    expect(customerUpdate.safeParse({ customer_type: 2, email: 'a@b.es' }).success).toBe(true);
    expect(parseWith(customerUpdate, { email: 'not-an-email' }).ok).toBe(false);
  });

  it('booking create validates lines (cents), customer card fields and dates', () => {
    const base = {
      listing_id: 2,
      start_date: '2026-12-01',
      end_date: '2026-12-05',
      adults: 2,
      customer: { name: 'Ana', surname: 'García' },
      lines: [{ concept_id: 1, price: 45000, pay_date: '2026-11-21', type_pay: 1 }],
    };
    expect(bookingCreate.safeParse(base).success).toBe(true);
    expect(
      bookingCreate.safeParse({
        ...base,
        lines: [{ concept_id: 1, price: 450.5, pay_date: '2026-11-21', type_pay: 1 }],
      }).success,
    ).toBe(false);
    expect(bookingCreate.safeParse({ ...base, customer: { ...base.customer, card_cvv: '12' } }).success).toBe(false);
  });
});

describe('message send', () => {
  it('needs a thread and a non-empty message', () => {
    expect(messageSend.safeParse({ thread_id: 3, message: 'Hola' }).success).toBe(true);
    expect(errorsOf(parseWith(messageSend, { thread_id: 3, message: '   ' }))['message']?.[0]).toBe(
      'the message is empty',
    );
  });
});
