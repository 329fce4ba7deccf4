import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejection } from '../../shared/testing';
import { endpoint } from '../../shared/api';
import { ApiClient, type RequestEvent } from './client';
import { ManualClock, type Clock } from './clock';
import { ApiError } from './errors';
import { BudgetGovernor } from './governor';
import { READS } from './reads';
import { authed, json, startTestServer, type Handler, type TestServer } from './test-server';

const CREDS = { user: 'u', password: 'p@ss:word' };
let server: TestServer | null = null;
let client: ApiClient | null = null;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = null;
  server = null;
});

async function setup(inner: Handler, opts: { requestTimeoutMs?: number; limit?: number; clock?: Clock } = {}) {
  const live = new Set<string>();
  const auth = authed(live, inner, CREDS);
  server = await startTestServer(auth.handler);
  const governor = new BudgetGovernor({ limit: opts.limit ?? 5000, ...(opts.clock ? { clock: opts.clock } : {}) });
  client = new ApiClient({
    baseUrl: `${server.url}/`,
    governor,
    backoffMs: 5,
    transportOptions: { requestTimeoutMs: opts.requestTimeoutMs ?? 2000, connectTimeoutMs: 500 },
  });
  const events: RequestEvent[] = [];
  client.on('request', (e: RequestEvent) => events.push(e));
  return { server, client, live, logins: auth.logins, events, governor };
}

const booking = (n: number) => ({ booking_number: n, start_date: '2026-01-02', end_date: '2026-01-05', state: 3 });

const caught = (p: Promise<unknown>) => rejection(p, ApiError);

