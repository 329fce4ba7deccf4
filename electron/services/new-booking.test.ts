// New bookings end to end on the real wiring (demo workspace: engine, cache,
// sync, outbox, the demo's simulator), dispatched as both transports dispatch:
// a walk-in taken online reaches the PMS once with its customer, guests and
// line; taken offline with a guest registered on it and an edit of it, it ends
// as one booking with the guest on the server's number and the edit applied —
// also when the booking's answer is lost. With a card: sent online in one
// request and found on read-back when its answer is lost; offline it is refused
// with the reason; and no card digit is in any file the app wrote, nor in its
// log or diagnostics.
import { readdirSync, readFileSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingDetail,
  CommandName,
  EditReceipt,
  ListingSummary,
  OutboxEntry,
  OutboxSummary,
  StayCheck,
} from '../../shared/contract';
import { addDays } from '../../shared/dates';
import type { Simulator } from '../../simulator';
import { MemoryCredentialStore } from '../credentials/store';
import { createLogger, memorySink } from '../log/log';
import type { Runtime } from './runtime';
import { asker, until, wiredRuntime } from './testing';
import { wholeBusinessAtOnce } from './testing-budget';

const CARD = '4000123412341234';
const HOLDER = 'ZQXJ CARDHOLDER';
const sink = memorySink();
let runtime: Runtime;
let dir: string;
let sim: Simulator;

const ask = <T>(name: CommandName, input: unknown): Promise<T> => asker(runtime)<T>(name, input);
/** A full demo sync beside every other suite on a shared 2-core machine takes its time. */
const wait = <T>(what: string, probe: () => Promise<T | null | undefined | false>) => until(what, probe, 240_000);
const settled = () =>
  wait('every change sent', async () => {
    const s = await ask<OutboxSummary>('outbox.summary', {});
    // A refused or conflicting change would wait for a person forever: say which.
    if (s.rejected || s.conflict)
      throw new Error(JSON.stringify((await ask<OutboxEntry[]>('outbox.list', {})).filter((e) => e.error)));
    return s.unsent === 0;
  });
const applied = (endpoint: string, marker: string) =>
  sim
    .mutations()
    .filter((m) => m.endpoint === endpoint && m.result === 'applied' && JSON.stringify(m.body).includes(marker));

let listing: ListingSummary;
let searchFrom = '';
/** The next stay of 2 nights on the listing that the local data says is free (never the same twice). */
async function freeStay(): Promise<[string, string]> {
  let last: StayCheck | null = null;
  for (let d = searchFrom, i = 0; i < 120; d = addDays(d, 1), i++) {
    const check = await ask<StayCheck>('stays.check', {
      listingId: listing.id,
      from: d,
      to: addDays(d, 2),
      adults: 2,
      children: 0,
    });
    // Only what the local data knows is free (fits null: those dates were never fetched).
    if (check.fits === true) {
      searchFrom = addDays(d, 3);
      return [d, addDays(d, 2)];
    }
    last = check;
  }
  throw new Error(`no free stay on listing ${listing.id}: ${JSON.stringify(last?.reasons)}`);
}
const booking = (marker: string, [start_date, end_date]: [string, string], extra: object = {}) => ({
  listing_id: listing.id,
  start_date,
  end_date,
  adults: 2,
  customer: { name: 'Walk', surname: `In ${marker}`, email: 'walk.in@example.org', phone: '+34 600 000 000' },
  ...extra,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stayboard-newbooking-'));
  runtime = wiredRuntime(dir, {
    log: createLogger({ sinks: [sink], level: 'debug' }),
    credentials: new MemoryCredentialStore('none'),
  });
  expect(await runtime.dispatcher.dispatch('session.openDemo', {})).toMatchObject({ ok: true });
  sim = runtime.workspace.demoSimulator()!;
  // The whole business at once: not about the budget's pace.
  wholeBusinessAtOnce(runtime);
  // The bookings of the coming weeks fetched: the local check knows which stays are free.
  await wait('sync idle with data', async () => {
    const st = await ask<{ state: string; lastDataAt: number | null }>('sync.status', {});
    return st.state === 'idle' && st.lastDataAt !== null;
  });
  listing = await wait('listings', async () =>
    (await ask<ListingSummary[]>('listings.list', {})).find((l) => !l.mu && (l.person_capacity ?? 0) >= 2),
  );
  searchFrom = addDays(new Date().toISOString().slice(0, 10), 2);
}, 300_000);
afterAll(async () => {
  await runtime?.close();
});

