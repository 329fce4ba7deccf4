import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boardDay as boardDaySchema,
  bookingDetail,
  calendarRange as calendarSchema,
  searchResult,
} from '../../../shared/contract';
import {
  bookingRead,
  cleaningRead,
  customerRead,
  incidentRead,
  listingRead,
  maintenanceRead,
} from '../../../shared/api';
import { openCache, type WritableDB } from '../db';
import { CACHE_MIGRATIONS } from '../schema';
import { bookingsTable, cleaningTable, customersTable, listingsTable, maintenanceTable } from '../tables';
import { VERSIONED_TABLES } from '../versions';
import { filledAt } from '../testing/filled-at';
import { loadHost, makeHost, storeWire } from '../testing/fixtures';
import { upsertRecords } from '../write';
import { setOutboxMark } from '../overlay';
import { upsertIncidents } from '../write-compound';
import { boardDay } from './board';
import { getBookingDetail, listBookings } from './bookings';
import { calendarRange } from './calendar';
import { getListingDetail, listListings } from './listings';
import { highlight, search } from './search';
import { listCleaning, listIncidents } from './tasks';

const D = '2026-06-10';

/** A small hand-made day: listing 1 turns over (departure, cleaning, arrival), listing 2 only has an arrival, 3 is idle. */
function dayFixture(db: WritableDB = openCache({ path: ':memory:' })): WritableDB {
  storeWire(db, listingsTable, listingRead, [
    { id: 1, name: 'Casa Azul', city: 'Sitges', checkinfrom: '15:00', checkout: '11:00' },
    { id: 2, name: 'Àtic Verd', city: 'Girona', checkinfrom: '16:00' },
    { id: 3, name: 'Loft Idle', city: 'Sitges' },
  ]);
  storeWire(db, bookingsTable, bookingRead, [
    { booking_number: 10, listing_id: 1, start_date: '2026-06-05', end_date: D, state: 3, departure_time: '10:00' },
    {
      booking_number: 11,
      listing_id: 1,
      start_date: D,
      end_date: '2026-06-12',
      state: 3,
      arrival_time: '17:00',
      adults: 2,
    },
    { booking_number: 12, listing_id: 2, start_date: D, end_date: '2026-06-11', state: 6 },
    { booking_number: 13, listing_id: 3, start_date: D, end_date: '2026-06-11', state: 1 }, // cancelled: not on the board
    { booking_number: 14, listing_id: 3, start_date: '2026-06-01', end_date: '2026-06-20', state: 3 },
  ]);
  storeWire(db, cleaningTable, cleaningRead, [
    { id: 100, listing_id: 1, booking_id: 10, date: D, status: 2, inspected: 1, time: '11:30', notes: 'Keys in box' },
  ]);
  storeWire(db, maintenanceTable, maintenanceRead, [
    { id: 200, listing_id: 1, booking_id: 10, date: D, type: 1, inspected: true },
  ]);
  upsertIncidents(
    db,
    [
      {
        id: 300,
        priority: 4,
        date: '2026-06-09 08:00:00',
        note: 'No hot water',
        properties: [{ listing_id: 2, finished: 0 }],
      },
      {
        id: 301,
        priority: 2,
        date: '2026-06-01 08:00:00',
        note: 'Fixed',
        properties: [{ listing_id: 1, finished: 1 }],
      },
      {
        id: 302,
        priority: 3,
        date: '2026-06-30 08:00:00',
        note: 'Later',
        properties: [{ listing_id: 1, finished: 0 }],
      },
    ].map((raw) => ({ value: incidentRead.parse(raw), raw })),
  );
  return db;
}

