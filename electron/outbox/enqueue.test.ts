// Writing edits, without a server: validation, the optimistic change and its
// mark in the same transaction as the entry, bases in canonical form, events,
// recovery of entries a crash left `sending`, and the person's actions.
import { describe, expect, it } from 'vitest';
import { CommandError, EVENTS, editReceipt, outboxEntry, outboxSummary } from '../../shared/contract';
import { ApiClient } from '../api/client';
import { BudgetGovernor } from '../api/governor';
import { openCache } from '../cache/db';
import { getBooking, getCustomer, listGuests, listThreads } from '../cache/queries/bookings';
import { getCleaning } from '../cache/queries/tasks';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { Outbox, type OutboxEvents } from './index';
import { parseEntry, DamagedEntryError } from './row';
import { fingerprintOf, matches } from './remote';
import { MIGRATIONS } from './testing/rig';
import { keepServerVersion, refreshView } from './view';

function setup() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 2, bookingsPerListing: 4, start: '2026-03-01' }), { bundles: 2, threads: 2 });
  const events: { name: string; payload: unknown }[] = [];
  const sink: OutboxEvents = { emit: (name, payload) => events.push({ name, payload }) };
  // Nothing is sent in these tests: the client points at a closed port.
  const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', governor: new BudgetGovernor() });
  const outbox = new Outbox({ db, client, events: sink });
  const cleaning = db.pluck<number>('SELECT id FROM cleaning ORDER BY id');
  const bookings = db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1');
  return { db, outbox, events, client, cleaning, bookings };
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof CommandError ? e.code : `not a CommandError: ${String(e)}`;
  }
  return undefined;
};

