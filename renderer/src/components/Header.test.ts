// The header tells the truth as events arrive: connection, last sync, unsent changes.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES, EVENT_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Header from './Header.svelte';

/** The header of a started app over this bridge (English unless the settings say otherwise); answers its stop. */
async function showHeader(
  bridge = fakeBridge({ 'settings.get': () => ({ ...COMMAND_EXAMPLES['settings.get'].output, locale: 'en' }) }),
) {
  const app = new AppState(bridge, null);
  const stop = app.start();
  render(WithApp, { app, component: Header });
  await settle();
  return { bridge, stop };
}

describe('Header', () => {
  it('follows connectivity and outbox events', async () => {
    const { bridge, stop } = await showHeader();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByTestId('unsent-count').textContent).toContain('1 unsent change');

    const summary = { ...COMMAND_EXAMPLES['outbox.summary'].output, unsent: 3, pending: 1, conflict: 2 };
    const since = new Date();
    since.setHours(9, 41, 0, 0);
    const connectivity = {
      kind: 'unreachable' as const,
      since: since.toISOString(),
      until: null,
      lastAnswerAt: since.toISOString(),
      nextProbeAt: null,
    };
    const lastSyncAt = COMMAND_EXAMPLES['sync.status'].output.lastSuccessAt!;
    bridge.handle('sync.status', () => ({ ...COMMAND_EXAMPLES['sync.status'].output, connectivity, outbox: summary }));
    bridge.emit('connectivity.changed', { connectivity, at: new Date().toISOString() });
    bridge.emit('outbox.changed', { summary, entryIds: [1] });
    await settle();
    expect(screen.getByText('Server unreachable since 09:41')).toBeTruthy();
    // The last sync keeps its real time: the failures did not move it.
    expect(screen.getByTestId('last-sync').getAttribute('data-at')).toBe(lastSyncAt);
    expect(screen.getByTestId('unsent-count').textContent).toContain('3 unsent changes');
    expect(screen.getByTestId('unsent-count').textContent).toContain('2 need attention');
    stop();
  });

  it('warns when changes are not going out, only while the server answers', async () => {
    const stall = {
      ...EVENT_EXAMPLES['sync.stall'].stall!,
      since: new Date().toISOString(),
      error: null,
      nextAttemptAt: null,
    };
    const { bridge, stop } = await showHeader();
    expect(screen.queryByTestId('stall-warning')).toBeNull();
    bridge.emit('sync.stall', { stall });
    await settle();
    expect(screen.getByTestId('stall-warning').textContent).toContain('Changes not going out');
    bridge.emit('sync.stall', { stall: null });
    await settle();
    expect(screen.queryByTestId('stall-warning')).toBeNull();
    stop();
  });

  it('says today’s refreshes are paused for the budget, until when — never "Synced just now" — and then the fill', async () => {
    const { bridge, stop } = await showHeader();
    const example = COMMAND_EXAMPLES['sync.status'].output;
    const until = new Date();
    until.setHours(10, 42, 0, 0);
    const now = new Date().toISOString();
    const paused = {
      ...example.plan!,
      pausedUntil: until.toISOString(),
      today: { complete: true, fresh: false, listsAt: now, overdue: 3 },
    };
    bridge.emit('sync.freshness', { lastSuccessAt: now, freshness: example.freshness, plan: paused });
    await settle();
    const last = screen.getByTestId('last-sync');
    expect(last.textContent).toContain('Paused until 10:42 — this hour’s requests are used');
    expect(last.textContent).toContain('3 of today’s refreshes wait');
    expect(last.textContent).not.toContain('Synced');
    // The budget back: today's age, and how far the first fill is.
    const filling = {
      ...paused,
      pausedUntil: null,
      today: { complete: true, fresh: true, listsAt: now, overdue: 0 },
      fortnight: { done: 40, total: 100 },
      deep: { left: 2400, perHour: 3000, doneAt: new Date(Date.now() + 14 * 3_600_000).toISOString() },
    };
    bridge.emit('sync.freshness', { lastSuccessAt: now, freshness: example.freshness, plan: filling });
    await settle();
    expect(screen.getByTestId('last-sync').textContent).toContain('Synced');
    const fill = screen.getByTestId('fill');
    expect(fill.textContent).toMatch(/^next 14 days 40 % · the rest in about 14\s?h$/);
    expect(fill.getAttribute('title')).toContain('Today ready');
    // Still arriving: said where the age would be.
    const arriving = { ...filling, today: { complete: false, fresh: false, listsAt: null, overdue: 5 } };
    bridge.emit('sync.freshness', { lastSuccessAt: null, freshness: example.freshness, plan: arriving });
    await settle();
    expect(screen.getByTestId('last-sync').textContent).toContain('Today’s data arriving…');
    expect(screen.queryByTestId('fill')).toBeNull();
    stop();
  });

  it('takes the language from the settings', async () => {
    const { stop } = await showHeader(fakeBridge());
    expect(screen.getByText('En línea')).toBeTruthy();
    stop();
  });
});
