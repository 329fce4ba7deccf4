// Issue 27 case 3: sync never deletes on an answer it could not read. A list
// whose records' ids cannot be read ("8188x"), whose records all carry one id,
// or whose ids are negative (this computer's range for records made offline)
// removes nothing from the cache; the pass says which list was refused and
// why (`lastError`, whose `fields` name the list and the reason the Sync page
// words); and no negative id from the server is ever stored.
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../api/clock';
import { RECORD_TABLES } from '../cache/tables';
import { engineRig } from './testing/engines';

const TODAY = '2026-06-10';
const DAY = 86_400_000;
const rig = engineRig(TODAY);

const count = (db: { get<T>(q: string): T | undefined }, table: string) =>
  db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)!.n;

/** A synced engine and simulator; `hostile` then turns a fault on for the next full pass. */
async function synced() {
  const s = await rig.simulator({ listings: 6 });
  const clock = new OffsetClock();
  const e = rig.engine({ clock });
  await rig.signIn(e, s);
  const first = await e.syncNow({ full: true });
  expect(first.failed).toBe(0);
  return { s, e, clock };
}

describe('answers sync cannot read (issue 27, case 3)', { timeout: 180_000 }, () => {
  it('incidents whose ids read "8188x": nothing deleted, the refusal said', async () => {
    const { s, e, clock } = await synced();
    const before = count(e.db, 'incidents');
    expect(before).toBeGreaterThan(3);
    s.setFaults({ wrongIdRate: 1, routes: ['incidents.list'] });
    clock.skip(2 * DAY);
    const r = await e.syncNow({ full: true });
    expect(count(e.db, 'incidents')).toBe(before);
    expect(r.failed).toBeGreaterThan(0);
    const status = e.status();
    expect(status.lastError).toMatchObject({ code: 'bad_response', fields: { incidents: ['unreadable_key'] } });
    expect(status.lastError?.message).toContain('incidents');
    expect(status.lastErrorAt).not.toBeNull();
    // Once the server answers properly again, the list is trusted again: a pass succeeds and clears the problem.
    s.resetFaults();
    clock.skip(2 * DAY);
    const again = await e.syncNow({ full: true });
    expect(again.failed).toBe(0);
    expect(e.status().lastError).toBeNull();
  });

  it('a list where every record carries id 1: nothing deleted, the refusal said', async () => {
    const { s, e, clock } = await synced();
    const before = { incidents: count(e.db, 'incidents'), cleaning: count(e.db, 'cleaning') };
    s.setFaults({ duplicateIdRate: 1, routes: ['incidents.list', 'cleanings.list'] });
    clock.skip(2 * DAY);
    await e.syncNow({ full: true });
    expect(count(e.db, 'incidents')).toBe(before.incidents);
    expect(count(e.db, 'cleaning')).toBe(before.cleaning);
    expect(e.status().lastError).toMatchObject({ code: 'bad_response' });
    expect(Object.values(e.status().lastError?.fields ?? {})).toEqual([['duplicate_key']]);
  });

  it('negative ids from the server are never stored (that range is this computer’s), and delete nothing', async () => {
    const { s, e, clock } = await synced();
    const before = Object.fromEntries(RECORD_TABLES.map((t) => [t, count(e.db, t)]));
    s.setFaults({ negativeIdRate: 1 });
    clock.skip(8 * DAY);
    await e.syncNow({ full: true });
    for (const t of RECORD_TABLES) {
      const key =
        t === 'bookings'
          ? 'booking_number'
          : t === 'rates' || t === 'price_edits'
            ? 'rate_id'
            : t === 'admins'
              ? 'id'
              : 'id';
      expect(e.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t} WHERE ${key} < 0`)!.n, t).toBe(0);
      expect(count(e.db, t), t).toBeGreaterThanOrEqual(before[t]!);
    }
    expect(e.status().lastError).toMatchObject({ code: 'bad_response' });
  });
});
