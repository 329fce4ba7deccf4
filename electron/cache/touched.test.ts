import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingRead, cleaningRead } from '../../shared/api';
import { openCache } from './db';
import { CACHE_MIGRATIONS } from './schema';
import { bookingsTable, cleaningTable } from './tables';
import { storeWire } from './testing/fixtures';
import { JOURNAL_KEEPS, touchPoint, touchedBetween } from './touched';

const stay = (n: number, listing: number) => ({
  booking_number: n,
  listing_id: listing,
  start_date: '2026-06-10',
  end_date: '2026-06-12',
  state: 3,
});

describe('the touch journal', () => {
  it("names every listing whose day data a write changed: old and new when a row moves, a guest's by its booking", () => {
    const db = openCache({ path: ':memory:' });
    const p0 = touchPoint(db)!;
    storeWire(db, bookingsTable, bookingRead, [stay(1, 7)]);
    storeWire(db, bookingsTable, bookingRead, [stay(1, 8)]);
    const p1 = touchPoint(db)!;
    expect(touchedBetween(db, p0, p1)!.sort()).toEqual([7, 8]);
    db.run(
      `INSERT INTO guests (id, booking_number, name, lastname, email, data, raw) VALUES (1, 1, 'A', 'B', '', '{}', '{}')`,
    );
    storeWire(db, cleaningTable, cleaningRead, [{ id: 5, listing_id: 9, date: '2026-06-10', status: 0, inspected: 0 }]);
    const p2 = touchPoint(db)!;
    expect(touchedBetween(db, p1, p2)!.sort()).toEqual([8, 9]);
    db.run('DELETE FROM cleaning');
    expect(touchedBetween(db, p2, touchPoint(db)!)).toEqual([9]);
    expect(touchedBetween(db, p0, touchPoint(db)!)!.sort()).toEqual([7, 8, 9]);
  });

  it('writes that change nothing note nothing; a rolled-back transaction takes its notes with it', () => {
    const db = openCache({ path: ':memory:' });
    storeWire(db, bookingsTable, bookingRead, [stay(1, 7)]);
    const p = touchPoint(db)!;
    storeWire(db, bookingsTable, bookingRead, [stay(1, 7)]); // the same record again (sync's re-upsert)
    db.run('UPDATE cleaning SET status = 1 WHERE 0');
    expect(() =>
      db.transaction(() => {
        storeWire(db, bookingsTable, bookingRead, [stay(2, 3)]);
        throw new Error('undone');
      }),
    ).toThrow('undone');
    expect(touchPoint(db)).toEqual(p);
    expect(touchedBetween(db, p, touchPoint(db)!)).toEqual([]);
  });

  it("cannot name another connection's writes, and says so", () => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-touched-'));
    try {
      const a = openCache({ path: join(dir, 'c.db') });
      const b = openCache({ path: join(dir, 'c.db') });
      const p = touchPoint(a)!;
      storeWire(b, bookingsTable, bookingRead, [stay(1, 7)]);
      expect(touchedBetween(a, p, touchPoint(a)!)).toBeNull();
      a.close();
      b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the oldest notes go, and then cannot name what changed since a point older than them', () => {
    const db = openCache({ path: ':memory:' });
    const tasks = (n: number, listing: number) =>
      db.run(
        `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
         INSERT INTO cleaning (id, listing_id, status, date, inspected, data, raw)
         SELECT (SELECT coalesce(max(id), 0) FROM cleaning) + i, ?, 0, '2026-06-10', 0, '{}', '{}' FROM k`,
        [n, listing],
      );
    const old = touchPoint(db)!;
    tasks(JOURNAL_KEEPS, 1);
    const recent = touchPoint(db)!;
    tasks(JOURNAL_KEEPS / 2, 2);
    const now = touchPoint(db)!; // lets the oldest go
    expect(touchedBetween(db, old, now)).toBeNull();
    expect(touchedBetween(db, recent, now)).toEqual([2]);
  });

  it('is kept only where the board tables exist', () => {
    const db = openCache({ path: ':memory:', migrations: CACHE_MIGRATIONS.slice(0, 0) });
    expect(touchPoint(db)).toBeNull();
  });
});