describe('enqueue', () => {
  it('refuses bad input with the field and writes nothing', () => {
    const { outbox, cleaning } = setup();
    let err: unknown;
    try {
      outbox.enqueue('cleaning.update', { id: cleaning[0], changes: { time: '25:00' } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CommandError);
    expect((err as CommandError).code).toBe('invalid_input');
    expect((err as CommandError).fields).toHaveProperty(['changes.time']);
    expect(codeOf(() => outbox.enqueue('cleaning.update', { id: cleaning[0], changes: {} }))).toBe('invalid_input');
    expect(codeOf(() => outbox.enqueue('cleaning.update', { id: 999_999, changes: { notes: 'x' } }))).toBe('not_found');
    expect(outbox.summary().unsent).toBe(0);
  });

  it('writes entry, optimistic change and mark together, and tells the renderer', () => {
    const { outbox, db, events, cleaning } = setup();
    const id = cleaning[0]!;
    const before = getCleaning(db, id)!;
    const receipt = outbox.enqueue('cleaning.update', { id, changes: { inspected: 1, notes: 'Extra towels' } });
    expect(receipt).toEqual({ entryId: expect.any(Number) as number, state: 'pending' });
    expect(getCleaning(db, id)).toMatchObject({
      inspected: true,
      notes: 'Extra towels',
      outbox: { state: 'pending', fields: ['inspected', 'notes'] },
    });
    const [entry] = outbox.list();
    expect(entry).toMatchObject({
      operation: 'cleaning.update',
      resource: 'cleaning',
      recordId: id,
      state: 'pending',
      changes: { inspected: 1, notes: 'Extra towels' },
      base: { inspected: before.inspected ? 1 : 0, notes: before.notes },
      // What it is about, as data (no words): its listing and day.
      subject: { name: null, booking: null, listing: expect.any(String) as string, from: before.date, to: null },
    });
    expect(JSON.stringify(db.get('SELECT * FROM outbox WHERE id = ?', [entry!.id]))).not.toMatch(/Cleaning/);
    expect(events.map((e) => e.name)).toEqual(['cache.changed', 'outbox.changed']);
    expect(events[0]!.payload).toEqual({ resources: ['cleaning'] });
    expect(events[1]!.payload).toMatchObject({ summary: { unsent: 1, pending: 1 }, entryIds: [entry!.id] });
  });

  it('shows many edits of one record at once, exactly as re-deriving the record from all of them would', () => {
    const { outbox, db, cleaning } = setup();
    const id = cleaning[0]!;
    for (let i = 0; i < 300; i++)
      outbox.enqueue('cleaning.update', { id, changes: i % 2 ? { notes: `n${i}` } : { status: i % 3, time: '10:30' } });
    const row = () =>
      db.get<{ data: string; outbox_mark: string }>('SELECT data, outbox_mark FROM cleaning WHERE id = ?', [id])!;
    const shown = row();
    const mark = JSON.parse(shown.outbox_mark) as { state: string; entryIds: number[]; fields: string[] };
    expect(mark).toMatchObject({ state: 'pending', fields: ['notes', 'status', 'time'] });
    expect(mark.entryIds).toHaveLength(300);
    db.transaction((tx) => refreshView(tx, 'cleaning', id));
    expect(row()).toEqual(shown);
    expect(getCleaning(db, id)).toMatchObject({ notes: 'n299', status: 298 % 3, time: '10:30' });
  });

  it('a newer server version changing a field kept in its column only (a task moved to another day) shows beside my edit', () => {
    const { outbox, db, cleaning } = setup();
    const id = cleaning[0]!;
    const before = getCleaning(db, id)!;
    outbox.enqueue('cleaning.update', { id, changes: { notes: 'Mine' } });
    const { outbox: _mark, ...server } = before;
    db.transaction((tx) => keepServerVersion(tx, 'cleaning', id, { ...server, date: '2026-03-09' }));
    expect(getCleaning(db, id)).toMatchObject({ date: '2026-03-09', notes: 'Mine', outbox: { fields: ['notes'] } });
    expect(db.get('SELECT date FROM cleaning WHERE id = ?', [id])).toEqual({ date: '2026-03-09' });
  });

  it('shows a booking change in the read vocabulary and keeps its base in the write vocabulary', () => {
    const { outbox, db, bookings } = setup();
    const n = bookings.find((b) => getBooking(db, b)!.state === 3)!;
    outbox.enqueue('bookings.update', {
      bookingNumber: n,
      changes: { status: 'canceled', checkin_online: 1, paid: 12.5 },
    });
    expect(getBooking(db, n)).toMatchObject({
      state: 1,
      checkin_completed: true,
      paid: 12.5,
      outbox: { fields: ['checkin_completed', 'paid', 'state'] },
    });
    expect(outbox.list()[0]!.base).toMatchObject({ status: 'confirmed' });
  });

  it("shows a customer's country by name, as the server will", () => {
    const { outbox, db } = setup();
    const customer = db.pluck<number>('SELECT id FROM customers ORDER BY id')[0]!;
    outbox.enqueue('customers.update', { id: customer, changes: { country: 73, city: 'Reus' } });
    expect(getCustomer(db, customer)).toMatchObject({ country: 'Spain', city: 'Reus' });
    expect(outbox.list()[0]!.base).toMatchObject({ country: 'Spain' });
  });

  it('writes a bulk edit as one transaction: one bad item and nothing is written', () => {
    const { outbox, cleaning } = setup();
    expect(
      codeOf(() =>
        outbox.enqueue('cleaning.updateMany', {
          items: [
            { id: cleaning[0], changes: { status: 1 } },
            { id: 999_999, changes: { status: 1 } },
          ],
        }),
      ),
    ).toBe('not_found');
    expect(outbox.summary().unsent).toBe(0);
    const receipts = outbox.enqueue('cleaning.updateMany', {
      items: cleaning.slice(0, 3).map((id) => ({ id, changes: { status: 2 } })),
    });
    expect(receipts).toHaveLength(3);
    expect(outbox.summary().pending).toBe(3);
  });

  it('creates records offline with negative ids, visible at once', () => {
    const { outbox, db } = setup();
    const thread = db.get<{ id: number; booking_number: number }>('SELECT id, booking_number FROM threads LIMIT 1')!;
    const other = db.get<{ booking_number: number }>(
      'SELECT booking_number FROM bookings WHERE booking_number <> ? LIMIT 1',
      [thread.booking_number],
    )!;
    expect(
      codeOf(() =>
        outbox.enqueue('messages.send', { bookingNumber: other.booking_number, threadId: thread.id, message: 'x' }),
      ),
    ).toBe('invalid_input');
    outbox.enqueue('messages.send', {
      bookingNumber: thread.booking_number,
      threadId: thread.id,
      message: 'On our way',
    });
    outbox.enqueue('guests.create', { bookingNumber: thread.booking_number, guest: { name: 'Ana', lastname: 'Puig' } });
    const message = listThreads(db, thread.booking_number)[0]!.messages.at(-1)!;
    expect(message).toMatchObject({ message: 'On our way', outbox: { state: 'pending', fields: ['created'] } });
    expect(message.id).toBeLessThan(0);
    const guest = listGuests(db, thread.booking_number).find((g) => g.name === 'Ana' && g.outbox)!;
    expect(guest.id).toBeLessThan(0);
    expect(guest.id).not.toBe(message.id); // one counter for every local id
  });
});

describe('actions', () => {
  it('discard undoes the local change; discarding a create takes its edits with it', () => {
    const { outbox, db, cleaning, bookings } = setup();
    const id = cleaning[0]!;
    const before = getCleaning(db, id)!;
    const { entryId } = outbox.enqueue('cleaning.update', { id, changes: { notes: 'oops' } }) as { entryId: number };
    expect(outbox.discard({ id: entryId })).toEqual({ discarded: true, dependents: 0 });
    expect(getCleaning(db, id)).toEqual({ ...before, outbox: null });
    const { entryId: create } = outbox.enqueue('guests.create', {
      bookingNumber: bookings[0],
      guest: { name: 'Gone', lastname: 'Soon' },
    }) as { entryId: number };
    const local = listGuests(db, bookings[0]!).find((g) => g.name === 'Gone')!;
    outbox.enqueue('guests.update', { id: local.id, changes: { city: 'Vic' } });
    outbox.discard({ id: create });
    expect(listGuests(db, bookings[0]!).find((g) => g.name === 'Gone')).toBeUndefined();
    expect(outbox.summary().unsent).toBe(0);
    expect(codeOf(() => outbox.discard({ id: create }))).toBe('not_found');
    expect(codeOf(() => outbox.discard({ id: 0 }))).toBe('invalid_input');
  });

  it('refuses actions that do not fit the state, in words', () => {
    const { outbox, cleaning } = setup();
    const { entryId } = outbox.enqueue('cleaning.update', { id: cleaning[0], changes: { notes: 'x' } }) as {
      entryId: number;
    };
    expect(codeOf(() => outbox.resolve({ id: entryId, choice: 'mine' }))).toBe('invalid_state');
    expect(codeOf(() => outbox.resolve({ id: entryId, choice: 'maybe' }))).toBe('invalid_input');
    expect(outbox.retry({ id: entryId })).toMatchObject({ id: entryId, state: 'pending', nextAttemptAt: null });
  });

  it('sign-out: hasUnsent tells, discardAll drops every unsent edit and shows the server again', async () => {
    const { outbox, db, cleaning, bookings } = setup();
    const before = getCleaning(db, cleaning[0]!)!;
    outbox.enqueue('cleaning.update', { id: cleaning[0], changes: { notes: 'unsent' } });
    outbox.enqueue('cleaning.delete', { id: cleaning[1] });
    outbox.enqueue('guests.create', { bookingNumber: bookings[0], guest: { name: 'Z', lastname: 'Z' } });
    expect(outbox.hasUnsent()).toBe(true);
    expect(await outbox.discardAll()).toBe(3);
    expect(outbox.hasUnsent()).toBe(false);
    expect(getCleaning(db, cleaning[0]!)).toEqual({ ...before, outbox: null });
    expect(getCleaning(db, cleaning[1]!)!.outbox).toBeNull();
    expect(listGuests(db, bookings[0]!).some((g) => g.id < 0)).toBe(false);
  });
});

describe('what leaves the outbox', () => {
  it('matches the contract: entries, summary, receipts and event payloads', () => {
    const { outbox, events, cleaning, bookings } = setup();
    const receipts = outbox.enqueue('cleaning.updateMany', {
      items: cleaning.slice(0, 2).map((id) => ({ id, changes: { status: 1 } })),
    }) as unknown[];
    outbox.enqueue('guests.create', { bookingNumber: bookings[0], guest: { name: 'C', lastname: 'D' } });
    outbox.enqueue('cleaning.delete', { id: cleaning[3] });
    for (const r of receipts) expect(editReceipt.safeParse(r).success).toBe(true);
    const listed = outbox.list();
    expect(listed).toHaveLength(4);
    expect(listed.map((e) => e.id)).toEqual([...listed.map((e) => e.id)].sort((a, b) => b - a)); // newest first
    for (const e of listed) expect(outboxEntry.strict().safeParse(e).error).toBeUndefined();
    expect(outboxSummary.strict().parse(outbox.summary())).toMatchObject({ unsent: 4, pending: 4 });
    for (const e of events)
      expect(EVENTS[e.name as 'outbox.changed'].payload.safeParse(e.payload).error).toBeUndefined();
  });
});

describe('recognising a create on the server', () => {
  it('by content: a message the server stored trimmed is still mine; another text is not', () => {
    const fp = fingerprintOf('messages', { thread_id: 5, message: '  Check-in   from 16:00 ' });
    expect(fp).toEqual({ message: 'Check-in from 16:00' });
    expect(matches('messages', { id: 1, thread_id: null, message: 'Check-in from 16:00' }, fp)).toBe(true);
    expect(matches('messages', { id: 2, thread_id: 5, message: 'Check-in from 17:00' }, fp)).toBe(false);
    const guest = fingerprintOf('guests', { name: 'Ana', lastname: 'Puig', nationality: 73 });
    expect(matches('guests', { id: 3, name: 'Ana', lastname: 'Puig', nationality: 'Spain' }, guest)).toBe(true);
  });
});

describe('recovery and stored rows', () => {
  it('an entry a crash left sending becomes unknown (to be checked by reading back) on the next start', () => {
    const { db, outbox, client, cleaning } = setup();
    const { entryId } = outbox.enqueue('cleaning.update', { id: cleaning[0], changes: { notes: 'in flight' } }) as {
      entryId: number;
    };
    db.run(`UPDATE outbox SET state = 'sending' WHERE id = ?`, [entryId]);
    const restarted = new Outbox({ db, client });
    expect(restarted.list()[0]).toMatchObject({ id: entryId, state: 'unknown' });
    expect(getCleaning(db, cleaning[0]!)!.outbox).toMatchObject({ state: 'unknown' });
  });

  it('a damaged row is reported, never trusted', () => {
    const row = { id: 9, operation: 'cleaning.update', kind: 'update', resource: 'cleaning', record_id: 1 };
    expect(() => parseEntry(row)).toThrow(DamagedEntryError);
    expect(() => parseEntry(row)).toThrow(/entry 9 is damaged/);
  });
});
