// The connectivity and freshness words are the app's own: none of them, in
// any language, contains a booking status or a task status word (a receptionist
// must never read "Confirmed" or "Pending" about the connection).
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/contract';
import { CATALOGS } from './i18n.svelte';

const BUSINESS = /^(bookingStatus\.\d+|cleaning\.status\.\d+|incidents\.priority\.\d+)$/;

describe('connectivity words', () => {
  for (const locale of LOCALES) {
    it(`${locale}: no business status word in the connection and sync words`, () => {
      const catalog = CATALOGS[locale] as Record<string, string>;
      const business = Object.entries(catalog)
        .filter(([key]) => BUSINESS.test(key))
        .map(([, word]) => word.toLocaleLowerCase(locale));
      expect(business.length).toBeGreaterThan(5);
      const ours = Object.entries(catalog).filter(
        ([key]) => key.startsWith('conn.') || key === 'header.lastSync' || key === 'header.neverSynced',
      );
      expect(ours.length).toBeGreaterThan(20);
      for (const [key, text] of ours) {
        const words = ` ${text.toLocaleLowerCase(locale).replace(/[^\p{L}\p{N}’' -]+/gu, ' ')} `;
        for (const b of business) expect(words.includes(` ${b} `), `${key} says "${b}"`).toBe(false);
      }
    });
  }
});
