import { describe, expect, it } from 'vitest';
import { BUDGET_POLICY, slicesOf } from './budget-plan';
import { ManualClock, flushMicrotasks } from './clock';
import { BudgetGovernor, type Permit, type Priority } from './governor';

const HOUR = 3_600_000;
const MIN = 60_000;

/**
 * A limit of 1,000: margin 10, the person 200, connectivity 60 (6 %), today
 * 100 (its minimum share, before any estimate), the deep fill the other 630,
 * at most 10 in any minute.
 */
function setup(opts: ConstructorParameters<typeof BudgetGovernor>[0] = {}) {
  const clock = new ManualClock();
  const gov = new BudgetGovernor({ limit: 1000, maxInFlight: 50, clock, ...opts });
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

describe('the budget plan (slicesOf)', () => {
  it('shares the limit less its margin among the four slices, none negative', () => {
    for (const limit of [100, 1000, 5000, 50_000])
      for (const demand of [null, 0, 300, 4000, 1e9]) {
        const s = slicesOf(limit, demand, BUDGET_POLICY);
        expect(s.user + s.probe + s.today + s.deep).toBe(limit - s.margin);
        for (const n of [s.user, s.probe, s.today, s.deep]) expect(n).toBeGreaterThanOrEqual(0);
      }
  });

  it('gives connectivity one check every 12 s at 5,000 an hour, today its estimate with headroom, the deep fill the rest', () => {
    const s = slicesOf(5000, 1000, BUDGET_POLICY);
    expect(s).toMatchObject({ margin: 50, user: 1000, probe: 300, today: 1300 });
    expect(s.deep).toBe(5000 - 50 - 1000 - 300 - 1300);
    expect(s.deepPace).toBe(Math.floor(s.deep / 60));
    // A limit the provider raised: every slice follows.
    expect(slicesOf(20_000, 1000, BUDGET_POLICY)).toMatchObject({ user: 4000, probe: 300, today: 2000 });
  });
});

describe('BudgetGovernor', () => {
  it('never lets the deep fill eat the guaranteed slices', async () => {
    // Paced over the whole hour, so the share can be spent at once here.
    const { gov } = setup({ policy: { ...BUDGET_POLICY, deepPaceMs: HOUR } });
    await spend(gov, 630, 'deep');
    expect(gov.headroom('deep')).toBe(0);
    const deep = pending(gov, 'deep');
    await flushMicrotasks();
    expect(deep.state.permit).toBeNull();
    expect(gov.headroom('user')).toBe(200);
    expect(gov.headroom('today')).toBe(100);
    expect(gov.headroom('probe')).toBe(60);
  });

  it('paces the deep fill: its hourly share spread over the hour, not spent at once', async () => {
    const { clock, gov } = setup();
    expect(gov.slices.deepPace).toBe(10);
    await spend(gov, 10, 'deep');
    const waiting = pending(gov, 'deep');
    await flushMicrotasks();
    expect(waiting.state.permit).toBeNull();
    expect(gov.roomAt('deep')! - clock.now()).toBe(MIN);
    await clock.advance(MIN - 1000);
    expect(waiting.state.permit).toBeNull();
    await clock.advance(2000);
    expect(waiting.state.permit).not.toBeNull();
  });

  it('lets a guaranteed slice use the deep fill’s room, never another guaranteed slice’s', async () => {
    const { gov } = setup();
    // Today: its 100 and the deep fill's 630.
    await spend(gov, 730, 'today');
    expect(gov.headroom('today')).toBe(0);
    expect(gov.headroom('deep')).toBe(0);
    expect(gov.headroom('user')).toBe(200);
    // The person: their 200, then nothing more — today's and connectivity's guarantees are not theirs.
    await spend(gov, 200, 'user');
    const user = pending(gov, 'user');
    await flushMicrotasks();
    expect(user.state.permit).toBeNull();
    expect(gov.headroom('probe')).toBe(60);
    await spend(gov, 60, 'probe');
    expect(gov.snapshot().used).toBe(990);
  });

  it('keeps the person’s share when today’s work has used the rest', async () => {
    const { gov } = setup();
    await spend(gov, 730, 'today');
    const today = pending(gov, 'today');
    await flushMicrotasks();
    expect(today.state.permit).toBeNull();
    expect(gov.headroom('user')).toBe(200);
    expect(gov.snapshot().slices.today).toEqual({ cap: 100, used: 730 });
  });

  it('follows today’s estimate: a bigger estimate grows today’s slice and shrinks the deep fill, never below its floor', () => {
    const { gov } = setup();
    gov.setTodayDemand(300);
    expect(gov.slices).toMatchObject({ today: 390, deep: 340 });
    // At 1,000 listings today's estimate took all that was left and the deep fill never ran: it keeps 10 %.
    gov.setTodayDemand(1e9);
    expect(gov.slices).toMatchObject({ today: 630, deep: 100, deepPace: 1 });
    expect(gov.headroom('deep')).toBe(1);
  });

  it('admits again when the oldest requests leave the hour, and says when', async () => {
    const { clock, gov } = setup();
    await spend(gov, 500, 'user');
    await clock.advance(10 * MIN);
    await spend(gov, 330, 'user');
    expect(gov.headroom('user')).toBe(0);
    expect(gov.roomAt('user')! - clock.now()).toBe(HOUR - 10 * MIN);
    const waiting = pending(gov, 'user');
    await clock.advance(HOUR - 10 * MIN - 1000);
    expect(waiting.state.permit).toBeNull();
    await clock.advance(2000);
    expect(waiting.state.permit).not.toBeNull();
  });

  it('pauses every slice for Retry-After after a 429 and counts it', async () => {
    const { clock, gov } = setup();
    (await gov.acquire('user')).release({ sent: true, status: 429, headers: { 'retry-after': '30' } });
    const user = pending(gov, 'user');
    const probe = pending(gov, 'probe');
    expect(gov.roomAt('today')! - clock.now()).toBe(30_000);
    await clock.advance(29_000);
    expect(user.state.permit).toBeNull();
    expect(probe.state.permit).toBeNull();
    await clock.advance(1_500);
    expect(user.state.permit).not.toBeNull();
    expect(probe.state.permit).not.toBeNull();
    expect(gov.snapshot().rateLimited).toBe(1);
  });

  it('backs off exponentially after 429s without Retry-After, and resets after a success', async () => {
    const { clock, gov } = setup({ backoffBaseMs: 1000 });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await gov.acquire('today');
      const before = clock.now();
      p.release({ sent: true, status: 429 });
      const next = pending(gov, 'today');
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

  it('believes X-RateLimit-Remaining when the server has counted more: the deep fill shrinks first', async () => {
    const { gov } = setup({ policy: { ...BUDGET_POLICY, deepPaceMs: HOUR } });
    (await gov.acquire('user')).release({
      sent: true,
      status: 200,
      headers: { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '400' },
    });
    expect(gov.snapshot().used).toBe(600);
    // 990 usable − 600 counted − the others' unused guarantees (199 + 100 + 60).
    expect(gov.headroom('deep')).toBe(31);
    // The guaranteed slices keep theirs (and may still take what the deep fill has left).
    expect(gov.headroom('today')).toBe(100 + 31);
    expect(gov.headroom('user')).toBe(199 + 31);
    expect(gov.headroom('probe')).toBe(60);
  });

  it("keeps to the lower of the limit the server announces and the person's, and the plan follows", async () => {
    const { gov } = setup({ limit: 5000 });
    (await gov.acquire('user')).release({ sent: true, status: 200, headers: { 'x-ratelimit-limit': '1000' } });
    expect(gov.snapshot()).toMatchObject({ limit: 1000, serverLimit: 1000 });
    // A server that allows more is not a reason to use more than the person set (other tools share the login).
    (await gov.acquire('user')).release({ sent: true, status: 200, headers: { 'x-ratelimit-limit': '1000000' } });
    expect(gov.snapshot()).toMatchObject({ limit: 5000, serverLimit: 1_000_000 });
    expect(gov.slices).toMatchObject({ user: 1000, probe: 300, today: 500 });
    // The person raises it (the provider granted more): the plan follows, up to the server's.
    gov.setLimit(2_000_000);
    expect(gov.snapshot().limit).toBe(1_000_000);
    // Another setting saved again (the language, the reserve) sets the same limit: nothing moves.
    gov.setLimit(2_000_000);
    expect(gov.snapshot().limit).toBe(1_000_000);
  });

  it('keeps one in-flight slot free for the person, and one more for a connectivity check', async () => {
    const { gov } = setup({ maxInFlight: 3 });
    const a = await gov.acquire('today');
    await gov.acquire('deep');
    const third = pending(gov, 'today');
    await flushMicrotasks();
    expect(third.state.permit).toBeNull();
    const user = pending(gov, 'user');
    await flushMicrotasks();
    expect(user.state.permit).not.toBeNull();
    const probe = pending(gov, 'probe');
    await flushMicrotasks();
    expect(probe.state.permit).not.toBeNull(); // 4 in flight: the check never waits behind a stuck request
    a.release({ sent: true, status: 200 });
    probe.state.permit!.release({ sent: true, status: 200 });
    await flushMicrotasks();
    expect(third.state.permit).toBeNull(); // the person still holds a slot: 2 of 3 in flight
    user.state.permit!.release({ sent: true, status: 200 });
    await flushMicrotasks();
    expect(third.state.permit).not.toBeNull();
  });

  it('serves the person, then connectivity, then today, then the deep fill', async () => {
    const { clock, gov } = setup();
    (await gov.acquire('user')).release({ sent: true, status: 429, headers: { 'retry-after': '5' } });
    const order: string[] = [];
    const go = (p: Priority) =>
      gov.acquire(p).then((permit) => {
        order.push(p);
        permit.release({ sent: true, status: 200 });
      });
    const all = [go('deep'), go('today'), go('probe'), go('user')];
    await clock.advance(6000);
    await Promise.all(all);
    expect(order).toEqual(['user', 'probe', 'today', 'deep']);
  });

  it('counts requests waiting for today in the person’s share once the person asks for them', async () => {
    const { gov } = setup();
    await spend(gov, 730, 'today');
    const waiting = pending(gov, 'today');
    await flushMicrotasks();
    expect(waiting.state.permit).toBeNull();
    gov.promote('today', 'user');
    await flushMicrotasks();
    expect(waiting.state.permit?.priority).toBe('user');
  });

  it('keeps a few minutes of checks, then the person, then today, when the server says the hour is nearly spent', async () => {
    const { gov } = setup();
    (await gov.acquire('user')).release({
      sent: true,
      status: 200,
      headers: { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '110' },
    });
    // 990 usable − 890 counted = 100 left: 25 checks, then the person's 75; nothing for today or the fill.
    expect(gov.headroom('probe')).toBe(25);
    expect(gov.headroom('user')).toBe(75);
    expect(gov.headroom('today')).toBe(0);
    expect(gov.headroom('deep')).toBe(0);
    expect(gov.roomAt('today')! - gov.clock.now()).toBe(HOUR);
  });

  it('counts per token: a new token starts a fresh window', async () => {
    const { gov } = setup();
    gov.setTokenKey('t1');
    await spend(gov, 830);
    expect(gov.headroom('user')).toBe(0);
    gov.setTokenKey('t2');
    expect(gov.headroom('user')).toBe(830);
  });

  it('does not count requests that never left (connection refused)', async () => {
    const { gov } = setup();
    (await gov.acquire('user')).release({ sent: false });
    expect(gov.snapshot().used).toBe(0);
  });

  it('forgets a waiter whose caller gave up', async () => {
    const { gov } = setup();
    await spend(gov, 10, 'deep');
    const ac = new AbortController();
    const w = pending(gov, 'deep', ac.signal);
    ac.abort(new Error('stop'));
    await w.promise;
    expect((w.state.error as Error).message).toBe('stop');
    expect(gov.snapshot().waiting.deep).toBe(0);
  });
});
