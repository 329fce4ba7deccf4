// The booking form's limits come from the shared write schema: key numbers are
// a whole number, texts as long as the API takes, dates that exist.
import { describe, expect, it } from 'vitest';
import { exampleBooking } from '../../../shared/contract/testing/examples';
import { BOOKING_SPECS, bookingFormRecord, bookingRules } from './booking.svelte';
import { EditForm } from './form.svelte';

const form = () => new EditForm(BOOKING_SPECS, bookingFormRecord(exampleBooking));

describe('booking form', () => {
  it('wants the number of keys as a whole number', () => {
    for (const typed of ['1.5', 'two', '-1']) {
      const f = form();
      f.values.key_numbers = typed;
      expect(f.validate(bookingRules).ok).toBe(false);
      expect(f.errors.key_numbers).toEqual({ key: 'validation.count' });
    }
    const f = form();
    f.values.key_numbers = '4';
    expect(f.validate(bookingRules)).toMatchObject({ ok: true, changes: { key_numbers: 4 } });
  });

  it('says a date that does not exist is not a real date', () => {
    const f = form();
    f.values.end_date = '31/02/2026';
    expect(f.validate(bookingRules).ok).toBe(false);
    expect(f.errors.end_date).toEqual({ key: 'validation.date' });
  });

  it('takes text limits from the write schema', () => {
    const f = form();
    f.values.opening_code = '9'.repeat(41);
    expect(f.validate(bookingRules).ok).toBe(false);
    expect(f.errors.opening_code).toEqual({ key: 'validation.tooLong', max: 40 });
  });
});
