// The sync words of every language never contain a booking status or a task
// state word (both taken from the catalogs themselves, so the test follows them).
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './i18n.svelte';
import { SYNC_WORD_KEYS, isBusinessWordKey } from './sync-words';

/** Words of a message, lower case, without accents, placeholders or plural syntax. */
function words(message: string): string[] {
  const plain = message
    .replace(/\{[a-z]+, plural,/g, ' ')
    .replace(/\{[a-z]+\}/g, ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return plain.split(/[^a-z]+/).filter((w) => w.length >= 3 && w !== 'other' && w !== 'one');
}

/** Two words collide when they are the same short word or share the first five letters ("confirm…", "pendi…"). */
const stem = (w: string): string => (w.length >= 5 ? w.slice(0, 5) : w);

describe('sync words', () => {
  for (const locale of ['en', 'es', 'ca'] as const) {
    const catalog = CATALOGS[locale] as Record<string, string>;
    const business = Object.entries(catalog)
      .filter(([k]) => isBusinessWordKey(k))
      .map(([, v]) => v);

    it(`${locale}: there are business words to compare with`, () => {
      expect(business.length).toBeGreaterThanOrEqual(11);
    });

    it(`${locale}: no sync word is a booking status or task state word`, () => {
      const taken = new Set(business.flatMap(words).map(stem));
      const clashes = SYNC_WORD_KEYS.flatMap((k) =>
        words(catalog[k] ?? '')
          .filter((w) => taken.has(stem(w)))
          .map((w) => `${k}: "${w}"`),
      );
      expect(clashes).toEqual([]);
    });
  }

  it('the sync states have their own words, distinct from each other', () => {
    for (const locale of ['en', 'es', 'ca'] as const) {
      const catalog = CATALOGS[locale] as Record<string, string>;
      const states = ['pending', 'sending', 'confirmed', 'rejected', 'conflict', 'unknown'].map(
        (s) => catalog[`outbox.${s}`],
      );
      expect(new Set(states).size).toBe(6);
    }
  });
});
