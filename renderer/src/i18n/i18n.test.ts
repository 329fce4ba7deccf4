// The catalogs agree (same keys, same placeholders) and the formatter and
// formatters produce what a Spanish or English reader expects.
import { describe, expect, it } from 'vitest';
import { CATALOGS, I18n } from './i18n.svelte';
import { format, placeholders } from './format';

const keys = (o: object) => Object.keys(o).sort();

describe('catalogs', () => {
  for (const locale of ['es', 'ca'] as const) {
    it(`${locale} has exactly the keys of en`, () => {
      expect(keys(CATALOGS[locale])).toEqual(keys(CATALOGS.en));
    });
    it(`${locale} uses the same placeholders as en in every message`, () => {
      const wrong = Object.entries(CATALOGS.en).filter(
        ([k, v]) => placeholders(v).join() !== placeholders(CATALOGS[locale][k as keyof typeof CATALOGS.en]).join(),
      );
      expect(wrong.map(([k]) => k)).toEqual([]);
    });
  }
  it('has no empty message', () => {
    for (const c of Object.values(CATALOGS)) expect(Object.values(c).filter((v) => v.trim() === '')).toEqual([]);
  });
});

describe('format', () => {
  it('prints plain numbers as they are (ids) and groups plural counts', () => {
    expect(format('Booking {n}', { n: 101262 }, 'en', (n) => n.toLocaleString('en'))).toBe('Booking 101262');
    expect(format('{n, plural, other {# rows}}', { n: 1500 }, 'en', (n) => n.toLocaleString('en'))).toBe('1,500 rows');
  });
  it('fills parameters and leaves unknown ones visible', () => {
    expect(format('Booking {number} of {who}', { number: 7 }, 'en')).toBe('Booking 7 of {who}');
  });
  it('chooses plural forms, exact cases first', () => {
    const m = '{count, plural, =0 {none} one {# change} other {# changes}}';
    expect(format(m, { count: 0 }, 'en')).toBe('none');
    expect(format(m, { count: 1 }, 'en')).toBe('1 change');
    expect(format(m, { count: 12 }, 'en')).toBe('12 changes');
  });
  it('nests parameters inside plural bodies', () => {
    expect(format('{n, plural, one {# of {x}} other {# of {x}s}}', { n: 2, x: 'key' }, 'en')).toBe('2 of keys');
  });
  it('does not treat plural bodies as placeholders', () => {
    expect(placeholders('{count, plural, one {change} other {{name} changes}}')).toEqual(['count', 'name']);
  });
});

describe('I18n', () => {
  it('switches language at once', () => {
    const i18n = new I18n('en');
    expect(i18n.t('nav.today')).toBe('Today');
    i18n.locale = 'es';
    expect(i18n.t('nav.today')).toBe('Hoy');
    expect(i18n.t('header.unsent', { count: 2 })).toBe('2 cambios sin enviar');
  });
  it('formats money in euros per locale', () => {
    const i18n = new I18n('es');
    expect(i18n.money(1234.5).replace(/\s/g, ' ')).toBe('1234,50 €');
    i18n.locale = 'en';
    expect(i18n.money(1234.5)).toBe('€1,234.50');
    expect(i18n.money(null)).toBe('—');
  });
  it('formats calendar dates without shifting the day', () => {
    const i18n = new I18n('es');
    expect(i18n.date('2026-05-04', 'short')).toBe('04/05/2026');
    expect(i18n.date('2026-05-04', 'long')).toContain('mayo');
  });
  it('names countries in the UI language, falling back to the code table', () => {
    const i18n = new I18n('es');
    expect(i18n.country(73)).toBe('España');
    expect(i18n.country(99999)).toBe('#99999');
    i18n.locale = 'en';
    expect(i18n.country(4)).toBe('Germany');
  });
  it('names code entries with a numbered fallback', () => {
    const i18n = new I18n('es');
    expect(i18n.code('bookingStatus', 3)).toBe('Confirmada');
    expect(i18n.code('bookingStatus', 42)).toBe('Estado 42');
    expect(i18n.code('extra', 1046)).toBe('Aparcamiento');
  });
});

describe('the order of sorted lists', () => {
  for (const locale of ['en', 'es', 'ca'] as const)
    it(`sorts names in ${locale} with accents and case ignored and unit numbers by value`, () => {
      const { compare } = new I18n(locale);
      expect(['Walk Two', 'álvaro Ruiz', 'Álvaro', 'Zoe', 'alba'].sort(compare)).toEqual([
        'alba',
        'Álvaro',
        'álvaro Ruiz',
        'Walk Two',
        'Zoe',
      ]);
      expect(['Apartamento 72', 'Apartamento 7B', 'Apartamento 10'].sort(compare)).toEqual([
        'Apartamento 7B',
        'Apartamento 10',
        'Apartamento 72',
      ]);
    });
});
