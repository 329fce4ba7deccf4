// Registering a guest: required fields are checked before anything is sent,
// a young child needs no document, and the payload is what the contract takes.
import { describe, expect, it } from 'vitest';
import { exampleGuest } from '../../../shared/contract/testing/examples';
import { GuestForm, ageOn, countryIdOf, documentTypeIdOf } from './guest-form.svelte';

/** A grown-up's registration fields, as typed (no document yet). */
const LUIS = { name: 'Luis', lastname: 'Pérez', nationality: '73', sex: 'M', date_birth: '15/06/1985' };

/** A new guest of a stay that starts 2026-05-04, with these fields typed. */
function newGuest(typed: Record<string, string>): GuestForm {
  const g = new GuestForm(null, '2026-05-04');
  Object.assign(g.form.values, typed);
  return g;
}

describe('guest form', () => {
  it('refuses a new guest without the registration fields', () => {
    const g = newGuest({ name: 'Luis' });
    expect(g.payload()).toBeNull();
    expect(Object.keys(g.form.errors).sort()).toEqual(
      [
        'lastname',
        'nationality',
        'sex',
        'date_birth',
        'number_id',
        'date_issue',
        ...(g.supportsDocumentType ? ['document_type_id'] : []),
      ].sort(),
    );
  });

  it('builds the create payload from what was filled in', () => {
    const g = newGuest({
      ...LUIS,
      name: ' Luis ',
      number_id: 'X1234567L',
      date_issue: '01/02/2020',
      document_type_id: '5',
    });
    const payload = g.payload();
    expect(payload).toMatchObject({
      name: 'Luis',
      lastname: 'Pérez',
      number_id: 'X1234567L',
      date_issue: '2020-02-01',
      nationality: 73,
      sex: 'M',
      date_birth: '1985-06-15',
    });
    expect(payload).not.toHaveProperty('email');
    expect('document_type_id' in payload!).toBe(g.supportsDocumentType);
  });

  it('does not ask a young child for a document', () => {
    const g = newGuest({ ...LUIS, name: 'Nil', date_birth: '01/01/2020' });
    expect(g.payload()).not.toBeNull();
  });

  it('checks the email and that the birth date is in the past', () => {
    const g = new GuestForm(exampleGuest, '2026-05-04');
    g.form.values.email = 'not an email';
    g.form.values.date_birth = '01/01/2999';
    expect(g.payload()).toBeNull();
    expect(g.form.errors.email).toEqual({ key: 'validation.email' });
    expect(g.form.errors.date_birth).toEqual({ key: 'validation.datePast' });
  });

  it('edits an existing guest by sending only the changes', () => {
    const g = new GuestForm({ ...exampleGuest, nationality: 'Spain', document_type: 'Passport' }, '2026-05-04');
    expect(g.form.values.nationality).toBe('73');
    g.form.values.city = 'Sitges';
    expect(g.payload()).toEqual({ city: 'Sitges' });
  });

  it('maps what the API sends to code-table ids', () => {
    expect(countryIdOf('Spain')).toBe(73);
    expect(countryIdOf('73')).toBe(73);
    expect(countryIdOf('ES')).toBe(73);
    expect(countryIdOf('Atlantis')).toBeNull();
    expect(documentTypeIdOf('Driving license')).toBe(3);
    expect(documentTypeIdOf('2')).toBe(2);
    expect(ageOn('2012-05-05', '2026-05-04')).toBe(13);
    expect(ageOn('2012-05-04', '2026-05-04')).toBe(14);
  });

  it.each([
    // A date that does not exist says "Enter a real date", not "Required".
    { dates: '31/02/1985', issued: '30/02/2020', birthError: 'validation.date', issueError: 'validation.date' },
    // A birth date in the past, a document issued by today.
    {
      dates: '01/01/2999',
      issued: '01/01/2999',
      birthError: 'validation.datePast',
      issueError: 'validation.dateFuture',
    },
  ])('refuses a birth date of $dates and an issue date of $issued', ({ dates, issued, birthError, issueError }) => {
    const g = newGuest({ ...LUIS, date_birth: dates, date_issue: issued });
    expect(g.payload()).toBeNull();
    expect(g.form.errors.date_birth).toEqual({ key: birthError });
    expect(g.form.errors.date_issue).toEqual({ key: issueError });
  });

  it('takes its length limits from the shared write schema', () => {
    const g = newGuest({ name: 'L'.repeat(121), lastname: 'Pérez', zip_code: '1'.repeat(21) });
    expect(g.payload()).toBeNull();
    expect(g.form.errors.name).toEqual({ key: 'validation.tooLong', max: 120 });
    expect(g.form.errors.zip_code).toEqual({ key: 'validation.tooLong', max: 20 });
  });

  it('reads a duplicate country id as the one choice offered for that country', () => {
    expect(countryIdOf('270')).toBe(54); // "Zaire" → DR Congo
    expect(countryIdOf('CPV')).toBe(38);
    expect(countryIdOf('Grenada')).toBe(89);
    const g = new GuestForm({ ...exampleGuest, country: 267 }, '2026-05-04');
    expect(g.form.values.country).toBe('217');
    expect(g.form.isDirty).toBe(false);
  });
});
