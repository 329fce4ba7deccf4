import { describe, expect, it } from 'vitest';
import { bookingRead, customerBundleRead, type Booking } from '../../shared/api';
import { openCache } from './db';
import { getBooking, listGuests } from './queries/bookings';
import { search } from './queries/search';
import { quarantineCount, quarantineList } from './state';
import { bookingsTable } from './tables';
import { deleteMissing, quarantineRecords, releaseQuarantine, upsertRecords } from './write';
import { overlayRow, restoreServerVersion, serverText, setOutboxMark, writeLocal } from './overlay';
import { replaceBundleOfBooking } from './write-compound';

const wire = (n: number, extra: Record<string, unknown> = {}) => ({
  booking_number: n,
  listing_id: 1,
  start_date: '2026-03-01',
  end_date: '2026-03-04',
  state: 3,
  adults: 2,
  notes: 'first',
  ...extra,
});
const item = (raw: Record<string, unknown>) => ({ value: bookingRead.parse(raw), raw });
const MARK = { state: 'pending', entryIds: [7], fields: ['notes'] } as const;

describe('upsertRecords', () => {
  it('stores typed columns and the contract record, one form: no wire JSON beside a record without changes', () => {
    const db = openCache({ path: ':memory:' });
    const r = db.transaction(() =>
      upsertRecords(db, bookingsTable, [item(wire(1, { tourist_tax: '12,50', unknown_field: 'x' }))]),
    );
    expect(r).toEqual({ written: 1, changed: [1], keptLocal: 0 });
    const row = db.get<{ stay_days: number; raw: string; data: string }>('SELECT stay_days, raw, data FROM bookings');
    expect(row!.stay_days).toBe(3);
    expect(row!.raw).toBe('');
    const data = JSON.parse(row!.data) as Record<string, unknown>;
    expect(data['tourist_tax']).toBe(12.5);
    expect(data).not.toHaveProperty('unknown_field');
    expect(getBooking(db, 1)).toMatchObject({ booking_number: 1, notes: 'first', outbox: null });
  });

  it('does not rewrite a record the server sent unchanged', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(db, bookingsTable, [item(wire(1))]);
    expect(upsertRecords(db, bookingsTable, [item(wire(1))]).written).toBe(0);
    expect(upsertRecords(db, bookingsTable, [item(wire(1, { notes: 'second' }))]).changed).toEqual([1]);
  });

  it('keeps the optimistic version of a record with an unsent change and stores the server version aside', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(db, bookingsTable, [item(wire(1))]);
    const mine: Booking = { ...bookingRead.parse(wire(1)), notes: 'mine' };
    writeLocal(db, bookingsTable, mine, MARK);
    const r = upsertRecords(db, bookingsTable, [item(wire(1, { notes: 'theirs' }))]);
    expect(r).toEqual({ written: 0, changed: [], keptLocal: 1 });
    expect(getBooking(db, 1)).toMatchObject({ notes: 'mine', outbox: MARK });
    const row = db.get<{ raw: string; server_raw: string }>('SELECT raw, server_raw FROM bookings');
    // The base the edit was made against is the record as stored; the newer server version is kept as sent.
    expect(JSON.parse(row!.raw)).toEqual(JSON.parse(JSON.stringify(bookingsTable.record(bookingRead.parse(wire(1))))));
    expect(JSON.parse(row!.server_raw)).toEqual(wire(1, { notes: 'theirs' }));
    // Discarding the change brings the newest server version back.
    const newest = JSON.parse(serverText(overlayRow(db, bookingsTable, 1)!) as string) as Record<string, unknown>;
    restoreServerVersion(db, bookingsTable, 1, item(newest));
    expect(getBooking(db, 1)).toMatchObject({ notes: 'theirs', outbox: null });
    expect(db.get<{ server_raw: string | null }>('SELECT server_raw FROM bookings')!.server_raw).toBeNull();
    expect(db.get<{ raw: string }>('SELECT raw FROM bookings')!.raw).toBe('');
  });

  it('a row an earlier build wrote (its wire copy in raw): a change is made against that copy, and sync rewrites it lean', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(db, bookingsTable, [item(wire(1)), item(wire(2))]);
    const old = JSON.stringify(wire(1, { tourist_tax: '3,00' }));
    db.run(`UPDATE bookings SET raw = ?`, [old]);
    expect(serverText(overlayRow(db, bookingsTable, 1)!)).toBe(old);
    writeLocal(db, bookingsTable, { ...bookingRead.parse(wire(1)), notes: 'mine' }, MARK);
    expect(db.get<{ raw: string }>('SELECT raw FROM bookings WHERE booking_number = 1')!.raw).toBe(old);
    // The same record sent again: the unmarked row is rewritten without its copy; the marked one keeps its base.
    const r = upsertRecords(db, bookingsTable, [item(wire(1)), item(wire(2))]);
    expect(r).toMatchObject({ written: 1, changed: [2], keptLocal: 1 });
    expect(db.pluck('SELECT raw FROM bookings ORDER BY booking_number')).toEqual([old, '']);
    expect(upsertRecords(db, bookingsTable, [item(wire(2))]).written).toBe(0);
  });

  it('never stores card fields or passwords, at any depth', () => {
    const db = openCache({ path: ':memory:' });
    const raw = {
      user: {
        id: 9,
        name: 'Ana',
        lastname: 'Puig',
        card_number: '4111111111111111',
        card_cvv: '123',
        cardholder: 'ANA PUIG',
      },
      guests: [{ id: 1, name: 'Pau', lastname: 'Puig', card_expiration: '12/29' }],
    };
    replaceBundleOfBooking(db, 5, customerBundleRead.parse(raw), raw);
    const dump = JSON.stringify(db.all('SELECT * FROM customers')) + JSON.stringify(db.all('SELECT * FROM guests'));
    expect(dump).toContain('Ana');
    expect(dump).not.toMatch(/4111|card_|cardholder|"123"/);
    expect(listGuests(db, 5).map((g) => g.name)).toEqual(['Pau']);
  });
});

