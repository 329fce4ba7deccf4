// The sync status as the header reads it: how old today's data is (the oldest
// of today's lists, never the newest fetch of anything), paused for the
// budget, still arriving or overdue — never "up to date" beside any of those.
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES, EVENT_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge, settle } from '../testing/fake-bridge';
import { SyncState, syncVerdict } from './sync.svelte';

const status = COMMAND_EXAMPLES['sync.status'].output;

describe('SyncState', () => {
  it('without a plan (signed out) takes the newest complete fetch when no pass completed', async () => {
    const sync = new SyncState(
      fakeBridge({
        'sync.status': () => ({
          ...status,
          plan: null,
          lastSuccessAt: null,
          lastDataAt: null,
          freshness: [
            { ...status.freshness[0]!, fetchedAt: '2026-05-04T09:00:00.000Z' },
            { ...status.freshness[0]!, resource: 'cleaning', fetchedAt: '2026-05-04T09:20:00.000Z' },
            { ...status.freshness[0]!, resource: 'guests', fetchedAt: null },
          ],
        }),
      }),
    );
    await sync.load();
    expect(sync.lastSyncAt).toBe('2026-05-04T09:20:00.000Z');
  });

  it('with a plan, dates the data by the OLDEST of today’s lists, not the newest fetch of anything', async () => {
    const plan = status.plan!;
    const sync = new SyncState(
      fakeBridge({
        'sync.status': () => ({
          ...status,
          lastSuccessAt: '2026-05-04T09:40:00.000Z',
          lastDataAt: '2026-05-04T09:41:00.000Z',
          plan: { ...plan, today: { ...plan.today, listsAt: '2026-05-04T09:30:00.000Z' } },
        }),
      }),
    );
    await sync.load();
    expect(sync.lastSyncAt).toBe('2026-05-04T09:30:00.000Z');
  });

  it('follows events onto the last full status', async () => {
    const bridge = fakeBridge();
    const sync = new SyncState(bridge);
    const stop = sync.start();
    await sync.load();
    const down = {
      kind: 'unreachable' as const,
      since: '2026-05-04T09:59:00.000Z',
      until: null,
      lastAnswerAt: '2026-05-04T09:58:00.000Z',
      nextProbeAt: '2026-05-04T10:00:05.000Z',
    };
    bridge.emit('connectivity.changed', { connectivity: down, at: '2026-05-04T10:00:00.000Z' });
    expect(sync.connectivity).toEqual(down);
    expect(sync.verdict).toBe('notConnected');
    bridge.emit('outbox.changed', { summary: { ...status.outbox, unsent: 4, rejected: 1, conflict: 1 }, entryIds: [] });
    expect(sync.unsent).toBe(4);
    expect(sync.needsAttention).toBe(2);
    stop();
    await settle();
  });
});

describe('syncVerdict', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 4, 4, 10, m)).toISOString();
  const base = { ...status, lastSuccessAt: at(0), lastDataAt: at(0), lastError: null, lastErrorAt: null };
  const down = { ...status.connectivity, kind: 'unreachable' as const, since: at(5) };

  it('says "up to date" only when nothing newer than the last success is wrong', () => {
    expect(syncVerdict(base, at(0))).toBe('upToDate');
    expect(syncVerdict({ ...base, connectivity: down }, at(0))).toBe('notConnected');
    const error = { code: 'bad_response' as const, message: 'x' };
    expect(syncVerdict({ ...base, lastError: error, lastErrorAt: at(3) }, at(0))).toBe('problem');
    expect(syncVerdict({ ...base, lastError: error, lastErrorAt: at(0) }, at(4))).toBe('upToDate');
    expect(syncVerdict({ ...base, stoppedFor: 'budget' }, at(0))).toBe('budgetPaused');
    expect(syncVerdict({ ...base, lastSuccessAt: null, lastDataAt: null }, null)).toBe('notYet');
    expect(syncVerdict({ ...base, lastSuccessAt: null, lastDataAt: null, stoppedFor: 'failed' }, null)).toBe('problem');
    expect(syncVerdict({ ...base, stall: EVENT_EXAMPLES['sync.stall'].stall }, at(0))).toBe('stalled');
  });

  it('never says "up to date" while today’s refreshes wait for the budget, arrive or are late', () => {
    const plan = base.plan!;
    expect(syncVerdict({ ...base, plan: { ...plan, pausedUntil: at(42) } }, at(0))).toBe('budgetPaused');
    const arriving = { ...plan, today: { complete: false, fresh: false, listsAt: null, overdue: 3 } };
    expect(syncVerdict({ ...base, plan: arriving }, at(0))).toBe('arriving');
    const late = { ...plan, today: { complete: true, fresh: false, listsAt: at(0), overdue: 1 } };
    expect(syncVerdict({ ...base, plan: late }, at(0))).toBe('overdue');
  });
});
