// Every form field takes its limits from the shared write schema (shared/api)
// the main side checks the same value with: the task, guest and calendar-block
// forms say the schema's own numbers, and a value the schema takes is taken.
import { describe, expect, it } from 'vitest';
import { incidentUpdate } from '../../../shared/api';
import { exampleCustomer } from '../../../shared/contract/testing/examples';
import { CustomerForm } from './customer-form.svelte';
import { EditForm } from './form.svelte';
import { CLEANING_SPECS, INCIDENT_SPECS, MAINTENANCE_SPECS } from './task-forms';

/** The longest text the schema takes for a field, found by asking it. */
function longest(schema: { safeParse(v: unknown): { success: boolean } }): number {
  let [lo, hi] = [0, 100_000];
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (schema.safeParse('x'.repeat(mid)).success) lo = mid;
    else hi = mid;
  }
  return lo;
}

describe('form limits come from the write schemas', () => {
  it('an incident title one character over the schema is refused with the schema number', () => {
    const max = longest(incidentUpdate.shape.subtitle);
    const form = new EditForm(INCIDENT_SPECS, {
      priority: 2,
      day: '2026-05-04',
      time: '10:00',
      subtitle: null,
      note: '',
    });
    form.values.subtitle = 'x'.repeat(max);
    expect(form.validate().ok).toBe(true);
    form.values.subtitle = 'x'.repeat(max + 1);
    expect(form.validate().ok).toBe(false);
    expect(form.errors.subtitle).toEqual({ key: 'validation.tooLong', max });
  });

  it('every task form field is checked by a write schema', () => {
    for (const specs of [CLEANING_SPECS, MAINTENANCE_SPECS, INCIDENT_SPECS])
      for (const spec of Object.values(specs)) expect(spec.schema).toBeDefined();
  });

  it('a maintenance duration the schema cannot read is refused; an emptied one is sent as empty', () => {
    const form = new EditForm(MAINTENANCE_SPECS, { type: 0, date: '2026-05-04', duration: '01:30', notes: '' });
    form.values.duration = '1:75';
    expect(form.validate().ok).toBe(false);
    form.values.duration = '';
    expect(form.validate()).toMatchObject({ ok: true, changes: { duration: '' } });
  });

  it("an e-mail is the schema's: a stray space is no error, a half address is", () => {
    const c = new CustomerForm(exampleCustomer);
    c.form.values.email = ' ana@example.com ';
    expect(c.payload()).toEqual({ email: 'ana@example.com' });
    c.form.values.email = 'ana@';
    expect(c.payload()).toBeNull();
    expect(c.form.errors.email).toEqual({ key: 'validation.email' });
  });
});
