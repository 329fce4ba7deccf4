// Lists print a local (negative) booking number as the booking page's "not
// yet in the PMS" words, in every UI language; a server number as itself.
import { describe, expect, it } from 'vitest';
import { I18n } from '../i18n/i18n.svelte';
import { bookingNumberText } from './booking-number';

describe('booking number in lists', () => {
  it.each([
    ['en', 'Not yet in the PMS'],
    ['es', 'Aún no está en el PMS'],
    ['ca', 'Encara no és al PMS'],
  ] as const)('a local number reads as not yet in the PMS (%s), never “-3”', (locale, words) => {
    const i18n = new I18n(locale);
    expect(bookingNumberText(i18n.t, -3)).toBe(words);
    expect(bookingNumberText(i18n.t, 4812)).toBe('4812');
  });
});
