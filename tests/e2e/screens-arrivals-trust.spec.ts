// Arrivals that can be trusted, on the demo: a stay moved onto another one
// (offline, so the server cannot refuse it yet) is flagged "Overbooked" on the
// board and on both bookings at once; a booking that holds no room (cancelled,
// pre-booking…) is not among the day's arrivals nor counted, but one switch
// away. Screenshots of Reception, the board and the guest form are kept under
// test-results for looking at.
import type { Page } from '@playwright/test';
import { isLiveBooking } from '../../shared/domain/states';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, open, simulator, today } from './screens-helpers';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
];

async function shots(page: Page, name: string, dir: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('an overbooked pair is flagged on the board and the booking; a cancelled arrival is kept apart', async ({
  page,
  demoHost,
}, testInfo) => {
  const dir = testInfo.outputPath('shots');
  // A single-unit listing with a stay arriving soon (x) and a later stay (y): moving y's
  // arrival onto x's makes the two share nights.
  const pair = await eventually('two stays on a single-unit listing', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: today(), to: addDays(today(), 30) });
    const live = list.filter((b) => isLiveBooking(b.state) && !b.overbooked && b.listing_id !== null);
    for (const x of live.filter((b) => b.start_date >= today() && b.start_date <= addDays(today(), 5))) {
      const y = live.find((b) => b.listing_id === x.listing_id && b.start_date >= x.end_date);
      if (!y) continue;
      const detail = await ask(demoHost, 'bookings.get', { bookingNumber: x.booking_number });
      if (detail.listing && !detail.listing.mu) return { x, y };
    }
    return null;
  });
  const { x, y } = pair;

  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();

  // Offline: the server cannot refuse the move yet; the cache holds both stays.
  simulator(demoHost).setOnline(false);
  await open(page, `#/booking/${y.booking_number}`);
  await page.getByLabel('Arrival date').fill(x.start_date.split('-').reverse().join('/'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('[data-overbooked]').first()).toContainText('Overbooked');

  await open(page, `#/booking/${x.booking_number}`);
  await expect(page.locator('.screen-head [data-overbooked]')).toContainText('Overbooked');
  // …and names the stay it clashes with.
  await expect(page.getByTestId('overbooked-note').getByRole('link', { name: String(y.booking_number) })).toBeVisible();

  // The board of x's arrival day: both arrivals carry the flag.
  await open(page, `#/today?date=${x.start_date}`);
  for (const n of [x.booking_number, y.booking_number]) {
    const item = page.locator(`a.item[href="#/booking/${n}"]`).filter({ hasText: String(n) });
    await expect(item.first().locator('[data-overbooked]')).toContainText('Overbooked');
  }
  // …and the listing is not ready for check-in because of it.
  await expect(page.getByText('arrivals overbooked')).toBeVisible();
  await shots(page, 'board', dir);

  // A day with an arrival that holds no room (cancelled, pre-booking, on request, virtual, abandoned).
  const other = await eventually('an arrival that does not stay', async () => {
    const list = await ask(demoHost, 'bookings.list', {
      from: today(),
      to: addDays(today(), 14),
      kind: 'arrivals',
    });
    return list.find((b) => !isLiveBooking(b.state)) ?? null;
  });
  const day = other.start_date;
  const arrivals = await ask(demoHost, 'bookings.list', { from: day, to: day, kind: 'arrivals' });
  const staying = arrivals.filter((b) => isLiveBooking(b.state)).length;
  const notStaying = arrivals.length - staying;

  await open(page, `#/arrivals?from=${day}`);
  await expect(page.locator('[data-booking]').first()).toBeVisible();
  await expect(page.locator(`[data-booking="${other.booking_number}"]`)).toHaveCount(0);
  await expect(page.getByText(new RegExp(`^${staying} booking`))).toBeVisible();
  await shots(page, 'reception', dir);
  await page.getByRole('button', { name: `Not staying (${notStaying})` }).click();
  await expect(page.locator(`[data-booking="${other.booking_number}"]`)).toBeVisible();
  await shots(page, 'reception-not-staying', dir);

  // The guest form: 31/02 is not a real date; countries once each.
  await open(page, `#/booking/${x.booking_number}`);
  await page.getByRole('button', { name: '+ Register a guest' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Lucía');
  await dialog.getByLabel('Surname').fill('Ferrer');
  await dialog.getByLabel('Date of birth').fill('31/02/1990');
  await dialog.getByRole('button', { name: 'Register guest' }).click();
  await expect(dialog.getByText('Enter a real date')).toBeVisible();
  const nationality = dialog.getByLabel('Nationality');
  await expect(nationality.locator('option', { hasText: /^Cape Verde$/ })).toHaveCount(1);
  await expect(nationality.locator('option', { hasText: 'Zaire' })).toHaveCount(0);
  // The business's most used countries come first, in a group of their own.
  await expect(nationality.locator('optgroup').first()).toHaveAttribute('label', 'Most used');
  await shots(page, 'guest-form', dir);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shots(page, 'booking', dir);

  // The calendar bar of each stay says it too.
  await open(page, `#/calendar?from=${x.start_date}&q=${encodeURIComponent(x.listing_name ?? '')}`);
  await expect(page.locator(`a[data-booking="${x.booking_number}"]`)).toHaveAttribute('data-overbooked', 'yes');
  await expect(page.locator(`a[data-booking="${y.booking_number}"]`)).toHaveAttribute('data-overbooked', 'yes');
  await shots(page, 'calendar', dir);
});
