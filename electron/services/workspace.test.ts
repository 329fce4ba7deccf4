// The workspace through the session commands: sign in to a server address,
// the demo, sign-out guarding unsent edits, expiry, serialisation.
import { describe, expect, it } from 'vitest';
import type { EventName } from '../../shared/contract';
import { harness } from './testing';

function events(h: ReturnType<typeof harness>) {
  const seen: [EventName, unknown][] = [];
  h.runtime.bus.subscribe((e, p) => seen.push([e, p]));
  return seen;
}

describe('workspace', () => {
  it('signs in to the server address given and announces it', async () => {
    const h = harness();
    const seen = events(h);
    const r = await h.signIn();
    expect(r).toEqual({
      ok: true,
      value: {
        state: 'signedIn',
        account: { baseUrl: 'https://pms.example.com', environment: 'custom', user: 'ana' },
        remembered: false,
        keychain: { available: true, message: null },
      },
    });
    expect(h.engines[0]!.request).toMatchObject({ password: 'pw', remember: false });
    expect(seen.map((e) => e[0])).toEqual(['session.changed']);
  });

  it('signs in to an address given with or without /api/v1, and offers it first next time', async () => {
    const h = harness();
    await h.signIn({ baseUrl: 'http://other.example', user: 'bob', allowPlainHttp: true });
    await h.signIn({ baseUrl: 'https://pms.example.com/api/v1/', remember: true });
    expect(await h.runtime.workspace.info()).toMatchObject({
      account: { baseUrl: 'https://pms.example.com', environment: 'custom' },
      remembered: true,
    });
    expect(await h.runtime.dispatcher.dispatch('session.accounts', {})).toEqual({
      ok: true,
      value: [
        { baseUrl: 'https://pms.example.com', environment: 'custom', user: 'ana', offline: true },
        { baseUrl: 'http://other.example', environment: 'custom', user: 'bob', offline: true },
      ],
    });
    expect(await h.runtime.dispatcher.dispatch('session.servers', {})).toEqual({
      ok: true,
      value: ['https://pms.example.com', 'http://other.example'],
    });
  });

  it('reports wrong credentials and stays signed out', async () => {
    const h = harness();
    const r = await h.signIn({ password: 'wrong' });
    expect(r).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    expect((await h.runtime.workspace.info()).state).toBe('signedOut');
  });

  it('opens the demo once with session-only credentials, even when clicked twice', async () => {
    const h = harness();
    const [a, b] = await Promise.all([
      h.runtime.dispatcher.dispatch('session.openDemo', {}),
      h.runtime.dispatcher.dispatch('session.openDemo', {}),
    ]);
    expect(a).toMatchObject({
      ok: true,
      value: { state: 'signedIn', account: { environment: 'demo' }, remembered: false },
    });
    expect(b).toEqual(a);
    expect(h.demos).toHaveLength(1);
    expect(h.engines).toHaveLength(1);
    expect(h.engines[0]!.request).toMatchObject({ remember: false, password: 'session-only' });
    expect(await h.runtime.dispatcher.dispatch('app.info', {})).toMatchObject({ ok: true, value: { demo: true } });
  });

  it('refuses to sign out while edits are unsent, then discards them when told to', async () => {
    const h = harness();
    await h.signIn();
    h.engines[0]!.unsent = 3;
    expect(await h.runtime.dispatcher.dispatch('session.signOut', {})).toEqual({
      ok: false,
      error: {
        code: 'unsent_changes',
        message: '3 changes have not been sent yet. Stay signed in until they are, or discard them.',
      },
    });
    expect(h.engines[0]!.closed).toBe(false);
    const r = await h.runtime.dispatcher.dispatch('session.signOut', { discardUnsent: true });
    expect(r).toMatchObject({ ok: true, value: { state: 'signedOut', account: null } });
    expect(h.engines[0]).toMatchObject({ discarded: true, closed: true });
  });

  it('also refuses to switch accounts over unsent edits', async () => {
    const h = harness();
    await h.signIn();
    h.engines[0]!.unsent = 1;
    const r = await h.signIn({ user: 'bob' });
    expect(r.ok ? null : r.error.message).toBe(
      '1 change has not been sent yet. Stay signed in until they are, or discard them.',
    );
    expect((await h.runtime.workspace.info()).account?.user).toBe('ana');
  });

  it('leaving the demo closes its engine and its simulator', async () => {
    const h = harness();
    await h.runtime.dispatcher.dispatch('session.openDemo', {});
    h.engines[0]!.unsent = 2;
    await h.runtime.dispatcher.dispatch('session.signOut', {});
    expect(h.engines[0]!.closed).toBe(true);
    expect(h.demos[0]!.closed).toBe(true);
  });

  it('forgets remembered credentials on request', async () => {
    const h = harness();
    await h.signIn({ remember: true });
    await h.runtime.dispatcher.dispatch('session.signOut', { forget: true });
    expect(h.accounts.saved).toEqual([]);
  });

  it('marks the session expired when the server refuses the credentials later', async () => {
    const h = harness();
    await h.signIn();
    const seen = events(h);
    h.expire('The server no longer accepts this password.');
    h.expire('again');
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([
      ['session.expired', { message: 'The server no longer accepts this password.' }],
      ['session.changed', expect.objectContaining({ state: 'expired' })],
    ]);
  });

  it('closes cleanly and refuses new sessions afterwards', async () => {
    const h = harness();
    await h.runtime.dispatcher.dispatch('session.openDemo', {});
    h.engines[0]!.unsent = 5;
    await h.runtime.close();
    expect(h.engines[0]!.closed).toBe(true);
    expect(h.engines[0]!.discarded).toBe(false);
    expect(await h.runtime.dispatcher.dispatch('session.openDemo', {})).toMatchObject({
      ok: false,
      error: { code: 'disconnected' },
    });
  });

  it('signs in again to the same account over unsent edits (they are kept and sent with the new session)', async () => {
    const h = harness();
    await h.signIn();
    h.engines[0]!.unsent = 2;
    h.expire('Sign in again.');
    const r = await h.signIn({ password: 'new' });
    expect(r).toMatchObject({ ok: true, value: { state: 'signedIn' } });
    expect(h.engines[0]).toMatchObject({ closed: true, discarded: false });
    expect(h.engines[1]!.request.password).toBe('new');
  });

  it('after a failed sign-in to the same account, shows its cache again with the session expired', async () => {
    const h = harness();
    await h.signIn();
    h.expire('Sign in again.');
    const r = await h.signIn({ password: 'wrong' });
    expect(r).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    expect(await h.runtime.workspace.info()).toMatchObject({ state: 'expired', account: { user: 'ana' } });
    expect(h.engines).toHaveLength(2);
    expect(h.engines[1]!.closed).toBe(false);
  });
});
