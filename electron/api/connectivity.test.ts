// The connectivity tracker: every kind, its transitions, and the since/until times.
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { ConnectivityTracker, type ConnectivitySnapshot } from './connectivity';

function setup(serverFailuresToFail = 3) {
  const clock = new ManualClock();
  const t0 = clock.now();
  const tracker = new ConnectivityTracker({ clock, serverFailuresToFail });
  const changes: ConnectivitySnapshot[] = [];
  tracker.on('change', (s: ConnectivitySnapshot) => changes.push(s));
  return { clock, t0, tracker, changes };
}

describe('ConnectivityTracker', () => {
  it('knows nothing before the first answer, then is online from it', async () => {
    const { clock, t0, tracker, changes } = setup();
    expect(tracker.snapshot()).toMatchObject({ kind: 'unknown', since: null, lastAnswerAt: null });
    await clock.advance(1000);
    tracker.report({ kind: 'answered' });
    expect(tracker.snapshot()).toMatchObject({ kind: 'online', since: t0 + 1000, lastAnswerAt: t0 + 1000 });
    tracker.report({ kind: 'answered' });
    expect(changes).toHaveLength(1);
  });

  it('is unreachable since the FIRST network failure, and online again at the next answer', async () => {
    const { clock, t0, tracker, changes } = setup();
    tracker.report({ kind: 'answered' });
    await clock.advance(5000);
    tracker.report({ kind: 'network' });
    await clock.advance(5000);
    tracker.report({ kind: 'network' });
    expect(tracker.snapshot()).toMatchObject({ kind: 'unreachable', since: t0 + 5000, lastAnswerAt: t0 });
    await clock.advance(5000);
    tracker.report({ kind: 'answered' });
    expect(tracker.snapshot()).toMatchObject({ kind: 'online', since: t0 + 15_000 });
    expect(changes.map((c) => c.kind)).toEqual(['online', 'unreachable', 'online']);
  });

  it('counts a server as failing after 5xx answers in a row, since the first of them', async () => {
    const { clock, t0, tracker } = setup(3);
    tracker.report({ kind: 'answered' });
    await clock.advance(1000);
    tracker.report({ kind: 'server' });
    tracker.report({ kind: 'server' });
    expect(tracker.kind).toBe('online'); // one refused write among working reads is not the server's state
    tracker.report({ kind: 'answered' });
    tracker.report({ kind: 'server' });
    tracker.report({ kind: 'server' });
    expect(tracker.kind).toBe('online');
    await clock.advance(1000);
    tracker.report({ kind: 'server' });
    expect(tracker.snapshot()).toMatchObject({ kind: 'failing', since: t0 + 1000 });
    // A 5xx is no answer of a working server: the last one stays the 200 before the streak.
    expect(tracker.snapshot().lastAnswerAt).toBe(t0 + 1000);
  });

  it('is rate-limited until the time the server gave, and follows a later one', async () => {
    const { clock, t0, tracker, changes } = setup();
    tracker.report({ kind: 'rateLimited', until: t0 + 60_000 });
    expect(tracker.snapshot()).toMatchObject({ kind: 'rateLimited', since: t0, until: t0 + 60_000 });
    await clock.advance(1000);
    tracker.report({ kind: 'rateLimited', until: t0 + 90_000 });
    expect(tracker.snapshot()).toMatchObject({ kind: 'rateLimited', since: t0, until: t0 + 90_000 });
    expect(changes).toHaveLength(2);
    tracker.report({ kind: 'answered' });
    expect(tracker.snapshot()).toMatchObject({ kind: 'online', until: null });
  });

  it('says the session expired until a sign-in is answered, and resets to unknown on sign-out', () => {
    const { tracker } = setup();
    tracker.report({ kind: 'answered' });
    tracker.report({ kind: 'sessionExpired' });
    expect(tracker.kind).toBe('sessionExpired');
    tracker.report({ kind: 'answered' });
    expect(tracker.kind).toBe('online');
    tracker.reset();
    expect(tracker.snapshot()).toMatchObject({ kind: 'unknown', since: null });
  });
});
