// A booking taken with the server unreachable, and a guest registered on it:
// the Sync page says the guest waits for the new booking to reach the PMS (it
// is never sent with the booking's local number); back online the booking
// reaches the server once and the guest lands on the server's booking number.
import { addDays } from '../../shared/dates';
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, simulator, today } from './screens-helpers';

test('a guest of a new booking waits for it on the Sync page, then follows it to the server', async ({
  page,
  demoHost,
}) => {
  const listing = await eventually('a single-unit listing', async () =>
    (await ask(demoHost, 'listings.list', {})).find((l) => !l.mu && (l.person_capacity ?? 0) >= 2),
  );
  const stay = await eventually('a stay the local data knows is free', async () => {
    // Weeks ahead: the demo's other users keep booking the coming days.
    for (let d = addDays(today(), 21), i = 0; i < 60; d = addDays(d, 1), i++) {
      const c = await ask(demoHost, 'stays.check', {
        listingId: listing.id,
        from: d,
        to: addDays(d, 2),
        adults: 2,
        children: 0,
      });
      if (c.fits === true) return [d, addDays(d, 2)] as const;
    }
    return null;
  });
  const sim = simulator(demoHost);
  sim.setOnline(false);
  const r = await ask(demoHost, 'bookings.create', {
    booking: {
      listing_id: listing.id,
      start_date: stay[0],
      end_date: stay[1],
      adults: 2,
      customer: { name: 'Laia', surname: 'Walk-in Prova' },
    },
  });
  const n = r.recordId!;
  await ask(demoHost, 'guests.create', {
    bookingNumber: n,
    guest: { name: 'Pau', lastname: 'Waiting', number_id: 'E2E-W1' },
  });

  await page.goto(demoHost.url);
  await expectUnsent(page, 2);
  await open(page, '#/sync');
  const waiting = page.locator(`[data-waiting="${n}"]`);
  await expect(waiting).toContainText(
    `Waiting for “New booking — not yet in the PMS · ${listing.name}” to reach the PMS`,
  );
  const shots = process.env['SCREENSHOTS'];
  if (shots)
    for (const [w, h] of [
      [1366, 768],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await waiting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/sync-waiting-${w}.png` });
    }
  if (shots)
    for (const lang of ['es', 'ca'] as const) {
      await page.getByTestId('language').selectOption(lang);
      await waiting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/sync-waiting-1024-${lang}.png` });
    }

  sim.setOnline(true);
  await expectUnsent(page, 0, 60_000);
  const booked = sim.mutations().filter((m) => m.endpoint === 'bookings.create' && m.result === 'applied');
  expect(booked).toHaveLength(1);
  const guests = sim
    .mutations()
    .filter(
      (m) => m.endpoint === 'guests.create' && m.result === 'applied' && JSON.stringify(m.body).includes('E2E-W1'),
    );
  expect(guests).toHaveLength(1);
  expect(guests[0]!.body).toMatchObject({ id: booked[0]!.id });
});
