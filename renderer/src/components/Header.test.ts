// The header tells the truth as events arrive: connection, last sync, unsent changes.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract';
import { AppState } from '../app/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Header from './Header.svelte';

describe('Header', () => {
  it('follows connectivity and outbox events', async () => {
    const bridge = fakeBridge({ 'settings.get': () => ({ ...COMMAND_EXAMPLES['settings.get'].output, locale: 'en' }) });
    const app = new AppState(bridge, null);
    const stop = app.start();
    render(WithApp, { app, component: Header });
    await settle();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByTestId('unsent-count').textContent).toContain('1 unsent change');

    const summary = { ...COMMAND_EXAMPLES['outbox.summary'].output, unsent: 3, pending: 1, conflict: 2 };
    bridge.handle('sync.status', () => ({
      ...COMMAND_EXAMPLES['sync.status'].output,
      connectivity: 'offline',
      outbox: summary,
    }));
    bridge.emit('connectivity.changed', { connectivity: 'offline', at: new Date().toISOString() });
    bridge.emit('outbox.changed', { summary, entryIds: [1] });
    await settle();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('unsent-count').textContent).toContain('3 unsent changes');
    expect(screen.getByTestId('unsent-count').textContent).toContain('2 need attention');
    stop();
  });

  it('takes the language from the settings', async () => {
    const app = new AppState(fakeBridge(), null);
    const stop = app.start();
    render(WithApp, { app, component: Header });
    await settle();
    expect(screen.getByText('En línea')).toBeTruthy();
    stop();
  });
});
