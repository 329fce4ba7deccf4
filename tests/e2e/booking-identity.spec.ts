// One record, one identity for the person, in Chromium against the demo
// simulator: a booking taken at the desk opens on its local number ("New
// booking — not yet in the PMS") and, once the server adopts it, the page
// follows it to the server's number — the route replaced (back does not lead
// to the dead local page), the title, the customer and the messages those of
// the server's booking. Online at once, and taken offline then sent when the
// server answers again. (Every test's requests are checked for local ids by
// the fixtures: the page's background reads must never ask for `/bookings/-1`.)
// With SCREENSHOTS=<dir>, the page before and after it follows.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { applied, fillNewBooking, freeStay, takeOffline } from './new-booking-steps';
import { ask, expectUnsent, open, shoot, simulator } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

/** The page followed the booking to its server number: answers that number. */
async function followed(page: Page, surname: string): Promise<number> {
  await expect(page).toHaveURL(/#\/booking\/\d+$/, { timeout: 90_000 });
  const number = Number(/#\/booking\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Booking ${number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /not yet in the PMS/ })).toBeHidden();
  // Its customer (read from the server under its number) on the page.
  await expect(page.locator('section[aria-labelledby="customer-title"]')).toContainText(surname, { timeout: 60_000 });
  await expect(page.locator('section[aria-labelledby="customer-title"]')).not.toContainText(
    'No customer on this booking',
  );
  await expect(page.locator('#messages-title')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/-\d+\b/);
  return number;
}

test('a walk-in taken online: the page follows the booking to the server’s number, its cards with it', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  const stay = await freeStay(demoHost, 2, 6);
  await page.goto(demoHost.url);
  await open(page, `#/newBooking?listing=${stay.listing.id}&from=${stay.from}&to=${stay.to}`);
  await fillNewBooking(page, 'Follow-Prova');
  await page.getByTestId('save-booking').click();
  const number = await followed(page, 'Follow-Prova');
  await expectUnsent(page, 0, 60_000);
  const made = applied(demoHost, /booking/i, 'Follow-Prova');
  expect(made).toHaveLength(1);
  const server = await ask(demoHost, 'bookings.get', { bookingNumber: number });
  expect(JSON.stringify(server.customer)).toContain('Follow-Prova');
  await shoot(page, SHOTS, 'identity-online-followed');
  // Back leaves the booking (to the form it was taken in), never to its dead local number.
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/booking\/-\d+/);
  await expect(page.getByRole('heading', { name: 'New booking', exact: true })).toBeVisible();
});

test('a booking taken offline follows to its number once the server answers again', async ({ page, demoHost }) => {
  test.setTimeout(240_000);
  const stay = await freeStay(demoHost, 3, 7);
  const local = await takeOffline(page, demoHost, stay, 'Later-Prova');
  expect(local).toBeLessThan(0);
  await expect(page.getByRole('heading', { name: 'New booking — not yet in the PMS' })).toBeVisible();
  await shoot(page, SHOTS, 'identity-offline-local');
  simulator(demoHost).setOnline(true);
  const number = await followed(page, 'Later-Prova');
  expect(number).toBeGreaterThan(0);
  await expectUnsent(page, 0, 60_000);
  await shoot(page, SHOTS, 'identity-offline-followed');
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/booking\/-\d+/);
});
