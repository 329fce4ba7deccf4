// English left on a screen of the Spanish or Catalan UI: every literal
// phrase of the English catalog that the other language words differently,
// and a matcher for them in a screen's text (user content aside).
import { ca } from '../../renderer/src/i18n/ca';
import { caCodes } from '../../renderer/src/i18n/codes-ca';
import { enCodes } from '../../renderer/src/i18n/codes-en';
import { esCodes } from '../../renderer/src/i18n/codes-es';
import { en } from '../../renderer/src/i18n/en';
import { es } from '../../renderer/src/i18n/es';

/** The literal text of a catalog message: outside placeholders, and inside plural cases. */
function fragments(message: string): string[] {
  const out: string[] = [];
  let text = '';
  for (let i = 0; i < message.length; i++) {
    const ch = message[i]!;
    if (ch !== '{') {
      text += ch === '#' ? '\u0000' : ch;
      continue;
    }
    out.push(text);
    text = '';
    let depth = 0;
    let j = i;
    for (; j < message.length; j++) {
      if (message[j] === '{') depth++;
      else if (message[j] === '}' && --depth === 0) break;
    }
    const inner = message.slice(i + 1, j);
    const plural = inner.indexOf('plural,');
    if (plural !== -1) for (const m of inner.slice(plural + 7).matchAll(/\{([^{}]*)\}/g)) out.push(...fragments(m[1]!));
    i = j;
  }
  out.push(text);
  return out
    .flatMap((f) => f.split('\u0000'))
    .map((f) => f.trim())
    .filter((f) => f.length >= 4 && /\p{L}{3}/u.test(f));
}

const OTHER = { es: { ...es, ...esCodes }, ca: { ...ca, ...caCodes } } as const;

/** English phrases that differ in Spanish or Catalan (line concepts and extra fees excluded: they name user data). */
export function englishPhrases(locale: 'es' | 'ca' = 'es'): string[] {
  const out = new Set<string>();
  const other = OTHER[locale] as Record<string, string>;
  const pairs: [string, string, string][] = [
    ...Object.entries(en).map(([k, v]) => [k, v, other[k] ?? ''] as [string, string, string]),
    ...Object.entries(enCodes)
      .filter(([k]) => !k.startsWith('concept.') && !k.startsWith('extra.'))
      .map(([k, v]) => [k, v, other[k] ?? ''] as [string, string, string]),
  ];
  for (const [, english, spanish] of pairs) {
    if (english === spanish) continue;
    const translated = new Set(fragments(spanish));
    for (const f of fragments(english)) if (!translated.has(f)) out.add(f);
  }
  // The language chooser names each language in its own words ("English" among them) on every screen.
  out.delete('English');
  // A word both languages write alike in another sense is no English left (Catalan "Infants", "Data").
  const own = new Set(Object.values(other).flatMap(fragments));
  return [...out].filter((p) => !own.has(p));
}

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English phrases (of `englishPhrases`) a text contains, each with where it was seen. */
export function englishIn(where: string, text: string, phrases: readonly { p: string; re: RegExp }[]): string[] {
  return phrases.filter(({ re }) => re.test(text)).map(({ p }) => `${where}: "${p}"`);
}

/** The phrases as matchers of whole words. */
export function phraseMatchers(phrases: readonly string[]): { p: string; re: RegExp }[] {
  return phrases.map((p) => ({ p, re: new RegExp(`(^|[^\\p{L}])${escape(p)}($|[^\\p{L}])`, 'u') }));
}
