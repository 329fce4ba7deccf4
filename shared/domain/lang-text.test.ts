import { describe, expect, it } from 'vitest';
import { languageShown, textIn } from './lang-text';

describe('languageShown', () => {
  it('names the language the server shows back, and null when it shows none of those sent', () => {
    const sent = { en: 'Sea view flat', es: 'Piso con vistas al mar', ca: 'Pis amb vistes al mar' };
    expect(languageShown(sent, 'Piso con vistas al mar')).toBe('es');
    expect(languageShown(sent, 'Sea view flat\r\n')).toBe('en');
    expect(languageShown(sent, 'Old text')).toBeNull();
  });
});

describe('textIn', () => {
  it("takes the language's text written here, the server's one string otherwise", () => {
    const names = { es: 'Costa Brava Sur', en: 'South Costa Brava', ca: '' };
    expect(textIn('en', names, 'Costa Brava Sur')).toBe('South Costa Brava');
    expect(textIn('es', names, 'Costa Brava Sur')).toBe('Costa Brava Sur');
    // Emptied in that language, or never written here: the server's.
    expect(textIn('ca', names, 'Costa Brava Sur')).toBe('Costa Brava Sur');
    expect(textIn('en', null, 'Valencia')).toBe('Valencia');
  });
});
