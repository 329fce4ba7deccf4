import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rejection } from '../../shared/testing';
import { CommandError, EVENTS, syncStatus } from '../../shared/contract';
import { startSimulator, type Simulator } from '../../simulator';
import { ManualClock } from '../api/clock';
import { MemoryCredentialStore, type CredentialStore } from '../credentials/store';
import { CONNECTIVITY_POLICY, DEFAULT_POLICY } from '../sync/policy';
import { Engine } from './engine';

const TODAY = '2026-06-10';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(): Promise<{ sim: Simulator; dir: string; creds: CredentialStore }> {
  const sim = await startSimulator({
    listings: 3,
    seed: 5,
    today: TODAY,
    user: 'frontdesk',
    password: 'Pa55-w0rd-unique',
    rateLimit: { limit: 100_000, windowSeconds: 3600 },
  });
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-engine-'));
  cleanup.push(
    () => sim.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return { sim, dir, creds: new MemoryCredentialStore() };
}

function open(dir: string, creds: CredentialStore): Engine {
  const e = Engine.open({
    dbPath: join(dir, 'cache.db'),
    credentials: creds,
    background: false,
    today: () => TODAY,
    settings: { budgetPerHour: 100_000 },
  });
  cleanup.push(() => e.close());
  return e;
}

const rejected = (p: Promise<unknown>) => rejection(p, CommandError);

/** An account remembered by a first run (synced or not), opened again on a manual clock that waits a minute before its first pass. */
async function reopened(sim: Simulator, dir: string, creds: CredentialStore, o: { synced: boolean }) {
  const first = open(dir, creds);
  await first.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: true });
  if (o.synced) await first.syncNow({ full: true });
  await first.close();
  const clock = new ManualClock();
  const e = Engine.open({
    dbPath: join(dir, 'cache.db'),
    credentials: creds,
    clock,
    today: () => TODAY,
    settings: { budgetPerHour: 100_000 },
    policy: { ...DEFAULT_POLICY, resumeSyncDelayMs: 60_000 },
  });
  cleanup.push(() => e.close());
  return { clock, e };
}

