// Sync, outbox and edit commands reach the account's engine parts; a part
// that is missing answers `not_signed_in` in a sentence.
import { describe, expect, it } from 'vitest';
import { EDIT_NAMES, type CommandArgs } from '../../shared/contract';
import { COMMAND_EXAMPLES } from '../../shared/contract/testing/examples';
import type { OutboxPort, SyncPort } from './engine-port';
import { harness } from './testing';

function parts() {
  const calls: unknown[][] = [];
  const sync: SyncPort = {
    status: () => COMMAND_EXAMPLES['sync.status'].output,
    syncNow: (full) => (
      calls.push(['syncNow', full]),
      { started: true, action: 'sync' as const, reason: null, until: null }
    ),
    setInterest: (i) => void calls.push(['interest', i]),
  };
  const outbox: OutboxPort = {
    edit: (name, input) => {
      calls.push(['edit', name, input]);
      return name.endsWith('Many') ? [{ entryId: 1, state: 'pending' }] : { entryId: 1, state: 'pending' };
    },
    list: (i: CommandArgs<'outbox.list'>) => (calls.push(['list', i]), COMMAND_EXAMPLES['outbox.list'].output),
    summary: () => COMMAND_EXAMPLES['outbox.summary'].output,
    retry: (id) => (calls.push(['retry', id]), COMMAND_EXAMPLES['outbox.retry'].output),
    discard: (id) => void calls.push(['discard', id]),
    amend: (i) => (calls.push(['amend', i]), COMMAND_EXAMPLES['outbox.amend'].output),
    resolve: (i) => (calls.push(['resolve', i]), COMMAND_EXAMPLES['outbox.resolve'].output),
  };
  return { calls, sync, outbox };
}

describe('sync, outbox and edit commands', () => {
  it('reach the engine with validated input', async () => {
    const p = parts();
    const h = harness({ parts: () => p });
    await h.signIn({ user: 'a', password: 'p' });
    const d = h.runtime.dispatcher;
    expect(await d.dispatch('sync.now', {})).toEqual({
      ok: true,
      value: { started: true, action: 'sync', reason: null, until: null },
    });
    expect(await d.dispatch('sync.setInterest', { screen: 'today', from: '2026-06-01' })).toEqual({
      ok: true,
      value: { accepted: true },
    });
    expect(await d.dispatch('sync.status', {})).toMatchObject({ ok: true, value: { state: 'idle' } });
    for (const name of EDIT_NAMES) {
      const r = await d.dispatch(name, COMMAND_EXAMPLES[name].input);
      expect(r.ok, name).toBe(true);
    }
    expect(await d.dispatch('outbox.discard', { id: 17 })).toEqual({
      ok: true,
      value: { discarded: true, dependents: 0 },
    });
    expect(await d.dispatch('outbox.resolve', { id: 17, choice: 'theirs' })).toMatchObject({ ok: true });
    expect(await d.dispatch('outbox.amend', { id: 17, changes: { adults: 3 } })).toEqual({
      ok: true,
      value: { entryId: 18 },
    });
    expect(await d.dispatch('outbox.amend', { id: 17 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(p.calls).toContainEqual(['syncNow', false]);
    expect(p.calls).toContainEqual(['interest', { screen: 'today', from: '2026-06-01' }]);
    expect(p.calls).toContainEqual(['edit', 'bookings.update', COMMAND_EXAMPLES['bookings.update'].input]);
    expect(p.calls).toContainEqual(['discard', 17]);
    expect(p.calls).toContainEqual(['resolve', { id: 17, choice: 'theirs' }]);
    expect(p.calls).toContainEqual(['amend', { id: 17, changes: { adults: 3 } }]);
  });

  it('answer not_signed_in when the engine runs without them (read-only after an expired session)', async () => {
    const h = harness();
    await h.signIn({ user: 'a', password: 'p' });
    expect(await h.runtime.dispatcher.dispatch('sync.status', {})).toEqual({
      ok: false,
      error: { code: 'not_signed_in', message: 'Sign in again to sync; what is here can still be read.' },
    });
    expect(await h.runtime.dispatcher.dispatch('cleaning.update', { id: 1, changes: { inspected: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });
});
