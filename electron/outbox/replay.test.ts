// Replay against the simulator: coalescing, field-by-field conflicts, deletes,
// rejections that block only their own record, and the requests it costs.
import { describe, expect, it } from 'vitest';
import { getCleaning } from '../cache/queries/tasks';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedListing } from './testing/seed';
import type { TraceEvent } from './types';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 11, listings: 4, today: TODAY });

async function serverCleaning(id: number): Promise<Record<string, unknown>> {
  return ((await on.other.get(`/cleanings/${id}`)) as { data: Record<string, unknown> }).data;
}

/** The server and the cache both show these values of the cleaning task, and nothing of mine is left unsent on it. */
async function expectSettled(dev: Device, id: number, values: Record<string, unknown>): Promise<void> {
  expect(await serverCleaning(id)).toMatchObject(values);
  expect(getCleaning(dev.db, id)).toMatchObject({ ...values, outbox: null });
}

async function device(trace?: (e: TraceEvent) => void): Promise<{ dev: Device; ids: number[] }> {
  const dev = on.device({ outbox: { trace: (e) => trace?.(e) } });
  const listings = [101, 102, 103, 104];
  for (const l of listings)
    await seedListing(dev.db, dev.current.client, { listingId: l, from: '2026-06-01', to: '2026-07-15' });
  const ids = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id');
  return { dev, ids };
}