describe('ApiClient', () => {
  it('logs in with Basic and sends the bearer token on every other request', async () => {
    const { client, server } = await setup((_, res) => json(res, 200, { data: [booking(1)] }));
    await client.signIn(CREDS);
    const r = await client.list('bookings.list', { query: { listing_id: 7, start_date: '2026-01-01' } });
    expect(r.items.map((i) => i.value.booking_number)).toEqual([1]);
    expect(server.seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:p@ss:word').toString('base64')}`);
    expect(server.seen[1]!.headers.authorization).toBe('Bearer token-1');
    expect(server.seen[1]!.headers.accept).toBe('application/json');
    expect(server.seen[1]!.path).toBe('/api/v1/bookings?listing_id=7&start_date=2026-01-01');
  });

  it('says plainly when the user name or password is wrong', async () => {
    const { client } = await setup(() => undefined);
    const e = await caught(client.signIn({ user: 'u', password: 'wrong' }));
    expect(e.kind).toBe('credentials_refused');
    expect(e.message).toMatch(/not accepted/);
    expect(client.signedIn).toBe(false);
  });

  it('re-logs in once on a 401 and repeats the request', async () => {
    const { client, live, logins } = await setup((_, res) => json(res, 200, { data: [booking(2)] }));
    await client.signIn(CREDS);
    live.clear(); // the server revokes every token
    const r = await client.list('bookings.list');
    expect(r.items).toHaveLength(1);
    expect(logins()).toBe(2);
  });

  it('shares one re-login between requests that hit a 401 together', async () => {
    const { client, live, logins } = await setup((_, res) => json(res, 200, { data: [] }));
    await client.signIn(CREDS);
    live.clear();
    await Promise.all([1, 2, 3, 4].map(() => client.list('bookings.list')));
    expect(logins()).toBe(2);
  });

  it('asks the person to sign in when the stored credentials stop working', async () => {
    let refuse = false;
    const { client, live } = await setup((_, res) =>
      refuse ? json(res, 401, { message: 'Unauthenticated.' }) : json(res, 200, { data: [] }),
    );
    await client.signIn(CREDS);
    let expired = 0;
    client.on('session.expired', () => expired++);
    refuse = true; // valid token, but every call still says 401
    live.add('token-2');
    const e = await caught(client.list('bookings.list'));
    expect(e.kind).toBe('signed_out');
    expect(expired).toBe(1);
    expect(client.sessionExpired).toBe(true);
    // Further calls fail fast without touching the network.
    const before = server!.seen.length;
    expect((await caught(client.list('bookings.list'))).kind).toBe('signed_out');
    expect(server!.seen.length).toBe(before);
    expect(JSON.stringify(e)).not.toContain('p@ss');
  });

  it('waits out a 429 with Retry-After and then succeeds', async () => {
    // Retry-After runs on the governor's clock: the retry waits exactly as long as the server asked.
    const clock = new ManualClock();
    const { client, governor, server } = await setup(
      (_, res, n) =>
        n === 2
          ? json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '0.2' })
          : json(res, 200, { data: [] }),
      { clock },
    );
    await client.signIn(CREDS);
    const listed = client.list('bookings.list');
    await vi.waitFor(() => expect(clock.nextTimerAt()).toBe(clock.now() + 200));
    const sent = server.seen.length;
    await clock.advance(199);
    expect(server.seen.length).toBe(sent); // not retried before the 0.2 s are up
    await clock.advance(1);
    await listed;
    expect(server.seen.length).toBe(sent + 1);
    expect(governor.snapshot().rateLimited).toBe(1);
  });

  it('retries a read after a 5xx or a garbled body, but never repeats a failed write', async () => {
    const { client, server } = await setup((req, res, n) => {
      if (req.method === 'PUT') return json(res, 500, { message: 'boom' });
      if (n === 2) return json(res, 502, '<html>bad gateway</html>');
      if (n === 3) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html>maintenance</html>');
      }
      return json(res, 200, { data: [] });
    });
    await client.signIn(CREDS);
    await client.list('bookings.list');
    expect(server.seen.filter((s) => s.method === 'GET')).toHaveLength(3);
    const e = await caught(client.write('bookings.update', { id: 5, body: { notes: 'x' } }));
    expect(e.kind).toBe('server');
    expect(e.outcomeUnknown).toBe(true);
    expect(server.seen.filter((s) => s.method === 'PUT')).toHaveLength(1);
  });

  it('reports a write whose connection breaks after sending as outcome unknown', async () => {
    const { client } = await setup((req, res) => {
      if (req.method === 'PUT') return void res.socket?.destroy();
      return json(res, 200, {});
    });
    await client.signIn(CREDS);
    const e = await caught(client.write('bookings.update', { id: 5, body: { notes: 'x' } }));
    expect(e.kind).toBe('network');
    expect(e.outcomeUnknown).toBe(true);
  });

  it('times out a write that hangs and says its outcome is unknown', async () => {
    const { client } = await setup((req, res) => (req.method === 'PUT' ? undefined : json(res, 200, {})), {
      requestTimeoutMs: 150,
    });
    await client.signIn(CREDS);
    const e = await caught(client.write('bookings.update', { id: 1, body: { notes: 'x' } }));
    expect(e.kind).toBe('timeout');
    expect(e.outcomeUnknown).toBe(true);
  });

  it('classifies a hung read as a timeout after its retries', async () => {
    const { client } = await setup(
      (req, res) => {
        if (req.path.startsWith('/api/v1/bookings')) return; // never answers
        json(res, 200, {});
      },
      { requestTimeoutMs: 100 },
    );
    await client.signIn(CREDS);
    const e = await caught(client.list('bookings.list'));
    expect(e.kind).toBe('timeout');
    expect(e.outcomeUnknown).toBe(false);
  });

  it('reports an unreachable server as a network error and goes unreachable', async () => {
    const { client, server: s } = await setup((_, res) => json(res, 200, { data: [] }));
    await client.signIn(CREDS);
    expect(client.connectivity.kind).toBe('online');
    const changes: string[] = [];
    client.connectivity.on('change', (c: { kind: string }) => changes.push(c.kind));
    await s.close();
    server = null;
    const e = await caught(client.write('bookings.update', { id: 1, body: { notes: 'x' } }));
    expect(e.kind).toBe('network');
    expect(e.outcomeUnknown).toBe(false);
    expect(changes).toEqual(['unreachable']);
    expect(client.isOnline).toBe(false);
  });

  it('makes a single-attempt call (the probe) one request, even when it has to log in first', async () => {
    const { client, server: s, events } = await setup((_, res) => json(res, 200, { data: [] }));
    client.setCredentials(CREDS); // resumed: credentials, no token yet
    await s.close();
    server = null;
    const e = await caught(client.request('customerTypes.list', { once: true }));
    expect(e.kind).toBe('network');
    expect(events).toHaveLength(1);
    expect(client.connectivity.kind).toBe('unreachable');
  });

  it('gives a single-attempt call its own short deadline: a silent server is unreachable', async () => {
    const { client, events } = await setup(() => undefined); // answers nothing but the login
    await client.signIn(CREDS);
    expect(client.connectivity.kind).toBe('online');
    const e = await caught(client.request('customerTypes.list', { once: true, timeoutMs: 100 }));
    expect(e.kind).toBe('timeout');
    expect(events.filter((x) => x.endpoint === 'customerTypes.list')).toHaveLength(1);
    expect(client.connectivity.kind).toBe('unreachable');
  });

  it('returns the server field messages of a 422', async () => {
    const { client } = await setup((_, res) =>
      json(res, 422, { message: 'invalid', errors: { start_date: ['is in the past'] } }),
    );
    await client.signIn(CREDS);
    const e = await caught(client.write('bookings.update', { id: 1, body: { start_date: '2020-01-01' } }));
    expect(e.kind).toBe('invalid');
    expect(e.fields).toEqual({ start_date: ['is in the past'] });
  });

  it('refuses to send a write body the strict schema rejects', async () => {
    const { client, server } = await setup((_, res) => json(res, 200, {}));
    await client.signIn(CREDS);
    const e = await caught(client.write('bookings.update', { id: 1, body: { status: 'maybe' } }));
    expect(e.kind).toBe('invalid');
    expect(e.fields?.['status']).toBeDefined();
    expect(server.seen).toHaveLength(1); // only the login
  });

  it('keeps the valid items of a list and hands back the junk ones', async () => {
    const { client } = await setup((_, res) =>
      json(res, 200, { data: [booking(1), { booking_number: 'x', start_date: 'never' }, booking(3)] }),
    );
    await client.signIn(CREDS);
    const r = await client.list('bookings.list');
    expect(r.items.map((i) => i.value.booking_number)).toEqual([1, 3]);
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]!.index).toBe(1);
    expect(r.rejected[0]!.error).toMatch(/booking_number/);
  });

  it('throws unexpected_body for a wrong envelope (after one more try)', async () => {
    const { client, server } = await setup((_, res) => json(res, 200, { rows: [] }));
    await client.signIn(CREDS);
    const e = await caught(client.list('bookings.list'));
    expect(e.kind).toBe('unexpected_body');
    expect(e.message).toMatch(/"data"/);
    expect(server.seen).toHaveLength(3);
  });

  it('follows links.next through cursor pages', async () => {
    const { client } = await setup((req, res) => {
      const page = req.path.includes('cursor=abc') ? 2 : 1;
      json(res, 200, {
        data: [{ id: page, name: `L${page}` }],
        links: { next: page === 1 ? 'https://elsewhere.example/api/v1/listings?per_page=1&cursor=abc' : null },
      });
    });
    await client.signIn(CREDS);
    const first = await client.list('listings.list', { query: { per_page: 1 } });
    expect(first.next).toContain('cursor=abc');
    const second = await client.listNext('listings.list', first.next!);
    expect(second.items[0]!.value.name).toBe('L2');
    expect(second.next).toBeNull();
  });

  it('emits one request event per attempt, without credentials', async () => {
    const { client, events } = await setup((_, res) => json(res, 200, { data: [] }));
    await client.signIn(CREDS);
    await client.list('bookings.list', { priority: 'user' });
    expect(events.map((e) => [e.endpoint, e.status, e.priority])).toEqual([
      ['auth.login', 200, 'user'],
      ['bookings.list', 200, 'user'],
    ]);
    expect(JSON.stringify(events)).not.toContain('p@ss');
  });
});

