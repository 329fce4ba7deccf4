// A record's unsent change shows its state; when it goes through, "Confirmed" shows for a moment.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { AppState } from '../app/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import PendingMark from './PendingMark.svelte';

describe('PendingMark', () => {
  it('shows the state with the changed fields named, then "Confirmed" when it is gone', async () => {
    const app = new AppState(fakeBridge(), null);
    const view = render(WithApp, {
      app,
      component: PendingMark,
      screenProps: { mark: { state: 'pending', entryIds: [1], fields: ['notes', 'inspected'] } },
    });
    expect(screen.getByText('Pending').getAttribute('title')).toBe('Unsent change (Pending): Notes, Inspected');
    await view.rerender({ app, component: PendingMark, screenProps: { mark: null } });
    await settle();
    expect(view.container.querySelector('[data-outbox="confirmed"]')).not.toBeNull();
  });

  it('shows nothing for a record in sync', () => {
    const app = new AppState(fakeBridge(), null);
    const view = render(WithApp, { app, component: PendingMark, screenProps: { mark: null } });
    expect(view.container.querySelector('[data-outbox]')).toBeNull();
  });
});
