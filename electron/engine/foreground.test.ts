// A foreground write whose answer is lost while the server is still finishing
// it: the read-back that finds nothing at once proves nothing; Stayboard looks
// again once the server had its settle time, and only then says "not done".
// A manual clock: the server's late finish is a timer, nothing sleeps.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client';
import { ManualClock } from '../api/clock';
import { ApiError } from '../api/errors';
import { ForegroundWriter, type ForegroundWrite } from './foreground';

const SETTLE = 15_000;
const lost = () =>
  new ApiError({
    kind: 'timeout',
    endpoint: 'admins.create',
    method: 'POST',
    path: '/admins',
    message: 'no answer',
    outcomeUnknown: true,
  });

/** A server that applies a write `finishesAfterMs` after it was sent (0: before answering; null: never), counting. */
function slowServer(clock: ManualClock, finishesAfterMs: number | null) {
  const state = { sends: 0, applied: 0, reads: 0 };
  const write: ForegroundWrite<{ id: number }> = {
    key: 'admins.create:marta',
    send: () => {
      state.sends++;
      if (finishesAfterMs === 0) state.applied++;
      else if (finishesAfterMs !== null) clock.setTimeout(() => state.applied++, finishesAfterMs);
      return Promise.reject(lost());
    },
    find: () => {
      state.reads++;
      return Promise.resolve(state.applied ? { id: 7 } : null);
    },
    absent: 'answer',
  };
  return { state, write };
}

function writer(clock: ManualClock) {
  return new ForegroundWriter({
    client: () => ({}) as ApiClient,
    online: () => true,
    clock,
    settleMs: SETTLE,
  });
}

describe('a foreground write whose answer is lost', () => {
  it('finished by the server after the first read-back: found once the server had time, never "not done"', async () => {
    const clock = new ManualClock();
    const { state, write } = slowServer(clock, 5_000);
    const outcome = writer(clock).write(write, 'The new user');
    await clock.advance(SETTLE);
    expect(await outcome).toEqual({ outcome: 'found', found: { id: 7 } });
    expect(state).toEqual({ sends: 1, applied: 1, reads: 2 });
  });

  it('already finished when the answer was lost: found at the first read-back, without waiting', async () => {
    const clock = new ManualClock();
    const { state, write } = slowServer(clock, 0);
    const outcome = writer(clock).write(write, 'The new user');
    await clock.advance(0);
    expect(await outcome).toEqual({ outcome: 'found', found: { id: 7 } });
    expect(state.reads).toBe(1);
  });

  it('never done: "absent" only after the settle time, so sending again cannot make it twice', async () => {
    const clock = new ManualClock();
    const { state, write } = slowServer(clock, null);
    let settled = false;
    const outcome = writer(clock)
      .write(write, 'The new user')
      .finally(() => (settled = true));
    await clock.advance(SETTLE - 1);
    expect(settled).toBe(false);
    await clock.advance(1);
    expect(await outcome).toEqual({ outcome: 'absent' });
    expect(state).toEqual({ sends: 1, applied: 0, reads: 2 });
  });
});
