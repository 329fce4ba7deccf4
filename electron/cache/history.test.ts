// History kept offline: what ended before the cut leaves this computer (never a record with an unsent
// change, nor a booking whose guests carry one), and the fetched windows are cut back with it, so an
// older day reads as missing — fetched on demand — rather than as an empty day.
import { describe, expect, it } from 'vitest';
import { openCache } from './db';
import { dropHistoryBefore, historyCut, olderHistory } from './history';
import { recordFetched } from './state';
import { loadHost, makeHost } from './testing/fixtures';
import { MIGRATIONS } from '../outbox/testing/rig';
import { coverageOf } from '../sync/coverage';

const GLOBAL = { globalLists: true, globalRates: true };

function setup() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 3, bookingsPerListing: 20, start: '2025-01-01', days: 700 }), {
    bundles: 20,
    threads: 20,
  });
  recordFetched(db, { resource: 'bookings', scope: 'all', win: '2025-01-01..2026-11-30', at: 1000, records: 1 });
  recordFetched(db, { resource: 'cleaning', scope: 'all', win: '2025-01-01..2025-06-30', at: 1000, records: 1 });
  return db;
}

const count = (db: ReturnType<typeof setup>, sql: string, params: (string | number)[] = []) =>
  db.get<{ n: number }>(`SELECT count(*) AS n FROM (${sql})`, params)!.n;

