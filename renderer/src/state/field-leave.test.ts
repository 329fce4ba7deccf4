// A field is checked when the person leaves it, with the checks Save runs:
// the New booking form's dates, counts and times; the booking's money signs;
// a guest's document number against its type and its names; fields already
// marked follow a fix; a field only passed through is never called required.
import { describe, expect, it } from 'vitest';
import type { BookingRecord, GuestRecord } from '../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge } from '../testing/fake-bridge';
import { BOOKING_SPECS, bookingFormRecord, bookingRules } from './booking.svelte';
import { EditForm, type Specs } from './form.svelte';
import { GuestForm } from './guest-form.svelte';
import { NewBookingForm } from './new-booking.svelte';

/** Types `text` into a field of `form` and leaves it; answers the field's message key (undefined: none). */
function typeAndLeave<S extends Specs>(form: EditForm<S>, field: keyof S & string, text: string): string | undefined {
  form.values[field] = text;
  form.leave(field);
  return form.errors[field]?.key;
}

describe('checked on leaving a field', () => {
  it('New booking: 31/02, "two", −1, 1.5 and 25:99 are marked as soon as the field is left', () => {
    const f = new NewBookingForm(fakeBridge(), { listingId: 12, from: '2026-07-01', to: '2026-07-04' });
    const stay = f.stay;
    expect(typeAndLeave(stay, 'start_date', '31/02/2026')).toBe('validation.date');
    expect(typeAndLeave(stay, 'adults', 'two')).toBe('validation.count');
    expect(typeAndLeave(stay, 'children', '-1')).toBe('validation.count');
    expect(typeAndLeave(stay, 'infants', '1.5')).toBe('validation.count');
    expect(typeAndLeave(stay, 'arrival_time', '25:99')).toBe('validation.time');
    expect(typeAndLeave(stay, 'paid', '-50')).toBe('validation.rule.money.negative');
    expect(typeAndLeave(stay, 'prepaid', '-50')).toBeUndefined();
    // A fix clears its own mark; the others stay until they are fixed.
    expect(typeAndLeave(stay, 'start_date', '01/07/2026')).toBeUndefined();
    expect(Object.keys(f.stay.errors).sort()).toEqual(['adults', 'arrival_time', 'children', 'infants', 'paid']);
  });

  it('New booking: a party larger than the listing, and an end before the start, on leaving', () => {
    const f = new NewBookingForm(fakeBridge(), { listingId: 12, from: '2026-07-01', to: '2026-07-04' });
    f.capacity = 3;
    const stay = f.stay;
    expect(typeAndLeave(stay, 'adults', '5')).toBe('validation.capacity');
    typeAndLeave(stay, 'end_date', '30/06/2026');
    expect(f.stay.errors.end_date?.key).toBe('validation.endAfterStart');
  });

  it('the booking page: paid −50 and tourist tax −1 are marked on leaving, in the words of the rule', () => {
    const booking: BookingRecord = COMMAND_EXAMPLES['bookings.get'].output.booking;
    const form = new EditForm(BOOKING_SPECS, bookingFormRecord(booking));
    form.rules = (p) => bookingRules(p, null, form.dirty);
    const f = form;
    expect(typeAndLeave(f, 'paid', '-50')).toBe('validation.rule.money.negative');
    expect(typeAndLeave(f, 'tourist_tax', '-1')).toBe('validation.rule.money.negative');
    expect(form.validate().ok).toBe(false);
  });

  it('a guest: the DNI letter, "ABC" as a DNI, emoji and a right-to-left override, on leaving', () => {
    const g = new GuestForm(null, '2026-05-04');
    const f = g.form;
    expect(typeAndLeave(f, 'name', '😀😀')).toBe('validation.rule.name.chars');
    expect(typeAndLeave(f, 'lastname', 'Smith\u202E')).toBe('validation.rule.name.invisible');
    typeAndLeave(f, 'document_type_id', '2');
    expect(typeAndLeave(f, 'number_id', 'ABC')).toBe('validation.rule.dni.format');
    expect(typeAndLeave(f, 'number_id', '12345678A')).toBe('validation.rule.id.letter');
    expect(typeAndLeave(f, 'number_id', '12345678Z')).toBeUndefined();
    // Another type: the number is checked again as soon as the type is left.
    typeAndLeave(f, 'document_type_id', '1');
    expect(g.form.errors.number_id?.key).toBe('validation.rule.passportEs.format');
  });

  it('passing through an empty field does not call it required; Save does', () => {
    const g = new GuestForm(null, '2026-05-04');
    g.form.leave('name');
    g.form.leave('document_type_id');
    expect(g.form.errors).toEqual({});
    expect(g.payload()).toBeNull();
    expect(g.form.errors.name?.key).toBe('validation.required');
  });

  it("an existing guest on the booking page needs the registration's document details, as a new one does", () => {
    const guest: GuestRecord = {
      ...COMMAND_EXAMPLES['bookings.get'].output.guests[0]!,
      document_type: null,
      number_id: '',
      date_issue: null,
      date_birth: '1980-01-01',
    };
    const g = new GuestForm(guest, '2026-05-04');
    g.form.values.city = 'Girona';
    expect(g.payload()).toBeNull();
    expect(Object.keys(g.form.errors)).toEqual(expect.arrayContaining(['number_id', 'date_issue']));
  });
});
