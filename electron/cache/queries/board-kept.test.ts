// The day board keeps the days it read and re-reads only the listings a
// change touched (board.ts, cache/touched.ts). What it answers must be, after
// any sequence of writes, exactly what reading the day whole answers: here a
// seeded run of every kind of write the board depends on — bookings (moved
// between listings and dates, cancelled), guests, tasks, a multi-unit
// listing's free units, incidents, listings, a rolled-back transaction and
// another connection's commit — each followed by the kept answer compared
// with a whole read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingRead, cleaningRead, incidentRead, listingRead, maintenanceRead } from '../../../shared/api';
import { openCache, type WritableDB } from '../db';
import { bookingsTable, cleaningTable, listingsTable, maintenanceTable } from '../tables';
import { prng, storeWire } from '../testing/fixtures';
import { touchPoint, touchedBetween } from '../touched';
import { upsertIncidents } from '../write-compound';
import {
  DAYS_KEPT,
  REREAD_WHOLE_DAY_AT,
  boardDay,
  boardDayPart,
  boardDayWhole,
  boardDayWindows,
  type BoardFilter,
  type BoardPart,
} from './board';
import { listingDirectory } from './board-memos';
import { addDays } from './common';

const D = '2026-06-10';
const DATES = [addDays(D, -1), D, addDays(D, 1)];
const FILTERS: Omit<BoardFilter, 'date'>[] = [
  {},
  { onlyActive: false },
  { city: 'sitges' },
  { hasIncident: true },
  { cleaningStatus: [0, 1] },
  { inspected: false },
];
const LISTINGS = 6;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDb(): { path: string; db: WritableDB } {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-board-kept-'));
  dirs.push(dir);
  const path = join(dir, 'cache.db');
  return { path, db: openCache({ path }) };
}

function listings(db: WritableDB, renamed = ''): void {
  storeWire(
    db,
    listingsTable,
    listingRead,
    Array.from({ length: LISTINGS }, (_, i) => ({
      id: i + 1,
      name: `Listing ${String.fromCharCode(70 - i)}${renamed}`,
      city: i % 2 ? 'Sitges' : 'Girona',
      checkinfrom: '15:00',
      checkout: '11:00',
      ...(i === 0 ? { mu: 1 } : {}),
    })),
  );
}

/** What reading the day whole answers. */
const wholeRead = (db: WritableDB, f: BoardFilter) => boardDayWhole(db, f);

function expectSameAsWholeRead(db: WritableDB, step: string): void {
  for (const date of DATES)
    for (const extra of FILTERS) {
      const f = { date, ...extra };
      expect(boardDay(db, f), `${step}: ${JSON.stringify(f)}`).toEqual(wholeRead(db, f));
    }
}

/**
 * Every kind of write the board depends on, each a random one of its kind
 * (listing 1, the multi-unit one, picked more often so its stays overlap and
 * its free units matter); `other` is a second connection on the same file.
 */
