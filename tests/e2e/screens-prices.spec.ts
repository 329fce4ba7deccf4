// The price grid as an agency uses it: a 14-day season's price and minimum
// stay set in ONE action (mouse: click, Shift+click) while the server is
// unreachable — the cells say "waiting" — then, back online, exactly one
// prices.update whose body is one date range reaches the server; two days
// closed to arrival with the keyboard (Shift+ArrowDown). Pictures at
// 1366×768 and 1920×1080 when SCREENSHOTS=<dir>.
import { login } from '../../simulator/conformance/client';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, expectUnsent, open, simulator, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

test('a season in one action is one prices.update with a date range; two days closed to arrival', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  const from = today();
  const to = addDays(from, 364);
  const grid = await eventually(
    'a listing whose prices arrived',
    async () => {
      for (const l of await ask(demoHost, 'listings.list', {})) {
        const g = await ask(demoHost, 'prices.grid', { listingId: l.id, from, to });
        if (g.rates.length && g.receivedAt[0] !== null && g.days[0]![20]!.price !== null) return g;
      }
      return null;
    },
    90_000,
  );
  const listingId = grid.listing.id;
  const rateId = grid.rates[0]!.rate_id;
  const days = grid.days[0]!;
  const sim = simulator(demoHost);
  const cell = (d: number) => page.locator(`[role="gridcell"][data-rate="${rateId}"][data-date="${days[d]!.date}"]`);
  const priceUpdates = () =>
    sim.mutations().filter((m) => m.actor === 'api' && m.endpoint === 'prices.update' && m.result === 'applied');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(demoHost.url);
  await open(page, `#/prices/${listingId}`);
  await expect(page.getByRole('heading', { name: `Prices · ${grid.listing.name}` })).toBeVisible();
  await expect(cell(2)).toBeVisible();

  // A 14-day season: click its first day, Shift+click its last; price and minimum stay at once.
  sim.setOnline(false);
  await cell(2).click();
  await cell(15).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('price-selection')).toBeVisible();
  await expect(page.getByRole('heading', { name: '14 days · 1 rate' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Price' }).fill('187.35');
  await page.getByLabel('Minimum stay (nights)').fill('4');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prices-panel-1366x768.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectUnsent(page, 1);
  for (const d of [2, 9, 15]) {
    await expect(cell(d)).toHaveAttribute('data-state', 'pending');
    await expect(cell(d)).toContainText('€187.35');
  }
  await expect(cell(16)).not.toHaveAttribute('data-state', /./);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/prices-waiting-1366x768.png` });
    await open(page, '#/sync');
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 2000);
    await page.screenshot({ path: `${SHOTS}/prices-sync-1366x768.png` });
    await open(page, `#/prices/${listingId}`);
  }

  sim.setOnline(true);
  await expectUnsent(page, 0, 60_000);
  await expect(cell(9)).not.toHaveAttribute('data-state', /./);
  expect(priceUpdates().map((m) => [m.id, m.body])).toEqual([
    [rateId, { dates: [{ date: [days[2]!.date, days[15]!.date], price: 187.35, min_days: 4 }] }],
  ]);

  // Two days closed to arrival, selected with the keyboard.
  const d = [20, 21, 22, 23, 24, 25].find((i) => !days[i]!.cta && !days[i + 1]!.cta)!;
  await cell(d).click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('heading', { name: '2 days · 1 rate' })).toBeVisible();
  await page.getByLabel('Closed to arrival').selectOption({ label: 'Yes' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectUnsent(page, 0, 60_000);
  await expect(cell(d)).toContainText('no arrival');
  await expect(cell(d + 1)).toContainText('no arrival');
  expect(priceUpdates().map((m) => m.body)[1]).toEqual({
    dates: [{ date: [days[d]!.date, days[d + 1]!.date], cta: 1 }],
  });

  // Someone changes one day on the server; my change of it and its neighbours finds it: only that day is a conflict.
  const c = d + 4;
  const token = await login(sim);
  const put = await fetch(`${sim.url}/api/v1/prices/${rateId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ dates: [{ date: days[c]!.date, price: 444 }] }),
  });
  expect(put.status).toBe(200);
  await cell(c - 1).click();
  await cell(c + 1).click({ modifiers: ['Shift'] });
  await page.getByRole('textbox', { name: 'Price' }).fill('205');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(cell(c)).toHaveAttribute('data-state', 'conflict', { timeout: 60_000 });
  await expect(cell(c)).toContainText('Conflict');
  await expect(cell(c - 1)).toHaveAttribute('data-state', 'pending');
  await expect(page.getByRole('link', { name: 'Open Sync' })).toBeVisible();
  // Nothing of mine was sent: the two earlier changes and the other user's.
  expect(priceUpdates().filter((m) => m.token !== token)).toHaveLength(2);

  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/prices-conflict-1366x768.png` });
    await page.screenshot({ path: `${SHOTS}/prices-1366x768.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/prices-1920x1080.png` });
    await page.getByRole('button', { name: 'Edit rate' }).first().click();
    await page.screenshot({ path: `${SHOTS}/prices-rate-1920x1080.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${SHOTS}/prices-rate-1366x768.png` });
    await page.getByTestId('language').selectOption('es');
    await page.screenshot({ path: `${SHOTS}/prices-rate-es-1366x768.png` });
    await page.getByRole('button', { name: 'Volver a los días seleccionados' }).click();
    await page.screenshot({ path: `${SHOTS}/prices-es-1366x768.png` });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: `${SHOTS}/prices-es-1024x700.png` });
    await page.getByTestId('language').selectOption('ca');
    await page.getByRole('textbox', { name: 'Preu' }).fill('abc');
    await page.getByRole('textbox', { name: 'Estada mínima (nits)' }).fill('40');
    await page.getByRole('button', { name: 'Desa' }).click();
    await page.screenshot({ path: `${SHOTS}/prices-ca-errors-1024x700.png` });
    await open(page, '#/prices');
    await page.screenshot({ path: `${SHOTS}/prices-choose-1024x700.png` });
  }
});
