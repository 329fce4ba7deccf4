// Other users at work: churn changes bookings, tasks, incidents, guests and
// messages near today; each change is in the mutation log and visible through
// the API; the same seed gives the same changes; a running churn keeps going
// until stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Every, Mutation } from '../types';
import { connect, data, type Api } from './client';

type Row = Record<string, unknown>;
let api: Api;

beforeAll(async () => {
  api = await connect({ seed: 9, listings: 40 });
});
afterAll(async () => {
  await api.sim.close();
});

async function visible(m: Mutation): Promise<void> {
  const body = m.body as Row;
  switch (m.endpoint) {
    case 'bookings.create':
      expect(data(await api.get(`/bookings/${m.id}`))).toMatchObject({ start_date: body['start_date'] });
      return;
    case 'bookings.update': {
      const b = data(await api.get(`/bookings/${m.id}`));
      if (body['status'] === 'canceled') expect(b['state']).toBe(1);
      else expect(b['notes']).toBe(body['notes']);
      return;
    }
    case 'cleanings.update':
      expect(data(await api.get(`/cleanings/${m.id}`))).toMatchObject(body);
      return;
    case 'maintenance.update': {
      const t = data(await api.get(`/mainteance/${m.id}`));
      if ('notes' in body) expect(t['notes']).toBe(body['notes']);
      else expect(Boolean(t['inspected'])).toBe(true);
      return;
    }
    case 'incidents.update':
    case 'incidents.create': {
      const rows = data<Row[]>(await api.get('/incidents?start_date=2026-06-01&end_date=2026-07-31'));
      const found = rows.find((i) => i['id'] === m.id);
      expect(found).toBeDefined();
      if ('priority' in body) expect(found!['priority']).toBe(body['priority']);
      return;
    }
    case 'guests.create':
      expect(data<{ guest: Row }>(await api.get(`/guests/${m.id}`)).guest).toMatchObject({
        name: (body['guest'] as Row)['name'],
      });
      return;
    case 'threads.send': {
      const threads = data<Row[]>(await api.get(`/threads/${(await bookingOfThread(body['thread_id'] as number))!}`));
      const messages = threads.flatMap((t) => t['messages'] as Row[]);
      expect(messages.some((x) => x['id'] === m.id && x['in_out'] === 0)).toBe(true);
      return;
    }
    default:
      throw new Error(`unexpected churn endpoint ${m.endpoint}`);
  }
}

const threadBooking = new Map<number, number>();
async function bookingOfThread(threadId: number): Promise<number | undefined> {
  if (threadBooking.size === 0) {
    for (const b of data<Row[]>(await api.get('/bookings?start_date=2026-06-10&end_date=2026-07-20'))) {
      for (const t of data<Row[]>(await api.get(`/threads/${b['booking_number'] as number}`)))
        threadBooking.set(t['id'] as number, b['booking_number'] as number);
    }
  }
  return threadBooking.get(threadId);
}

describe('churn', () => {
  it('touches every kind of cached record, each change visible through the API', async () => {
    // One change at a time, each checked at once (a later change may legitimately undo an earlier one).
    const changes: Mutation[] = [];
    for (let i = 0; i < 120; i++) {
      const [m] = api.sim.churn(1);
      changes.push(m!);
      await visible(m!);
    }
    const kinds = new Set(changes.map((m) => m.endpoint));
    for (const k of [
      'bookings.create',
      'bookings.update',
      'cleanings.update',
      'maintenance.update',
      'guests.create',
      'threads.send',
    ])
      expect(kinds).toContain(k);
    expect([...kinds].some((k) => k.startsWith('incidents.'))).toBe(true);
    expect(changes.every((m) => m.actor === 'churn' && m.result === 'applied')).toBe(true);
  });

  it('is deterministic for a seed', async () => {
    const a = await connect({ seed: 4, listings: 20 });
    const b = await connect({ seed: 4, listings: 20 });
    try {
      const strip = (ms: Mutation[]) => ms.map((m) => [m.endpoint, m.id, m.body]);
      expect(strip(a.sim.churn(40))).toEqual(strip(b.sim.churn(40)));
    } finally {
      await a.sim.close();
      await b.sim.close();
    }
  });

  it('runs at a rate until stopped', async () => {
    // The churn's repeating timer, ticked by hand: a tick is one interval of time.
    const tickers = new Map<number, { ms: number; fn: () => void }>();
    let next = 0;
    const every: Every = (ms, fn) => {
      const id = next++;
      tickers.set(id, { ms, fn });
      return () => tickers.delete(id);
    };
    const own = await connect({ seed: 4, listings: 20, every });
    try {
      own.sim.startChurn(6000); // 100 a second: a batch of 10 every 100 ms
      expect([...tickers.values()].map((t) => t.ms)).toEqual([100]);
      const ticker = [...tickers.values()][0]!;
      for (let i = 0; i < 5; i++) ticker.fn();
      expect(own.sim.mutations().filter((m) => m.actor === 'churn')).toHaveLength(50);
      own.sim.stopChurn();
      expect(tickers.size).toBe(0); // nothing left to tick: no change after the stop
    } finally {
      await own.sim.close();
    }
  });

  it('a cancelled booking loses its open cleaning', async () => {
    const changes = api.sim
      .churn(200)
      .filter((m) => m.endpoint === 'bookings.update' && (m.body as Row)['status'] === 'canceled');
    expect(changes.length).toBeGreaterThan(0);
    const id = changes[0]!.id!;
    const cleanings = data<Row[]>(await api.get('/cleanings?start_date=2026-06-15&end_date=2026-09-30'));
    expect(cleanings.some((c) => c['booking_id'] === id)).toBe(false);
  });
});
