// The header's update notice: nothing until a version is downloaded; then one
// quiet button; "Restart and install" with changes unsent asks "N changes not
// sent yet — install anyway?" and installs only on "Install anyway".
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { InstallAnswer } from '../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Header from './Header.svelte';

const ready = COMMAND_EXAMPLES['updates.check'].output;

describe('the update notice', () => {
  it('appears when a version is downloaded and asks before installing over unsent changes', async () => {
    const installs: boolean[] = [];
    let unsent = 2;
    const bridge = fakeBridge({
      'settings.get': () => ({ ...COMMAND_EXAMPLES['settings.get'].output, locale: 'en' }),
      'updates.install': ({ force }): InstallAnswer => {
        if (unsent > 0 && !force) return { kind: 'unsent', count: unsent };
        installs.push(Boolean(force));
        return { kind: 'installing' };
      },
    });
    const app = new AppState(bridge, null);
    const stop = app.start();
    render(WithApp, { app, component: Header });
    await settle();
    expect(screen.queryByTestId('update-ready')).toBeNull();

    bridge.emit('updates.changed', ready);
    await settle();
    await fireEvent.click(screen.getByTestId('update-ready'));
    expect(
      screen.getByText('Stayboard 0.2.0 has been downloaded and checked. Stayboard restarts to install it.'),
    ).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Restart and install' }));
    await settle();
    expect(screen.getByTestId('update-unsent').textContent).toMatch(/^2 changes not sent yet — install anyway\?/);
    expect(installs).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Install anyway' }));
    await settle();
    expect(installs).toEqual([true]);

    // With everything sent, "Restart and install" goes without a question.
    unsent = 0;
    await fireEvent.click(screen.getByTestId('update-ready'));
    await fireEvent.click(screen.getByRole('button', { name: 'Restart and install' }));
    await settle();
    expect(installs).toEqual([true, false]);
    stop();
  });
});
