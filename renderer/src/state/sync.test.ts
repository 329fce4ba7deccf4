// The sync status as the header reads it: the last time data came in is true
// even when a budget-stopped pass never "completed".
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract';
import { fakeBridge, settle } from '../testing/fake-bridge';
import { SyncState } from './sync.svelte';

const status = COMMAND_EXAMPLES['sync.status'].output;

describe('SyncState', () => {
  it('takes the newest complete fetch when no pass completed', async () => {
    const sync = new SyncState(
      fakeBridge({
        'sync.status': () => ({
          ...status,
          lastSuccessAt: null,
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

  it('follows events onto the last full status', async () => {
    const bridge = fakeBridge();
    const sync = new SyncState(bridge);
    const stop = sync.start();
    await sync.load();
    bridge.emit('connectivity.changed', { connectivity: 'offline', at: '2026-05-04T10:00:00.000Z' });
    expect(sync.connectivity).toBe('offline');
    bridge.emit('outbox.changed', { summary: { ...status.outbox, unsent: 4, rejected: 1, conflict: 1 }, entryIds: [] });
    expect(sync.unsent).toBe(4);
    expect(sync.needsAttention).toBe(2);
    stop();
    await settle();
  });
});
