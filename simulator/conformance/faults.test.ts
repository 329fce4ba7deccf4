// Bad days, over HTTP: latency, 5xx per route, resets before and after
// processing (the ambiguous outcome, proven with the mutation log), hangs past
// the client's timeout, malformed bodies on reads, the unreachable server, and
// the control API that drives all of it, guarded by its own secret.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, data, type Api } from './client';

type Row = Record<string, unknown>;
let api: Api;
let cleaningId: number;
let bookingId: number;

beforeAll(async () => {
  api = await connect({ seed: 21, listings: 40 });
  cleaningId = data<Row[]>(await api.get('/cleanings'))[0]!['id'] as number;
  bookingId = data<Row[]>(await api.get('/bookings')).find((b) => b['state'] === 3)!['booking_number'] as number;
});
afterEach(() => {
  api.sim.resetFaults();
  api.sim.setOnline(true);
});
afterAll(async () => {
  await api.sim.close();
});

const notesOf = async (id: number) => data(await api.get(`/cleanings/${id}`))['notes'];
const applied = (endpoint: string, id: number) =>
  api.sim.mutations().filter((m) => m.endpoint === endpoint && m.id === id && m.result === 'applied');

describe('latency and 5xx', () => {
  it('adds latency to every response', async () => {
    api.sim.setFaults({ latencyMs: 150 });
    const t = performance.now();
    expect((await api.get('/origins')).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('answers 500/502/503 on the chosen routes only, without processing the request', async () => {
    api.sim.setFaults({ errorRate: 1, errorRoutes: ['cleanings.update'] });
    const before = await notesOf(cleaningId);
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++)
      seen.add((await api.call('PUT', `/cleaning/${cleaningId}`, { notes: `try ${i}` })).status);
    expect([...seen].every((s) => [500, 502, 503].includes(s))).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
    expect(await notesOf(cleaningId)).toBe(before);
    expect(applied('cleanings.update', cleaningId)).toHaveLength(0);
    expect((await api.get('/origins')).status).toBe(200);
  });

  it.each(['/listings', '/photos/5001', '/admins', '/owners', '/costs', '/threads/100001'])(
    'can make %s (which lists 500) answer 500',
    async (path) => {
      api.sim.setFaults({ errorRate: 1 });
      let status = 0;
      for (let i = 0; i < 20 && status !== 500; i++) status = (await api.get(path)).status;
      expect(status).toBe(500);
    },
  );
});

describe('connection resets', () => {
  it('before processing: the client sees a reset and nothing changed', async () => {
    api.sim.setFaults({ resetBeforeRate: 1, routes: ['cleanings.update'] });
    const before = await notesOf(cleaningId);
    await expect(api.call('PUT', `/cleaning/${cleaningId}`, { notes: 'never applied' })).rejects.toThrow();
    api.sim.resetFaults();
    expect(await notesOf(cleaningId)).toBe(before);
    expect(api.sim.requestLog().some((r) => r.endpoint === 'cleanings.update' && r.status === 'reset')).toBe(true);
  });

  it('after processing: the client sees a reset but the edit was applied exactly once', async () => {
    api.sim.setFaults({ resetAfterRate: 1, routes: ['cleanings.update'] });
    await expect(api.call('PUT', `/cleaning/${cleaningId}`, { notes: 'applied in the dark' })).rejects.toThrow();
    api.sim.resetFaults();
    expect(await notesOf(cleaningId)).toBe('applied in the dark');
    const log = applied('cleanings.update', cleaningId).filter((m) => JSON.stringify(m.body).includes('in the dark'));
    expect(log).toHaveLength(1);
  });

  it('a blind resend of a create after an ambiguous reset duplicates it, and the log shows it', async () => {
    api.sim.setFaults({ resetAfterRate: 1, routes: ['guests.create'] });
    const body = { id: bookingId, guest: { name: 'Duplicado', lastname: 'Prueba' } };
    await expect(api.call('POST', '/guests', body)).rejects.toThrow();
    api.sim.resetFaults();
    expect((await api.call('POST', '/guests', body)).status).toBe(200);
    const guests = data<{ guests: Row[] }>(await api.get(`/customers/guests/${bookingId}`)).guests;
    expect(guests.filter((g) => g['name'] === 'Duplicado')).toHaveLength(2);
    expect(
      api.sim.mutations().filter((m) => m.endpoint === 'guests.create' && JSON.stringify(m.body).includes('Duplicado')),
    ).toHaveLength(2);
  });

  it('resets only the routes listed', async () => {
    api.sim.setFaults({ resetBeforeRate: 1, routes: ['cleanings.list'] });
    await expect(api.get('/cleanings')).rejects.toThrow();
    expect((await api.get('/origins')).status).toBe(200);
  });
});

describe('hangs and malformed bodies', () => {
  it('a hung request never answers; the client times out and nothing is applied', async () => {
    api.sim.setFaults({ hangRate: 1, routes: ['cleanings.update'] });
    const t = performance.now();
    await expect(api.call('PUT', `/cleaning/${cleaningId}`, { notes: 'hung' }, { timeoutMs: 300 })).rejects.toThrow();
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    api.sim.resetFaults();
    expect(await notesOf(cleaningId)).not.toBe('hung');
    expect(api.sim.requestLog().at(-2)).toMatchObject({ endpoint: 'cleanings.update', status: 'hang' });
  });

  it('malformed answers are 200 with a body that is not the JSON document (reads only)', async () => {
    api.sim.setFaults({ malformedRate: 1 });
    const kinds = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const a = await api.get('/destinations');
      expect(a.status).toBe(200);
      expect(a.json).toBeUndefined();
      kinds.add(a.headers.get('content-type')!.split(';')[0]!);
    }
    expect(kinds).toEqual(new Set(['application/json', 'text/html']));
    const w = await api.call('PUT', `/cleaning/${cleaningId}`, { notes: 'writes are not garbled' });
    expect(w.status).toBe(200);
    expect(w.json).toMatchObject({ data: { notes: 'writes are not garbled' } });
  });

  it('close() ends hung sockets at once', async () => {
    const other = await connect();
    other.sim.setFaults({ hangRate: 1 });
    const pending = other.get('/origins').catch((e: unknown) => e);
    await vi.waitFor(() => expect(other.sim.requestLog().at(-1)).toMatchObject({ status: 'hang' }));
    // A hung socket left open would keep close() waiting for ever: that it returns is the proof.
    await other.sim.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('faults given at start', () => {
  it('apply from the first request and are validated', async () => {
    const other = await connect({ faults: { errorRate: 1, errorRoutes: ['origins.list'] } });
    try {
      expect([500, 502, 503]).toContain((await other.get('/origins')).status);
      expect((await other.get('/destinations')).status).toBe(200);
    } finally {
      await other.sim.close();
    }
    await expect(connect({ faults: { hangRate: 1.5 } })).rejects.toThrow(/hangRate/);
    await expect(connect({ today: '2026-02-30' })).rejects.toThrow(/today/);
  });
});

describe('unreachable server', () => {
  it('refuses every API request while offline; the control API still answers', async () => {
    api.sim.setOnline(false);
    await expect(api.get('/origins')).rejects.toThrow();
    expect((await api.control('GET', '/state')).json).toMatchObject({ online: false });
    expect((await api.control('POST', '/online', { online: true })).json).toEqual({ online: true });
    expect((await api.get('/origins')).status).toBe(200);
  });
});

describe('control API', () => {
  it('requires its secret', async () => {
    expect((await api.control('GET', '/state', undefined, 'wrong')).status).toBe(403);
    const res = await fetch(`${api.sim.url}/_control/state`);
    expect(res.status).toBe(403);
  });

  it('sets, validates, reads and resets faults', async () => {
    const set = await api.control('PUT', '/faults', { errorRate: 1, errorRoutes: ['origins.list'] });
    expect(set.json).toMatchObject({ errorRate: 1, errorRoutes: ['origins.list'] });
    expect([500, 502, 503]).toContain((await api.get('/origins')).status);
    expect((await api.control('PUT', '/faults', { hangRate: 2 })).status).toBe(400);
    expect((await api.control('PUT', '/faults', 'a string, not an object')).status).toBe(400);
    const garbled = await fetch(`${api.sim.url}/_control/faults`, {
      method: 'PUT',
      headers: { 'X-Control-Secret': api.sim.controlSecret },
      body: '{not json',
    });
    expect(garbled.status).toBe(400);
    expect((await api.control('DELETE', '/faults')).json).toMatchObject({ errorRate: 0, hangRate: 0 });
    expect((await api.get('/origins')).status).toBe(200);
  });

  it('exposes the request log, counters and mutations (with since=)', async () => {
    const seq = api.sim.mutations().at(-1)?.seq ?? 0;
    await api.call('PUT', `/cleaning/${cleaningId}`, { notes: 'via control' });
    const m = (await api.control('GET', `/mutations?since=${seq}`)).json as { mutations: Row[] };
    expect(m.mutations).toHaveLength(1);
    expect(m.mutations[0]).toMatchObject({
      endpoint: 'cleanings.update',
      id: cleaningId,
      actor: 'api',
      result: 'applied',
      token: api.token,
    });
    const counters = (await api.control('GET', '/counters')).json as Record<string, number>;
    expect(counters['cleanings.update']).toBeGreaterThan(0);
    expect(counters[`token:${api.token}`]).toBeGreaterThan(0);
    const total = api.sim.requestLog().length;
    const r = (await api.control('GET', `/requests?since=${total - 1}`)).json as { requests: Row[] };
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]).toMatchObject({ method: 'PUT', endpoint: 'cleanings.update', status: 200 });
    expect((await api.control('GET', '/nope')).status).toBe(404);
  });

  it('drives churn', async () => {
    const r = (await api.control('POST', '/churn', { n: 5 })).json as { mutations: Row[] };
    expect(r.mutations).toHaveLength(5);
    expect(r.mutations.every((m) => m['actor'] === 'churn' && m['token'] === null)).toBe(true);
    expect((await api.control('POST', '/churn', { n: -1 })).status).toBe(400);
  });
});