describe('replay', () => {
  it('shows an edit at once as pending, then confirms it with one read and one write', async () => {
    const { dev, ids } = await device();
    const id = ids[0]!;
    const o = dev.current.outbox;
    const receipt = o.enqueue('cleaning.update', { id, changes: { notes: 'Extra towels', inspected: 1 } });
    expect(receipt).toMatchObject({ state: 'pending' });
    expect(getCleaning(dev.db, id)).toMatchObject({
      notes: 'Extra towels',
      inspected: true,
      outbox: { state: 'pending', fields: ['inspected', 'notes'] },
    });
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual(['cleanings.get', 'cleanings.update']);
    expect(getCleaning(dev.db, id)).toMatchObject({ notes: 'Extra towels', inspected: true, outbox: null });
    expect(await serverCleaning(id)).toMatchObject({ notes: 'Extra towels' });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 1 });
    await dev.close();
  });

  it('coalesces successive edits of one record into one request (latest value wins)', async () => {
    const { dev, ids } = await device();
    const id = ids[1]!;
    const o = dev.current.outbox;
    for (let i = 0; i < 20; i++) o.enqueue('cleaning.update', { id, changes: { notes: `note ${i}` } });
    o.enqueue('cleaning.update', { id, changes: { status: 1 } });
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark).length).toBeLessThanOrEqual(2);
    await expectSettled(dev, id, { notes: 'note 19', status: 1 });
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 21 });
    await dev.close();
  });

  it('takes their change of a field I did not touch, and sends mine', async () => {
    const { dev, ids } = await device();
    const id = ids[2]!;
    const o = dev.current.outbox;
    o.enqueue('cleaning.update', { id, changes: { notes: 'mine' } });
    expect(await on.other.put(`/cleaning/${id}`, { status: 2, time: '13:15' })).toBe(200);
    await o.drain({ untilSettled: true });
    await expectSettled(dev, id, { notes: 'mine', status: 2, time: '13:15' });
    await dev.close();
  });

  it('surfaces the same field changed on both sides as a conflict with both values, then keeps mine', async () => {
    const { dev, ids } = await device();
    const id = ids[3]!;
    const o = dev.current.outbox;
    const before = getCleaning(dev.db, id)!;
    const { entryId } = o.enqueue('cleaning.update', { id, changes: { notes: 'Extra towels', status: 1 } }) as {
      entryId: number;
    };
    expect(await on.other.put(`/cleaning/${id}`, { notes: 'Towels done' })).toBe(200);
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual(['cleanings.get']); // nothing sent
    const [entry] = o.list({ states: ['conflict'] });
    expect(entry).toMatchObject({
      id: entryId,
      state: 'conflict',
      conflicts: [{ field: 'notes', base: before.notes, mine: 'Extra towels', theirs: 'Towels done' }],
    });
    // The record still shows my value, marked as in conflict.
    expect(getCleaning(dev.db, id)).toMatchObject({ notes: 'Extra towels', outbox: { state: 'conflict' } });
    expect(await serverCleaning(id)).toMatchObject({ notes: 'Towels done', status: before.status });
    o.resolve({ id: entryId, choice: 'mine' });
    await o.drain({ untilSettled: true });
    await expectSettled(dev, id, { notes: 'Extra towels', status: 1 });
    await dev.close();
  });

  it('sends a value of my own typed over a conflict (checked as an edit: a bad one changes nothing)', async () => {
    const { dev, ids } = await device();
    const id = ids[8]!;
    const o = dev.current.outbox;
    const { entryId } = o.enqueue('cleaning.update', { id, changes: { notes: 'mine', time: '09:00' } }) as {
      entryId: number;
    };
    expect(await on.other.put(`/cleaning/${id}`, { notes: 'theirs', time: '10:30' })).toBe(200);
    await o.drain({ untilSettled: true });
    expect(o.list({ states: ['conflict'] })).toHaveLength(1);
    // Not a time: refused as an edit would be, the conflict left as it was.
    expect(() => o.resolve({ id: entryId, choice: 'mine', values: { time: 'half past ten' } })).toThrow();
    expect(() => o.resolve({ id: entryId, choice: 'mine', values: { status: 1 } })).toThrow(/Not in conflict/);
    expect(o.list({ states: ['conflict'] })[0]!.id).toBe(entryId);
    o.resolve({ id: entryId, choice: 'mine', fields: { notes: 'theirs' }, values: { time: '11:15' } });
    expect(getCleaning(dev.db, id)).toMatchObject({ time: '11:15', outbox: { state: 'pending' } });
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual(['cleanings.get', 'cleanings.update']);
    await expectSettled(dev, id, { notes: 'theirs', time: '11:15' });
    await dev.close();
  });

  it('takes theirs field by field on request and still sends the rest of mine', async () => {
    const { dev, ids } = await device();
    const id = ids[4]!;
    const o = dev.current.outbox;
    const { entryId } = o.enqueue('cleaning.update', { id, changes: { notes: 'mine', time: '09:00', status: 1 } }) as {
      entryId: number;
    };
    expect(await on.other.put(`/cleaning/${id}`, { notes: 'theirs', time: '10:30' })).toBe(200);
    await o.drain({ untilSettled: true });
    expect(
      o
        .list({ states: ['conflict'] })[0]!
        .conflicts.map((c) => c.field)
        .sort(),
    ).toEqual(['notes', 'time']);
    o.resolve({ id: entryId, choice: 'theirs', fields: { time: 'mine' } });
    await o.drain({ untilSettled: true });
    await expectSettled(dev, id, { notes: 'theirs', time: '09:00', status: 1 });
    await dev.close();
  });

  it('a rejection stops only its own record, shows the server value with the reason, and retry shows mine again', async () => {
    const { dev, ids } = await device();
    const [bad, good] = [ids[5]!, ids[6]!];
    const o = dev.current.outbox;
    const serverStatus = getCleaning(dev.db, bad)!.status;
    // The write schema allows 0–99; this server only knows 0, 1 and 2: a 422.
    const { entryId } = o.enqueue('cleaning.update', { id: bad, changes: { status: 7 } }) as { entryId: number };
    o.enqueue('cleaning.update', { id: bad, changes: { notes: 'after the bad one' } });
    o.enqueue('cleaning.update', { id: good, changes: { notes: 'fine' } });
    await o.drain({ untilSettled: true });
    const rejected = o.list({ states: ['rejected'] });
    expect(rejected.map((e) => e.id).sort()).toEqual([entryId, entryId + 1]); // coalesced: refused together
    expect(rejected[0]!.error).toMatchObject({ code: 'invalid_input' });
    // The server's own answer, kept as it said it (the screen words the rest).
    expect(rejected[0]!.error!.server).toMatchObject({ status: 422 });
    expect(JSON.stringify(rejected[0]!.error)).toMatch(/status/);
    expect(await serverCleaning(good)).toMatchObject({ notes: 'fine' });
    // Refused means refused: the record shows the server's values, the mark says a change was not accepted.
    const serverNotes = (await serverCleaning(bad))['notes'];
    expect(getCleaning(dev.db, bad)).toMatchObject({
      status: serverStatus,
      notes: serverNotes,
      outbox: { state: 'rejected' },
    });
    o.discard({ id: entryId });
    expect(getCleaning(dev.db, bad)).toMatchObject({ status: serverStatus, notes: serverNotes });
    o.retry({ id: entryId + 1 });
    expect(getCleaning(dev.db, bad)).toMatchObject({ status: serverStatus, notes: 'after the bad one' });
    await o.drain({ untilSettled: true });
    expect(await serverCleaning(bad)).toMatchObject({ status: serverStatus, notes: 'after the bad one' });
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });

  it('deletes with one request; edits before the delete are not sent; a 404 counts as done', async () => {
    const { dev, ids } = await device();
    const [a, b] = [ids[7]!, ids[8]!];
    const o = dev.current.outbox;
    o.enqueue('cleaning.update', { id: a, changes: { notes: 'moot' } });
    o.enqueue('cleaning.delete', { id: a });
    expect(getCleaning(dev.db, a)).toMatchObject({ outbox: { fields: ['deleted', 'notes'] } });
    expect(() => o.enqueue('cleaning.update', { id: a, changes: { notes: 'x' } })).toThrow(/being deleted/);
    o.enqueue('cleaning.delete', { id: b });
    expect(await on.other.delete(`/cleaning/${b}`)).toBe(200);
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual(['cleanings.delete', 'cleanings.delete']);
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    expect(getCleaning(dev.db, a)).toBeNull();
    expect(getCleaning(dev.db, b)).toBeNull();
    await dev.close();
  });

  it('an edit of a record deleted on the server is rejected with a plain reason', async () => {
    const { dev, ids } = await device();
    const id = ids[9]!;
    const o = dev.current.outbox;
    o.enqueue('cleaning.update', { id, changes: { notes: 'too late' } });
    await on.other.delete(`/cleaning/${id}`);
    await o.drain({ untilSettled: true });
    expect(o.list({ states: ['rejected'] })[0]!.error).toMatchObject({ code: 'not_found' });
    await dev.close();
  });

  it('an edit made while the record is being sent waits for it and goes next, based on what was sent', async () => {
    let during = false;
    const { dev, ids } = await device((e) => {
      if (e.type === 'send' && e.op === 'update' && !during) {
        during = true;
        dev.current.outbox.enqueue('cleaning.update', { id, changes: { notes: 'second', status: 2 } });
        dev.current.outbox.enqueue('cleaning.delete', { id: ids[11]! });
      }
    });
    const id = ids[10]!;
    const o = dev.current.outbox;
    o.enqueue('cleaning.update', { id, changes: { notes: 'first' } });
    await o.drain({ untilSettled: true });
    expect(during).toBe(true);
    expect(o.list({ states: ['conflict', 'rejected'] })).toEqual([]);
    expect(o.summary()).toMatchObject({ unsent: 0, confirmed: 3 });
    expect(await serverCleaning(id)).toMatchObject({ notes: 'second', status: 2 });
    expect(getCleaning(dev.db, ids[11]!)).toBeNull();
    await dev.close();
  });
});
