// Search from anywhere (Ctrl+K): a registered guest is found by surname and by
// document number, and choosing the hit opens their booking.
import { expect, test } from './fixtures';
import { addDays, ask, eventually, today } from './screens-helpers';

test('search finds a guest by surname and by document number', async ({ page, demoHost }) => {
  const guest = await eventually('a cached guest with a document number', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: addDays(today(), -1), to: addDays(today(), 2) });
    for (const b of list) {
      const guests = await ask(demoHost, 'guests.list', { bookingNumber: b.booking_number });
      const g = guests.find((x) => x.lastname && x.number_id.length >= 6);
      if (g) return { ...g, booking: b.booking_number };
    }
    return null;
  });
  const surname = guest.lastname.split(' ')[0]!;

  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();

  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: 'Search everything' });
  await expect(box).toBeFocused();
  await box.fill(surname);
  const bySurname = page
    .getByRole('option')
    .filter({ hasText: `${guest.name} ${guest.lastname}` })
    .filter({ hasText: 'Guest' });
  await expect(bySurname.first()).toBeVisible();

  await box.fill(guest.number_id);
  const byDocument = page.getByRole('option').filter({ hasText: `${guest.name} ${guest.lastname}` });
  await expect(byDocument.first()).toBeVisible();
  await byDocument.first().click();
  await expect(page).toHaveURL(new RegExp(`#/booking/${guest.booking}`));
  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${guest.booking}`) })).toBeVisible();
});
