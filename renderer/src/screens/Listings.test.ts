// Listings: filtered as you type from the cache, and a detail with amenities
// named from the code table and the next days' prices of a rate.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Listings from './Listings.svelte';

const summary = COMMAND_EXAMPLES['listings.list'].output[0]!;

describe('Listings', () => {
  it('filters by name or city as you type', async () => {
    const bridge = fakeBridge({
      'listings.list': () => [summary, { ...summary, id: 13, name: 'Loft Sol', city: 'Nerja' }],
    });
    const app = new AppState(bridge, null);
    const stop = app.listings.start();
    const view = render(WithApp, { app, component: Listings, screenProps: { id: null } });
    await settle();
    expect(view.container.querySelectorAll('[role="row"][data-listing]')).toHaveLength(2);
    await fireEvent.input(screen.getByLabelText('Name or city'), { target: { value: 'nerj' } });
    await settle();
    expect(
      [...view.container.querySelectorAll('[role="row"][data-listing]')].map((row) => row.textContent?.trim()),
    ).toEqual([expect.stringContaining('Loft Sol')]);
    stop();
  });

  it('shows a listing with its amenities by name and the prices of its rate', async () => {
    const detail = COMMAND_EXAMPLES['listings.get'].output;
    // The contract's example rate of listing 12 (the price grid's, less its outbox mark).
    const { outbox: _mark, ...rate } = COMMAND_EXAMPLES['prices.grid'].output.rates[0]!;
    const bridge = fakeBridge({
      'listings.get': () => ({
        ...detail,
        rates: [rate],
      }),
    });
    const app = new AppState(bridge, null);
    render(WithApp, { app, component: Listings, screenProps: { id: 12 } });
    await settle();
    expect(screen.getByRole('heading', { name: 'Casa Azul' })).toBeTruthy();
    expect(screen.getByText('Minibar')).toBeTruthy(); // amenity 4
    expect(bridge.callsOf('prices.list')[0]).toMatchObject({ rateId: 5 });
    expect(screen.getByText('€120.00')).toBeTruthy();
    expect(screen.getByText('Room 1')).toBeTruthy();
  });

  it('masks the key number and the Wi-Fi password until Show is pressed', async () => {
    const detail = COMMAND_EXAMPLES['listings.get'].output;
    const bridge = fakeBridge({
      'listings.get': () => ({
        ...detail,
        listing: { ...detail.listing, key_number: 'K12', wifi_network: 'CasaAzul', wifi_password: 'sea-view-2026' },
      }),
    });
    const app = new AppState(bridge, null);
    const view = render(WithApp, { app, component: Listings, screenProps: { id: 12 } });
    await settle();
    const text = () => view.container.textContent ?? '';
    expect(text()).toContain('CasaAzul');
    expect(text()).not.toContain('sea-view-2026');
    expect(text()).not.toContain('K12');
    await fireEvent.click(screen.getByRole('button', { name: 'Show Wi-Fi password' }));
    expect(text()).toContain('sea-view-2026');
    expect(text()).not.toContain('K12');
    await fireEvent.click(screen.getByRole('button', { name: 'Hide Wi-Fi password' }));
    expect(text()).not.toContain('sea-view-2026');
  });
});
