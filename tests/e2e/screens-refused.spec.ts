// A change the server refuses (422) is not shown as the booking's value: the
// booking shows the server's dates, a banner on the record gives the reason
// once and my refused value, the Sync page offers no "Retry"; "Edit and send
// again" opens the form with my values and, corrected, is sent and applied
// once; "Discard" drops a second refusal; a guest's refused edit is amended
// from its banner in the guest dialog (a refused new guest too: its create
// goes again with my values), a customer's in the customer dialog;
// and a task's panel shows the same banner. What the cache can check (more
// people than the listing sleeps) is refused on the form, before queueing.
// Set SCREENSHOTS=<dir> to keep PNGs of the screens at 1366×768 and 1024×700.
import type { Locator, Page } from '@playwright/test';
import type { Mutation } from '../../simulator/types';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, expectUnsent, open, shoot, simulator, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

/** Saves the amending dialog: it closes, the refusal banner goes, and the change is sent. */
async function savedAndSent(page: Page, dialog: Locator, banner: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  await expectUnsent(page, 0, 60_000);
}

/** Each write's outcome with the values it sent for `fields`. */
const outcomes = (writes: Mutation[], ...fields: string[]) =>
  writes.map((m) => [m.result, ...fields.map((f) => (m.body as Record<string, unknown>)[f])]);

