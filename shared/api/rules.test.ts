import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUpdate, bookingCreate, bookingUpdate, customerUpdate, guestCreate, guestUpdate } from '.';

/** [path, rule] of each issue a schema finds. */
function rules(schema: z.ZodType, value: unknown): [string, unknown][] {
  const r = schema.safeParse(value);
  return r.success
    ? []
    : r.error.issues.map((i) => [i.path.join('.'), (i as { params?: { rule?: unknown } }).params?.rule]);
}

const stay = { listing_id: 1, start_date: '2026-05-04', end_date: '2026-05-06', adults: 2 };

describe('the domain rules in the write schemas (what the main side refuses before queueing)', () => {
  it('money: only prepaid may be negative', () => {
    expect(rules(bookingUpdate, { paid: -50, tourist_tax: -1 })).toEqual([
      ['paid', 'money.negative'],
      ['tourist_tax', 'money.negative'],
    ]);
    const customer = { name: 'Ana', surname: 'Puig' };
    expect(rules(bookingCreate, { ...stay, customer, prepaid: -20, paid: 0 })).toEqual([]);
    expect(rules(bookingCreate, { ...stay, customer, total: -1 })).toEqual([['total', 'money.negative']]);
  });

  it('names of guests and customers, on update and create', () => {
    expect(rules(guestUpdate, { name: '😀😀', lastname: 'Smith\u202E' })).toEqual([
      ['name', 'name.chars'],
      ['lastname', 'name.invisible'],
    ]);
    expect(rules(customerUpdate, { lastname: "O'Brien-Núñez" })).toEqual([]);
    expect(rules(bookingCreate, { ...stay, customer: { name: 'Ana1', surname: 'Puig' } })).toEqual([
      ['customer.name', 'name.chars'],
    ]);
    expect(rules(adminUpdate, { name: 'Marta', last_name: 'Puig 2' })).toEqual([['last_name', 'name.chars']]);
    expect(rules(guestCreate, { id: 1, guest: { name: 'Ana', lastname: '\u200B' } })).toEqual([
      ['guest.lastname', 'name.invisible'],
    ]);
  });

  it('document numbers: against the type when the payload has both, on their own when a new person has no type', () => {
    expect(rules(guestUpdate, { document_type_id: 2, number_id: '12345678A' })).toEqual([['number_id', 'id.letter']]);
    expect(rules(guestUpdate, { document_type_id: 2, number_id: 'ABC' })).toEqual([['number_id', 'dni.format']]);
    // An update of the number alone: its type is the guest's, checked on the main side against the record.
    expect(rules(guestUpdate, { number_id: 'ABC' })).toEqual([]);
    expect(rules(guestCreate, { id: 1, guest: { name: 'A', lastname: 'B', number_id: '12345678A' } })).toEqual([
      ['guest.number_id', 'id.letter'],
    ]);
    expect(rules(customerUpdate, { number_id: '12345678A' })).toEqual([['number_id', 'id.letter']]);
    const customer = { name: 'Ana', surname: 'Puig', number_id: '12345678Z' };
    expect(
      rules(bookingCreate, {
        ...stay,
        customer,
        guests: [{ name: 'Ana', surname: 'Puig', document_type_id: 5, number_id: 'A-1' }],
      }),
    ).toEqual([['guests.0.number_id', 'passport.format']]);
  });
});
