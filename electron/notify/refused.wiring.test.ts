// Through the real wiring (demo workspace, engine, outbox, bus): a change of
// mine the server refuses becomes one `notification.show` of kind `refused`,
// naming the change — and none while it was only waiting or being sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { CommandOutput, EventPayload, Notice } from '../../shared/contract';
import { MemoryCredentialStore } from '../credentials/store';
import type { Runtime } from '../services/runtime';
import { until, wiredRuntime } from '../services/testing';

let runtime: Runtime | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await runtime?.close();
  runtime = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const day = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const plus = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

it('a refused change of mine is notified once, by name', { timeout: 90_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-notify-'));
  dirs.push(dataDir);
  runtime = wiredRuntime(dataDir, { credentials: new MemoryCredentialStore('none') });
  const shown: Notice[] = [];
  runtime.bus.subscribe((event, payload) => {
    if (event === 'notification.show') shown.push((payload as EventPayload<'notification.show'>).notice);
  });
  const d = runtime.dispatcher;
  expect(await d.dispatch('session.openDemo', {})).toMatchObject({ ok: true });

  // A stay followed by another on the same listing: moving its departure past the next arrival is refused.
  const pair = await until(
    'a stay followed by another on the same listing',
    async () => {
      const r = await d.dispatch('bookings.list', { from: day(0), to: day(60) });
      if (!r.ok) return null;
      const list = r.value as CommandOutput<'bookings.list'>;
      for (const b of list) {
        if (![3, 6].includes(b.state)) continue;
        const next = list
          .filter((x) => x.listing_id === b.listing_id && [3, 6, 8].includes(x.state) && x.start_date >= b.end_date)
          .sort((x, y) => x.start_date.localeCompare(y.start_date))[0];
        const detail = await d.dispatch('bookings.get', { bookingNumber: b.booking_number });
        if (next && detail.ok && !(detail.value as { listing: { mu: boolean } | null }).listing?.mu) return { b, next };
      }
      return null;
    },
    30_000,
  );
  const receipt = await d.dispatch('bookings.update', {
    bookingNumber: pair.b.booking_number,
    changes: { end_date: plus(pair.next.start_date, 1) },
  });
  expect(receipt, JSON.stringify(receipt)).toMatchObject({ ok: true });
  const refused = await until('the refusal notified', () => shown.find((n) => n.kind === 'refused'), 30_000);
  expect(refused).toMatchObject({ kind: 'refused', state: 'rejected' });
  expect(refused.kind === 'refused' && refused.subject.booking).toBe(pair.b.booking_number);
  expect(shown.filter((n) => n.kind === 'refused')).toHaveLength(1);
});
