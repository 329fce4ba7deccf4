// The stall watchdog: no progress for the threshold while online, or one
// change failing too often; never while offline, never for changes waiting
// for a person, and offline time does not count.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../shared/contract';
import { COMMAND_EXAMPLES } from '../../shared/contract/testing/examples';
import type { ConnectivitySnapshot } from '../api/connectivity';
import { StallWatchdog } from './watchdog';

const MIN = 60_000;
const T0 = Date.UTC(2026, 4, 4, 10, 0);
const online = (since = T0 - MIN): ConnectivitySnapshot => ({
  kind: 'online',
  since,
  until: null,
  lastAnswerAt: since,
  lastReportAt: since,
});
const down: ConnectivitySnapshot = { ...online(), kind: 'unreachable' };
const example = COMMAND_EXAMPLES['outbox.list'].output[0]!;
function entry(id: number, o: Partial<OutboxEntry> = {}): OutboxEntry {
  return { ...example, id, state: 'pending', attempts: 0, error: null, ...o };
}
const failed = { code: 'server_error' as const, message: 'The server had an internal error. (503)' };

describe('StallWatchdog', () => {
  const policy = { stallAfterMs: 2 * MIN, stallFailures: 5 };

  it('warns after two minutes online with no change settled, naming the oldest change', () => {
    const w = new StallWatchdog(policy);
    const entries = [entry(2), entry(1, { attempts: 1, error: failed, nextAttemptAt: '2026-05-04T10:03:00.000Z' })];
    expect(w.observe(T0, online(), entries)).toBeNull();
    expect(w.nextCheckAt(online())).toBe(T0 + 2 * MIN);
    expect(w.observe(T0 + 2 * MIN - 1, online(), entries)).toBeNull();
    expect(w.observe(T0 + 2 * MIN, online(), entries)).toMatchObject({
      reason: 'noProgress',
      since: T0,
      entryId: 1,
      resource: example.resource,
      error: failed,
      nextAttemptAt: '2026-05-04T10:03:00.000Z',
    });
  });

  it('counts a change that leaves the queue as progress (new edits do not)', () => {
    const w = new StallWatchdog(policy);
    w.observe(T0, online(), [entry(1), entry(2)]);
    w.observe(T0 + MIN, online(), [entry(1), entry(2), entry(3)]);
    expect(w.observe(T0 + 2 * MIN, online(), [entry(1), entry(2), entry(3)])?.reason).toBe('noProgress');
    expect(w.observe(T0 + 2 * MIN + 1, online(), [entry(2), entry(3)])).toBeNull();
    expect(w.observe(T0 + 4 * MIN + 1, online(), [entry(2), entry(3)])).toMatchObject({ since: T0 + 2 * MIN + 1 });
  });

  it('warns at once about a change that failed five times, since its first failure seen', () => {
    const w = new StallWatchdog(policy);
    w.observe(T0, online(), [entry(1)]);
    w.observe(T0 + 1000, online(), [entry(1, { attempts: 1, error: failed })]);
    expect(w.observe(T0 + 9000, online(), [entry(1, { attempts: 4, error: failed })])).toBeNull();
    expect(w.observe(T0 + 15_000, online(), [entry(1, { attempts: 5, error: failed })])).toMatchObject({
      reason: 'failing',
      since: T0 + 1000,
      attempts: 5,
    });
  });

  it('is quiet offline, and the time offline does not count toward a stall', () => {
    const w = new StallWatchdog(policy);
    const entries = [entry(1, { attempts: 7, error: failed })];
    expect(w.observe(T0, down, entries)).toBeNull();
    expect(w.observe(T0 + 10 * MIN, down, [entry(2)])).toBeNull();
    const back = online(T0 + 10 * MIN);
    expect(w.observe(T0 + 11 * MIN, back, [entry(2)])).toBeNull();
    expect(w.observe(T0 + 12 * MIN, back, [entry(2)])).toMatchObject({ reason: 'noProgress', since: T0 + 10 * MIN });
  });

  it('leaves changes waiting for a person (refused, conflicting) to their own marks', () => {
    const w = new StallWatchdog(policy);
    const entries = [entry(1, { state: 'rejected', attempts: 9, error: failed }), entry(2, { state: 'conflict' })];
    w.observe(T0, online(), entries);
    expect(w.observe(T0 + 10 * MIN, online(), entries)).toBeNull();
  });
});
