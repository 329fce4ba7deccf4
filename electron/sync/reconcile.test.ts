// "Check against the server" against the real simulator: after a full sync the
// counts agree in 3 requests; a cleaning task lost from the cache and a
// booking the server does not have are found — exactly those two — and the
// fix (sync's own window jobs) makes the counts equal again with the rows
// sync would write; with no room in the hour's background share it stops
// before asking anything and says what it needed.
import { describe, expect, it } from 'vitest';
import type { WritableDB } from '../cache/db';
import { engineRig } from './testing/engines';

const TODAY = '2026-06-10';
const rig = engineRig(TODAY);

async function synced() {
  const sim = await rig.simulator({ seed: 7 });
  const engine = rig.engine();
  await rig.signIn(engine, sim);
  await engine.syncNow({ full: true });
  // Tests reach under the read-only type to make the cache differ from the server.
  return { sim, engine, db: engine.db as WritableDB };
}

describe('check against the server', { timeout: 60_000 }, () => {
  it('finds exactly a lost cleaning task and a booking the server lacks, and the fix makes the counts equal', async () => {
    const { sim, engine, db } = await synced();
    const requests = () => sim.requestLog().length;
    const r0 = requests();
    const same = await engine.reconciler().check();
    expect(same).toMatchObject({ stopped: null, from: TODAY, to: '2026-06-23', requests: 3, diffs: [] });
    expect(requests() - r0).toBe(3);

    const lost = db.get<{ id: number; date: string; listing_id: number; raw: string }>(
      `SELECT id, date, listing_id, raw FROM cleaning WHERE date BETWEEN '2026-06-11' AND '2026-06-20' ORDER BY id LIMIT 1`,
    )!;
    const lostCount = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cleaning WHERE date = ? AND listing_id = ?', [
      lost.date,
      lost.listing_id,
    ])!.n;
    db.run('DELETE FROM cleaning WHERE id = ?', [lost.id]);

    const model = db.get<{ booking_number: number; start_date: string; end_date: string; listing_id: number }>(
      `SELECT booking_number, start_date, end_date, listing_id FROM bookings
        WHERE start_date BETWEEN '2026-06-12' AND '2026-06-20' ORDER BY booking_number LIMIT 1`,
    )!;
    const arriving = db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM bookings WHERE start_date = ? AND listing_id = ?',
      [model.start_date, model.listing_id],
    )!.n;
    const cols = db.pluck<string>(`SELECT name FROM pragma_table_info('bookings')`);
    db.run(
      `INSERT INTO bookings (${cols.join(', ')}) SELECT ${cols
        .map((c) => (c === 'booking_number' ? '999999' : c))
        .join(', ')} FROM bookings WHERE booking_number = ?`,
      [model.booking_number],
    );

    const found = await engine.reconciler().check();
    expect(found.stopped).toBeNull();
    expect(found.stopped === null && found.diffs).toEqual([
      ...[
        {
          kind: 'cleaning' as const,
          day: lost.date,
          listingId: lost.listing_id,
          local: lostCount - 1,
          server: lostCount,
        },
        {
          kind: 'bookings' as const,
          day: model.start_date,
          listingId: model.listing_id,
          local: arriving + 1,
          server: arriving,
        },
      ].sort((a, b) => a.day.localeCompare(b.day) || a.listingId - b.listingId || a.kind.localeCompare(b.kind)),
    ]);

    const r1 = requests();
    const fixed = await engine.reconciler().fix();
    // One window per kind for every listing at once, then the check again.
    expect(fixed.fixRequests).toBe(2);
    expect(requests() - r1).toBe(2 + 3);
    expect(fixed).toMatchObject({ stopped: null, diffs: [] });
    expect(db.get('SELECT booking_number FROM bookings WHERE booking_number = 999999')).toBeUndefined();
    const back = db.get<{ raw: string }>('SELECT raw FROM cleaning WHERE id = ?', [lost.id]);
    expect(back?.raw).toBe(lost.raw);
  });

  it('stops before asking when the hour has no room for background work, and says what it needed', async () => {
    const { sim, engine } = await synced();
    engine.applySettings({ budgetPerHour: 100 });
    const r0 = sim.requestLog().length;
    const r = await engine.reconciler().check();
    expect(r).toMatchObject({ stopped: 'budget', need: 3, left: 0, requests: 0 });
    expect(sim.requestLog().length).toBe(r0);
  });
});
