// "Copy diagnostics" on a real account over the simulator: the report has the
// versions, session state, schema, sync and connectivity, outbox counts,
// budget and the last actions — and no name, email, phone, password, token or
// server address of anyone, even after edits carrying personal values.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BookingDetail } from '../../shared/contract';
import { startSimulator } from '../../simulator';
import { asker, until, wiredRuntime } from './testing';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const today = () => new Date().toISOString().slice(0, 10);

it('diagnostics say how the app stands and hold no personal data and no secret', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-diagnostics-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const password = 'Diag-S3cret-pw';
  const sim = await startSimulator({ port: 0, seed: 5, listings: 4, password });
  cleanup.push(() => sim.close());
  const runtime = wiredRuntime(dataDir, { app: { name: 'Stayboard', version: '9.8.7' } });
  cleanup.push(() => runtime.close());
  const ask = asker(runtime);

  await ask('session.signIn', { baseUrl: sim.url, user: sim.user, password });
  const first = await until('a booking', async () => {
    const list = await ask<{ booking_number: number }[]>('bookings.list', { from: today(), to: today() });
    return list[0] ?? null;
  });
  // On screen, so sync fetches its customer and guests.
  await ask('sync.setInterest', { screen: 'booking', bookingNumbers: [first.booking_number] });
  const booking = await until('the booking with its customer', async () => {
    const detail = await ask<BookingDetail>('bookings.get', { bookingNumber: first.booking_number });
    return detail.customer?.email ? detail : null;
  });
  const customer = booking.customer!;
  // Edits carrying personal values, one of them left unsent (server offline).
  sim.setOnline(false);
  await ask('customers.update', {
    id: customer.id,
    changes: {
      email: 'new.person@example.org',
      lastname: 'Privatesurname',
      city: 'Privatetown',
      number_id: '12345678Z',
    },
  });

  const { text } = await ask<{ text: string }>('app.diagnostics', {});

  expect(text).toContain('Stayboard 9.8.7 diagnostics');
  expect(text).toMatch(/Host: web; node \d+/);
  expect(text).toContain('Session: signedIn (custom server)');
  expect(text).toMatch(/Schema: cache \d+, outbox 1\d\d/);
  expect(text).toMatch(/Connectivity: \w+/);
  expect(text).toMatch(/Outbox: 1 unsent \(1 waiting/);
  expect(text).toMatch(/Budget: \d+ of 5000 used this hour/);
  expect(text).toContain(`customers.update #${customer.id} ok`);
  expect(text).toContain('screen booking');

  const secrets = [
    password,
    sim.user,
    sim.url,
    new URL(sim.url).host,
    customer.name,
    customer.lastname,
    customer.email,
    customer.address,
    'new.person@example.org',
    'Privatesurname',
    'Privatetown',
    '12345678Z',
    ...booking.guests.flatMap((g) => [g.name, g.lastname, g.email, g.number_id]),
  ].filter((s): s is string => typeof s === 'string' && s.trim().length > 2);
  expect(secrets.length).toBeGreaterThan(5);
  for (const s of secrets) expect(text, `the diagnostics show "${s}"`).not.toContain(s);
  expect(text).not.toMatch(/token|bearer|password/i);
});
