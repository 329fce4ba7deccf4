// A conflict resolved where the record lives, in Chromium against the demo
// simulator: another user moves a booking's arrival to 22:00 on the server
// while this desk, offline, sets 18:00 — the booking page says so field by
// field (what it was, mine, the PMS's now), its form shows the PMS's 22:00
// (never my 18:00 as the booking's value) and takes no edit of that field;
// the Sync page lists the same conflict; a value of my own typed on the
// booking page (20:30) is what reaches the server, once.
// With SCREENSHOTS=<dir>, the booking page in conflict (en, es).
import { login } from '../../simulator/conformance/client';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, expectUnsent, open, shoot, simulator, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

test('a conflict on a booking is shown and chosen on the booking page, field by field', async ({ page, demoHost }) => {
  test.setTimeout(180_000);
  const sim = simulator(demoHost);
  const booking = await eventually('a confirmed booking ahead with an arrival time', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: addDays(today(), 5), to: addDays(today(), 25) });
    return list.find(
      (b) => b.state === 3 && b.booking_number > 0 && b.arrival_time !== null && !b.arrival_time.startsWith('22'),
    );
  });
  const before = booking.arrival_time!.slice(0, 5);
  await page.goto(demoHost.url);
  await open(page, '#/today');

  // Another user moves the arrival on the server; this desk loses the network right after.
  const token = await login(sim);
  const res = await fetch(`${sim.url}/api/v1/bookings/${booking.booking_number}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ arrival_time: '22:00' }),
  });
  sim.setOnline(false);
  expect(res.ok).toBe(true);

  await open(page, `#/booking/${booking.booking_number}`);
  const arrival = page.getByLabel('Arrival from', { exact: true });
  await expect(arrival).toHaveValue(before);
  await arrival.fill('18:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectUnsent(page, 1);

  sim.setOnline(true);
  const panel = page.getByTestId('conflict-panel');
  await expect(panel).toBeVisible({ timeout: 90_000 });
  const row = panel.locator('tr[data-field="arrival_time"]');
  await expect(row).toContainText(before);
  await expect(row).toContainText('18:00');
  await expect(row).toContainText('22:00');
  // The form shows what the booking has in the PMS now, and takes no edit of it until the person chooses.
  await expect(arrival).toHaveValue('22:00');
  await expect(arrival).toBeDisabled();
  await shoot(page, SHOTS, 'booking-conflict-en');

  // The Sync page keeps the list of every conflict: this one is there too.
  await open(page, '#/sync');
  await expect(page.locator(`li[data-entry][data-state="conflict"]`)).toHaveCount(1);
  await open(page, `#/booking/${booking.booking_number}`);
  await ask(demoHost, 'settings.update', { locale: 'es' });
  await page.reload();
  await expect(page.getByTestId('conflict-panel')).toContainText('Conflicto', { timeout: 30_000 });
  await shoot(page, SHOTS, 'booking-conflict-es');
  await ask(demoHost, 'settings.update', { locale: 'en' });
  await page.reload();

  // A value of my own, typed over both.
  const mine = page.getByTestId('conflict-panel').locator('tr[data-field="arrival_time"]');
  await mine.getByRole('textbox').fill('20:30');
  await page.getByTestId('conflict-panel').getByRole('button', { name: 'Apply choices' }).click();
  await expect(page.getByTestId('conflict-panel')).toBeHidden();
  await expectUnsent(page, 0, 60_000);
  await expect(page.getByLabel('Arrival from', { exact: true })).toHaveValue('20:30');
  await expect(page.getByLabel('Arrival from', { exact: true })).toBeEnabled();

  const applied = sim
    .mutations()
    .filter((m) => m.actor === 'api' && m.id === booking.booking_number && m.result === 'applied')
    .filter((m) => /booking/.test(m.endpoint) && m.token !== token);
  expect(applied.map((m) => (m.body as { arrival_time?: string }).arrival_time)).toEqual(['20:30']);
  expect((await ask(demoHost, 'bookings.get', { bookingNumber: booking.booking_number })).booking.arrival_time).toMatch(
    /^20:30/,
  );
});
