// A live question never waits on a server that is known to be unreachable:
// it answers 'unreachable' at once, without a request, so the form keeps the
// cached answer. (The question itself, against the simulator, is exercised
// by electron/services/reachability.test.ts.)
import { describe, expect, it } from 'vitest';
import { liveAvailability } from './live';

describe('liveAvailability', () => {
  it('answers unreachable without asking when there is no client or the server is unreachable', async () => {
    const input = { listingId: 1, from: '2026-06-10', to: '2026-06-12', rateId: 7, mu: false };
    await expect(liveAvailability(null, true, input)).rejects.toMatchObject({ code: 'unreachable' });
  });
});
