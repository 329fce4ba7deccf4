// A destination's form: the names written on this computer per language fill their fields (the server
// shows one), so an edit of one language sends the others as they were instead of dropping them.
import { describe, expect, it } from 'vitest';
import type { DestinationRecord } from '../../../shared/contract';
import { destinationForm, orgPayload } from './org-forms';

const base: DestinationRecord = {
  id: 4,
  name: 'Costa Brava',
  tourist_tax: 1.1,
  latitude: null,
  longitude: null,
  max_days: 30,
  outbox: null,
};

describe('destinationForm', () => {
  it('leaves the name fields empty when only the server’s one name is known', () => {
    expect(destinationForm(base)).toEqual({ tax: 1.1, lat: null, lng: null, max_days: 30 });
  });

  it('fills each language’s name written here, and an edit of one sends all of them', () => {
    const form = destinationForm({
      ...base,
      name_texts: { es: 'Costa Brava', en: 'Brava Coast', ca: 'Costa Brava (ca)' },
    });
    expect(form).toMatchObject({ name_es: 'Costa Brava', name_en: 'Brava Coast', name_ca: 'Costa Brava (ca)' });
    const typed = { ...form, name_en: 'The Brava Coast' };
    expect(orgPayload({ name_en: 'The Brava Coast' }, typed)).toEqual({
      name: { es: 'Costa Brava', en: 'The Brava Coast', ca: 'Costa Brava (ca)' },
    });
  });

  it('fills a refused change’s own names when it is amended (its name is the language object sent)', () => {
    const refused = { ...base, name: { es: 'Nueva', en: 'New' } } as unknown as DestinationRecord;
    expect(destinationForm(refused)).toMatchObject({ name_es: 'Nueva', name_en: 'New' });
    expect(destinationForm(refused)).not.toHaveProperty('name_ca');
  });
});
