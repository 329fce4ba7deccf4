// The worker as the engine runs it: on its own after start(), through token
// expiry and a refused sign-in (paused, nothing lost, resumed), through 429s,
// and on the record kinds confirmed by reading back rather than by the answer.
import { describe, expect, it, vi } from 'vitest';
import { bookingRead } from '../../shared/api';
import { flushMicrotasks, ManualClock } from '../api/clock';
import { getBooking, getCustomer } from '../cache/queries/bookings';
import { getCleaning, getIncident } from '../cache/queries/tasks';
import { bookingsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { getEntry } from './entries';
import { Outbox } from './index';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedBooking, seedListing } from './testing/seed';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 14, listings: 3, today: TODAY });

/** A device; with `clock`, its outbox's timers (worker wake-ups, back-offs) run on that clock. */
async function device(clock?: ManualClock): Promise<Device> {
  const dev = on.device(clock ? { outbox: { clock } } : {});
  await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2026-07-31' });
  return dev;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the worker', () => {
  it('replays on its own once started, and stop() lets nothing new leave', async () => {
    const clock = new ManualClock();
    const dev = await device(clock);
    const o = dev.current.outbox;
    const [a, b] = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 2');
    o.start();
    o.enqueue('cleaning.update', { id: a!, changes: { notes: 'by the worker' } });
    await clock.advance(0); // the worker's "look now"
    await until(() => o.summary().confirmed === 1);
    await o.stop();
    o.enqueue('cleaning.update', { id: b!, changes: { notes: 'after stop' } });
    // A stopped worker holds no timer, so nothing can wake it: an hour of clock time later the edit is still here.
    expect(clock.nextTimerAt()).toBeNull();
    await clock.advance(3_600_000);
    expect(o.summary()).toMatchObject({ pending: 1, confirmed: 1 });
    expect(getCleaning(dev.db, a!)!.outbox).toBeNull();
    await dev.close();
  });

  it('stop() ends a drain that is waiting out a back-off at once', async () => {
    const dev = await device();
    // The back-off runs on a clock that never moves: only stop() can end the wait.
    const clock = new ManualClock();
    const o = new Outbox({ db: dev.db, client: dev.current.client, clock, backoff: { baseMs: 60_000, maxMs: 60_000 } });
    o.enqueue('cleaning.update', {
      id: dev.db.pluck<number>('SELECT id FROM cleaning LIMIT 1')[0]!,
      changes: { notes: 'x' },
    });
    dev.faults.rate429 = 1;
    const draining = o.drain({ untilSettled: true });
    // Refused (429): the drain waits on the clock for its next attempt.
    await until(() => o.list()[0]!.nextAttemptAt !== null && clock.nextTimerAt() !== null);
    const before = clock.now();
    await o.stop();
    await draining; // ended by stop(), with no clock time passed
    expect(clock.now()).toBe(before);
    expect(o.summary()).toMatchObject({ pending: 1 });
    dev.faults.rate429 = 0;
    await dev.close();
  });

  it('a create whose answer was lost is looked for only once the server had time to finish it: then found, once', async () => {
    // A request this app stopped waiting for may still be applied: read back at once, its absence would
    // prove nothing and a second send could make two blocks.
    const dev = await device();
    const clock = new ManualClock();
    const SETTLE = 15_000;
    const o = new Outbox({
      db: dev.db,
      client: dev.current.client,
      clock,
      backoff: { baseMs: 5, maxMs: 20, settleMs: SETTLE },
    });
    on.sim.setFaults({ resetAfterRate: 1, routes: ['blocks.create'] });
    o.enqueue('blocks.create', {
      block: {
        listing_id: '101',
        block_type: 2,
        start_date: '2026-09-07',
        end_date: '2026-09-09',
        reason: 'Roof (s-1)',
      },
    });
    o.start();
    await clock.advance(0);
    await until(() => o.summary().unknown === 1);
    on.sim.resetFaults();
    const entry = getEntry(dev.db, o.list()[0]!.id);
    expect(entry!.nextAttemptAt).toBeGreaterThanOrEqual(clock.now() + SETTLE - 1);
    // Until then nothing of the record is read or sent: the worker's only timer is the settle's end.
    const mark = on.mark();
    expect(clock.nextTimerAt()).toBe(entry!.nextAttemptAt);
    // "Retry now" does not shorten it (nor lengthen it).
    o.retry({ id: entry!.id });
    expect(getEntry(dev.db, entry!.id)!.nextAttemptAt).toBe(entry!.nextAttemptAt);
    await clock.advance(SETTLE - 1_000);
    expect(on.requestsSince(mark)).toEqual([]);
    await clock.advance(1_000);
    await until(() => o.summary().confirmed === 1);
    expect(on.requestsSince(mark)).not.toContain('blocks.create');
    expect(on.applied('blocks.create', '(s-1)')).toHaveLength(1);
    await o.stop();
    await dev.close();
  });

  it('a write found sending after a crash is given the same time before its read-back', async () => {
    const dev = await device();
    dev.current.outbox.enqueue('cleaning.update', {
      id: dev.db.pluck<number>('SELECT id FROM cleaning LIMIT 1')[0]!,
      changes: { notes: 'in flight when it died' },
    });
    // The process died between "sending" and the answer.
    dev.db.run(`UPDATE outbox SET state = 'sending'`);
    const clock = new ManualClock();
    const o = new Outbox({ db: dev.db, client: dev.current.client, clock, backoff: { settleMs: 15_000 } });
    expect(getEntry(dev.db, o.list()[0]!.id)).toMatchObject({ state: 'unknown', nextAttemptAt: clock.now() + 15_000 });
    await o.stop();
    await dev.close();
  });

  it('sleeps when there is nothing to do (no drain loop spinning)', async () => {
    const clock = new ManualClock();
    const dev = await device(clock);
    const o = dev.current.outbox;
    const drains = vi.spyOn(o, 'refreshMarked'); // runs once before every drain
    o.start();
    o.enqueue('cleaning.update', {
      id: dev.db.pluck<number>('SELECT id FROM cleaning LIMIT 1')[0]!,
      changes: { notes: 'once' },
    });
    await clock.advance(0);
    await until(() => o.summary().confirmed === 1);
    await flushMicrotasks(); // the drain that confirmed it ends
    const after = drains.mock.calls.length;
    // An idle worker holds no timer (a spinning one would have asked to look again),
    // and an hour of clock time later it has not drained again.
    expect(clock.nextTimerAt()).toBeNull();
    await clock.advance(3_600_000);
    expect(drains.mock.calls.length).toBe(after);
    expect(after).toBeLessThanOrEqual(3);
    await o.stop();
    await dev.close();
  });

  it('waits while nobody is signed in and goes on by itself once a session exists', async () => {
    const dev = await device();
    let session: Device['current']['client'] | null = null;
    const o = new Outbox({
      db: dev.db,
      client: () => {
        if (!session) throw new Error('Sign in first.');
        return session;
      },
      backoff: { baseMs: 5, maxMs: 20 },
    });
    o.enqueue('cleaning.update', {
      id: dev.db.pluck<number>('SELECT id FROM cleaning LIMIT 1')[0]!,
      changes: { notes: 'later' },
    });
    expect((await o.drain({ untilSettled: true })).paused).toMatch(/Nobody is signed in/);
    expect(o.summary()).toMatchObject({ pending: 1 });
    session = dev.current.client;
    const report = await o.drain({ untilSettled: true });
    expect(report.paused).toBeNull();
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
    await dev.close();
  });

  it('signs in again when the token expires, without losing or repeating anything', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const ids = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 3');
    await o.drain(); // nothing yet; the client logs in with the first request below
    for (const id of ids) o.enqueue('cleaning.update', { id, changes: { notes: `expired ${id}` } });
    on.sim.revokeTokens();
    await o.drain({ untilSettled: true });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    for (const id of ids) {
      const server = (await on.other.get(`/cleanings/${id}`)) as { data: { notes: string } };
      expect(server.data.notes).toBe(`expired ${id}`);
    }
    await dev.close();
  });

  it('pauses when the server refuses the stored sign-in, keeps every edit, and resumes after signing in', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const id = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 1')[0]!;
    dev.current.client.setCredentials({ user: on.sim.user, password: 'wrong' });
    on.sim.revokeTokens(); // the token expires and the stored password no longer works
    o.enqueue('cleaning.update', { id, changes: { notes: 'waits for sign-in' } });
    const report = await o.drain({ untilSettled: true });
    expect(report.paused).toMatch(/sign in/);
    expect(o.list()[0]).toMatchObject({ state: 'pending', error: { code: 'not_signed_in' } });
    dev.current.client.setCredentials({ user: on.sim.user, password: on.sim.password });
    o.resume();
    await o.drain({ untilSettled: true });
    expect(o.summary()).toMatchObject({ unsent: 0 });
    await dev.close();
  });

  it('keeps an edit pending with a back-off while the server keeps answering 429', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const id = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 1')[0]!;
    o.enqueue('cleaning.update', { id, changes: { notes: 'slow down' } });
    dev.faults.rate429 = 1;
    await o.drain();
    expect(o.list()[0]).toMatchObject({ state: 'pending', error: { code: 'rate_limited' } });
    expect(o.list()[0]!.nextAttemptAt).not.toBeNull();
    dev.faults.rate429 = 0;
    await o.drain({ untilSettled: true });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
    await dev.close();
  });

  it('shows what sync learned about a record with unsent changes under those changes', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const n = dev.db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1')[0]!;
    o.enqueue('bookings.update', { bookingNumber: n, changes: { notes: 'mine' } });
    expect(await on.other.put(`/bookings/${n}`, { opening_code: '4242' })).toBe(200);
    const fresh = (await on.other.get(`/bookings/${n}`)) as { data: unknown };
    // What sync does with a record it fetched: the marked row keeps its view, the server version goes aside.
    dev.db.transaction(() =>
      upsertRecords(dev.db, bookingsTable, [{ value: bookingRead.parse(fresh.data), raw: fresh.data }]),
    );
    expect(getBooking(dev.db, n)).toMatchObject({ notes: 'mine' });
    o.refreshMarked();
    expect(getBooking(dev.db, n)).toMatchObject({ notes: 'mine', opening_code: '4242', outbox: { state: 'pending' } });
    await o.drain({ untilSettled: true });
    expect(getBooking(dev.db, n)).toMatchObject({ notes: 'mine', opening_code: '4242', outbox: null });
    await dev.close();
  });
});