describe('history kept offline', () => {
  it('cuts on the same day months back, or the last day of a shorter month; everything keeps all', () => {
    expect(historyCut('2026-11-28', 12)).toBe('2025-11-28');
    expect(historyCut('2026-03-31', 1)).toBe('2026-02-28');
    expect(historyCut('2028-03-31', 1)).toBe('2028-02-29');
    expect(historyCut('2026-01-15', 3)).toBe('2025-10-15');
    expect(historyCut('2026-11-28', null)).toBeNull();
  });

  it('drops what ended before the cut in chunks, keeps unsent changes, and cuts the fetched windows back', () => {
    const db = setup();
    const cut = '2025-11-01';
    const old = db.pluck<number>('SELECT booking_number FROM bookings WHERE end_date < ? ORDER BY 1', [cut]);
    expect(old.length).toBeGreaterThan(5);
    expect(olderHistory(db, cut)).toMatchObject({ bookings: old.length });
    // An old booking edited here, and another whose guest was: both stay, with what belongs to them.
    const [edited, guestEdited] = old as [number, number];
    db.run(`UPDATE bookings SET outbox_mark = '{}' WHERE booking_number = ?`, [edited]);
    const guest = db.get<{ id: number }>('SELECT id FROM guests WHERE booking_number = ? LIMIT 1', [guestEdited]);
    expect(guest).toBeDefined();
    db.run(`UPDATE guests SET outbox_mark = '{}' WHERE id = ?`, [guest!.id]);
    const oldTasks = count(db, 'SELECT 1 FROM cleaning WHERE date < ?', [cut]);
    expect(oldTasks).toBeGreaterThan(0);
    const keptNow = count(db, 'SELECT 1 FROM bookings WHERE end_date >= ?', [cut]);
    // Customers of old bookings: one also the customer of a booking kept, one changed here; the rest go.
    const customerOf = (n: number) =>
      db.get<{ id: number }>('SELECT customer_id AS id FROM bookings WHERE booking_number = ?', [n])!.id;
    const oldCustomers = db.pluck<number>(
      'SELECT id FROM customers WHERE id IN (SELECT customer_id FROM bookings WHERE end_date < ?) ORDER BY 1',
      [cut],
    );
    expect(oldCustomers.length).toBeGreaterThan(4);
    const [shared, changed] = oldCustomers.filter((c) => c !== customerOf(edited) && c !== customerOf(guestEdited)) as [
      number,
      number,
    ];
    const kept = db.pluck<number>('SELECT booking_number FROM bookings WHERE end_date >= ? LIMIT 1', [cut])[0]!;
    db.run('UPDATE bookings SET customer_id = ? WHERE booking_number = ?', [shared, kept]);
    db.run(`UPDATE customers SET outbox_mark = '{}' WHERE id = ?`, [changed]);

    // A clock that moves a millisecond each time it is read: a chunk of 3 ms ends after a few batches.
    let ms = 0;
    const chunk = { budgetMs: 3, batch: 2, now: () => ms++ };
    let chunks = 0;
    for (let r = dropHistoryBefore(db, cut, chunk); ; r = dropHistoryBefore(db, cut, chunk)) {
      chunks++;
      if (!r.more) break;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(db.pluck('SELECT booking_number FROM bookings WHERE end_date < ? ORDER BY 1', [cut])).toEqual(
      [edited, guestEdited].sort((a, b) => a - b),
    );
    expect(count(db, 'SELECT 1 FROM guests WHERE booking_number = ?', [guestEdited])).toBeGreaterThan(0);
    expect(count(db, 'SELECT 1 FROM bookings WHERE end_date >= ?', [cut])).toBe(keptNow);
    expect(count(db, 'SELECT 1 FROM cleaning WHERE date < ?', [cut])).toBe(0);
    // Nothing of a dropped booking is left behind, in the tables or the search index.
    const dropped = old.filter((n) => n !== edited && n !== guestEdited);
    const placeholders = dropped.map(() => '?').join(',');
    for (const t of ['guests', 'threads', 'messages'])
      expect(count(db, `SELECT 1 FROM ${t} WHERE booking_number IN (${placeholders})`, dropped), t).toBe(0);
    expect(count(db, 'SELECT 1 FROM search WHERE rowid % 8 = 4 AND rowid / 8 NOT IN (SELECT id FROM guests)')).toBe(0);
    expect(
      db.pluck('SELECT id FROM customers WHERE id IN (SELECT value FROM json_each(?)) ORDER BY 1', [
        JSON.stringify(oldCustomers),
      ]),
    ).toEqual(
      [customerOf(edited), customerOf(guestEdited), shared, changed]
        .filter((c) => oldCustomers.includes(c))
        .sort((a, b) => a - b),
    );
    expect(count(db, 'SELECT 1 FROM search WHERE rowid % 8 = 3 AND rowid / 8 NOT IN (SELECT id FROM customers)')).toBe(
      0,
    );

    // The windows: the bookings' now starts at the cut; the cleaning window wholly before it is gone.
    expect(db.pluck<string>("SELECT win FROM sync_state WHERE resource IN ('bookings', 'cleaning')")).toEqual([
      `${cut}..2026-11-30`,
    ]);
    const before = { kind: 'window', resource: 'bookings', from: '2025-06-01', to: '2025-06-07', listingIds: null };
    const after = { kind: 'window', resource: 'bookings', from: '2026-01-01', to: '2026-01-07', listingIds: null };
    expect(coverageOf(db, [before as never], GLOBAL).complete).toBe(false);
    expect(coverageOf(db, [after as never], GLOBAL).complete).toBe(true);
  });

  it("drops the daily rows of a listing's or a rate's old windows by their key, and cuts those windows", () => {
    const db = setup();
    const cut = '2025-11-01';
    for (const date of ['2025-10-30', '2025-10-31', '2025-11-01', '2025-11-02'])
      for (const listing of [1, 2]) {
        db.run('INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES (?, ?, 0, 1, 1)', [
          listing,
          date,
        ]);
        db.run('INSERT INTO prices (rate_id, date, price, active, cta, ctd) VALUES (?, ?, 80, 1, 0, 0)', [
          listing + 10,
          date,
        ]);
      }
    // Listing 1 and rate 11 were fetched across the cut; listing 2 and rate 12 only after it.
    recordFetched(db, {
      resource: 'availability',
      scope: 'listing:1',
      win: '2025-10-01..2026-10-01',
      at: 5,
      records: 1,
    });
    recordFetched(db, {
      resource: 'availability',
      scope: 'listing:2',
      win: '2025-11-01..2026-11-01',
      at: 5,
      records: 1,
    });
    recordFetched(db, { resource: 'prices', scope: 'rate:11', win: '2025-10-30..2025-10-31', at: 5, records: 1 });
    while (dropHistoryBefore(db, cut).more);
    expect(db.all('SELECT listing_id, date FROM availability ORDER BY 1, 2')).toEqual([
      { listing_id: 1, date: '2025-11-01' },
      { listing_id: 1, date: '2025-11-02' },
      // Never fetched before the cut by a window here (sync's windows start today): left as they are.
      { listing_id: 2, date: '2025-10-30' },
      { listing_id: 2, date: '2025-10-31' },
      { listing_id: 2, date: '2025-11-01' },
      { listing_id: 2, date: '2025-11-02' },
    ]);
    expect(db.pluck('SELECT date FROM prices WHERE rate_id = 11 ORDER BY 1')).toEqual(['2025-11-01', '2025-11-02']);
    expect(
      db.all("SELECT resource, scope, win FROM sync_state WHERE resource IN ('availability', 'prices') ORDER BY 1, 2"),
    ).toEqual([
      { resource: 'availability', scope: 'listing:1', win: '2025-11-01..2026-10-01' },
      { resource: 'availability', scope: 'listing:2', win: '2025-11-01..2026-11-01' },
    ]);
  });

  it("looks at its time after each owner's old days (a listing's year of them can be hundreds of rows)", () => {
    const db = setup();
    const cut = '2025-11-01';
    while (dropHistoryBefore(db, cut).more); // the bookings and the tasks first
    for (const listing of [1, 2, 3]) {
      for (const date of ['2025-10-30', '2025-10-31'])
        db.run('INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES (?, ?, 0, 1, 0)', [
          listing,
          date,
        ]);
      recordFetched(db, {
        resource: 'availability',
        scope: `listing:${listing}`,
        win: '2025-10-01..2026-10-01',
        at: 5,
        records: 1,
      });
    }
    const perChunk: number[] = [];
    for (let r = dropHistoryBefore(db, cut, { maxRows: 1 }); ; r = dropHistoryBefore(db, cut, { maxRows: 1 })) {
      perChunk.push(r.dropped.availability ?? 0);
      if (!r.more) break;
    }
    expect(perChunk.filter((n) => n > 0)).toEqual([2, 2, 2]);
    expect(db.pluck('SELECT count(*) FROM availability WHERE date < ?', [cut])).toEqual([0]);
  });
});
