// Read-ahead against the simulator: several waiting records of one listing are
// read with one list request instead of a GET each, and what the comparison
// sees stays true — another user's change still conflicts, a record the list
// does not show is read alone, and a version older than READ_AHEAD.maxAgeMs is
// read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { login } from '../../simulator/conformance/client';
import { OffsetClock } from '../api/clock';
import { getCleaning } from '../cache/queries/tasks';
import { READ_AHEAD } from './read-ahead';
import { Device } from './testing/rig';
import { seedListing } from './testing/seed';
import type { OutboxOptions } from '.';
import type { TraceEvent } from './types';

const TODAY = '2026-06-15';
let sim: Simulator;
let other: string; // another back-office user's token

beforeAll(async () => {
  sim = await startSimulator({ seed: 23, listings: 2, today: TODAY });
  other = await login(sim);
});
afterAll(async () => {
  await sim.close();
});

async function otherPut(id: number, body: unknown): Promise<void> {
  const res = await fetch(`${sim.url}/api/v1/cleaning/${id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${other}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  await res.text();
  expect(res.status).toBe(200);
}

const used = new Map<number, number>();
/** A device with a listing's cleaning tasks cached, and `n` of them no other test has edited. */
async function device(
  listing: number,
  n: number,
  outbox: Partial<OutboxOptions> = {},
): Promise<{ dev: Device; ids: number[] }> {
  const dev = new Device({ url: sim.url, user: sim.user, password: sim.password, outbox });
  await seedListing(dev.db, dev.current.client, { listingId: listing, from: '2026-05-01', to: '2026-09-30' });
  const ids = dev.db.pluck<number>('SELECT id FROM cleaning WHERE listing_id = ? ORDER BY date, id', [listing]);
  const from = used.get(listing) ?? 0;
  expect(ids.length).toBeGreaterThanOrEqual(from + n);
  used.set(listing, from + n);
  return { dev, ids: ids.slice(from, from + n) };
}

/** Endpoints asked since the mark (sign-ins left out). */
const asked = (mark: number) =>
  sim
    .requestLog()
    .slice(mark)
    .filter((r) => r.endpoint !== 'auth.login')
    .map((r) => r.endpoint);

/** Each record edited ("mine <id>"), then another user's change, then a drain; answers the request-log mark taken before the drain. */
async function mineThenTheirs(dev: Device, ids: number[], theirs: () => Promise<void>): Promise<number> {
  for (const id of ids) dev.current.outbox.enqueue('cleaning.update', { id, changes: { notes: `mine ${id}` } });
  await theirs();
  const mark = sim.requestLog().length;
  await dev.current.outbox.drain({ untilSettled: true });
  return mark;
}

describe('read-ahead', () => {
  it("reads a listing's waiting records with one list request, then writes each once", async () => {
    const { dev, ids } = await device(101, 4);
    const o = dev.current.outbox;
    for (const id of ids) {
      o.enqueue('cleaning.update', { id, changes: { notes: `first ${id}` } });
      o.enqueue('cleaning.update', { id, changes: { notes: `second ${id}` } });
    }
    const mark = sim.requestLog().length;
    await o.drain({ untilSettled: true });
    expect(asked(mark).sort()).toEqual(['cleanings.list', ...ids.map(() => 'cleanings.update')].sort());
    for (const id of ids) expect(getCleaning(dev.db, id)).toMatchObject({ notes: `second ${id}`, outbox: null });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 8 });
    await dev.close();
  });

  it("still sees another user's change of the same field as a conflict, and sends the others", async () => {
    const { dev, ids } = await device(101, 3);
    const o = dev.current.outbox;
    const mark = await mineThenTheirs(dev, ids, () => otherPut(ids[1]!, { notes: 'theirs' }));
    expect(asked(mark).sort()).toEqual(['cleanings.list', 'cleanings.update', 'cleanings.update']);
    expect(o.list({ states: ['conflict'] })).toMatchObject([
      { conflicts: [{ field: 'notes', mine: `mine ${ids[1]}`, theirs: 'theirs' }] },
    ]);
    expect(getCleaning(dev.db, ids[0]!)).toMatchObject({ notes: `mine ${ids[0]}`, outbox: null });
    await dev.close();
  });

  it('reads a record alone when the list does not show it (another user moved it to other dates)', async () => {
    const { dev, ids } = await device(102, 3);
    const o = dev.current.outbox;
    const mark = await mineThenTheirs(dev, ids, () => otherPut(ids[2]!, { date: '2027-03-01' }));
    expect(asked(mark).sort()).toEqual(
      ['cleanings.list', 'cleanings.get', 'cleanings.update', 'cleanings.update', 'cleanings.update'].sort(),
    );
    // Their date and my notes, nothing refused or lost.
    expect(getCleaning(dev.db, ids[2]!)).toMatchObject({ date: '2027-03-01', notes: `mine ${ids[2]}`, outbox: null });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    await dev.close();
  });

  it('never compares a later change with a version read while its own write was on the way (a conflict with itself)', async () => {
    // Found by the outbox soak (seed 3386 of 2001..4000): A's write is on the way when another record's step
    // reads the group again; A's list version predates the write, and A's next change was compared with it.
    const clock = new OffsetClock();
    let lists = 0;
    let listed: () => void = () => undefined;
    const secondList = new Promise<void>((resolve) => (listed = resolve));
    let onTrace: (e: TraceEvent) => void = () => undefined;
    const { dev, ids } = await device(102, 3, { clock, concurrency: 2, trace: (e) => onTrace(e) });
    const [a, b, c] = ids as [number, number, number];
    dev.faults.around = async (req, send) => {
      // A's write is held on the way until the group has been read a second time.
      if (req.method === 'PUT' && req.url.pathname.endsWith(`/cleaning/${a}`)) await secondList;
      const res = await send();
      if (req.method === 'GET' && /\/cleanings?(\?|$)/.test(req.url.pathname + '?') && ++lists === 2) listed();
      return res;
    };
    const o = dev.current.outbox;
    let late = false;
    onTrace = (e) => {
      if (late || e.type !== 'send' || e.id !== a) return;
      late = true;
      // As A's write leaves: the person changes A again, and the group read so far grows old.
      o.enqueue('cleaning.update', { id: a, changes: { notes: `two ${a}` } });
      clock.skip(READ_AHEAD.maxAgeMs + 1);
    };
    for (const id of [a, b, c]) o.enqueue('cleaning.update', { id, changes: { notes: `one ${id}` } });
    await o.drain({ untilSettled: true });
    expect(lists).toBe(2);
    expect(o.list({ states: ['conflict'] })).toEqual([]);
    expect(getCleaning(dev.db, a)).toMatchObject({ notes: `two ${a}`, outbox: null });
    expect(o.summary()).toMatchObject({ unsent: 0 });
    await dev.close();
  });

  it(`reads the group again once what it read is older than ${READ_AHEAD.maxAgeMs / 1000} s`, async () => {
    const clock = new OffsetClock();
    let sends = 0;
    const { dev, ids } = await device(102, 3, {
      clock,
      concurrency: 1,
      // The first write takes longer than a read-ahead may stand in for a fresh read.
      trace: (e) => {
        if (e.type === 'send' && sends++ === 0) clock.skip(READ_AHEAD.maxAgeMs + 1);
      },
    });
    const o = dev.current.outbox;
    for (const id of ids) o.enqueue('cleaning.update', { id, changes: { notes: `late ${id}` } });
    const mark = sim.requestLog().length;
    await o.drain({ untilSettled: true });
    expect(asked(mark)).toEqual([
      'cleanings.list',
      'cleanings.update',
      'cleanings.list',
      'cleanings.update',
      'cleanings.update',
    ]);
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    await dev.close();
  });
});