describe('kinds confirmed by reading back', () => {
  it('incidents (found through their listing), customers (country by name) and booking status', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const incident = dev.db.pluck<number>('SELECT id FROM incidents ORDER BY id LIMIT 1')[0];
    const n = dev.db.pluck<number>('SELECT booking_number FROM bookings WHERE state = 3 ORDER BY 1')[0]!;
    await seedBooking(dev.db, dev.current.client, n);
    const customer = getBooking(dev.db, n)!.customer_id!;
    if (incident !== undefined)
      o.enqueue('incidents.update', {
        id: incident,
        changes: { priority: 4, subtitle: 'Boiler', date: '2026-06-20 09:30:00' },
      });
    o.enqueue('customers.update', { id: customer, changes: { country: 56, city: 'Lyon' } });
    o.enqueue('bookings.update', { bookingNumber: n, changes: { status: 'canceled' } });
    await o.drain({ untilSettled: true });
    expect(o.summary()).toMatchObject({ unsent: 0 });
    if (incident !== undefined)
      expect(getIncident(dev.db, incident)).toMatchObject({
        priority: 4,
        subtitle: 'Boiler',
        date: '2026-06-20 09:30:00',
        outbox: null,
      });
    expect(getCustomer(dev.db, customer)).toMatchObject({ city: 'Lyon', outbox: null });
    expect(getCustomer(dev.db, customer)!.country).toBe(
      ((await on.other.get(`/customers/${customer}`)) as { data: { user: { country: string } } }).data.user.country,
    );
    expect(getBooking(dev.db, n)).toMatchObject({ state: 1, outbox: null });
    await dev.close();
  });
});
