// The Spanish UI: switching the language in the header turns every main
// screen Spanish — no phrase of the English catalog is left on any of them
// (user content such as guests' messages aside).
import { enCodes } from '../../renderer/src/i18n/codes-en';
import { esCodes } from '../../renderer/src/i18n/codes-es';
import { en } from '../../renderer/src/i18n/en';
import { es } from '../../renderer/src/i18n/es';
import { expect, test } from './fixtures';
import { ask, eventually, open, today } from './screens-helpers';

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

/** English phrases that differ in Spanish (line concepts and extra fees excluded: they name user data). */
function englishPhrases(): string[] {
  const out = new Set<string>();
  const pairs: [string, string, string][] = [
    ...Object.entries(en).map(([k, v]) => [k, v, es[k as keyof typeof es]] as [string, string, string]),
    ...Object.entries(enCodes)
      .filter(([k]) => !k.startsWith('concept.') && !k.startsWith('extra.'))
      .map(([k, v]) => [k, v, esCodes[k as keyof typeof esCodes]] as [string, string, string]),
  ];
  for (const [, english, spanish] of pairs) {
    if (english === spanish) continue;
    const spanishFragments = new Set(fragments(spanish));
    for (const f of fragments(english)) if (!spanishFragments.has(f)) out.add(f);
  }
  // The language chooser names each language in its own words ("English" among them) on every screen.
  out.delete('English');
  return [...out];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the Spanish UI shows no English strings on the main screens', async ({ page, demoHost }) => {
  const day = today();
  const cleaning = await eventually(
    'a cleaning task',
    async () => (await ask(demoHost, 'cleaning.list', { from: day, to: day }))[0],
  );
  const booking = await eventually(
    'a booking arriving today',
    async () => (await ask(demoHost, 'bookings.list', { from: day, to: day, kind: 'arrivals' }))[0],
  );
  const phrases = englishPhrases();
  expect(phrases.length).toBeGreaterThan(300);
  const patterns = phrases.map((p) => ({ p, re: new RegExp(`(^|[^\\p{L}])${escape(p)}($|[^\\p{L}])`, 'u') }));

  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  await page.getByTestId('language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Tablero' })).toBeVisible();

  const screens = [
    '#/today',
    '#/arrivals',
    `#/booking/${booking.booking_number}`,
    '#/cleaning',
    `#/cleaning/${cleaning.id}`,
    '#/maintenance',
    '#/incidents?open=any',
    '#/calendar',
    '#/listings',
    `#/listings/${booking.listing_id}`,
    '#/sync',
  ];
  const found: string[] = [];
  for (const hash of screens) {
    await open(page, hash);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(700);
    // User content (a guest's own words) is not UI text: leave the message log out.
    let text = await page.locator('body').innerText();
    for (const log of await page.getByRole('log').allInnerTexts()) text = text.replace(log, '');
    for (const { p, re } of patterns) if (re.test(text)) found.push(`${hash}: "${p}"`);
  }
  expect(found).toEqual([]);
});