function randomWrites(db: WritableDB, other: WritableDB, rnd: () => number): [string, () => void][] {
  const int = (n: number) => Math.floor(rnd() * n);
  const listingId = () => (rnd() < 0.3 ? 1 : 1 + int(LISTINGS));
  const date = () => addDays(D, int(5) - 2);
  listings(db);
  let nextBooking = 1;
  let nextTask = 1;
  let nextGuest = 1;
  let nextIncident = 1;
  const booking = (n = nextBooking++, on = db) => {
    const start = date();
    storeWire(on, bookingsTable, bookingRead, [
      {
        booking_number: n,
        listing_id: listingId(),
        start_date: start,
        end_date: addDays(start, int(3)),
        state: [1, 3, 6][int(3)],
        arrival_time: ['15:00', '18:30', null][int(3)],
        departure_time: ['10:00', '16:00', null][int(3)],
        adults: 1 + int(4),
      },
    ]);
  };
  const cleaning = (id = nextTask++) =>
    storeWire(db, cleaningTable, cleaningRead, [
      { id, listing_id: listingId(), date: date(), status: int(3), inspected: int(2), time: null },
    ]);
  const maintenance = (id = nextTask++) =>
    storeWire(db, maintenanceTable, maintenanceRead, [
      { id, listing_id: listingId(), date: date(), type: 1, inspected: rnd() < 0.5 },
    ]);
  const writes: [string, () => void][] = [
    ['a new booking', () => booking()],
    ['a booking changed (maybe moved to another listing or day)', () => booking(1 + int(nextBooking - 1))],
    ['a booking deleted', () => db.run('DELETE FROM bookings WHERE booking_number = ?', [1 + int(nextBooking)])],
    ['a new cleaning task', () => cleaning()],
    ['a cleaning task changed', () => cleaning(1 + int(nextTask))],
    ['a new maintenance task', () => maintenance()],
    ['a task deleted', () => db.run('DELETE FROM cleaning WHERE id = ?', [1 + int(nextTask)])],
    [
      'a guest registered',
      () =>
        db.run(
          `INSERT INTO guests (id, booking_number, name, lastname, email, data, raw) VALUES (?, ?, 'A', 'B', '', '{}', '{}')`,
          [nextGuest++, 1 + int(nextBooking)],
        ),
    ],
    ['a guest moved to another booking', () => db.run('UPDATE guests SET booking_number = booking_number + 1')],
    [
      "the multi-unit listing's free units",
      () =>
        db.run(
          `INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES (1, ?, 0, ?, 1)
           ON CONFLICT DO UPDATE SET available = excluded.available`,
          [date(), int(3)],
        ),
    ],
    [
      'an incident',
      () =>
        upsertIncidents(db, [
          {
            value: incidentRead.parse({
              id: nextIncident++,
              priority: 1 + int(4),
              date: `${date()} 09:00:00`,
              note: 'n',
              properties: [{ listing_id: listingId(), finished: int(2) }],
            }),
            raw: {},
          },
        ]),
    ],
    ['the listings renamed (their order changes)', () => listings(db, String(int(9)))],
    [
      'a rolled-back transaction',
      () =>
        expect(() =>
          db.transaction(() => {
            booking();
            cleaning();
            throw new Error('undone');
          }),
        ).toThrow('undone'),
    ],
    ["another connection's commit", () => booking(1 + int(nextBooking - 1), other)],
    [
      'a read inside a transaction (nothing kept from it)',
      () =>
        db.transaction(() => {
          cleaning();
          expect(boardDay(db, { date: D })).toEqual(wholeRead(db, { date: D }));
        }),
    ],
  ];
  return writes;
}