/** Runs `fn` with a fresh folder, removed after whatever happens. */
function inTempDir(prefix: string, fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('boardDay', () => {
  it('lists per listing departures → cleaning → maintenance → arrivals, open incidents and readiness', () => {
    const db = dayFixture();
    const board = boardDay(db, { date: D });
    expect(() => boardDaySchema.parse(board)).not.toThrow();
    expect(board.rows.map((r) => r.listing.name)).toEqual(['Àtic Verd', 'Casa Azul']);
    const casa = board.rows.find((r) => r.listing.id === 1)!;
    expect(casa.departures.map((b) => b.booking_number)).toEqual([10]);
    expect(casa.cleaning.map((c) => c.id)).toEqual([100]);
    expect(casa.maintenance.map((m) => m.id)).toEqual([200]);
    expect(casa.arrivals.map((b) => b.booking_number)).toEqual([11]);
    expect(casa.incidents).toEqual([]); // 301 finished, 302 reported later
    expect(casa.readiness).toEqual({ ready: true, blockers: [] });
    const atic = board.rows.find((r) => r.listing.id === 2)!;
    expect(atic.incidents.map((i) => i.id)).toEqual([300]);
    expect(atic.readiness).toEqual({ ready: false, blockers: ['no_cleaning_task', 'urgent_incident'] });
    expect(board.totals).toEqual({
      listings: 2,
      departures: 1,
      arrivals: 2,
      cleaningOpen: 0,
      notInspected: 0,
      incidentsOpen: 1,
      readyForCheckin: 1,
    });
  });

  it('applies the screen filters and can show idle listings', () => {
    const db = dayFixture();
    expect(boardDay(db, { date: D, city: 'sitges' }).rows.map((r) => r.listing.id)).toEqual([1]);
    expect(boardDay(db, { date: D, hasIncident: true }).rows.map((r) => r.listing.id)).toEqual([2]);
    expect(boardDay(db, { date: D, cleaningStatus: [0] }).rows).toEqual([]);
    const all = boardDay(db, { date: D, onlyActive: false });
    expect(all.rows.map((r) => r.listing.id)).toEqual([2, 1, 3]);
  });

  it('carries of a booking what the board shows, read from its columns', () => {
    const db = dayFixture();
    const casa = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
    expect(casa.arrivals).toEqual([
      {
        booking_number: 11,
        adults: 2,
        children: 0,
        arrival_time: '17:00',
        departure_time: null,
        outbox: null,
        customer_name: null,
        guests_registered: 0,
        overbooked: false,
      },
    ]);
    expect(casa.departures[0]).toMatchObject({ booking_number: 10, departure_time: '10:00' });
    // A later version (from sync or a local edit: both write through the table spec) updates the columns.
    upsertRecords(db, bookingsTable, [
      {
        value: bookingRead.parse({
          booking_number: 11,
          listing_id: 1,
          start_date: D,
          end_date: '2026-06-12',
          state: 3,
          arrival_time: '18:30',
          adults: 3,
          children: 1,
        }),
        raw: {},
      },
    ]);
    setOutboxMark(db, bookingsTable, 11, { state: 'pending', entryIds: [7], fields: ['arrival_time'] });
    const again = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
    expect(again.arrivals[0]).toMatchObject({ arrival_time: '18:30', adults: 3, children: 1 });
    expect(again.arrivals[0]!.outbox).toEqual({ state: 'pending', entryIds: [7], fields: ['arrival_time'] });
  });

  it('builds tasks from their columns, as the board shows them', () => {
    const db = dayFixture();
    upsertRecords(db, cleaningTable, [
      {
        value: cleaningRead.parse({
          id: 101,
          listing_id: 1,
          booking_id: 10,
          date: D,
          status: 1,
          inspected: 0,
          time: '12:00',
          duration: '02:30',
          notes: 'Bring towels',
        }),
        raw: { id: 101 },
      },
    ]);
    const casa = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
    // What the board shows of the stored task (its whole record is read when its page opens).
    const stored = (id: number) => {
      const { status, time, duration, inspected, notes, outbox } = listCleaning(db, { from: D, to: D }).find(
        (t) => t.id === id,
      )!;
      return { id, status, time, duration, inspected, notes, outbox };
    };
    expect(casa.cleaning).toEqual([stored(100), stored(101)]);
    expect(casa.cleaning[1]).toMatchObject({
      duration: '02:30',
      notes: 'Bring towels',
      inspected: false,
      time: '12:00',
    });
    expect(casa.maintenance).toEqual([
      {
        id: 200,
        type: 1,
        hour: null,
        inspected: true,
        notes: '',
        outbox: null,
      },
    ]);
  });

  it('reads the board columns of bookings cached before they existed (migration 004 fills them)', () => {
    inTempDir('stayboard-board-', (dir) => {
      const path = join(dir, 'cache.db');
      filledAt(CACHE_MIGRATIONS.slice(0, 3), path, dir, (db) => dayFixture(db)).close();
      const db = openCache({ path });
      const casa = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
      // (migrations 004 and 008 fill them)
      expect(casa.arrivals[0]).toMatchObject({ booking_number: 11, arrival_time: '17:00', adults: 2, children: 0 });
      expect(casa.cleaning[0]).toMatchObject({ id: 100, time: '11:30', notes: 'Keys in box' });
      expect(casa.departures[0]).toMatchObject({ booking_number: 10, departure_time: '10:00' });
      db.close();
    });
  });

  it('shows a pending local change on the task it belongs to', () => {
    const db = dayFixture();
    setOutboxMark(db, cleaningTable, 100, { state: 'pending', entryIds: [1], fields: ['status'] });
    const casa = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
    expect(casa.cleaning[0]!.outbox).toEqual({ state: 'pending', entryIds: [1], fields: ['status'] });
  });
});

describe('bookings', () => {
  it('lists overlapping stays (long ones that started long before too), arrivals and departures', () => {
    const db = dayFixture();
    const over = listBookings(db, { from: D, to: D });
    expect(over.map((b) => b.booking_number).sort()).toEqual([10, 11, 12, 13, 14]);
    expect(listBookings(db, { from: D, to: D, kind: 'arrivals', states: [3] }).map((b) => b.booking_number)).toEqual([
      11,
    ]);
    expect(listBookings(db, { from: D, to: D, kind: 'departures' }).map((b) => b.booking_number)).toEqual([10]);
    expect(
      listBookings(db, { from: '2026-06-13', to: '2026-06-30', listingIds: [3] }).map((b) => b.booking_number),
    ).toEqual([14]);
    expect(over.find((b) => b.booking_number === 11)).toMatchObject({
      listing_name: 'Casa Azul',
      guests_registered: 0,
    });
  });

  it('gives the booking detail with its tasks', () => {
    const db = dayFixture();
    const detail = getBookingDetail(db, 10)!;
    expect(() => bookingDetail.parse(detail)).not.toThrow();
    expect(detail.listing?.name).toBe('Casa Azul');
    expect(detail.cleaning.map((c) => c.id)).toEqual([100]);
    expect(getBookingDetail(db, 999)).toBeNull();
  });
});

describe('other reads', () => {
  it('filters listings by the start of a word of the name or city', () => {
    const db = dayFixture();
    expect(listListings(db, { text: 'azu' }).map((l) => l.id)).toEqual([1]);
    expect(listListings(db, { text: 'sitg' }).map((l) => l.id)).toEqual([1, 3]);
    expect(listListings(db, { text: '100%' })).toEqual([]);
    expect(getListingDetail(db, 1)?.listing.name).toBe('Casa Azul');
  });

  it('filters tasks and incidents by window, listing and state', () => {
    const db = dayFixture();
    expect(listCleaning(db, { from: D, to: D, inspected: true }).map((c) => c.id)).toEqual([100]);
    expect(listIncidents(db, { from: '2026-06-01', to: '2026-06-30' }).map((i) => i.id)).toEqual([300, 302, 301]);
    expect(
      listIncidents(db, { from: '2026-06-01', to: '2026-06-30', open: true, listingIds: [1] }).map((i) => i.id),
    ).toEqual([302]);
  });

  it('builds the calendar of a window', () => {
    const db = dayFixture();
    const cal = calendarRange(db, { from: '2026-06-11', to: '2026-06-11', listingIds: [1, 3] });
    expect(() => calendarSchema.parse(cal)).not.toThrow();
    // departure day counts: 13 leaves on the 11th
    expect(cal.bookings.map((b) => b.booking_number).sort()).toEqual([11, 13, 14]);
  });
});

describe('search', () => {
  it('finds guests, booking numbers, listings and messages by word prefixes, accents ignored', () => {
    const db = openCache({ path: ':memory:' });
    const host = makeHost({ listings: 3, bookingsPerListing: 5, start: '2026-01-01' });
    loadHost(db, host, { bundles: 5, threads: 2 });
    const first = host.bookings[0]!['booking_number'] as number;
    const r = search(db, { text: String(first) });
    expect(() => searchResult.parse(r)).not.toThrow();
    expect(r.hits[0]).toMatchObject({ kind: 'booking', id: first, bookingNumber: first });
    expect(search(db, { text: 'gracies' }).hits.map((h) => h.kind)).toContain('message');
    const keyHit = search(db, { text: 'key box' }).hits[0]!;
    expect(keyHit.kind).toBe('message');
    expect(keyHit.ranges.map(([a, b]) => keyHit.snippet.slice(a, b).toLowerCase())).toEqual(['key', 'box']);
    const people = search(db, { text: 'ana', kinds: ['customer', 'guest'] }).hits;
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((h) => (h.kind === 'customer' || h.kind === 'guest') && h.bookingNumber !== null)).toBe(true);
    expect(search(db, { text: '   ' }).hits).toEqual([]);
    expect(search(db, { text: '"AND OR NEAR(' }).hits).toEqual([]);
  });
});

