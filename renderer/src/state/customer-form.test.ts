// The customer's form for "Edit and send again": it opens on the record's
// values (countries and type as choices), takes my refused values over them,
// and sends only what differs from the record, in the contract's write form.
import { describe, expect, it } from 'vitest';
import { exampleCustomer } from '../../../shared/contract/testing/examples';
import { CustomerForm } from './customer-form.svelte';

describe('customer form', () => {
  it('reads the record: country name and type as their ids; unchanged means nothing to send', () => {
    const c = new CustomerForm(exampleCustomer);
    expect(c.form.values.customer_type).toBe('2');
    expect(c.form.values.country).toBe('73');
    expect(c.payload()).toEqual({});
  });

  it('filled with refused values sends them (corrected ones) as the changes', () => {
    const c = new CustomerForm(exampleCustomer);
    expect(c.form.fill({ customer_type: 99, city: 'Refusedtown', phone: '600' })).toEqual(['phone']);
    expect(c.payload()).toEqual({ customer_type: 99, city: 'Refusedtown' });
    c.form.values.customer_type = '3';
    expect(c.payload()).toEqual({ customer_type: 3, city: 'Refusedtown' });
  });

  it('refuses an address that is not an email, and an emptied name', () => {
    const c = new CustomerForm(exampleCustomer);
    c.form.values.email = 'not an email';
    c.form.values.name = '';
    expect(c.payload()).toBeNull();
    expect(Object.keys(c.form.errors).sort()).toEqual(['email', 'name']);
  });
});
