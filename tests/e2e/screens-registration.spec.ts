// The Registration view as a desk uses it offline: a stay arriving with one
// guest not registered is listed with its deadline; registering the guest
// with the server unreachable takes it off the list at once (the guest waits
// on this computer, marked), and back online the guest reaches the server once.
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, registerGuest, simulator, today } from './screens-helpers';

test('registering the missing guest offline takes the stay off the Registration list; sent once online', async ({
  page,
  demoHost,
}) => {
  const item = await eventually('a stay owing exactly one guest', async () => {
    const due = await ask(demoHost, 'registration.due', { date: today() });
    return due.find(
      (i) => i.guestsKnown && i.expected - i.registered === 1 && i.guests.every((g) => g.missing.length === 0),
    );
  });
  const n = item.booking_number;
  const sim = simulator(demoHost);

  await page.goto(demoHost.url);
  await open(page, '#/registration');
  await expect(page.getByRole('heading', { name: 'Guest registration' })).toBeVisible();
  const row = page.locator(`tr[data-booking="${n}"]`);
  await expect(row).toContainText('1 guest not registered');
  await expect(row.getByText(/^(Due|Deadline passed) /)).toBeVisible();

  sim.setOnline(false);
  await row.getByRole('link', { name: String(n) }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Booking ${n}`) })).toBeVisible();
  await registerGuest(page, {
    name: 'Núria',
    lastname: 'Puig Vidal',
    docType: 'Identity document (Spain)',
    doc: '39182736M',
  });
  await expectUnsent(page, 1);

  // The list trusts the guest registered here: the stay is complete.
  await open(page, '#/registration');
  await expect(page.locator(`tr[data-booking="${n}"]`)).toHaveCount(0);
  const after = await ask(demoHost, 'registration.due', { date: today() });
  expect(after.some((i) => i.booking_number === n)).toBe(false);

  sim.setOnline(true);
  await expectUnsent(page, 0, 60_000);
  const created = sim
    .mutations()
    .filter((m) => m.actor === 'api' && m.result === 'applied' && /guest/.test(m.endpoint));
  expect(created).toHaveLength(1);
});
