// Offline start and unlock through the session commands: after a restart with
// no keychain password the last account is locked, nothing of it is served,
// a wrong password is refused, the right one opens it with no server, and the
// password it was unlocked with is the one used to log in later.
import { describe, expect, it } from 'vitest';
import { LocalAccounts } from '../credentials/local-accounts';
import { harness } from './testing';

const ana = { baseUrl: 'https://pms.example.com', user: 'ana' };

/** Signs in online once (which makes the offline check), then "restarts" on the same computer. */
async function restarted(remember = false) {
  const local = new LocalAccounts(null);
  const first = harness({ local });
  await first.runtime.dispatcher.dispatch('session.signIn', { ...ana, password: 's3cret', remember });
  const saved = [...first.accounts.saved];
  await first.runtime.close();
  const h = harness({ local });
  h.accounts.saved.push(...saved);
  await h.runtime.workspace.restore();
  return h;
}

describe('offline start and unlock', () => {
  it('starts locked on the last account, and serves nothing of it before unlock', async () => {
    const h = await restarted();
    expect(await h.runtime.dispatcher.dispatch('session.get', {})).toMatchObject({
      ok: true,
      value: { state: 'locked', account: { ...ana, environment: 'custom' } },
    });
    expect(h.engines).toHaveLength(0);
    for (const [name, input] of [
      ['board.day', { date: '2026-05-04' }],
      ['sync.status', {}],
      ['outbox.list', {}],
    ] as const) {
      expect(await h.runtime.dispatcher.dispatch(name, input)).toMatchObject({ ok: false, error: { code: 'locked' } });
    }
  });

  it('refuses a wrong password, then opens with the right one and keeps it to log in', async () => {
    const h = await restarted();
    expect(await h.runtime.dispatcher.dispatch('session.unlock', { ...ana, password: 'S3cret' })).toMatchObject({
      ok: false,
      error: { code: 'wrong_credentials' },
    });
    expect(h.engines).toHaveLength(0);
    expect((await h.runtime.workspace.info()).state).toBe('locked');

    const r = await h.runtime.dispatcher.dispatch('session.unlock', { ...ana, password: 's3cret' });
    expect(r).toMatchObject({ ok: true, value: { state: 'signedIn', account: { user: 'ana' } } });
    expect(h.engines).toHaveLength(1);
    expect(h.engines[0]!.request.password).toBe('s3cret');
    expect(await h.runtime.dispatcher.dispatch('board.day', { date: '2026-05-04' })).toMatchObject({ ok: true });
  });

  it('opens directly with a keychain password, without asking', async () => {
    const h = await restarted(true);
    expect((await h.runtime.workspace.info()).state).toBe('signedIn');
    expect(h.engines[0]!.request.password).toBe('from-keychain');
  });

  it('cannot unlock an account never signed in to here', async () => {
    const h = harness();
    const r = await h.runtime.dispatcher.dispatch('session.unlock', { ...ana, password: 's3cret' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
  });

  it('after a sign-out the next start shows the sign-in screen, still offering the account offline', async () => {
    const local = new LocalAccounts(null);
    const first = harness({ local });
    await first.runtime.dispatcher.dispatch('session.signIn', { ...ana, password: 's3cret' });
    await first.runtime.dispatcher.dispatch('session.signOut', {});
    const h = harness({ local });
    await h.runtime.workspace.restore();
    expect((await h.runtime.workspace.info()).state).toBe('signedOut');
    expect(await h.runtime.dispatcher.dispatch('session.accounts', {})).toMatchObject({
      ok: true,
      value: [{ user: 'ana', offline: true }],
    });
    expect(await h.runtime.dispatcher.dispatch('session.unlock', { ...ana, password: 's3cret' })).toMatchObject({
      ok: true,
      value: { state: 'signedIn' },
    });
  });

  it('forgetting the account drops its offline check', async () => {
    const h = await restarted();
    await h.runtime.dispatcher.dispatch('session.signOut', { forget: true });
    expect(await h.runtime.dispatcher.dispatch('session.accounts', {})).toEqual({ ok: true, value: [] });
    expect(await h.runtime.dispatcher.dispatch('session.unlock', { ...ana, password: 's3cret' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' },
    });
    expect(h.local.servers()).toEqual([ana.baseUrl]);
  });
});