describe('deleteMissing', () => {
  it('deletes records a complete answer lacks, but keeps those with unsent changes', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(
      db,
      bookingsTable,
      [1, 2, 3].map((n) => item(wire(n))),
    );
    setOutboxMark(db, bookingsTable, 3, MARK);
    const gone = deleteMissing(db, bookingsTable, 'listing_id = ?', [1], new Set([1]));
    expect(gone).toEqual([2]);
    expect(db.pluck('SELECT booking_number FROM bookings ORDER BY 1')).toEqual([1, 3]);
  });

  it('removes the search entries of deleted records', () => {
    const db = openCache({ path: ':memory:' });
    upsertRecords(db, bookingsTable, [item(wire(4242))]);
    expect(search(db, { text: '4242' }).hits).toHaveLength(1);
    deleteMissing(db, bookingsTable, '1 = 1', [], new Set());
    expect(search(db, { text: '4242' }).hits).toHaveLength(0);
  });
});

describe('quarantine', () => {
  it('keeps junk with its error, counts repeats, and releases it when a valid version arrives', () => {
    const db = openCache({ path: ':memory:' });
    const junk = { booking_number: 77, start_date: 'soon' };
    quarantineRecords(db, 'bookings', 'listing:1', [{ raw: junk, error: 'start_date: not a date', key: '77' }], 1000);
    quarantineRecords(db, 'bookings', 'listing:1', [{ raw: junk, error: 'start_date: not a date', key: '77' }], 2000);
    quarantineRecords(db, 'bookings', 'listing:1', [{ raw: 'garbage', error: 'expected an object', key: null }], 2000);
    expect(quarantineCount(db)).toBe(2);
    const row = quarantineList(db).find((q) => q.record_key === '77')!;
    expect(row).toMatchObject({ times: 2, first_seen: 1000, last_seen: 2000, error: 'start_date: not a date' });
    expect(releaseQuarantine(db, 'bookings', [77])).toBe(1);
    expect(quarantineCount(db)).toBe(1);
  });
});
