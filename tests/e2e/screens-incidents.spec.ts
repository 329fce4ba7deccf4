// Incidents cannot hide: an urgent incident dated nine days ago and still
// open is on the Incidents screen as it opens (no date window to widen),
// urgent first then oldest, with the word that incidents are closed in the PMS.
// With STAYBOARD_SHOTS=<folder>, a second test photographs the changed
// screens at three window sizes for a person to look at.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, expectUnsent, open, today } from './screens-helpers';

test('an old urgent open incident is on the Incidents screen by default', async ({ page, demoHost }) => {
  // An open incident of the demo, made urgent and nine days old (as another desk would leave it).
  const seeded = await eventually('an open incident synced', async () => {
    const open = await ask(demoHost, 'incidents.open', {});
    return open.find((i) => i.date.slice(0, 10) >= today()) ?? null;
  });
  const id = seeded.id;
  await page.goto(demoHost.url);
  await ask(demoHost, 'incidents.update', {
    id,
    changes: { priority: 4, date: `${addDays(today(), -9)} 09:00:00`, subtitle: 'Leak under the kitchen sink' },
  });
  await expectUnsent(page, 0, 60_000);
  const synced = await ask(demoHost, 'incidents.open', {});
  expect(synced.find((i) => i.id === id)?.date.slice(0, 10)).toBe(addDays(today(), -9));

  await open(page, '#/incidents');
  const row = page.locator(`[data-incident="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('Leak under the kitchen sink');
  await expect(page.getByText('Incidents are reported and closed in the PMS.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Open, any date')).toBeChecked();

  // Urgent first, then the one waiting longest: the screen's order is the read's order.
  const shown = await page
    .locator('[data-incident]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-incident')));
  expect(shown.slice(0, 5)).toEqual(synced.slice(0, 5).map((i) => String(i.id)));
  expect(synced[0]!.priority).toBe(4);
  const urgent = synced.filter((i) => i.priority === 4).map((i) => i.date);
  expect(urgent).toEqual([...urgent].sort());

  // Opening it says where it is closed.
  await row.click();
  await expect(page.getByRole('complementary')).toContainText('close it in the PMS');

  // Closed ones live in a date window, one switch away.
  await page.getByLabel('Closed, in a date window').check();
  await expect(page.getByRole('group', { name: 'Dates' })).toBeVisible();
  await expect(page).toHaveURL(/show=closed/);
});

test('the booking page keeps its head and actions in place while its body scrolls', async ({ page, demoHost }) => {
  const listed = await eventually('bookings synced', async () => {
    const b = await ask(demoHost, 'bookings.list', { from: addDays(today(), -1), to: addDays(today(), 2) });
    return b.length ? b : null;
  });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(demoHost.url);
  await open(page, `#/booking/${listed[0]!.booking_number}`);
  const heading = page.getByRole('heading', { name: /Booking \d+/ });
  const cancel = page.getByRole('button', { name: 'Cancel booking' });
  await expect(cancel).toBeVisible();
  const before = { heading: await heading.boundingBox(), cancel: await cancel.boundingBox() };
  const body = page.locator('.screen-body');
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await heading.boundingBox()).toEqual(before.heading);
  expect(await cancel.boundingBox()).toEqual(before.cancel);
  expect(await page.evaluate('document.scrollingElement.scrollTop')).toBe(0);
  // The body ends at the window's bottom edge: nothing below it (no band).
  const bodyBox = (await body.boundingBox())!;
  expect(Math.round(bodyBox.y + bodyBox.height)).toBe(700);
});

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

async function shoot(page: Page, dir: string, name: string, prepare?: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await prepare?.();
    await page.waitForTimeout(300); // layout settles before the picture (not an assertion)
    await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}.png`) });
  }
}

test('screens to look at', async ({ page, demoHost }) => {
  const dir = process.env['STAYBOARD_SHOTS'];
  // Not a check: it photographs the changed screens for a person to look at, so it runs only when asked
  // (it asserts nothing a test elsewhere does not, and its pictures would be lost in npm test's output).
  test.skip(!dir, 'set STAYBOARD_SHOTS=<folder> to take the pictures');
  mkdirSync(dir!, { recursive: true });
  const listed = await eventually('listings and bookings synced', async () => {
    const bookings = await ask(demoHost, 'bookings.list', { from: addDays(today(), -1), to: addDays(today(), 2) });
    const open = await ask(demoHost, 'incidents.open', {});
    return bookings.length && open.length ? bookings : null;
  });
  await page.goto(demoHost.url);
  await open(page, '#/incidents');
  await expect(page.locator('[data-incident]').first()).toBeVisible();
  await shoot(page, dir!, 'incidents');
  await page.locator('[data-incident]').first().click();
  await expect(page.getByRole('complementary')).toBeVisible();
  await shoot(page, dir!, 'incident-detail');

  const multiUnit = (await ask(demoHost, 'listings.list', {})).find((l) => l.mu);
  await open(page, '#/calendar');
  if (multiUnit) await page.getByLabel('Filter listings').fill(multiUnit.name);
  await shoot(page, dir!, 'calendar-mu');

  await open(page, `#/booking/${listed[0]!.booking_number}`);
  await shoot(page, dir!, 'booking');
  await shoot(page, dir!, 'booking-scrolled', () =>
    page.locator('.screen-body').evaluate((el) => el.scrollTo(0, 10_000)),
  );

  await open(page, '#/today');
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search everything' }).fill('gar');
  await expect(page.locator('#search-results [role="option"]').first()).toBeVisible();
  await shoot(page, dir!, 'search');
  await page.keyboard.press('Escape');

  await page.evaluate(`localStorage.setItem('stayboard.locale', 'ca')`);
  await page.reload();
  await open(page, '#/today');
  await shoot(page, dir!, 'today-ca');
  await open(page, '#/incidents');
  await shoot(page, dir!, 'incidents-ca');
  await open(page, '#/calendar');
  await shoot(page, dir!, 'calendar-ca');
});
