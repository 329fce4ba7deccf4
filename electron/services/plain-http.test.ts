// Issue 27 case 6: signing in to a plain-http server that is not on this
// computer needs the person's explicit choice, asked once per server: without
// it nothing is sent (no engine opened, no password used) and the answer says
// why; with it the sign-in goes ahead and the choice is remembered for that
// server (across a restart), never for another one. Servers on this computer
// (the demo, a local simulator) are never asked about.
import { describe, expect, it } from 'vitest';
import { plainHttpRemote } from '../../shared/contract/commands/session';
import { harness } from './testing';

describe('plain http to a remote server (issue 27, case 6)', () => {
  it('is refused until chosen, nothing sent; then remembered for that server only, across a restart', async () => {
    const h = harness();
    for (const baseUrl of ['http://pms.example.com', 'http://203.0.113.5:8080']) {
      const r = await h.signIn({ baseUrl });
      expect(r).toMatchObject({ ok: false, error: { code: 'insecure_server' } });
      expect(r.ok ? '' : r.error.message).toContain('Nothing was sent');
    }
    expect(h.engines).toEqual([]);

    expect(await h.signIn({ baseUrl: 'http://pms.example.com', allowPlainHttp: true })).toMatchObject({ ok: true });
    expect(h.engines.length).toBe(1);
    await h.runtime.dispatcher.dispatch('session.signOut', {});
    // Remembered: not asked again for that server…
    expect(await h.signIn({ baseUrl: 'http://pms.example.com/api/v1' })).toMatchObject({ ok: true });
    // …nor after a restart on the same computer; but still for another server.
    const again = harness({ local: h.local });
    expect(await again.signIn({ baseUrl: 'http://pms.example.com', user: 'bob' })).toMatchObject({ ok: true });
    expect(await again.signIn({ baseUrl: 'http://203.0.113.5:8080' })).toMatchObject({
      ok: false,
      error: { code: 'insecure_server' },
    });
  });

  it('never asks about https, nor about a server on this computer', async () => {
    const h = harness();
    for (const baseUrl of [
      'https://pms.example.com',
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'http://[::1]:8787',
    ])
      expect(await h.signIn({ baseUrl }), baseUrl).toMatchObject({ ok: true });
    expect(plainHttpRemote('http://192.168.1.10')).toBe(true);
    expect(plainHttpRemote('http://127.5.0.1')).toBe(false);
    expect(plainHttpRemote('http://app.localhost')).toBe(false);
  });
});
