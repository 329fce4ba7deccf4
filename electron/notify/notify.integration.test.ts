// Notifications of what sync brings, against the real simulator: nothing from
// the first pass (however much it brings), then an urgent or high incident
// another user makes, and a change of today's arrival time; never an incident
// whose unsent edit of mine is on this computer.
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../shared/contract';
import { DEFAULT_SETTINGS } from '../../shared/contract';
import { engineRig } from '../sync/testing/engines';
import { createNotifications } from '.';

const TODAY = '2026-06-10';
const rig = engineRig(TODAY);

async function setUp(listings = 8) {
  const sim = await rig.simulator({ listings });
  const shown: Notice[] = [];
  const notices = createNotifications({
    settings: () => DEFAULT_SETTINGS,
    show: (e) => shown.push(e.notice),
    today: () => TODAY,
    minuteOfDay: () => 12 * 60,
  });
  const engine = rig.engine({ ingest: notices.ingest, onPass: (p) => notices.onPass(p) });
  await rig.signIn(engine, sim);
  return { sim, engine, shown, notices };
}

describe('notifications of what sync brings', { timeout: 60_000 }, () => {
  it('says nothing of the first pass, then tells of the urgent and high incidents other users make', async () => {
    const { sim, engine, shown, notices } = await setUp();
    sim.churn(30);
    const first = await engine.syncNow({ full: true });
    expect(first.written['incidents']).toBeGreaterThan(0);
    expect(shown).toEqual([]);
    expect(notices.notifier.armed).toBe(true);

    const created = new Set<number>();
    for (let i = 0; i < 400 && created.size < 6; i++)
      for (const m of sim.churn(1)) if (m.endpoint === 'incidents.create' && m.id !== null) created.add(m.id);
    await engine.syncNow({ full: true });
    const urgent = engine.db.pluck<number>(
      `SELECT id FROM incidents WHERE id IN (SELECT value FROM json_each(?)) AND priority >= 3`,
      [JSON.stringify([...created])],
    );
    expect(urgent.length).toBeGreaterThan(0);
    const told = shown.filter((n) => n.kind === 'incident' && created.has(n.incidentId));
    expect(told.map((n) => n.kind === 'incident' && n.incidentId).sort()).toEqual([...urgent].sort());
    for (const n of told) if (n.kind === 'incident') expect(n.listing).toBeTruthy();

    // Nothing new: nothing more.
    const before = shown.length;
    await engine.syncNow({ full: true });
    expect(shown).toHaveLength(before);
  });

  it("tells of another user's change of an arrival time of today, with both times", async () => {
    const { sim, engine, shown } = await setUp(30);
    await engine.syncNow({ full: true });
    const arriving = engine.db.get<{
      booking_number: number;
      arrival_time: string | null;
      customer_name: string | null;
    }>(
      `SELECT booking_number, arrival_time, customer_name FROM bookings WHERE start_date = ? ORDER BY booking_number LIMIT 1`,
      [TODAY],
    )!;
    const later = arriving.arrival_time === '21:30' ? '22:15' : '21:30';
    const other = await rig.reader(sim);
    await other.write('bookings.update', {
      id: arriving.booking_number,
      body: { arrival_time: later },
      priority: 'user',
    });
    await engine.syncNow({ full: true });
    expect(shown.filter((n) => n.kind === 'arrival')).toEqual([
      {
        kind: 'arrival',
        bookingNumber: arriving.booking_number,
        guest: arriving.customer_name,
        listing: expect.any(String) as string,
        before: arriving.arrival_time,
        after: later,
      },
    ]);
  });
});