describe('document numbers', () => {
  it('find guests and customers, also in a cache filled before the index had them', () => {
    inTempDir('stayboard-docs-', (dir) => {
      const path = join(dir, 'cache.db');
      const host = makeHost({ listings: 2, bookingsPerListing: 3, start: '2026-01-01' });
      const old = filledAt(CACHE_MIGRATIONS.slice(0, 1), path, dir, (db) => loadHost(db, host, { bundles: 3 }));
      const n = host.bookings[1]!['booking_number'] as number;
      expect(search(old, { text: `PA${n * 10 + 1}` }).hits).toEqual([]);
      old.close();

      const db = openCache({ path });
      const guest = search(db, { text: `pa${n * 10 + 1}` }).hits;
      expect(guest.map((h) => [h.kind, h.id])).toEqual([['guest', n * 10 + 1]]);
      expect(guest[0]!.snippet).toContain(`PA${n * 10 + 1}`);
      const customer = search(db, { text: `Y${String(n).padStart(7, '0')}K` }).hits;
      expect(customer.map((h) => [h.kind, h.bookingNumber])).toEqual([['customer', n]]);
      db.close();
    });
  });
});

describe('booking numbers', () => {
  it('are found by their leading digits, closest first, without the text index', () => {
    const db = openCache({ path: ':memory:' });
    const b = (n: number) => ({
      booking_number: n,
      listing_id: 1,
      start_date: '2026-01-01',
      end_date: '2026-01-02',
      state: 3,
    });
    upsertRecords(
      db,
      bookingsTable,
      [10, 1042, 1099, 2010, 105].map((n) => ({ value: bookingRead.parse(b(n)), raw: b(n) })),
    );
    expect(search(db, { text: '10' }).hits.map((h) => h.id)).toEqual([10, 105, 1042, 1099]);
    expect(search(db, { text: '10', limit: 2 }).hits.map((h) => h.id)).toEqual([10, 105]);
    expect(search(db, { text: '10', kinds: ['guest'] }).hits).toEqual([]);
    expect(search(db, { text: '010' }).hits).toEqual([]);
  });
});