describe('a new booking', { timeout: 300_000 }, () => {
  it('taken online with a customer, two guests and a line reaches the PMS once', async () => {
    const r = await ask<EditReceipt>('bookings.create', {
      booking: booking('Nbka', await freeStay(), {
        guests: [
          { name: 'Ana', surname: 'One', number_id: 'N1-A' },
          { name: 'Bo', surname: 'Two', number_id: 'N1-B' },
        ],
        lines: [{ concept_id: 1, price: 4500, pay_date: searchFrom, type_pay: 1 }],
      }),
    });
    expect(r.recordId).toBeLessThan(0);
    await settled();
    const made = applied('bookings.create', 'Nbka');
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({
      guests: [{ number_id: 'N1-A' }, { number_id: 'N1-B' }],
      lines: [{ price: 4500 }],
    });
    // The screen still holding the local number reads the server's booking.
    const detail = await ask<BookingDetail>('bookings.get', { bookingNumber: r.recordId });
    expect(detail.booking.booking_number).toBe(made[0]!.id);
  });

  it.each([
    ['', false],
    [' — and the booking’s answer is lost', true],
  ])('taken offline with a guest and an edit, ends as one booking with both%s', async (_what, lose) => {
    const marker = lose ? 'Nbkc' : 'Nbkb';
    const stay = await freeStay();
    sim.setOnline(false);
    const r = await ask<EditReceipt>('bookings.create', { booking: booking(marker, stay) });
    const n = r.recordId!;
    await ask('guests.create', {
      bookingNumber: n,
      guest: { name: 'Cy', lastname: 'Offline', number_id: `G${marker}` },
    });
    await ask('bookings.update', { bookingNumber: n, changes: { notes: `late ${marker}` } });
    const entries = await ask<OutboxEntry[]>('outbox.list', {});
    expect(
      entries.find((e) => e.operation === 'guests.create' && e.subject.name?.includes('Offline'))?.waitingFor,
    ).toMatchObject({
      resource: 'bookings',
      recordId: n,
    });
    if (lose) sim.setFaults({ resetAfterRate: 1, routes: ['bookings.create'] });
    sim.setOnline(true);
    if (lose) {
      await wait('the booking applied (its answer lost)', () =>
        Promise.resolve(applied('bookings.create', marker).length > 0),
      );
      sim.resetFaults();
    }
    await settled();
    const made = applied('bookings.create', marker);
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({ notes: `late ${marker}` });
    const guests = applied('guests.create', `G${marker}`);
    expect(guests).toHaveLength(1);
    expect(guests[0]!.body).toMatchObject({ id: made[0]!.id });
    const detail = await ask<BookingDetail>('bookings.get', { bookingNumber: made[0]!.id });
    expect(detail.booking).toMatchObject({ notes: `late ${marker}`, outbox: null });
    expect(detail.guests.map((g) => g.number_id)).toContain(`G${marker}`);
  });

  it('a stay that clashes is refused before queueing, naming the booking it clashes with', async () => {
    const stay = await freeStay();
    await ask('bookings.create', { booking: booking('Nbkd', stay) });
    const r = await runtime.dispatcher.dispatch('bookings.create', { booking: booking('Nbke', stay) });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!r.ok && r.error.message).toMatch(/new booking not yet in the PMS \(Walk In Nbkd\)/);
    await settled();
  });

  it('with a card: sent online once; found when its answer is lost; otherwise asked again; offline refused', async () => {
    const card = { cardholder: HOLDER, card_number: CARD, card_expiration: '09/29', card_cvv: '987' };
    const withCard = (marker: string, stay: [string, string]) => {
      const b = booking(marker, stay);
      return { booking: { ...b, customer: { ...b.customer, ...card } } };
    };
    const ok = await ask<{ outcome: string; bookingNumber?: number }>(
      'bookings.createWithCard',
      withCard('Cardka', await freeStay()),
    );
    expect(ok).toMatchObject({ outcome: 'created' });
    expect(applied('bookings.create', 'Cardka')).toHaveLength(1);

    sim.setFaults({ resetAfterRate: 1, routes: ['bookings.create'] });
    const lost = await ask<{ outcome: string }>('bookings.createWithCard', withCard('Cardkb', await freeStay()));
    sim.resetFaults();
    expect(lost).toMatchObject({ outcome: 'created' });
    expect(applied('bookings.create', 'Cardkb')).toHaveLength(1);

    sim.setFaults({ errorRate: 1, errorRoutes: ['bookings.create'] });
    const absent = await ask<{ outcome: string }>('bookings.createWithCard', withCard('Cardkc', await freeStay()));
    sim.resetFaults();
    expect(absent).toMatchObject({ outcome: 'enterCardAgain' });
    expect(applied('bookings.create', 'Cardkc')).toEqual([]);

    sim.setOnline(false);
    const off = await runtime.dispatcher.dispatch('bookings.createWithCard', withCard('Cardkd', await freeStay()));
    sim.setOnline(true);
    expect(off).toMatchObject({ ok: false, error: { code: 'disconnected' } });

    // No card value in any file the app wrote (database, WAL, settings, logs), nor its log lines or diagnostics.
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
    const written = files(dir);
    expect(written.some((f) => f.endsWith('.db'))).toBe(true);
    for (const f of written) {
      const bytes = readFileSync(f);
      expect(bytes.includes(CARD), f).toBe(false);
      expect(bytes.includes(HOLDER), f).toBe(false);
    }
    expect(sink.lines.join('\n')).not.toContain(CARD);
    expect(JSON.stringify(await ask('app.diagnostics', {}))).not.toContain(CARD);
  });
});