describe('a request naming a local id', () => {
  it('is refused before it leaves, reported as a defect, and costs no permit', async () => {
    const { client, server, governor, events } = await setup((_, res) => json(res, 200, { data: [] }));
    const defects: unknown[] = [];
    (client as unknown as { onDefect: (d: unknown) => void }).onDefect = (d) => defects.push(d);
    await client.signIn(CREDS);
    const asked = server.seen.length;
    const used = governor.snapshot().used;
    const read = await caught(client.one('bookings.get', { id: -1, priority: 'user' }));
    expect(read.kind).toBe('local_id');
    const query = await caught(client.list('photos.list', { query: { listing_id: -3 } }));
    expect(query.kind).toBe('local_id');
    const write = await caught(
      client.write('guests.create', { body: { id: -4, guest: { name: 'Ana', lastname: 'Puig' } } }),
    );
    expect(write.kind).toBe('local_id');
    expect(server.seen.length).toBe(asked);
    expect(governor.snapshot().used).toBe(used);
    expect(events.map((e) => e.endpoint)).toEqual(['auth.login']);
    expect(defects).toEqual([
      { endpoint: 'bookings.get', method: 'GET', where: 'path /api/v1/bookings/-1' },
      { endpoint: 'photos.list', method: 'GET', where: 'query listing_id=-3' },
      { endpoint: 'guests.create', method: 'POST', where: 'body id' },
    ]);
  });
});

describe('READS', () => {
  it('uses the very schemas of the shared endpoint table', () => {
    for (const [name, schema] of Object.entries(READS)) {
      expect(endpoint(name as keyof typeof READS).response.item, name).toBe(schema);
    }
  });
});