describe('highlight', () => {
  it('marks words that start with a query word, accents and case ignored, and cuts long texts around the first match', () => {
    expect(highlight('Núria García', ['garc'])).toEqual({ text: 'Núria García', ranges: [[6, 12]] });
    const long = `${'x '.repeat(100)}the Àtic key is under the mat ${'y '.repeat(100)}`;
    const h = highlight(long, ['atic', 'KEY']);
    expect(h.text.startsWith('…') && h.text.endsWith('…')).toBe(true);
    expect(h.ranges.map(([a, b]) => h.text.slice(a, b))).toEqual(['Àtic', 'key']);
  });
});

describe('customer names on bookings (migration 007)', () => {
  it('follow the customer whichever arrives first, renames, a changed customer and a removed one', () => {
    const db = dayFixture();
    const name = (n: number) =>
      db.get<{ c: string | null }>('SELECT customer_name AS c FROM bookings WHERE booking_number = ?', [n])!.c;
    const customer = (id: number, first: string, last: string) =>
      upsertRecords(db, customersTable, [
        { value: customerRead.parse({ id, name: first, lastname: last }), raw: { id, first, last } },
      ]);
    const booking = (n: number, customerId: number) =>
      upsertRecords(db, bookingsTable, [
        {
          value: bookingRead.parse({
            booking_number: n,
            listing_id: 1,
            start_date: D,
            end_date: '2026-06-12',
            state: 3,
            customer_id: customerId,
          }),
          raw: { n, customerId },
        },
      ]);
    booking(11, 500); // the booking first: its customer is not cached yet
    expect(name(11)).toBeNull();
    customer(500, 'Ana', 'Puig');
    expect(name(11)).toBe('Ana Puig');
    const casa = () => boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!;
    expect(casa().arrivals[0]!.customer_name).toBe('Ana Puig');
    customer(500, 'Ana', 'Puig Serra');
    expect(casa().arrivals[0]!.customer_name).toBe('Ana Puig Serra');
    expect(
      listBookings(db, { from: D, to: D, kind: 'arrivals' }).find((b) => b.booking_number === 11)!.customer_name,
    ).toBe('Ana Puig Serra');
    customer(501, 'Joan', 'Vidal'); // the customer first
    booking(11, 501);
    expect(name(11)).toBe('Joan Vidal');
    expect(
      calendarRange(db, { from: D, to: D, listingIds: [1] }).bookings.find((b) => b.booking_number === 11)!
        .customer_name,
    ).toBe('Joan Vidal');
    db.run('DELETE FROM customers WHERE id = 501');
    expect(name(11)).toBeNull();
  });

  it('are filled for bookings and customers cached before the column existed', () => {
    inTempDir('stayboard-names-', (dir) => {
      const path = join(dir, 'cache.db');
      filledAt(CACHE_MIGRATIONS.slice(0, 6), path, dir, (db) => {
        dayFixture(db);
        upsertRecords(db, customersTable, [
          { value: customerRead.parse({ id: 700, name: 'Marta', lastname: 'Soler' }), raw: {} },
        ]);
        db.run('UPDATE bookings SET customer_id = 700 WHERE booking_number = 11');
      }).close();
      const db = openCache({ path });
      expect(db.get<{ c: string }>('SELECT customer_name AS c FROM bookings WHERE booking_number = 11')!.c).toBe(
        'Marta Soler',
      );
      db.close();
    });
  });
});