/** dd/mm/yyyy, as the English date fields take it. */
const typed = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('a refused booking change shows the server value, a banner, and can be edited and sent again', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const sim = simulator(demoHost);

  // A live stay arriving today (two nights or more) on a single-unit listing with a later stay:
  // moving its departure past the next arrival is refused by the server (the calendar is full).
  const found = await eventually('a stay arriving today followed by another on the same single unit', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: today(), to: addDays(today(), 60) });
    for (const b of list) {
      if (b.start_date !== today() || ![3, 6].includes(b.state) || addDays(b.start_date, 2) > b.end_date) continue;
      const next = list
        .filter((x) => x.listing_id === b.listing_id && [3, 6, 8].includes(x.state) && x.start_date >= b.end_date)
        .sort((x, y) => x.start_date.localeCompare(y.start_date))[0];
      if (!next) continue;
      const detail = await ask(demoHost, 'bookings.get', { bookingNumber: b.booking_number });
      if (detail.listing && !detail.listing.mu && detail.listing.person_capacity !== null)
        return { booking: b, next, capacity: detail.listing.person_capacity, city: detail.listing.city };
    }
    return null;
  });
  const n = found.booking.booking_number;
  const serverEnd = found.booking.end_date;
  const refusedEnd = addDays(found.next.start_date, 1);
  const fixedEnd = addDays(found.booking.start_date, 1);

  await page.goto(demoHost.url);
  await open(page, `#/booking/${n}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${n}`) })).toBeVisible();

  // Checked here, not queued: more people than the listing sleeps.
  await page.getByLabel('Adults').fill(String(found.capacity + 1));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`This listing sleeps at most ${found.capacity} people`)).toBeVisible();
  await expectUnsent(page, 0);
  await page.getByRole('button', { name: 'Undo changes' }).click();

  // The refused change: the booking keeps the server's departure, the banner says why and what I set.
  await page.getByLabel('Departure date').fill(typed(refusedEnd));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const banner = page.getByTestId('refused-banner');
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toContainText('The server did not accept your change');
  await expect(banner).toContainText('Arrival date: The server said: “the listing is not available for these dates”');
  await expect(banner).toContainText(`You set Departure date to`);
  await expect(banner.getByText(/The server rejected some values/)).toHaveCount(0);
  await expect(page.getByLabel('Departure date')).toHaveValue(typed(serverEnd));
  await expect(page.locator('[data-outbox="rejected"]').first()).toContainText('Not accepted');
  expect((await ask(demoHost, 'bookings.get', { bookingNumber: n })).booking.end_date).toBe(serverEnd);
  await shoot(page, SHOTS, 'refused-booking');

  // On the board row too (the board narrowed to the listing's city, so its row is drawn);
  // and the Sync page offers no Retry for it.
  await open(page, '#/today');
  await page.getByRole('button', { name: /^▸?\s*Filters/ }).click(); // the board's filters are folded behind it
  await page.getByLabel('City').selectOption(found.city);
  const rowBanner = page.getByTestId('refused-banner').first();
  await expect(rowBanner).toBeVisible({ timeout: 15_000 });
  await shoot(page, SHOTS, 'refused-board');
  await open(page, '#/sync');
  const entry = page.locator('li[data-entry][data-state="rejected"]');
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(entry).toContainText('Not accepted');
  await shoot(page, SHOTS, 'refused-sync');

  // Edit and send again from the board row: the booking's form opens with my value.
  await open(page, '#/today');
  await page.getByRole('button', { name: /^▸?\s*Filters/ }).click(); // the board's filters are folded behind it
  await page.getByLabel('City').selectOption(found.city);
  await page.getByTestId('refused-banner').first().getByRole('link', { name: 'Edit and send again' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${n}`) })).toBeVisible();
  await expect(page.getByLabel('Departure date')).toHaveValue(typed(refusedEnd));
  await expect(page.getByText('Your values that were not accepted are in the form')).toBeVisible();
  await shoot(page, SHOTS, 'refused-amending');
  await page.getByLabel('Departure date').fill(typed(fixedEnd));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('refused-banner')).toHaveCount(0);
  await expectUnsent(page, 0, 60_000);
  await expect(page.getByLabel('Departure date')).toHaveValue(typed(fixedEnd));

  const mine = () => sim.mutations().filter((m) => m.actor === 'api' && m.id === n && /booking/.test(m.endpoint));
  expect(mine().map((m) => [m.result, (m.body as Record<string, unknown>)['end_date']])).toEqual([
    ['rejected', refusedEnd],
    ['applied', fixedEnd],
  ]);
  expect((await ask(demoHost, 'bookings.get', { bookingNumber: n })).booking.end_date).toBe(fixedEnd);

  // Discard: a second refusal goes away and the booking keeps the server's values.
  await page.getByLabel('Departure date').fill(typed(refusedEnd));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('refused-banner')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('refused-banner').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('refused-banner')).toHaveCount(0);
  await expectUnsent(page, 0);
  await expect(page.getByLabel('Departure date')).toHaveValue(typed(fixedEnd));
  expect(mine().filter((m) => m.result === 'applied')).toHaveLength(1);

  // A guest's refused edit (a nationality this server does not know) shows on the guest; "Edit and send
  // again" opens the guest dialog with my values, and the corrected edit is applied once.
  const guest = await eventually('a registered guest of the booking', async () => {
    const detail = await ask(demoHost, 'bookings.get', { bookingNumber: n });
    const known = detail.guests.find((g) => g.id > 0 && !g.outbox);
    if (!known && !detail.guests.length)
      await ask(demoHost, 'guests.create', { bookingNumber: n, guest: { name: 'Ada', lastname: 'Byron' } });
    return known;
  });
  await ask(demoHost, 'guests.update', { id: guest.id, changes: { nationality: 99_999, city: 'Refusedville' } });
  const guestBanner = page.locator('.guests').getByTestId('refused-banner');
  await expect(guestBanner).toBeVisible({ timeout: 60_000 });
  await expect(guestBanner).toContainText('You set City to Refusedville');
  await shoot(page, SHOTS, 'refused-guest');
  await guestBanner.getByRole('link', { name: 'Edit and send again' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Your values that were not accepted are in the form')).toBeVisible();
  await expect(dialog.getByLabel('City')).toHaveValue('Refusedville');
  await shoot(page, SHOTS, 'refused-guest-amending');
  await dialog.getByLabel('Nationality').selectOption('73');
  await savedAndSent(page, dialog, guestBanner);
  const guestWrites = () =>
    sim.mutations().filter((m) => m.actor === 'api' && m.id === guest.id && /guest/.test(m.endpoint));
  expect(outcomes(guestWrites(), 'nationality', 'city')).toEqual([
    ['rejected', 99_999, 'Refusedville'],
    ['applied', 73, 'Refusedville'],
  ]);
  await expect(page.locator('.guests li', { hasText: guest.name })).toContainText('Spain');

  // A refused new guest (same unknown nationality): its create is amended in place and applied once.
  await ask(demoHost, 'guests.create', {
    bookingNumber: n,
    guest: {
      name: 'Nova',
      lastname: 'Refused',
      nationality: 99_999,
      sex: 'F',
      date_birth: '1990-04-02',
      document_type_id: 3,
      number_id: 'NR123456',
      date_issue: '2020-02-03',
    },
  });
  const newGuest = page.locator('.guests li', { hasText: 'Nova Refused' });
  await expect(newGuest.getByTestId('refused-banner')).toBeVisible({ timeout: 60_000 });
  await newGuest.getByTestId('refused-banner').getByRole('link', { name: 'Edit and send again' }).click();
  await expect(dialog.getByLabel('Surname')).toHaveValue('Refused');
  await dialog.getByLabel('Nationality').selectOption('73');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectUnsent(page, 0, 60_000);
  await expect(newGuest).toHaveCount(1);
  await expect(newGuest.getByTestId('refused-banner')).toHaveCount(0);
  const creates = sim
    .mutations()
    .filter((m) => m.actor === 'api' && /guest/.test(m.endpoint) && JSON.stringify(m.body).includes('NR123456'));
  expect(creates.map((m) => m.result)).toEqual(['rejected', 'applied']);
  expect(
    (await ask(demoHost, 'bookings.get', { bookingNumber: n })).guests.filter((g) => g.number_id === 'NR123456'),
  ).toMatchObject([{ name: 'Nova', outbox: null }]);

  // The customer's refused edit (a customer type this server does not know): the same, in the customer dialog.
  const customer = (await ask(demoHost, 'bookings.get', { bookingNumber: n })).customer!;
  expect(customer).not.toBeNull();
  await ask(demoHost, 'customers.update', { id: customer.id, changes: { customer_type: 99, city: 'Refusedtown' } });
  const customerBanner = page.locator('section[aria-labelledby="customer-title"]').getByTestId('refused-banner');
  await expect(customerBanner).toBeVisible({ timeout: 60_000 });
  await expect(customerBanner).toContainText('You set City to Refusedtown');
  await customerBanner.getByRole('link', { name: 'Edit and send again' }).click();
  await expect(dialog.getByRole('heading', { name: 'Edit customer' })).toBeVisible();
  await expect(dialog.getByLabel('City')).toHaveValue('Refusedtown');
  await shoot(page, SHOTS, 'refused-customer-amending');
  await dialog.getByLabel('Customer type').selectOption('2');
  await savedAndSent(page, dialog, customerBanner);
  const customerWrites = sim
    .mutations()
    .filter((m) => m.actor === 'api' && m.id === customer.id && /customer/.test(m.endpoint));
  expect(outcomes(customerWrites, 'customer_type', 'city')).toEqual([
    ['rejected', 99, 'Refusedtown'],
    ['applied', 2, 'Refusedtown'],
  ]);
  await expect(page.locator('section[aria-labelledby="customer-title"]')).toContainText('VIP');

  // A task's panel shows the same banner: a status this server does not know (the write schema allows it).
  const task = (await ask(demoHost, 'cleaning.list', { from: today(), to: today() }))[0]!;
  await ask(demoHost, 'cleaning.update', { id: task.id, changes: { status: 7 } });
  await open(page, `#/cleaning/${task.id}`);
  const panel = page.getByRole('complementary');
  await expect(panel.getByTestId('refused-banner')).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('refused-banner')).toContainText('Status:');
  await shoot(page, SHOTS, 'refused-task-panel');
  await panel.getByTestId('refused-banner').getByRole('button', { name: 'Discard' }).click();
  await expect(panel.getByTestId('refused-banner')).toHaveCount(0);
  await expectUnsent(page, 0);
});
