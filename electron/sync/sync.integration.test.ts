// The engine against the real simulator over HTTP: a full sync with churn
// and faults leaves the cache equal to the server; more churn plus a planned
// pass converges again; revoked tokens, 429s, 5xx, an unreachable server and
// a junk record are all survived.
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../api/clock';
import type { HttpRequest, HttpResponse, Transport } from '../api/transport';
import { UndiciTransport } from '../api/transport';
import { quarantineList } from '../cache/state';
import type { Engine, EngineOptions } from '../engine';
import { windowsFor } from './sources';
import { DEFAULT_POLICY } from './policy';
import { compareWithServer } from './testing/compare';
import { engineRig } from './testing/engines';

const TODAY = '2026-06-10';
const DAY = 86_400_000;
const rig = engineRig(TODAY);
const engine = (extra: Partial<EngineOptions> = {}): Engine =>
  rig.engine({ transportOptions: { requestTimeoutMs: 2000, connectTimeoutMs: 1000 }, ...extra });

const windows = windowsFor(TODAY, DEFAULT_POLICY);

// Generous per-test limits: these run beside every other suite on a shared machine.
describe('sync against the simulator', { timeout: 90_000 }, () => {
  it('a full sync under churn and faults leaves the cache equal to the server; more churn and a planned pass converge again', async () => {
    const s = await rig.simulator({
      faults: { errorRate: 0.03, resetBeforeRate: 0.02, resetAfterRate: 0.02, malformedRate: 0.03, hangRate: 0.002 },
    });
    s.churn(40);
    const clock = new OffsetClock();
    const e = engine({ clock });
    await rig.signIn(e, s);
    s.startChurn(3000);
    const first = await e.syncNow({ full: true });
    s.stopChurn();
    expect(first.stopped).toBeNull();
    expect(first.requestsTotal).toBeGreaterThan(300);
    // The faults really happened (and were survived by retries).
    const c = s.counters();
    expect((c['status:500'] ?? 0) + (c['status:502'] ?? 0) + (c['status:503'] ?? 0)).toBeGreaterThan(0);
    expect(c['status:reset'] ?? 0).toBeGreaterThan(0);
    expect(s.mutations().filter((m) => m.actor === 'churn').length).toBeGreaterThan(40);

    // Churn kept changing the server while the pass ran: one planned pass once everything is due settles it.
    s.resetFaults();
    clock.skip(8 * DAY);
    const settle = await e.syncNow();
    expect(settle.failed).toBe(0);
    expect(await compareWithServer(await rig.reader(s), e.db, windows)).toEqual([]);

    // More changes by other users, then a planned pass when they are due: equal again.
    s.churn(60);
    clock.skip(8 * DAY);
    const planned = await e.syncNow();
    expect(planned.failed).toBe(0);
    expect(planned.full).toBe(false);
    expect(await compareWithServer(await rig.reader(s), e.db, windows)).toEqual([]);
  });

  it('re-logs in when the tokens are revoked mid-sync and finishes the pass', async () => {
    const s = await rig.simulator();
    const e = engine();
    await rig.signIn(e, s);
    let seen = 0;
    e.client!.on('request', () => {
      if (++seen === 50) s.revokeTokens();
    });
    const expired: unknown[] = [];
    e.on('session.expired', (p) => expired.push(p));
    const r = await e.syncNow({ full: true });
    expect(r.failed).toBe(0);
    expect(r.requests['auth']).toBe(1);
    expect(s.counters()['auth.login']).toBe(2);
    expect(expired).toEqual([]);
  });

  it('backs off on 429 (Retry-After) and 5xx and still completes', async () => {
    // A server that throttles per second and does not announce its limit in headers.
    const s = await rig.simulator({
      listings: 3,
      rateLimit: { limit: 60, windowSeconds: 1 },
      faults: { errorRate: 0.1 },
    });
    const inner = new UndiciTransport({ requestTimeoutMs: 2000 });
    const quiet: Transport = {
      async send(req: HttpRequest): Promise<HttpResponse> {
        const res = await inner.send(req);
        const headers = { ...res.headers };
        delete headers['x-ratelimit-limit'];
        delete headers['x-ratelimit-remaining'];
        return { ...res, headers };
      },
      close: () => inner.close(),
    };
    // An hourly limit so large that the deep fill's pace never binds: the pass runs into the per-second limit.
    const e = engine({ transport: quiet, settings: { budgetPerHour: 1_000_000 } });
    await rig.signIn(e, s);
    const r = await e.syncNow({ full: true });
    expect(r.failed).toBe(0);
    expect(r.stopped).toBeNull();
    expect(r.rateLimited).toBeGreaterThan(0);
    const c = s.counters();
    expect(c['status:429']).toBeGreaterThan(0);
    expect((c['status:500'] ?? 0) + (c['status:502'] ?? 0) + (c['status:503'] ?? 0)).toBeGreaterThan(0);
    expect(e.status().budget.rateLimited).toBe(r.rateLimited);
  });

  it('quarantines a junk record and reports it, storing the rest of the page', async () => {
    const s = await rig.simulator();
    const inner = new UndiciTransport();
    let spoiled: number | null = null;
    const junk: Transport = {
      async send(req) {
        const res = await inner.send(req);
        if (req.url.pathname.endsWith('/bookings') && res.status === 200) {
          // The same booking is junk in every answer that carries it.
          const body = JSON.parse(res.text) as { data: Record<string, unknown>[] };
          if (spoiled === null && body.data.length > 3) spoiled = body.data[1]!['booking_number'] as number;
          const bad = body.data.find((b) => b['booking_number'] === spoiled);
          if (bad) {
            bad['start_date'] = 'next tuesday';
            return { ...res, text: JSON.stringify(body) };
          }
        }
        return res;
      },
      close: () => inner.close(),
    };
    const e = engine({ transport: junk });
    await rig.signIn(e, s);
    const r = await e.syncNow({ full: true });
    expect(spoiled).not.toBeNull();
    expect(r.quarantined).toBeGreaterThanOrEqual(1); // once per answer that carried it
    const rest = await (
      await rig.reader(s)
    ).list('bookings.list', { query: { start_date: windows.full.from, end_date: windows.full.to } });
    expect(r.failed).toBe(0);
    expect(e.status().quarantined).toBe(1);
    const q = quarantineList(e.db)[0]!;
    expect(q).toMatchObject({ resource: 'bookings', record_key: String(spoiled) });
    expect(q.error).toMatch(/start_date/);
    expect(q.times).toBe(r.quarantined);
    const stored = new Set(e.db.pluck<number>('SELECT booking_number FROM bookings'));
    const others = rest.items.map((b) => b.value.booking_number).filter((n) => n !== spoiled);
    expect(others.length).toBeGreaterThan(100);
    expect(others.every((n) => stored.has(n))).toBe(true);
    expect(stored.has(spoiled!)).toBe(false);
  });

  it('falls back to one request per listing when the server needs listing_id, and still gets everything', async () => {
    const s = await rig.simulator({ listings: 3 });
    const inner = new UndiciTransport();
    const LISTS = ['/bookings', '/cleanings', '/mainteance', '/incidents', '/blocks', '/rates'];
    const strict: Transport = {
      send(req) {
        const listing = req.url.searchParams.get('listing_id') ?? req.url.searchParams.get('id');
        if (req.method === 'GET' && LISTS.some((p) => req.url.pathname.endsWith(p)) && !listing) {
          return Promise.resolve({ status: 400, headers: {}, text: '{"message":"listing_id is required"}' });
        }
        return inner.send(req);
      },
      close: () => inner.close(),
    };
    const e = engine({ transport: strict });
    await rig.signIn(e, s);
    const r = await e.syncNow({ full: true });
    expect(r.failed).toBe(0);
    expect(e.sync!.capabilities).toEqual({ globalLists: false, globalRates: false });
    expect(r.requests['bookings']).toBeGreaterThanOrEqual(3 + 1);
    expect(await compareWithServer(await rig.reader(s), e.db, windows)).toEqual([]);
  });

  it('when the hour cannot hold everything, fetches today, leaves the deep fill to its pace and says what is left', async () => {
    const s = await rig.simulator({ listings: 6, rateLimit: { limit: 400, windowSeconds: 3600 } });
    const e = engine({ settings: { budgetPerHour: 400, reservePercent: 20 } });
    await rig.signIn(e, s);
    const r = await e.syncNow({ full: true, waitForBudget: false });
    expect(r.stopped).toBe('paced');
    expect(r.remaining).toBeGreaterThan(0);
    const status = e.status();
    // Today's lists were fetched; the deep fill stopped at its pace, within its share of the hour.
    for (const resource of ['bookings', 'cleaning', 'maintenance', 'incidents', 'blocks'])
      expect(
        status.freshness.find((f) => f.resource === resource && f.scope === 'today ±48 h')?.fetchedAt,
      ).not.toBeNull();
    const { slices, deepPace } = status.budget;
    expect(slices.deep.used).toBeLessThanOrEqual(deepPace.cap);
    expect(deepPace.used).toBeLessThanOrEqual(deepPace.cap);
    // The others' shares are untouched by it.
    expect(e.governor.headroom('user')).toBeGreaterThanOrEqual(slices.user.cap - slices.user.used);
    expect(e.governor.headroom('today')).toBeGreaterThanOrEqual(slices.today.cap - slices.today.used);
    expect(status.plan).toMatchObject({ pausedUntil: null, today: { complete: true } });
    expect(status.plan!.deep.left).toBeGreaterThan(0);
    expect(status.plan!.deep.doneAt).not.toBeNull();
    expect(status.budget.rateLimited).toBe(0);
    // Today complete is a success; the fill going on at its pace is not a problem.
    expect(status.lastSuccessAt).not.toBeNull();
    expect(status.stoppedFor).toBeNull();
  });

  it('stops when the server is unreachable and says so, then resumes', async () => {
    const s = await rig.simulator();
    const e = engine();
    await rig.signIn(e, s);
    const changes: unknown[] = [];
    e.on('connectivity.changed', (p: { connectivity: { kind: string } }) => changes.push(p.connectivity.kind));
    s.setOnline(false);
    const down = await e.syncNow({ full: true });
    expect(down.stopped).toBe('offline');
    expect(e.status().connectivity.kind).toBe('unreachable');
    // Nothing was received: no success, no data time, and the status says why the pass stopped.
    expect(e.status()).toMatchObject({ lastSuccessAt: null, lastDataAt: null, stoppedFor: 'offline' });
    s.setOnline(true);
    const up = await e.syncNow({ full: true });
    expect(up.stopped).toBeNull();
    expect(changes).toEqual(['unreachable', 'online']);
    const synced = e.status();
    expect(synced).toMatchObject({ stoppedFor: null, lastError: null });
    expect(synced.lastSuccessAt).not.toBeNull();
    expect(synced.lastDataAt).not.toBeNull();
    // Unreachable again: a pass with nothing due must not turn into "synced just now".
    s.setOnline(false);
    await e.syncNow();
    expect(e.status().lastSuccessAt).toBe(synced.lastSuccessAt);
    expect(e.status().lastDataAt).toBe(synced.lastDataAt);
  });

  it('says the server is failing on 5xx answers and stops the pass instead of retrying every job', async () => {
    const s = await rig.simulator();
    const e = engine();
    await rig.signIn(e, s);
    s.setFaults({ errorRate: 1 });
    const down = await e.syncNow({ full: true });
    expect(down.stopped).toBe('offline');
    expect(down.remaining).toBeGreaterThan(0);
    const status = e.status();
    expect(status.connectivity.kind).toBe('failing');
    expect(status.connectivity.since).not.toBeNull();
    expect(status).toMatchObject({ lastSuccessAt: null, lastDataAt: null, stoppedFor: 'offline' });
    s.setFaults({ errorRate: 0 });
    const up = await e.syncNow({ full: true });
    expect(up.stopped).toBeNull();
    expect(e.status().connectivity.kind).toBe('online');
  });

  it('asks the person to sign in again when the password no longer works', async () => {
    const s = await rig.simulator();
    const e = engine();
    await rig.signIn(e, s);
    const client = e.client!;
    client.setCredentials({ user: s.user, password: 'changed-by-admin' });
    s.revokeTokens();
    const expired: { message: string }[] = [];
    e.on('session.expired', (p: { message: string }) => expired.push(p));
    const r = await e.syncNow({ full: true });
    expect(r.stopped).toBe('signedOut');
    expect(expired).toHaveLength(1);
    expect(e.status().state).toBe('signedOut');
  });
});
