// An edit form sends only what the person changed, in API form, and refuses
// what cannot be read, in the person's language; untouched fields follow the record.
import { describe, expect, it } from 'vitest';
import { BOOKING_SPECS as specs } from './booking.svelte';
import { EditForm } from './form.svelte';

// Over the booking edit form's own specs (state/booking.svelte.ts): dates, a time, money, a count, text, a flag.
const record = {
  start_date: '2026-05-04',
  end_date: '2026-05-08',
  arrival_time: null,
  paid: 300,
  key_numbers: '2',
  opening_code: null,
  checkin_online: false,
};

describe('EditForm', () => {
  it('shows record values as people type them', () => {
    const form = new EditForm(specs, record, ',');
    expect(form.values).toMatchObject({
      start_date: '04/05/2026',
      paid: '300',
      opening_code: '',
      checkin_online: false,
    });
    expect(form.isDirty).toBe(false);
  });

  it('answers only the changed fields, parsed', () => {
    const form = new EditForm(specs, { ...record, paid: 12.5 }, ',');
    expect(form.values.paid).toBe('12,5');
    form.values.opening_code = '4821';
    form.values.key_numbers = '3';
    form.values.checkin_online = true;
    form.values.paid = '1.250,50';
    expect(form.validate()).toMatchObject({
      ok: true,
      changes: { opening_code: '4821', key_numbers: 3, checkin_online: 1, paid: 1250.5 },
    });
  });

  it('does not complain about untouched empty fields, but does about touched ones', () => {
    const form = new EditForm(specs, record);
    expect(form.validate()).toMatchObject({ ok: true, changes: {} });
    form.values.arrival_time = '25:00';
    form.values.start_date = '';
    expect(form.validate().ok).toBe(false);
    expect(form.errors).toEqual({
      arrival_time: { key: 'validation.time' },
      start_date: { key: 'validation.required' },
    });
  });

  it('runs cross-field rules over every readable field', () => {
    const form = new EditForm(specs, record);
    form.values.end_date = '01/05/2026';
    const r = form.validate((p) =>
      String(p['end_date']) <= String(p['start_date']) ? { end_date: { key: 'validation.endAfterStart' } } : {},
    );
    expect(r.ok).toBe(false);
    expect(form.errors.end_date).toEqual({ key: 'validation.endAfterStart' });
  });

  it('keeps what the person typed when the record changes underneath, and follows it elsewhere', () => {
    const form = new EditForm(specs, record);
    form.values.opening_code = '1111';
    form.rebase({ ...record, opening_code: '9999', key_numbers: '5' });
    expect(form.values.opening_code).toBe('1111');
    expect(form.values.key_numbers).toBe('5');
    form.revert();
    expect(form.values.opening_code).toBe('9999');
  });

  it('refuses text over the limit', () => {
    const form = new EditForm(specs, record);
    form.values.opening_code = 'x'.repeat(41);
    expect(form.validate().ok).toBe(false);
    expect(form.errors.opening_code).toEqual({ key: 'validation.tooLong', max: 40 });
  });

  it('after a save follows the record, even when it shows the server value again (change not accepted)', () => {
    const form = new EditForm(specs, record);
    form.values.opening_code = '1111';
    form.commit();
    form.rebase({ ...record, opening_code: '0000' });
    expect(form.values.opening_code).toBe('0000');
    expect(form.isDirty).toBe(false);
  });

  it('takes refused values as typed, over the record, and names what it cannot show', () => {
    const form = new EditForm(specs, record);
    expect(form.fill({ opening_code: '7777', status: 'confirmed' })).toEqual(['status']);
    expect(form.values.opening_code).toBe('7777');
    expect(form.dirty).toEqual(['opening_code']);
  });

  it('sends my refused values again even while the record still shows them, and keeps them over a re-read', () => {
    // The record has not been re-read since the refusal: it still shows my refused value.
    const form = new EditForm(specs, { ...record, opening_code: '7777' });
    form.fill({ opening_code: '7777' });
    form.values.paid = '5';
    expect(form.dirty).toEqual(expect.arrayContaining(['opening_code', 'paid']));
    // The re-read brings the server's value: the form keeps mine.
    form.rebase({ ...record, opening_code: '0000' });
    expect(form.values.opening_code).toBe('7777');
    const r = form.validate();
    expect(r.ok && r.changes).toMatchObject({ opening_code: '7777' });
    // Saved: from now on the form follows the record again.
    form.commit();
    form.rebase({ ...record, opening_code: '0000' });
    expect(form.values.opening_code).toBe('0000');
  });
});
