// Accessibility, checked by axe-core on every screen and dialog in English and
// Spanish (sign-in, the board, Reception's two tabs, Calendar, the three task
// lists and a detail panel of each, the booking page with a refused change's
// banner, the guest and customer dialogs, Listings, the Sync page and the
// search palette): no serious or critical violation of WCAG 2.1 A/AA, colour
// contrast 4.5:1 included. And the keyboard: tabbing from the top of the page
// reaches the header and every nav link, and Enter on a list row opens its
// detail.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type HostFixture } from './fixtures';
import { addDays, ask, eventually, open, today } from './screens-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Set SCREENSHOTS=<dir> to keep a PNG of each screen checked (1366×768). */
const SHOTS = process.env['SCREENSHOTS'];

/** Serious and critical violations on the page as it is now, one line per rule and element. */
async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const lines = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? v.help}`,
      ),
    );
  // Printed as found, so one run lists every screen's problems.
  for (const line of lines) console.log(`axe: ${line}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/a11y-${where.replace(/[^a-z0-9()]+/gi, '-')}.png` });
  return lines;
}

/** Records of the demo worth opening: a task of each kind, an incident and a stay with guests and a customer. */
async function records(host: HostFixture) {
  const day = today();
  const cleaning = await eventually(
    'a cleaning task',
    async () => (await ask(host, 'cleaning.list', { from: day, to: addDays(day, 7) }))[0],
  );
  const maintenance = await eventually(
    'a maintenance task',
    async () => (await ask(host, 'maintenance.list', { from: addDays(day, -30), to: addDays(day, 30) }))[0],
  );
  const incident = await eventually('an open incident', async () => (await ask(host, 'incidents.open', {}))[0]);
  const booking = await eventually('a stay arriving today with its customer', async () => {
    for (const b of await ask(host, 'bookings.list', { from: day, to: day, kind: 'arrivals' })) {
      const detail = await ask(host, 'bookings.get', { bookingNumber: b.booking_number });
      if (detail.customer) return { number: b.booking_number, customer: detail.customer.id };
    }
    return null;
  });
  return { cleaning, maintenance, incident, booking };
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const locale of ['en', 'es'] as const) {
  test(`no serious or critical axe violation on any screen or dialog (${locale})`, async ({ page, demoHost }) => {
    // A dozen screens and dialogs, each settled and scanned: minutes on a loaded 2-core machine.
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const found: string[] = [];
    const check = (where: string) => violations(page, `${locale}: ${where}`);
    const r = await records(demoHost);
    const admin = await eventually('an intranet user', async () =>
      (await ask(demoHost, 'admins.list', {})).find((a) => a.id !== null),
    );
    // A refused customer change, so the booking page shows a refusal banner and "Edit and send again".
    await ask(demoHost, 'customers.update', { id: r.booking.customer, changes: { customer_type: 99 } });

    await page.goto(demoHost.url);
    await expect(page.locator('main h1').first()).toBeVisible();
    if (locale === 'es') {
      await page.getByTestId('language').selectOption('es');
      await expect(page.getByRole('heading', { name: 'Tablero' })).toBeVisible();
    }

    const screens: [string, string][] = [
      ['board', '#/today'],
      ['reception', '#/arrivals'],
      ['registration', '#/registration'],
      ['calendar', '#/calendar'],
      ['cleaning', '#/cleaning'],
      ['cleaning detail', `#/cleaning/${r.cleaning.id}`],
      ['maintenance', '#/maintenance'],
      ['maintenance detail', `#/maintenance/${r.maintenance.id}`],
      ['incidents', '#/incidents'],
      ['incident detail', `#/incidents/${r.incident.id}`],
      ['listings', '#/listings'],
      ['new listing', '#/listings?edit=1'],
      ['listing editor', `#/listings/${r.cleaning.listing_id}?edit=1`],
      ['prices', `#/prices/${r.cleaning.listing_id}`],
      ['intranet users', '#/admins'],
      ['intranet user', `#/admins/${admin.id}`],
      ['new intranet user', '#/admins/new'],
      ['owners', '#/owners'],
      ['owner costs', '#/costs'],
      ['destinations', '#/destinations'],
      ['new booking', `#/newBooking?listing=${r.cleaning.listing_id}`],
      ['sync', '#/sync'],
    ];
    for (const [name, hash] of screens) {
      await open(page, hash);
      await settle(page);
      found.push(...(await check(name)));
      if (name === 'reception') {
        await page.getByRole('tab').nth(1).click();
        await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
        await settle(page);
        found.push(...(await check('reception, second tab')));
      }
    }

    // The booking page with the refused change's banner, then its two dialogs.
    await open(page, `#/booking/${r.booking.number}`);
    const banner = page.locator('section[aria-labelledby="customer-title"]').getByTestId('refused-banner');
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await settle(page);
    found.push(...(await check('booking with a refused change')));
    await page.locator('section[aria-labelledby="guests-title"] button.add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    found.push(...(await check('guest dialog')));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await banner.getByRole('link').first().click();
    await expect(dialog).toBeVisible();
    found.push(...(await check('customer dialog')));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The search palette, with results.
    await open(page, '#/today');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog');
    await expect(palette).toBeVisible();
    await page.keyboard.type('a');
    await settle(page);
    found.push(...(await check('search palette')));

    expect(found).toEqual([]);
  });
}

test('the sign-in screen has no serious or critical axe violation (en, es)', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(webHost.url);
  await expect(page.locator('main')).toBeVisible();
  const found = await violations(page, 'sign-in (en)');
  await page.locator('.lang select').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  found.push(...(await violations(page, 'sign-in (es)')));
  expect(found).toEqual([]);
});

test('the header and navigation are reachable by Tab, and Enter on a list row opens its detail', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(120_000); // up to 80 Tab presses, each read back from the page
  await page.setViewportSize({ width: 1366, height: 768 });
  await eventually('a cleaning task this week', async () => {
    const list = await ask(demoHost, 'cleaning.list', { from: today(), to: addDays(today(), 7) });
    return list[0];
  });
  await page.goto(demoHost.url);
  await open(page, '#/cleaning');
  await expect(page.locator('main a[href^="#/cleaning/"]').first()).toBeVisible();
  // Tab from the top of the page: every header control and nav link comes, then the list's rows.
  const reached: string[] = [];
  const describe = `(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    return el.getAttribute('data-testid') || el.getAttribute('href') || el.getAttribute('aria-label') || (el.textContent || '').trim();
  })()`;
  await page.locator('body').focus();
  let row: string | null = null;
  for (let i = 0; i < 80 && !row; i++) {
    await page.keyboard.press('Tab');
    const d = String(await page.evaluate(describe));
    reached.push(d);
    if (/^#\/cleaning\/\d+/.test(d)) row = d;
  }
  for (const want of ['Search (Ctrl+K)', 'language', 'Sign out'])
    expect(reached, `${want} in the Tab order`).toContain(want);
  const navHrefs = await page
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of navHrefs) expect(reached, `nav link ${href}`).toContain(href);

  // The first list row reached by Tab opens its detail with Enter.
  expect(row, 'a cleaning row reached by Tab').not.toBeNull();
  const id = /^#\/cleaning\/(\d+)/.exec(row!)![1]!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/cleaning/${id}`));
  await expect(page.getByRole('complementary')).toBeVisible();
});
