// The history keeper: trims a while after the account opens, at once when the person changes the
// choice, then daily; says which resources changed; keeps everything when asked to; tells what the
// cache holds and what a choice would drop before it is saved.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../api/clock';
import { openCache } from '../cache/db';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { MIGRATIONS } from '../outbox/testing/rig';
import { FIRST_TRIM_DELAY_MS, HistoryKeeper, TRIM_EVERY_MS } from './history-keeper';

function setup(months: number | null, path = ':memory:') {
  const db = openCache({ path, migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 2, bookingsPerListing: 30, start: '2024-12-01', days: 720 }), { bundles: 10 });
  const clock = new ManualClock();
  const changes: string[][] = [];
  const choice = { months };
  const keeper = new HistoryKeeper({
    db,
    clock,
    today: () => '2026-11-28',
    months: () => choice.months,
    changed: (resources) => changes.push(resources),
  });
  const older = (cut: string) =>
    db.get<{ n: number }>('SELECT count(*) AS n FROM bookings WHERE end_date < ?', [cut])!.n;
  return { db, clock, keeper, changes, choice, older };
}

describe('the history keeper', () => {
  it('trims after the first delay, again when the choice changes, and daily', async () => {
    const { clock, keeper, changes, choice, older } = setup(12);
    expect(keeper.usage(12)).toMatchObject({ keepsFrom: '2025-11-28', olderBookings: older('2025-11-28') });
    expect(older('2025-11-28')).toBeGreaterThan(0);
    keeper.start();
    await clock.advance(FIRST_TRIM_DELAY_MS - 1);
    expect(older('2025-11-28')).toBeGreaterThan(0);
    await clock.advance(1);
    await keeper.trim();
    expect(older('2025-11-28')).toBe(0);
    expect(changes.flat()).toEqual(expect.arrayContaining(['bookings', 'cleaning', 'maintenance']));

    // A shorter history, chosen now: trimmed at once, not tomorrow.
    choice.months = 6;
    expect(older('2026-05-28')).toBeGreaterThan(0);
    keeper.changed();
    await clock.advance(0);
    await keeper.trim();
    expect(older('2026-05-28')).toBe(0);
    expect(clock.nextTimerAt()).toBe(clock.now() + TRIM_EVERY_MS);
    await keeper.stop();
    expect(clock.nextTimerAt()).toBeNull();
  });

  it('keeps everything when the person chooses everything, and says so', async () => {
    const { db, keeper, changes } = setup(null);
    const before = db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')!.n;
    expect(keeper.usage(null)).toMatchObject({ keepsFrom: null, olderBookings: 0, bookings: before });
    expect(keeper.usage(null).bytes).toBeGreaterThan(0);
    await keeper.trim();
    expect(db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')!.n).toBe(before);
    expect(changes).toEqual([]);
  });

  it('gives the space back to the disk: a new cache file shrinks after a trim', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-history-'));
    try {
      const path = join(dir, 'cache.db');
      const { db, keeper } = setup(3, path);
      const before = keeper.usage(3);
      expect(before.olderBookings).toBeGreaterThan(0);
      await keeper.trim();
      db.run('PRAGMA wal_checkpoint(TRUNCATE)');
      const after = keeper.usage(3);
      expect(after.olderBookings).toBe(0);
      expect(after.bytes).toBeLessThan(before.bytes);
      expect(db.get<{ freelist_count: number }>('PRAGMA freelist_count')!.freelist_count).toBe(0);
      expect(statSync(path).size).toBe(after.bytes);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
