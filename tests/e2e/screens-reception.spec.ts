// Reception on a booking that is not yet confirmed: registers a guest with the
// registration form, sets the opening code and the number of keys, confirms
// the booking and sends the guest a message — each reaches the server once.
import { expect, test } from './fixtures';
import { addDays, ask, eventually, expectUnsent, open, simulator, today } from './screens-helpers';

test('reception registers a guest, sets access, confirms and messages', async ({ page, demoHost }) => {
  const booking = await eventually('an unconfirmed booking with a conversation', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: today(), to: addDays(today(), 10) });
    for (const b of list.filter((x) => [2, 5, 6].includes(x.state) && x.start_date >= today())) {
      const detail = await ask(demoHost, 'bookings.get', { bookingNumber: b.booking_number });
      if (detail.threads.length && detail.guests.length < detail.guestsExpected) return detail;
    }
    return null;
  });
  const n = booking.booking.booking_number;
  const sim = simulator(demoHost);

  await page.goto(demoHost.url);
  await open(page, `#/booking/${n}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${n}`) })).toBeVisible();

  // Register a guest: the form refuses until the required fields are there.
  await page.getByRole('button', { name: '+ Register a guest' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Lucía');
  await dialog.getByLabel('Surname').fill('Ferrer Soler');
  await dialog.getByRole('button', { name: 'Register guest' }).click();
  await expect(dialog.getByText('Check the highlighted fields.')).toBeVisible();
  await dialog.getByLabel('Document number').fill('48291734Z');
  await dialog.getByLabel('Document issue date').fill('12/03/2021');
  await dialog.getByLabel('Nationality').selectOption({ label: 'Spain' });
  await dialog.getByLabel('Sex').selectOption({ label: 'Female' });
  await dialog.getByLabel('Date of birth').fill('02/09/1990');
  await dialog.getByLabel('Document type').selectOption({ label: 'Identity document (Spain)' });
  await dialog.getByRole('button', { name: 'Register guest' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Lucía Ferrer Soler')).toBeVisible();

  // Opening code and keys.
  await page.getByLabel('Opening code').fill('4821');
  await page.getByLabel('Number of keys').fill('2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Confirm.
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveAttribute('data-state', '3');

  // Message.
  await page.getByLabel('Message', { exact: true }).fill('Your door code is 4821. Welcome!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').getByText('Your door code is 4821. Welcome!')).toBeVisible();

  // Everything is sent, and the booking shows the server's values.
  await expectUnsent(page, 0, 60_000);
  await expect(page.getByLabel('Opening code')).toHaveValue('4821');
  await expect(page.getByTestId('booking-status')).toHaveAttribute('data-state', '3');

  const applied = sim.mutations().filter((m) => m.actor === 'api' && m.result === 'applied');
  const onBooking = applied.filter((m) => /booking/.test(m.endpoint) && m.id === n);
  expect(onBooking.filter((m) => (m.body as Record<string, unknown>)['status'] === 'confirmed')).toHaveLength(1);
  expect(
    onBooking.filter((m) => {
      const body = m.body as Record<string, unknown>;
      return body['opening_code'] === '4821' && String(body['key_numbers']) === '2';
    }),
  ).toHaveLength(1);
  const guests = applied.filter((m) => /guest/.test(m.endpoint) && JSON.stringify(m.body).includes('48291734Z'));
  expect(guests).toHaveLength(1);
  // The document type (2, Spanish identity document) reached the server with the registration.
  expect(guests[0]!.body).toMatchObject({ guest: { document_type_id: 2 } });
  const messages = applied.filter(
    (m) => /thread|message/.test(m.endpoint) && JSON.stringify(m.body).includes('4821. Welcome'),
  );
  expect(messages).toHaveLength(1);

  const after = await ask(demoHost, 'bookings.get', { bookingNumber: n });
  expect(after.guests.some((g) => g.number_id === '48291734Z')).toBe(true);
  expect(after.booking.opening_code).toBe('4821');
});
