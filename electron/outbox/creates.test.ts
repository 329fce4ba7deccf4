// Creates without idempotency keys: each applied exactly once, whatever
// happens between sending and hearing back — proven with the simulator's
// mutation log — and edits of a record created offline follow it.
import { describe, expect, it } from 'vitest';
import { listGuests, listThreads } from '../cache/queries/bookings';
import { listBlocks } from '../cache/queries/tasks';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';
import { seedBooking, seedListing } from './testing/seed';
import type { TraceEvent } from './types';

const TODAY = '2026-06-15';
const on = onSimulator({ seed: 12, listings: 4, today: TODAY });
let hook: ((e: TraceEvent) => void) | null = null;

async function device(): Promise<{ dev: Device; booking: number; thread: number }> {
  hook = null;
  const dev = on.device({ outbox: { trace: (e) => hook?.(e) } });
  await seedListing(dev.db, dev.current.client, { listingId: 101, from: '2026-06-01', to: '2026-07-15' });
  const bookings = dev.db.pluck<number>('SELECT booking_number FROM bookings WHERE listing_id = 101 ORDER BY 1');
  for (const b of bookings) await seedBooking(dev.db, dev.current.client, b);
  const withThread = dev.db.get<{ id: number; booking_number: number }>(
    'SELECT id, booking_number FROM threads ORDER BY id LIMIT 1',
  );
  if (!withThread) throw new Error('the seeded listing has no thread');
  return { dev, booking: withThread.booking_number, thread: withThread.id };
}

