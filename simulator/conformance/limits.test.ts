// Authentication lifetime and the per-token rate limit, over HTTP, on a
// simulated clock: tokens expire after their configured lifetime and can be
// revoked; over the limit a token gets 429 with Retry-After, and every counted
// answer carries X-RateLimit-Limit / X-RateLimit-Remaining.
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Api } from './client';

let api: Api | undefined;
afterEach(async () => {
  await api?.sim.close();
  api = undefined;
});

function clock(start = Date.UTC(2026, 5, 15, 9)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('tokens', () => {
  it('expire after the configured lifetime; a new login works again', async () => {
    const c = clock();
    api = await connect({ tokenTtlSeconds: 60, now: c.now });
    expect((await api.get('/origins')).status).toBe(200);
    c.advance(59_000);
    expect((await api.get('/origins')).status).toBe(200);
    c.advance(1_000);
    const expired = await api.get('/origins');
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ message: 'Unauthenticated.' });
    await api.login();
    expect((await api.get('/origins')).status).toBe(200);
  });

  it('are all revoked at once (in-process and over the control API)', async () => {
    api = await connect();
    const second = await api.login();
    api.sim.revokeTokens();
    expect((await api.call('GET', '/origins', undefined, { token: second })).status).toBe(401);
    await api.login();
    expect((await api.get('/origins')).status).toBe(200);
    expect((await api.control('POST', '/revoke-tokens')).status).toBe(200);
    expect((await api.get('/origins')).status).toBe(401);
  });

  it('accept a custom user and password', async () => {
    api = await connect({ user: 'ops', password: 's3cret' });
    expect(api.sim.user).toBe('ops');
    expect((await api.get('/origins')).status).toBe(200);
  });
});

describe('rate limit per token', () => {
  it('counts down in headers, then answers 429 with Retry-After until the window resets', async () => {
    const c = clock();
    api = await connect({ rateLimit: { limit: 60, windowSeconds: 60 }, now: c.now });
    for (let i = 1; i <= 60; i++) {
      const a = await api.get('/origins');
      expect(a.status).toBe(200);
      expect(a.headers.get('x-ratelimit-limit')).toBe('60');
      expect(a.headers.get('x-ratelimit-remaining')).toBe(String(60 - i));
    }
    c.advance(15_000);
    const refused = await api.get('/origins');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // Writes are refused too, and a refused write is never applied.
    const before = api.sim.mutations().length;
    expect((await api.call('PUT', '/cleaning/800001', { notes: 'x' })).status).toBe(429);
    expect(api.sim.mutations()).toHaveLength(before);
    c.advance(45_000);
    const again = await api.get('/origins');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('is bound to the token: a second token has its own budget; login is not counted', async () => {
    const c = clock();
    api = await connect({ rateLimit: { limit: 3, windowSeconds: 3600 }, now: c.now });
    const first = api.token;
    for (let i = 0; i < 3; i++) expect((await api.get('/origins')).status).toBe(200);
    expect((await api.get('/origins')).status).toBe(429);
    await api.login();
    expect((await api.get('/origins')).status).toBe(200);
    expect((await api.call('GET', '/origins', undefined, { token: first })).status).toBe(429);
    // Counters see every request of the token, refused ones included: 3 answered + 2 refused.
    expect(api.sim.counters()[`token:${first}`]).toBe(5);
  });

  it('defaults to 5,000 per hour and can be changed over the control API', async () => {
    api = await connect();
    expect((await api.get('/origins')).headers.get('x-ratelimit-limit')).toBe('5000');
    const r = await api.control('PUT', '/rate-limit', { limit: 2, windowSeconds: 60 });
    expect(r.json).toEqual({ limit: 2, windowSeconds: 60 });
    await api.get('/origins');
    await api.get('/origins');
    expect((await api.get('/origins')).status).toBe(429);
  });
});