describe('Engine', { timeout: 60_000 }, () => {
  it('signs in, syncs, reports a contract-shaped status and events', async () => {
    const { sim, dir, creds } = await setup();
    const e = open(dir, creds);
    expect(e.status().state).toBe('signedOut');
    const wrong = await rejected(e.signIn({ baseUrl: sim.url, user: sim.user, password: 'nope', remember: false }));
    expect(wrong.code).toBe('wrong_credentials');
    await e.signIn({ baseUrl: `${sim.url}/api/v1/`, user: sim.user, password: sim.password, remember: false });
    const changed: { resources: string[] }[] = [];
    const progress: unknown[] = [];
    e.on('cache.changed', (p: { resources: string[] }) => changed.push(p));
    e.on('sync.progress', (p: unknown) => progress.push(p));
    const summary = await e.syncNow({ full: true });
    expect(summary.failed).toBe(0);
    const status = e.status();
    expect(() => syncStatus.parse(status)).not.toThrow();
    expect(status.state).toBe('idle');
    expect(status.connectivity.kind).toBe('online');
    expect(status.lastSuccessAt).not.toBeNull();
    expect(status.lastDataAt).not.toBeNull();
    expect(status.freshness.length).toBeGreaterThan(10);
    expect(changed.flatMap((c) => c.resources)).toContain('bookings');
    for (const c of changed) expect(() => EVENTS['cache.changed'].payload.parse(c)).not.toThrow();
    for (const p of progress) expect(() => EVENTS['sync.progress'].payload.parse(p)).not.toThrow();
    expect(e.db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')!.n).toBeGreaterThan(50);
  });

  it('assembles the parts that ask the server now: a new intranet user lands in its table and the screens are told', async () => {
    const { sim, dir, creds } = await setup();
    const e = open(dir, creds);
    expect(e.foreground).toBe(e.foreground); // one writer per engine (its memory of unsure writes is the engine's)
    await expect(e.foreground.admins.create({ username: 'wired.desk', password: 'N3w-pass-word!' })).rejects.toThrow();
    await e.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    const changed: { resources: string[] }[] = [];
    e.on('cache.changed', (p: { resources: string[] }) => changed.push(p));
    const r = await e.foreground.admins.create({ username: 'wired.desk', password: 'N3w-pass-word!' });
    expect(r.outcome).toBe('created');
    expect(e.db.pluck('SELECT username FROM admins')).toContain('wired.desk');
    expect(changed).toEqual([{ resources: ['admins'] }]);
  });

  it('remembers the account: a reopened cache resumes with the stored password, never storing it in SQLite', async () => {
    const { sim, dir, creds } = await setup();
    const first = open(dir, creds);
    const r = await first.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: true });
    expect(r.remembered).toBe('memory');
    await first.close();
    const again = open(dir, creds);
    expect(again.account).toMatchObject({ baseUrl: sim.url, user: sim.user });
    expect(await again.resume()).toBe(true);
    expect((await again.syncNow()).failed).toBe(0);
    const dump =
      JSON.stringify(again.db.all('SELECT * FROM meta')) + JSON.stringify(again.db.all('SELECT * FROM sync_state'));
    expect(dump).toContain('frontdesk');
    expect(dump).not.toContain('Pa55-w0rd-unique');
  });

  it('a resumed session serves the cache first: its first pass waits, a screen opening does not cut that short, syncing now does', async () => {
    const { sim, dir, creds } = await setup();
    const { clock, e } = await reopened(sim, dir, creds, { synced: false });
    // The reachability probe (and the login it needs) may run meanwhile; no data is asked for.
    const asked = () =>
      sim.requestLog().filter((r) => r.endpoint !== CONNECTIVITY_POLICY.probeEndpoint && r.endpoint !== 'auth.login')
        .length;
    const before = asked();
    expect(await e.resume()).toBe(true);
    await clock.advance(59_000);
    expect(asked()).toBe(before); // 59 s of clock time: still waiting out the minute, no data asked
    // The first screen's interest arrives while that screen is read: it waits for the first pass too.
    e.setInterest({ screen: 'today', from: TODAY, to: TODAY });
    await new Promise((r) => setImmediate(r)); // a woken loop would be syncing by now
    expect(e.status().state).not.toBe('syncing');
    await e.syncNow();
    expect(asked()).toBeGreaterThan(before);
  });

  it('answers the first status at once and sends its freshness a moment later (the first screens are not held up by a plan)', async () => {
    const { sim, dir, creds } = await setup();
    const { clock, e } = await reopened(sim, dir, creds, { synced: true });
    expect(await e.resume()).toBe(true);
    const sent: { freshness: unknown[] }[] = [];
    e.on('sync.freshness', (p: { freshness: unknown[] }) => sent.push(p));
    const early = e.status();
    expect(early.freshness).toEqual([]);
    expect(early.lastDataAt).not.toBeNull(); // what the header says meanwhile: when data last came in
    await clock.advance(1_000);
    expect(sent.length).toBe(1);
    expect(sent[0]!.freshness.length).toBeGreaterThan(10);
    expect(e.status().freshness).toEqual(sent[0]!.freshness);
    for (const p of sent) expect(() => EVENTS['sync.freshness'].payload.parse(p)).not.toThrow();
  });

  it('refuses to switch accounts while another account has unsent edits in the cache, else starts clean', async () => {
    const { sim, dir, creds } = await setup();
    const e = open(dir, creds);
    await e.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    await e.syncNow({ full: true });
    const n = e.db.pluck<number>('SELECT booking_number FROM bookings LIMIT 1')[0]!;
    sim.setOnline(false); // the edit stays unsent
    e.outbox!.enqueue('bookings.update', { bookingNumber: n, changes: { notes: 'Late arrival' } });
    const other = { baseUrl: 'http://127.0.0.1:9', user: 'someone-else', password: 'x', remember: false };
    expect((await rejected(e.signIn(other))).code).toBe('unsent_changes');
    await e.discardUnsent();
    sim.setOnline(true);
    // A failed sign-in to the other account (a typo in the address) leaves the cache alone…
    expect((await rejected(e.signIn(other))).code).toBe('unreachable');
    expect(e.db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')!.n).toBeGreaterThan(0);
    // …a successful one starts clean.
    const sim2 = await startSimulator({ listings: 1, seed: 9, today: TODAY });
    cleanup.push(() => sim2.close());
    await e.signIn({ baseUrl: sim2.url, user: sim2.user, password: sim2.password, remember: false });
    expect(e.db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')!.n).toBe(0);
    expect(e.account?.baseUrl).toBe(sim2.url);
  });

  it('owns its outbox: its tables from the start, the outbox from the first session, its counts in the status', async () => {
    const { sim, dir, creds } = await setup();
    const e = open(dir, creds);
    expect(e.db.get("SELECT 1 FROM sqlite_master WHERE name = 'outbox'")).toBeDefined();
    expect(e.outbox).toBeNull();
    expect(e.unsentCount()).toBe(0);
    await e.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    await e.syncNow({ full: true });
    const outbox = e.outbox!;
    const task = e.db.get<{ id: number }>('SELECT id FROM cleaning ORDER BY id LIMIT 1')!;
    outbox.enqueue('cleaning.update', { id: task.id, changes: { notes: 'Sent by the engine' } });
    expect(e.status().outbox).toMatchObject({ unsent: 1, pending: 1 });
    expect(e.unsentCount()).toBe(1);
    await outbox.drain({ untilSettled: true });
    expect(e.status().outbox).toMatchObject({ unsent: 0, confirmed: 1 });
    expect(sim.requestLog().filter((r) => r.endpoint === 'cleanings.update')).toHaveLength(1);
  });
});