describe('the day board kept between reads', () => {
  it('answers after every kind of write what a whole read answers', () => {
    const { path, db } = tempDb();
    const other = openCache({ path });
    try {
      const rnd = prng(7);
      const writes = randomWrites(db, other, rnd);
      expectSameAsWholeRead(db, 'the first read');
      for (let step = 0; step < 400; step++) {
        const [what, write] = writes[Math.floor(rnd() * writes.length)]!;
        write();
        expectSameAsWholeRead(db, `step ${step}, ${what}`);
      }
    } finally {
      other.close();
      db.close();
    }
  });

  it("answers a date's first window, then the next ones, kept up to date, as a whole read does", () => {
    const { path, db } = tempDb();
    const other = openCache({ path });
    const window = 2;
    try {
      const rnd = prng(11);
      const writes = randomWrites(db, other, rnd);
      let windows = 0;
      let further = 0;
      /** The part answers the whole read's rows of the listings it has read, and counts those alone. */
      const expectPart = (part: BoardPart, f: BoardFilter, at: string) => {
        const whole = wholeRead(db, f);
        const entries = listingDirectory(db).entries;
        if (!part.more) {
          expect(part, at).toEqual({ day: whole, more: false, readTo: entries.length });
          return;
        }
        const read = new Set(entries.slice(0, part.readTo).map((e) => e.listing.id));
        expect(part.day.rows, at).toEqual(whole.rows.filter((r) => read.has(r.listing.id)));
        expect(part.day.totals.listings, at).toBe(part.day.rows.length);
      };
      for (let step = 0; step < 300; step++) {
        const [what, write] = writes[Math.floor(rnd() * writes.length)]!;
        write();
        for (const date of DATES) {
          const f = { date, ...FILTERS[step % FILTERS.length] };
          const part = boardDayPart(db, f, window);
          expect(part.readTo).toBeGreaterThanOrEqual(Math.min(window, listingDirectory(db).entries.length));
          if (part.more) windows += 1;
          expectPart(part, f, `step ${step}, ${what}: ${JSON.stringify(f)}`);
        }
        // Now and then a day is asked a window further, or whole; and days are let go, so their next read is a first window again.
        const f = { date: DATES[step % DATES.length]!, ...FILTERS[step % FILTERS.length] };
        if (step % 3 === 0) {
          const before = boardDayPart(db, f, window).readTo;
          const next = boardDayPart(db, f, before + window, true);
          expect(next.readTo, `step ${step}, next`).toBe(
            Math.min(before + window, listingDirectory(db).entries.length),
          );
          if (next.more) further += 1;
          expectPart(next, f, `step ${step}, next`);
        }
        if (step % 5 === 0) expectPart(boardDayPart(db, f, Infinity), f, `step ${step}, whole`);
        if (step % 11 === 0) {
          // Read window by window with nothing kept, as the bench measures each ask.
          const parts = [...boardDayWindows(db, f, window, window)];
          expect(parts.map((p) => p.readTo)).toEqual(
            parts.map((_, i) => Math.min(window * (i + 1), listingDirectory(db).entries.length)),
          );
          for (const part of parts) expectPart(part, f, `step ${step}, windows`);
          expect(parts.at(-1)!.more).toBe(false);
        }
        if (step % 7 === 0) for (let i = 0; i < DAYS_KEPT; i++) boardDay(db, { date: addDays(D, 100 + i) });
      }
      expect(windows).toBeGreaterThan(300);
      expect(further).toBeGreaterThan(20);
    } finally {
      other.close();
      db.close();
    }
  });

  it('reads a day whole when it must be read afresh for an asker holding its first windows', () => {
    const { path, db } = tempDb();
    const other = openCache({ path });
    try {
      listings(db);
      const all = listingDirectory(db).entries.length; // 6
      const top = boardDayPart(db, { date: D }, 2);
      expect(top).toMatchObject({ more: true, readTo: 2 });
      expect(boardDayPart(db, { date: D }, 4, true)).toMatchObject({ more: true, readTo: 4 });
      // A write this connection cannot name: the day is read again, whole rather than from the top once more.
      listings(other, ' (renamed)');
      expect(boardDayPart(db, { date: D }, 5, true)).toMatchObject({ more: false, readTo: all });
    } finally {
      other.close();
      db.close();
    }
  });

  it('brings a day read in part up to date with what was touched, however much, and goes on window by window', () => {
    const { db } = tempDb();
    try {
      listings(db);
      const task = (id: number) => ({ id, listing_id: id, date: D, status: 0, inspected: 0 });
      storeWire(db, cleaningTable, cleaningRead, [task(1)]);
      expect(boardDayPart(db, { date: D }, 2)).toMatchObject({ more: true, readTo: 2 });
      // Every listing touched (a sync page, the history keeper): the two read are read again, not the day afresh.
      storeWire(db, cleaningTable, cleaningRead, [1, 2, 3, 4, 5, 6].map(task));
      const next = boardDayPart(db, { date: D }, 4, true);
      expect(next).toMatchObject({ more: true, readTo: 4 });
      const read = new Set(
        listingDirectory(db)
          .entries.slice(0, 4)
          .map((e) => e.listing.id),
      );
      expect(next.day.rows).toEqual(wholeRead(db, { date: D }).rows.filter((r) => read.has(r.listing.id)));
    } finally {
      db.close();
    }
  });

  it('answers the same object while nothing changed, and shares the rows a change did not touch', () => {
    const db = openCache({ path: ':memory:' });
    listings(db);
    storeWire(db, cleaningTable, cleaningRead, [
      { id: 1, listing_id: 1, date: D, status: 0, inspected: 0 },
      { id: 2, listing_id: 2, date: D, status: 0, inspected: 0 },
    ]);
    const first = boardDay(db, { date: D });
    expect(Object.isFrozen(first) && first.rows.every((r) => Object.isFrozen(r))).toBe(true);
    expect(boardDay(db, { date: D })).toBe(first);
    db.run('UPDATE cleaning SET status = 2 WHERE id = 2');
    const after = boardDay(db, { date: D });
    expect(after).not.toBe(first);
    const byId = (b: typeof first, id: number) => b.rows.find((r) => r.listing.id === id)!;
    expect(byId(after, 1)).toBe(byId(first, 1));
    expect(byId(after, 2).cleaning[0]!.status).toBe(2);
    expect(byId(first, 2).cleaning[0]!.status).toBe(0); // an answer given is never changed afterwards
    // The listing touched on another day only: the same answer, and its row the same row.
    storeWire(db, cleaningTable, cleaningRead, [
      { id: 3, listing_id: 1, date: addDays(D, 1), status: 0, inspected: 0 },
    ]);
    expect(boardDay(db, { date: D })).toBe(after);
  });

  it("follows a multi-unit listing's free units: a night reported full makes its third stay overbooked", () => {
    const db = openCache({ path: ':memory:' });
    listings(db); // listing 1 has units
    storeWire(
      db,
      bookingsTable,
      bookingRead,
      [1, 2, 3].map((n) => ({ booking_number: n, listing_id: 1, start_date: D, end_date: addDays(D, 2), state: 3 })),
    );
    const free = (date: string, available: number) =>
      db.run(
        `INSERT INTO availability (listing_id, date, rate_id, available, mu) VALUES (1, ?, 0, ?, 1)
         ON CONFLICT DO UPDATE SET available = excluded.available`,
        [date, available],
      );
    free(addDays(D, -10), 2); // an empty day with 2 free units: the listing has 2
    free(D, 1);
    const flagged = () =>
      boardDay(db, { date: D })
        .rows[0]!.arrivals.filter((b) => b.overbooked)
        .map((b) => b.booking_number);
    expect(flagged()).toEqual([]); // the server still had a unit free that night
    free(D, 0);
    expect(flagged()).toEqual([1, 2, 3]);
    free(D, 1);
    expect(flagged()).toEqual([]);
  });

  it('keeps the last DAYS_KEPT days read', () => {
    const db = openCache({ path: ':memory:' });
    listings(db);
    const dates = Array.from({ length: DAYS_KEPT + 1 }, (_, i) => addDays(D, i));
    const answers = dates.map((date) => boardDay(db, { date }));
    expect(boardDay(db, { date: dates.at(-1)! })).toBe(answers.at(-1));
    expect(boardDay(db, { date: dates[0]! })).not.toBe(answers[0]); // the least recently read was let go
  });

  it('reads a day whole when more listings were touched than it is worth re-reading one by one', () => {
    const db = openCache({ path: ':memory:' });
    const many = 40;
    storeWire(
      db,
      listingsTable,
      listingRead,
      Array.from({ length: many }, (_, i) => ({ id: i + 1, name: `L${i}`, city: 'Sitges' })),
    );
    const task = (id: number) => ({ id, listing_id: id, date: D, status: 0, inspected: 0 });
    storeWire(db, cleaningTable, cleaningRead, [task(1), task(2)]);
    expect(boardDay(db, { date: D }).rows).toHaveLength(2);
    const before = touchPoint(db)!;
    storeWire(
      db,
      cleaningTable,
      cleaningRead,
      Array.from({ length: many }, (_, i) => task(i + 1)),
    );
    const touched = touchedBetween(db, before, touchPoint(db)!)!;
    expect(touched.length).toBeGreaterThan(REREAD_WHOLE_DAY_AT * 2);
    expect(boardDay(db, { date: D }).rows).toHaveLength(many);
    expect(boardDay(db, { date: D })).toEqual(wholeRead(db, { date: D }));
  });
});