describe('in-memory copies kept by table versions (migration 006)', () => {
  it('every versioned table has its counter', () => {
    const db = openCache({ path: ':memory:' });
    expect(db.pluck<string>('SELECT name FROM table_versions ORDER BY name')).toEqual([...VERSIONED_TABLES].sort());
  });

  it('the board sees a renamed listing and a newly opened or finished incident at once', () => {
    const db = dayFixture();
    expect(boardDay(db, { date: D }).rows.map((r) => r.listing.name)).toEqual(['Àtic Verd', 'Casa Azul']);
    upsertRecords(db, listingsTable, [
      { value: listingRead.parse({ id: 1, name: 'Casa Blava', city: 'Sitges' }), raw: { renamed: true } },
    ]);
    expect(boardDay(db, { date: D }).rows.map((r) => r.listing.name)).toEqual(['Àtic Verd', 'Casa Blava']);
    const incident = (finished: number) =>
      upsertIncidents(db, [
        {
          value: incidentRead.parse({
            id: 303,
            priority: 1,
            date: '2026-06-10 07:00:00',
            note: 'Leak',
            properties: [{ listing_id: 1, finished }],
          }),
          raw: { finished },
        },
      ]);
    incident(0);
    expect(
      boardDay(db, { date: D })
        .rows.find((r) => r.listing.id === 1)!
        .incidents.map((i) => i.id),
    ).toEqual([303]);
    incident(1);
    expect(boardDay(db, { date: D }).rows.find((r) => r.listing.id === 1)!.incidents).toEqual([]);
    // A read inside a transaction that is then rolled back leaves nothing behind to be served later.
    try {
      db.transaction((tx) => {
        upsertRecords(tx, listingsTable, [
          { value: listingRead.parse({ id: 1, name: 'Never', city: 'Sitges' }), raw: { never: true } },
        ]);
        expect(boardDay(tx, { date: D }).rows.map((r) => r.listing.name)).toContain('Never');
        throw new Error('roll back');
      });
    } catch {
      // rolled back
    }
    upsertRecords(db, listingsTable, [
      { value: listingRead.parse({ id: 3, name: 'Loft Quiet', city: 'Sitges' }), raw: { again: true } },
    ]);
    expect(boardDay(db, { date: D }).rows.map((r) => r.listing.name)).toEqual(['Àtic Verd', 'Casa Blava']);
    // What the board hands out is shared with later calls: it cannot be changed by a reader.
    const atic = boardDay(db, { date: D }).rows.find((r) => r.listing.id === 2)!;
    expect(() => {
      (atic.listing as { name: string }).name = 'x';
    }).toThrow(TypeError);
    expect(() => {
      (atic.incidents[0] as { note: string }).note = 'x';
    }).toThrow(TypeError);
  });
});
