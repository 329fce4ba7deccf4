// The real wiring, end to end in plain Node: the demo workspace (embedded
// simulator), a real engine with its cache, sync and outbox, reached only
// through the dispatcher, the way both transports reach it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CleaningRecord, EventName, OutboxSummary } from '../../shared/contract';
import { MemoryCredentialStore, type CredentialStore } from '../credentials/store';
import { cleanedAfterEach, lastingKeychain, until, wiredRuntime } from './testing';

const made = cleanedAfterEach();
const demos: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const demo of demos.splice(0)) await demo.close();
});

/** The demo API server (the simulator, served) with this many listings, closed after the test. */
async function demoServer(listings: number) {
  const demo = await import('./demo').then((m) => m.startDemoServer({ listings }));
  demos.push(demo);
  return demo;
}

function start(
  dataDir = mkdtempSync(join(tmpdir(), 'stayboard-wiring-')),
  credentials: CredentialStore = new MemoryCredentialStore('No keychain in this test.'),
) {
  made.dirs.push(dataDir);
  const runtime = wiredRuntime(dataDir, { credentials });
  made.runtime = runtime;
  return { runtime, dataDir };
}

function value<T>(r: { ok: boolean; value?: unknown }): T | null {
  return r.ok ? (r.value as T) : null;
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('real wiring on the demo workspace', () => {
  it('opens the demo, syncs the 40 listings, carries an edit to the server exactly once, and cleans up', async () => {
    const { runtime: rt, dataDir } = start();
    const seen = new Set<EventName>();
    rt.bus.subscribe((e) => seen.add(e));
    const d = rt.dispatcher;

    expect(await d.dispatch('session.openDemo', {})).toMatchObject({
      ok: true,
      value: { state: 'signedIn', account: { environment: 'demo', user: 'demo' }, remembered: false },
    });
    const simulator = rt.workspace.demoSimulator()!;
    expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    await until('40 listings', async () => value<unknown[]>(await d.dispatch('listings.list', {}))?.length === 40);
    const tasks = await until('cleaning tasks', async () => {
      const list = value<CleaningRecord[]>(await d.dispatch('cleaning.list', { from: today(), to: inDays(14) }));
      return list && list.length > 0 ? list : null;
    });
    expect(await d.dispatch('board.day', { date: today() })).toMatchObject({ ok: true });

    const task = tasks[0]!;
    const receipt = await d.dispatch('cleaning.update', {
      id: task.id,
      changes: { notes: 'Extra towels (wiring test)' },
    });
    expect(receipt).toMatchObject({ ok: true, value: { state: 'pending' } });
    // Visible at once, marked as unsent until confirmed.
    const local = value<CleaningRecord>(await d.dispatch('cleaning.get', { id: task.id }))!;
    expect(local.notes).toBe('Extra towels (wiring test)');

    await until(
      'the edit confirmed',
      async () => value<OutboxSummary>(await d.dispatch('outbox.summary', {}))?.unsent === 0,
    );
    const applied = simulator
      .mutations()
      .filter(
        (m) => m.actor === 'api' && m.result === 'applied' && m.id === task.id && m.endpoint.startsWith('cleaning'),
      );
    expect(applied).toHaveLength(1);
    expect(value<CleaningRecord>(await d.dispatch('cleaning.get', { id: task.id }))?.outbox).toBeNull();

    for (const e of ['session.changed', 'sync.progress', 'cache.changed', 'outbox.changed'] as const)
      expect(seen).toContain(e);

    expect(await d.dispatch('session.signOut', {})).toMatchObject({ ok: true, value: { state: 'signedOut' } });
    expect(readdirSync(join(dataDir, 'demo')).filter((f) => f.endsWith('.db'))).toEqual([]);
    await expect(fetch(`${simulator.url}/api/v1/listings`)).rejects.toThrow();
  });

  it('signs in to a server by URL, refuses a wrong password, and keeps one cache file per account', async () => {
    const demo = await demoServer(3);
    const { runtime: rt, dataDir } = start();
    const d = rt.dispatcher;
    const wrong = await d.dispatch('session.signIn', {
      environment: 'custom',
      baseUrl: demo.url,
      user: demo.user,
      password: 'not-it',
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    const right = await d.dispatch('session.signIn', {
      environment: 'custom',
      baseUrl: `${demo.url}/api/v1`,
      user: demo.user,
      password: demo.password,
      remember: true,
    });
    expect(right).toMatchObject({
      ok: true,
      value: {
        state: 'signedIn',
        account: { baseUrl: demo.url, environment: 'custom' },
        keychain: { available: false },
      },
    });
    expect(await d.dispatch('session.accounts', {})).toEqual({
      ok: true,
      value: [{ baseUrl: demo.url, user: demo.user, environment: 'custom', offline: true }],
    });
    await until('3 listings', async () => value<unknown[]>(await d.dispatch('listings.list', {}))?.length === 3);
    expect(readdirSync(join(dataDir, 'accounts')).filter((f) => f.endsWith('.db'))).toHaveLength(1);
    expect(existsSync(join(dataDir, 'demo'))).toBe(false);
  });

  it('reopens the remembered account at the next start from its cache, even with the server offline', async () => {
    const demo = await demoServer(4);
    const available = lastingKeychain();
    const first = start(undefined, available);
    const signIn = {
      environment: 'custom',
      baseUrl: demo.url,
      user: demo.user,
      password: demo.password,
      remember: true,
    };
    expect(await first.runtime.dispatcher.dispatch('session.signIn', signIn)).toMatchObject({
      ok: true,
      value: { remembered: true },
    });
    await until(
      '4 listings',
      async () => value<unknown[]>(await first.runtime.dispatcher.dispatch('listings.list', {}))?.length === 4,
    );
    await first.runtime.close();

    demo.simulator.setOnline(false);
    const second = start(first.dataDir, available);
    const restored = await second.runtime.workspace.restore();
    expect(restored).toMatchObject({ state: 'signedIn', account: { baseUrl: demo.url }, remembered: true });
    expect(value<unknown[]>(await second.runtime.dispatcher.dispatch('listings.list', {}))).toHaveLength(4);

    // An older version's record of the last account (before accounts.json) is adopted once.
    await second.runtime.close();
    rmSync(join(first.dataDir, 'accounts.json'));
    writeFileSync(
      join(first.dataDir, 'last-account.json'),
      JSON.stringify({ baseUrl: demo.url, environment: 'custom', user: demo.user }),
    );
    const upgraded = start(first.dataDir, available);
    expect(await upgraded.runtime.workspace.restore()).toMatchObject({ state: 'signedIn', remembered: true });
    expect(existsSync(join(first.dataDir, 'last-account.json'))).toBe(false);

    // Signing out on purpose: the next start shows the sign-in screen.
    await upgraded.runtime.dispatcher.dispatch('session.signOut', {});
    await upgraded.runtime.close();
    const third = start(first.dataDir, available);
    expect(await third.runtime.workspace.restore()).toMatchObject({ state: 'signedOut' });
  });

  it('without a keychain, starts locked; the password opens the cache offline and logs in once the server is back', async () => {
    const demo = await demoServer(4);
    const first = start();
    const account = { baseUrl: demo.url, user: demo.user };
    await first.runtime.dispatcher.dispatch('session.signIn', { ...account, password: demo.password });
    await until('4 listings', async () => {
      return value<unknown[]>(await first.runtime.dispatcher.dispatch('listings.list', {}))?.length === 4;
    });
    await first.runtime.close();
    // The account's local settings hold the offline check, never the password.
    expect(readFileSync(join(first.dataDir, 'accounts.json'), 'utf8')).not.toContain(demo.password);

    demo.simulator.setOnline(false);
    const { runtime: rt } = start(first.dataDir); // a new process: nothing in memory, no keychain
    expect(await rt.workspace.restore()).toMatchObject({ state: 'locked', account });
    expect(await rt.dispatcher.dispatch('listings.list', {})).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await rt.dispatcher.dispatch('session.unlock', { ...account, password: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'wrong_credentials' },
    });
    expect(await rt.dispatcher.dispatch('session.unlock', { ...account, password: demo.password })).toMatchObject({
      ok: true,
      value: { state: 'signedIn', account },
    });
    expect(value<unknown[]>(await rt.dispatcher.dispatch('listings.list', {}))).toHaveLength(4);

    const before = demo.simulator.requestLog().length;
    demo.simulator.setOnline(true);
    await rt.dispatcher.dispatch('sync.now', {});
    await until('a login and a read with the in-memory password', () => {
      const after = demo.simulator.requestLog().slice(before);
      const login = after.findIndex((r) => r.endpoint === 'auth.login' && r.status === 200);
      return Promise.resolve(login >= 0 && after.slice(login).some((r) => r.token !== null && r.status === 200));
    });
  });

  it('quits cleanly mid-edit: the request in flight finishes, the database closes, and nothing is sent twice after restart', async () => {
    const demo = await demoServer(3);
    const store = lastingKeychain();
    const first = start(undefined, store);
    const d = first.runtime.dispatcher;
    await d.dispatch('session.signIn', {
      environment: 'custom',
      baseUrl: demo.url,
      user: demo.user,
      password: demo.password,
      remember: true,
    });
    const tasks = await until('cleaning tasks', async () => {
      const list = value<CleaningRecord[]>(await d.dispatch('cleaning.list', { from: today(), to: inDays(30) }));
      return list && list.length > 0 ? list : null;
    });
    const task = tasks[0]!;
    demo.simulator.setFaults({ latencyMs: 1000 });
    await d.dispatch('cleaning.update', { id: task.id, changes: { notes: 'Closing time' } });
    await until(
      'the edit in flight',
      async () => value<{ state: string }[]>(await d.dispatch('outbox.list', { states: ['sending'] }))?.length === 1,
      5000,
    );
    const db = first.runtime.workspace.engine().db;
    await first.runtime.close();
    expect(() => db.get('SELECT 1')).toThrow();
    const applied = () =>
      demo.simulator.mutations().filter((m) => m.actor === 'api' && m.result === 'applied' && m.id === task.id).length;
    expect(applied()).toBe(1);

    demo.simulator.setFaults({ latencyMs: 0 });
    const second = start(first.dataDir, store);
    await second.runtime.workspace.restore();
    await until(
      'nothing unsent',
      async () => value<OutboxSummary>(await second.runtime.dispatcher.dispatch('outbox.summary', {}))?.unsent === 0,
    );
    expect(
      value<CleaningRecord>(await second.runtime.dispatcher.dispatch('cleaning.get', { id: task.id }))?.notes,
    ).toBe('Closing time');
    expect(applied()).toBe(1);
  });
});
