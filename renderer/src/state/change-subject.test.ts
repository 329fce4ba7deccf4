// What the main side sends as data, worded here: a change's subject, a
// pointer to another record by its name, a field named as its own form names
// it, and a refusal in the person's language with the server's own words.
import { describe, expect, it } from 'vitest';
import type { ContractError } from '../../../shared/contract';
import { fieldName, fieldValue } from '../i18n/field-names';
import { I18n } from '../i18n/i18n.svelte';
import { subjectText } from './change-subject';
import { refusalReasons } from './refused.svelte';

const none = { name: null, booking: null, listing: null, owner: null, rate: null, from: null, to: null };

describe('a change in the person’s words', () => {
  it('says what a change is about, a booking taken here as new, never by its local number', () => {
    const es = new I18n('es');
    expect(subjectText(es, 'guests', { ...none, name: 'Ana Puig', booking: -4 })).toBe(
      'Ana Puig · Reserva nueva — aún no está en el PMS',
    );
    expect(subjectText(es, 'bookings', { ...none, booking: 108562, listing: 'Casa Azul' })).toBe(
      'Reserva 108562 · Casa Azul',
    );
    expect(subjectText(es, 'costs', { ...none, name: 'Fontanero', owner: 'Marta Vidal' })).toBe(
      'Fontanero · Marta Vidal',
    );
    // Nothing known: its kind of record.
    expect(subjectText(new I18n('ca'), 'owners', none)).toBe(new I18n('ca').t('resource.owners'));
  });

  it('names a pointer by the record it points at, a new one as new, and an owner’s name as its Name', () => {
    const en = new I18n('en');
    expect(fieldValue(en, 'costs', 'owner_id', -2, { owner_id: { '-2': 'Marta Vidal' } })).toBe('Marta Vidal');
    expect(fieldValue(en, 'costs', 'owner_id', -3)).toBe('new — not yet in the PMS');
    expect(fieldValue(en, 'costs', 'amount', 85.5)).toBe('€85.50');
    expect(fieldName(en, 'name', 'owners')).toBe('Name');
    expect(fieldName(en, 'name', 'guests')).toBe('First name');
  });

  it('words a refusal: the app’s own reason translated, the server’s words as the server said them', () => {
    const es = new I18n('es');
    const local: ContractError = {
      code: 'invalid_input',
      message: 'The listing sleeps at most 4 people (adults and children).',
      fields: { 'changes.adults': ['the listing sleeps at most 4 people'] },
      fieldReasons: { 'changes.adults': { key: 'capacity', params: { max: 4 } } },
    };
    expect(refusalReasons(es, local)).toEqual(['Adultos: Este alojamiento admite como máximo 4 personas']);
    const server: ContractError = {
      code: 'invalid_input',
      message: '',
      fields: { adults: ['The adults field is invalid.'] },
      server: { status: 422, said: 'The given data was invalid.' },
    };
    expect(refusalReasons(es, server)).toEqual(['Adultos: El servidor dijo: «The adults field is invalid.»']);
    const gone: ContractError = { code: 'not_found', message: '', reason: { key: 'record_gone', params: {} } };
    expect(es.error(gone)).toBe('El servidor ya no tiene este registro (quizá alguien lo borró).');
    expect(es.error({ code: 'server_error', message: 'x', server: { status: 503, said: 'Maintenance' } })).toMatch(
      /El servidor dijo: «Maintenance»$/,
    );
  });
});
