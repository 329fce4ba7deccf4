// The outbox never makes a conflict with this app's own earlier write (issue
// 12, item 5): an update whose answer was lost (applied, then the connection
// reset) followed by another edit of the same field, while the record cannot
// be read to settle the first one, ends with the newest value on the server,
// no conflict, and exactly one applied write per request sent — while a value
// another user set in between is still a conflict.
import { describe, expect, it } from 'vitest';
import { getCleaning } from '../cache/queries/tasks';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedListing } from './testing/seed';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 12, listings: 2, today: TODAY });

async function serverCleaning(id: number): Promise<Record<string, unknown>> {
  return ((await on.other.get(`/cleanings/${id}`)) as { data: Record<string, unknown> }).data;
}

/** A device whose first lost answer makes every read of a cleaning fail (the unknown entry cannot be settled). */
async function device(sent: unknown[]): Promise<{ dev: Device; ids: number[] }> {
  let answers = 0;
  const dev = on.device({
    outbox: {
      trace: (e) => {
        if (e.type === 'send') sent.push(e.body);
        if (e.type === 'answered' && !e.ok && ++answers === 1)
          on.sim.setFaults({ errorRate: 1, errorRoutes: ['cleanings.get'] });
      },
    },
  });
  await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2026-07-15' });
  return { dev, ids: dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id') };
}

describe('no self-conflicts', () => {
  it('an unknown update, then another edit of the same field: the newest value arrives, no conflict, one write per send', async () => {
    const sent: unknown[] = [];
    const { dev, ids } = await device(sent);
    try {
      const id = ids[0]!;
      // Nobody else touches the record after this: it starts at status 1, as in the report.
      expect(await on.other.put(`/cleaning/${id}`, { status: 1 })).toBe(200);
      await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2026-07-15' });
      expect(getCleaning(dev.db, id)).toMatchObject({ status: 1 });
      const o = dev.current.outbox;
      const seq = on.sim.mutations().at(-1)?.seq ?? 0;

      on.sim.setFaults({ resetAfterRate: 1, routes: ['cleanings.update'] });
      o.enqueue('cleaning.update', { id, changes: { status: 2 } });
      await o.drain();
      // Applied, and the answer was lost (the record cannot be read now, even from outside).
      expect(on.sim.mutations().filter((m) => m.seq > seq && m.id === id && m.result === 'applied')).toHaveLength(1);
      expect(o.list({ states: ['unknown'] })).toHaveLength(1);

      o.enqueue('cleaning.update', { id, changes: { status: 0 } });
      // Replay keeps trying while the record cannot be read: nothing can be decided yet.
      const reads = on.mark();
      await o.drain({ untilSettled: true, maxMs: 300 });
      expect(on.requestsSince(reads).filter((e) => e === 'cleanings.get').length).toBeGreaterThan(0);
      expect(o.summary()).toMatchObject({ unsent: 2, conflict: 0, confirmed: 0 });
      // Each keeps its own state: the lost-answer edit is being checked, the new one was never sent.
      expect(o.summary()).toMatchObject({ unknown: 1, pending: 1 });

      on.sim.resetFaults();
      await o.drain({ untilSettled: true });

      expect(o.list({ states: ['conflict', 'rejected'] })).toEqual([]);
      expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 2 });
      expect(await serverCleaning(id)).toMatchObject({ status: 0 });
      expect(getCleaning(dev.db, id)).toMatchObject({ status: 0, outbox: null });
      // One applied write per request sent: the lost-answer one and the newest value.
      const writes = on.sim.mutations().filter((m) => m.seq > seq && m.id === id && m.endpoint === 'cleanings.update');
      expect(writes.map((m) => [m.result, m.body])).toEqual([
        ['applied', { status: 2 }],
        ['applied', { status: 0 }],
      ]);
      expect(sent).toEqual([{ status: 2 }, { status: 0 }]);
    } finally {
      on.sim.resetFaults();
      await dev.close();
    }
  });

  it('an unknown update, then a different value from another user, then my next edit: still a conflict, nothing sent', async () => {
    const sent: unknown[] = [];
    const { dev, ids } = await device(sent);
    try {
      const id = ids[1]!;
      const o = dev.current.outbox;
      const before = getCleaning(dev.db, id)!.notes;
      on.sim.setFaults({ resetAfterRate: 1, routes: ['cleanings.update'] });
      o.enqueue('cleaning.update', { id, changes: { notes: 'mine, first' } });
      await o.drain();
      on.sim.resetFaults();
      // Someone else writes after my lost-answer edit arrived: a value I never set.
      expect(await on.other.put(`/cleaning/${id}`, { notes: 'theirs' })).toBe(200);
      o.enqueue('cleaning.update', { id, changes: { notes: 'mine, second' } });
      await o.drain({ untilSettled: true });
      expect(o.list({ states: ['conflict'] }).map((e) => e.conflicts)).toEqual([
        [{ field: 'notes', base: before, mine: 'mine, second', theirs: 'theirs' }],
        [{ field: 'notes', base: before, mine: 'mine, second', theirs: 'theirs' }],
      ]);
      expect(sent).toEqual([{ notes: 'mine, first' }]);
      expect(await serverCleaning(id)).toMatchObject({ notes: 'theirs' });
    } finally {
      on.sim.resetFaults();
      await dev.close();
    }
  });
});
