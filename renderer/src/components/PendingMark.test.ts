// A record's unsent change shows its state in the app's own words; when it goes through, "Sent" shows for a moment.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { AppState } from '../state/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import PendingMark from './PendingMark.svelte';

describe('PendingMark', () => {
  it('shows the state with the changed fields named, then "Sent" when it is gone', async () => {
    const app = new AppState(fakeBridge(), null);
    const view = render(WithApp, {
      app,
      component: PendingMark,
      screenProps: { mark: { state: 'pending', entryIds: [1], fields: ['notes', 'inspected'] } },
    });
    expect(screen.getByText('Waiting to send').getAttribute('title')).toBe(
      'Your change of Notes, Inspected: Waiting to send',
    );
    await view.rerender({ app, component: PendingMark, screenProps: { mark: null } });
    await settle();
    expect(view.container.querySelector('[data-outbox="confirmed"]')?.textContent).toContain('Sent');
  });

  it('says "Not accepted" in words even as a compact mark', () => {
    const app = new AppState(fakeBridge(), null);
    render(WithApp, {
      app,
      component: PendingMark,
      screenProps: { mark: { state: 'rejected', entryIds: [1], fields: ['adults'] }, compact: true },
    });
    expect(screen.getByText('Not accepted')).toBeTruthy();
  });

  it('shows nothing for a record in sync', () => {
    const app = new AppState(fakeBridge(), null);
    const view = render(WithApp, { app, component: PendingMark, screenProps: { mark: null } });
    expect(view.container.querySelector('[data-outbox]')).toBeNull();
  });
});
