// The reachability probe with a fake clock: back-off while the server is not
// there, one look when a rate limit ends, a heartbeat only after silence and
// within its share of the budget, and nothing while the session is expired.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../api/clock';
import { ConnectivityTracker } from '../api/connectivity';
import { CONNECTIVITY_POLICY } from './policy';
import { ConnectivityProbe } from './probe';

function setup(o: { limit?: number; headroom?: number } = {}) {
  const clock = new ManualClock();
  const tracker = new ConnectivityTracker({ clock });
  const pings: number[] = [];
  let serverUp = true;
  const probe = new ConnectivityProbe({
    tracker,
    clock,
    policy: CONNECTIVITY_POLICY,
    ping: () => {
      pings.push(clock.now());
      tracker.report({ kind: serverUp ? 'answered' : 'network' });
      return serverUp ? Promise.resolve() : Promise.reject(new Error('down'));
    },
    headroom: () => o.headroom ?? 100,
    limit: () => o.limit ?? 5000,
    random: () => 0.5, // no jitter
  });
  return {
    clock,
    tracker,
    probe,
    pings,
    setServer: (up: boolean) => {
      serverUp = up;
    },
  };
}

describe('ConnectivityProbe', () => {
  it('backs off from 5 s doubling to 30 s while unreachable, and stops once the server answers', async () => {
    const { clock, tracker, probe, pings, setServer } = setup();
    const t0 = clock.now();
    probe.start();
    setServer(false);
    tracker.report({ kind: 'network' });
    await clock.advance(10 * 60_000);
    const gaps = pings.map((p, i) => p - (i === 0 ? t0 : pings[i - 1]!));
    expect(gaps.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 30_000]);
    expect(gaps.slice(4).every((g) => g === 30_000)).toBe(true);
    expect(probe.nextProbeAt).toBe(pings.at(-1)! + 30_000);

    setServer(true);
    const before = pings.length;
    await clock.advance(30_000);
    expect(tracker.kind).toBe('online');
    const back = pings[before]!;
    // Back online: the next probe is a heartbeat after a silence, and the back-off starts afresh next time.
    expect(pings[before + 1]! - back).toBe(12_000);
    setServer(false);
    tracker.report({ kind: 'network' });
    const t1 = clock.now();
    await clock.advance(5_000);
    expect(pings.at(-1)).toBe(t1 + 5_000);
    probe.stop();
  });

  it('spreads its delays by the jitter', () => {
    const { probe } = setup();
    const low = new ConnectivityProbe({ ...probe['o'], random: () => 0 });
    const high = new ConnectivityProbe({ ...probe['o'], random: () => 0.999999 });
    expect(low.backoffMs(0)).toBe(4_000);
    expect(high.backoffMs(0)).toBe(6_000);
    expect(low.backoffMs(10)).toBe(24_000);
  });

  it('probes once the rate limit ends, not before', async () => {
    const { clock, tracker, probe, pings } = setup();
    const t0 = clock.now();
    probe.start();
    tracker.report({ kind: 'rateLimited', until: t0 + 45_000 });
    await clock.advance(44_000);
    expect(pings).toEqual([]);
    await clock.advance(1_000);
    expect(pings).toEqual([t0 + 45_000]);
    expect(tracker.kind).toBe('online');
    probe.stop();
  });

  it('while online, speaks only after a silence, within its share of the hourly limit', async () => {
    const { clock, tracker, probe, pings } = setup({ limit: 5000 });
    const t0 = clock.now();
    tracker.report({ kind: 'answered' });
    probe.start();
    expect(probe.heartbeatMs()).toBe(12_000); // 300 an hour: 6 % of 5,000
    // Other requests keep the server talking: no probe.
    for (let i = 0; i < 5; i++) {
      await clock.advance(5_000);
      tracker.report({ kind: 'answered' });
    }
    expect(pings).toEqual([]);
    await clock.advance(12_000);
    expect(pings).toEqual([t0 + 25_000 + 12_000]);
    // A request 1 s after that probe: the next one comes 12 s after it, not later.
    await clock.advance(1_000);
    tracker.report({ kind: 'answered' });
    await clock.advance(12_000);
    expect(pings).toEqual([t0 + 25_000 + 12_000, t0 + 25_000 + 12_000 + 1_000 + 12_000]);
    probe.stop();
  });

  it('stretches the heartbeat for a small limit and skips it when the connectivity slice has no room', async () => {
    const small = setup({ limit: 100 });
    expect(small.probe.heartbeatMs()).toBe(600_000);
    const full = setup({ headroom: 0 });
    full.tracker.report({ kind: 'answered' });
    full.probe.start();
    await full.clock.advance(60_000);
    expect(full.pings).toEqual([]);
    full.probe.stop();
  });

  it('does not probe while the session is expired: only the person can fix that', async () => {
    const { clock, tracker, probe, pings } = setup();
    probe.start();
    tracker.report({ kind: 'sessionExpired' });
    await clock.advance(10 * 60_000);
    expect(pings).toEqual([]);
    expect(probe.nextProbeAt).toBeNull();
    probe.stop();
  });
});
