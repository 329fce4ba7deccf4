// Unlocked offline with a password the server no longer accepts (changed
// there meanwhile): once the server answers, the session becomes "expired",
// the person is told, the unsent change is kept, and signing in with the new
// password sends it and renews the offline check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BoardDay, EventName } from '../../shared/contract';
import { startSimulator, type Simulator } from '../../simulator';
import type { Runtime } from './runtime';
import { until, wiredRuntime } from './testing';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function start(dataDir: string): Runtime {
  const runtime = wiredRuntime(dataDir);
  cleanup.push(() => runtime.close());
  return runtime;
}

async function simulator(port: number, password: string): Promise<Simulator> {
  const sim = await startSimulator({ port, seed: 3, listings: 4, password });
  cleanup.push(() => sim.close());
  return sim;
}

const today = () => new Date().toISOString().slice(0, 10);

it('a password changed on the server: expired once it answers, the change kept, then sent with the new one', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-pwchange-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const old = await simulator(0, 'old-password');
  const port = Number(new URL(old.url).port);
  const account = { baseUrl: old.url, user: old.user };

  const first = start(dataDir);
  await first.dispatcher.dispatch('session.signIn', { ...account, password: 'old-password' });
  let taskId = 0;
  await until('a cleaning task today', async () => {
    const r = await first.dispatcher.dispatch('board.day', { date: today() });
    taskId = r.ok ? ((r.value as BoardDay).rows.flatMap((row) => row.cleaning)[0]?.id ?? 0) : 0;
    return taskId > 0;
  });
  old.setOnline(false);
  const edit = await first.dispatcher.dispatch('cleaning.update', { id: taskId, changes: { inspected: 1 } });
  expect(edit.ok ? null : edit.error).toBeNull();
  await first.close();
  await old.close();

  // The same server, its password changed meanwhile; the app restarts and is unlocked with the old one.
  const changed = await simulator(port, 'new-password');
  const rt = start(dataDir);
  const seen: EventName[] = [];
  rt.bus.subscribe((e) => seen.push(e));
  expect(await rt.workspace.restore()).toMatchObject({ state: 'locked' });
  expect(await rt.dispatcher.dispatch('session.unlock', { ...account, password: 'old-password' })).toMatchObject({
    ok: true,
    value: { state: 'signedIn' },
  });
  await rt.dispatcher.dispatch('sync.now', {});
  await until('the session to expire', async () => (await rt.workspace.info()).state === 'expired');
  expect(seen).toContain('session.expired');
  expect(await rt.dispatcher.dispatch('outbox.summary', {})).toMatchObject({ ok: true, value: { unsent: 1 } });
  expect(changed.mutations().filter((m) => m.actor === 'api')).toEqual([]);

  // Signing in with the new password sends the change once; the new password now unlocks offline.
  expect(await rt.dispatcher.dispatch('session.signIn', { ...account, password: 'new-password' })).toMatchObject({
    ok: true,
    value: { state: 'signedIn' },
  });
  await until('the change to be sent', () =>
    changed.mutations().some((m) => m.actor === 'api' && m.id === taskId && m.result === 'applied'),
  );
  await until('nothing unsent', async () => {
    const r = await rt.dispatcher.dispatch('outbox.summary', {});
    return r.ok && (r.value as { unsent: number }).unsent === 0;
  });
  expect(changed.mutations().filter((m) => m.actor === 'api' && m.id === taskId)).toHaveLength(1);
  await rt.dispatcher.dispatch('session.signOut', {});
  expect(await rt.dispatcher.dispatch('session.unlock', { ...account, password: 'old-password' })).toMatchObject({
    ok: false,
    error: { code: 'wrong_credentials' },
  });
});
