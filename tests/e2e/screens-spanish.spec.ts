// The Spanish UI: switching the language in the header turns every main
// screen Spanish — no phrase of the English catalog is left on any of them
// (user content such as guests' messages aside).
import { englishPhrases, phraseMatchers } from './english-phrases';
import { expect, test } from './fixtures';
import { ask, eventually, open, today } from './screens-helpers';

test('the Spanish UI shows no English strings on the main screens', async ({ page, demoHost }) => {
  test.setTimeout(120_000); // eleven screens, each read once it is quiet
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
  const patterns = phraseMatchers(phrases);

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
