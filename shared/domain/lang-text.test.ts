import { describe, expect, it } from 'vitest';
import { languageShown } from './lang-text';

describe('languageShown', () => {
  it('names the language the server shows back, and null when it shows none of those sent', () => {
    const sent = { en: 'Sea view flat', es: 'Piso con vistas al mar', ca: 'Pis amb vistes al mar' };
    expect(languageShown(sent, 'Piso con vistas al mar')).toBe('es');
    expect(languageShown(sent, 'Sea view flat\r\n')).toBe('en');
    expect(languageShown(sent, 'Old text')).toBeNull();
  });
});
