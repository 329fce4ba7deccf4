import { describe, expect, it } from 'vitest';
import { ManualClock, flushMicrotasks } from './clock';
import { BudgetGovernor, type Permit, type Priority } from './governor';

const HOUR = 3_600_000;

function setup(opts: ConstructorParameters<typeof BudgetGovernor>[0] = {}) {
  const clock = new ManualClock();
  const gov = new BudgetGovernor({ limit: 100, reserve: 0.2, margin: 1, maxInFlight: 50, clock, ...opts });
  return { clock, gov };
}

/** Acquires and immediately completes n requests. */
async function spend(gov: BudgetGovernor, n: number, priority: Priority = 'user') {
  for (let i = 0; i < n; i++) (await gov.acquire(priority)).release({ sent: true, status: 200 });
}

/** Starts an acquire and reports whether it has been granted yet. */
function pending(gov: BudgetGovernor, priority: Priority, signal?: AbortSignal) {
  const state: { permit: Permit | null; error: unknown } = { permit: null, error: null };
  const promise = gov.acquire(priority, signal).then(
    (p) => {
      state.permit = p;
      return p;
    },
    (e: unknown) => {
      state.error = e;
      return null;
    },
  );
  return { state, promise };
}

describe('BudgetGovernor', () => {
  it('stops background work at the reserve while user requests may still go', async () => {
    const { gov } = setup();
    // background cap = floor(100 * 0.8) - 1 = 79
    await spend(gov, 79, 'background');
    const bg = pending(gov, 'background');
    await flushMicrotasks();
    expect(bg.state.permit).toBeNull();
    expect(gov.headroom('background')).toBe(0);
    expect(gov.headroom('user')).toBe(20);
    await spend(gov, 20, 'user'); // user cap = 99: the count stays below the limit of 100
    const user = pending(gov, 'user');
    await flushMicrotasks();
    expect(user.state.permit).toBeNull();
    expect(gov.snapshot().used).toBe(99);
  });

  it('admits again when the oldest requests leave the hour', async () => {
    const { clock, gov } = setup();
    await spend(gov, 50, 'user');
    await clock.advance(10 * 60_000);
    await spend(gov, 49, 'user');
    const waiting = pending(gov, 'user');
    await clock.advance(HOUR - 10 * 60_000 - 1000);
    expect(waiting.state.permit).toBeNull();
    await clock.advance(2000); // the first 50 leave the window
    expect(waiting.state.permit).not.toBeNull();
    expect(gov.headroom('user')).toBe(99 - 49 - 1);
  });

  it('pauses every priority for Retry-After after a 429 and counts it', async () => {
    const { clock, gov } = setup();
    (await gov.acquire('user')).release({ sent: true, status: 429, headers: { 'retry-after': '30' } });
    const user = pending(gov, 'user');
    await clock.advance(29_000);
    expect(user.state.permit).toBeNull();
    await clock.advance(1_500);
    expect(user.state.permit).not.toBeNull();
    expect(gov.snapshot().rateLimited).toBe(1);
  });

  it('backs off exponentially after 429s without Retry-After, and resets after a success', async () => {
    const { clock, gov } = setup({ backoffBaseMs: 1000 });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await gov.acquire('background');
      const before = clock.now();
      p.release({ sent: true, status: 429 });
      const next = pending(gov, 'background');
      while (!next.state.permit) await clock.advance(100);
      waits.push(clock.now() - before);
      next.state.permit.release({ sent: true, status: i === 2 ? 200 : 429 });
      if (i < 2) {
        // that second 429 already extended the pause; let it pass
        while (gov.snapshot().blockedUntil) await clock.advance(100);
      }
    }
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThan(1200);
    expect(gov.snapshot().rateLimited).toBe(5);
    // after the success, one more 429 waits the base step again
    (await gov.acquire('user')).release({ sent: true, status: 429 });
    expect(gov.snapshot().blockedUntil! - clock.now()).toBe(1000);
  });

  it('believes X-RateLimit-Remaining when the server has counted more than we have', async () => {
    const { gov } = setup();
    (await gov.acquire('user')).release({
      sent: true,
      status: 200,
      headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '30' },
    });
    expect(gov.snapshot().used).toBe(70);
    expect(gov.headroom('background')).toBe(9);
  });

  it('adopts the limit the server announces', async () => {
    const { gov } = setup();
    (await gov.acquire('user')).release({ sent: true, status: 200, headers: { 'x-ratelimit-limit': '1000' } });
    expect(gov.snapshot().limit).toBe(1000);
    expect(gov.snapshot().backgroundCap).toBe(799);
  });

  it('keeps one in-flight slot free for user requests', async () => {
    const { gov } = setup({ maxInFlight: 3 });
    const a = await gov.acquire('background');
    await gov.acquire('background');
    const third = pending(gov, 'background');
    await flushMicrotasks();
    expect(third.state.permit).toBeNull();
    const user = pending(gov, 'user');
    await flushMicrotasks();
    expect(user.state.permit).not.toBeNull();
    a.release({ sent: true, status: 200 });
    await flushMicrotasks();
    expect(third.state.permit).toBeNull(); // user still holds a slot: 2 of 3 in flight
    user.state.permit!.release({ sent: true, status: 200 });
    await flushMicrotasks();
    expect(third.state.permit).not.toBeNull();
  });

  it('serves waiting user requests before waiting background requests', async () => {
    const { clock, gov } = setup();
    (await gov.acquire('user')).release({ sent: true, status: 429, headers: { 'retry-after': '5' } });
    const order: string[] = [];
    const b = gov.acquire('background').then((p) => {
      order.push('background');
      p.release({ sent: true, status: 200 });
    });
    const u = gov.acquire('user').then((p) => {
      order.push('user');
      p.release({ sent: true, status: 200 });
    });
    await clock.advance(6000);
    await Promise.all([b, u]);
    expect(order).toEqual(['user', 'background']);
  });

  it('counts per token: a new token starts a fresh window', async () => {
    const { gov } = setup();
    gov.setTokenKey('t1');
    await spend(gov, 99);
    expect(gov.headroom('user')).toBe(0);
    gov.setTokenKey('t2');
    expect(gov.headroom('user')).toBe(99);
  });

  it('does not count requests that never left (connection refused)', async () => {
    const { gov } = setup();
    (await gov.acquire('user')).release({ sent: false });
    expect(gov.snapshot().used).toBe(0);
  });

  it('forgets a waiter whose caller gave up', async () => {
    const { gov } = setup();
    await spend(gov, 79, 'background');
    const ac = new AbortController();
    const w = pending(gov, 'background', ac.signal);
    ac.abort(new Error('stop'));
    await w.promise;
    expect((w.state.error as Error).message).toBe('stop');
    expect(gov.snapshot().waiting.background).toBe(0);
  });

  it('budgetWithin counts what leaves the window by then', async () => {
    const { clock, gov } = setup();
    await spend(gov, 60, 'background');
    await clock.advance(30 * 60_000);
    await spend(gov, 10, 'background');
    expect(gov.budgetWithin('background', 0)).toBe(79 - 70);
    expect(gov.budgetWithin('background', 31 * 60_000)).toBe(79 - 10);
  });
});