describe('creates', () => {
  it('registers a guest once, with the edits made before it left, and moves later edits onto the server id', async () => {
    const { dev, booking } = await device();
    const o = dev.current.outbox;
    const { entryId } = o.enqueue('guests.create', {
      bookingNumber: booking,
      guest: { name: 'Ana', lastname: 'Puig', number_id: 'G-1' },
    }) as { entryId: number };
    const local = listGuests(dev.db, booking).find((g) => g.number_id === 'G-1')!;
    expect(local.id).toBeLessThan(0);
    expect(local.outbox).toMatchObject({ state: 'pending', fields: ['created'] });
    o.enqueue('guests.update', { id: local.id, changes: { email: 'ana@example.com' } });
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual(['guests.ofBooking', 'guests.create', 'guests.ofBooking']);
    const made = on.appliedOnce('guests.create', 'G-1');
    expect(made.body).toMatchObject({ guest: { email: 'ana@example.com' } });
    const guests = listGuests(dev.db, booking).filter((g) => g.number_id === 'G-1');
    expect(guests).toHaveLength(1);
    expect(guests[0]).toMatchObject({ id: made.id, email: 'ana@example.com', outbox: null });
    expect(o.list({ states: ['confirmed'] }).find((e) => e.id === entryId)!.recordId).toBe(made.id);
    // The renderer may still hold the local id: the edit finds the server record.
    o.enqueue('guests.update', { id: local.id, changes: { city: 'Girona' } });
    await o.drain({ untilSettled: true });
    expect(listGuests(dev.db, booking).find((g) => g.id === made.id)).toMatchObject({
      city: 'Girona',
      outbox: null,
    });
    expect(on.applied('guests.create', 'G-1')).toHaveLength(1);
    await dev.close();
  });

  it('registers the document type: shown at once by name, confirmed by reading the server back', async () => {
    const { dev, booking } = await device();
    const o = dev.current.outbox;
    o.enqueue('guests.create', {
      bookingNumber: booking,
      guest: { name: 'Joan', lastname: 'Vidal', number_id: '12345678Z', document_type_id: 2 },
    });
    const local = listGuests(dev.db, booking).find((g) => g.number_id === '12345678Z')!;
    expect(local.document_type).toBe('Identity Document (Spanish only)');
    await o.drain({ untilSettled: true });
    const made = on.appliedOnce('guests.create', '12345678Z');
    o.enqueue('guests.update', { id: made.id!, changes: { document_type_id: 5 } });
    await o.drain({ untilSettled: true });
    expect(listGuests(dev.db, booking).find((g) => g.id === made.id)).toMatchObject({
      document_type: 'Passport',
      outbox: null,
    });
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });

  it('a message whose answer was lost is found by reading the thread back, not sent twice', async () => {
    const { dev, booking, thread } = await device();
    const o = dev.current.outbox;
    o.enqueue('messages.send', { bookingNumber: booking, threadId: thread, message: 'Check-in from 16:00 (m-1)' });
    expect(
      listThreads(dev.db, booking)
        .find((t) => t.id === thread)!
        .messages.at(-1),
    ).toMatchObject({
      message: 'Check-in from 16:00 (m-1)',
      outbox: { state: 'pending', fields: ['created'] },
    });
    const mark = on.mark();
    await on.drainLosingAnswers(o, 'threads.send');
    expect(on.applied('threads.send', '(m-1)')).toHaveLength(1);
    // Sent once, its answer lost; then found by reading the thread back (the engine's own worker may
    // have read it back before the test looks, so the proof is the request log, not a passing state).
    const sent = on.requestsSince(mark);
    expect(sent.filter((e) => e === 'threads.send')).toHaveLength(1);
    expect(sent.slice(sent.indexOf('threads.send') + 1).some((e) => e?.startsWith('threads.'))).toBe(true);
    const messages = listThreads(dev.db, booking).find((t) => t.id === thread)!.messages;
    expect(messages.filter((m) => m.message.includes('(m-1)'))).toEqual([
      expect.objectContaining({ id: on.applied('threads.send', '(m-1)')[0]!.id, outbox: null }),
    ]);
    await dev.close();
  });

  it('a create answered 5xx (not processed) is found absent on read-back and sent again, once', async () => {
    const { dev } = await device();
    const o = dev.current.outbox;
    o.enqueue('blocks.create', {
      block: {
        listing_id: '101',
        block_type: 2,
        start_date: '2026-09-01',
        end_date: '2026-09-03',
        reason: 'Paint (b-1)',
      },
    });
    await on.drainFailing(o, 'blocks.create', () => expect(o.summary()).toMatchObject({ unknown: 1 }));
    expect(on.applied('blocks.create', '(b-1)')).toHaveLength(1);
    expect(listBlocks(dev.db, { from: '2026-09-01', to: '2026-09-03' })).toEqual([
      expect.objectContaining({ reason: 'Paint (b-1)', outbox: null }),
    ]);
    await dev.close();
  });

  it('a block moved before it left is looked for where it was sent, not where it was first put', async () => {
    const { dev } = await device();
    const o = dev.current.outbox;
    o.enqueue('blocks.create', {
      block: {
        listing_id: '101',
        block_type: 1,
        start_date: '2026-12-01',
        end_date: '2026-12-02',
        reason: 'moved (b-3)',
      },
    });
    const local = listBlocks(dev.db, { from: '2026-12-01', to: '2026-12-02' })[0]!;
    o.enqueue('blocks.update', { id: local.id, changes: { start_date: '2027-02-10', end_date: '2027-02-12' } });
    await on.drainLosingAnswers(o, 'blocks.create');
    expect(on.applied('blocks.create', '(b-3)')).toHaveLength(1);
    expect(listBlocks(dev.db, { from: '2027-02-10', to: '2027-02-12' })).toEqual([
      expect.objectContaining({ reason: 'moved (b-3)', outbox: null }),
    ]);
    await dev.close();
  });

  it('a create that never left and is then deleted costs no request', async () => {
    const { dev } = await device();
    const o = dev.current.outbox;
    o.enqueue('blocks.create', {
      block: { listing_id: '101', block_type: 1, start_date: '2026-10-01', end_date: '2026-10-02', reason: 'x (b-2)' },
    });
    const local = listBlocks(dev.db, { from: '2026-10-01', to: '2026-10-02' })[0]!;
    o.enqueue('blocks.update', { id: local.id, changes: { block_type: 2 } });
    o.enqueue('blocks.delete', { id: local.id });
    const mark = on.mark();
    await o.drain({ untilSettled: true });
    expect(on.requestsSince(mark)).toEqual([]);
    expect(listBlocks(dev.db, { from: '2026-10-01', to: '2026-10-02' })).toEqual([]);
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });

  it('an identical record someone else made before the first send is never taken for mine', async () => {
    const { dev, booking } = await device();
    const o = dev.current.outbox;
    const guest = { name: 'Twin', lastname: 'Same', number_id: 'T-1' };
    expect(await on.other.post('/guests', { id: booking, guest })).toBe(200);
    o.enqueue('guests.create', { bookingNumber: booking, guest });
    await on.drainLosingAnswers(o, 'guests.create');
    const made = on.applied('guests.create', 'T-1');
    expect(made).toHaveLength(2); // theirs and mine, each once
    const confirmed = o.list({ states: ['confirmed'] })[0]!;
    expect(confirmed.recordId).toBe(made[1]!.id);
    await dev.close();
  });

  it.each([
    ['after the sending mark, before the request left', 'send'],
    ['after the server processed it, before the answer was recorded', 'answered'],
  ] as const)('a crash %s loses nothing and duplicates nothing', async (_when, point) => {
    const { dev, booking, thread } = await device();
    let o = dev.current.outbox;
    o.enqueue('guests.create', {
      bookingNumber: booking,
      guest: { name: 'Kill', lastname: 'Test', number_id: `K-${point}` },
    });
    o.enqueue('messages.send', { bookingNumber: booking, threadId: thread, message: `crash (c-${point})` });
    const cleaning = dev.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 1')[0]!;
    o.enqueue('cleaning.update', { id: cleaning, changes: { notes: `crash ${point}` } });
    let kills = 0;
    hook = (e) => {
      if (e.type === (point === 'send' ? 'send' : 'answered') && kills++ < 3) dev.current.die();
    };
    for (let i = 0; i < 4; i++) {
      await o.drain({ untilSettled: true }).catch(() => undefined);
      o = (await dev.restart()).outbox;
    }
    hook = null;
    expect(kills).toBeGreaterThanOrEqual(3);
    await o.drain({ untilSettled: true });
    expect(o.summary()).toMatchObject({ unsent: 0 });
    expect(on.applied('guests.create', `K-${point}`)).toHaveLength(1);
    expect(on.applied('threads.send', `(c-${point})`)).toHaveLength(1);
    expect(listGuests(dev.db, booking).filter((g) => g.number_id === `K-${point}`)).toEqual([
      expect.objectContaining({ outbox: null }),
    ]);
    const server = (await on.other.get(`/cleanings/${cleaning}`)) as { data: { notes: string } };
    expect(server.data.notes).toBe(`crash ${point}`);
    await dev.close();
  });
});
