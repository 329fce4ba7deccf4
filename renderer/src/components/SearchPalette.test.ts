// The search palette says how many matches it did not show, and tags in-house,
// arriving and similar-spelling hits.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fakeBridge } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import SearchPalette from './SearchPalette.svelte';

describe('SearchPalette', () => {
  it('says "N more — refine the search" and tags each hit', async () => {
    const hit = COMMAND_EXAMPLES['search.query'].output.hits[0]!;
    const bridge = fakeBridge({
      'search.query': () => ({
        hits: [
          { ...hit, near: 'inHouse', similar: false },
          { ...hit, id: 9002, name: 'Eva Andersson', near: null, similar: true },
        ],
        tookMs: 1,
        more: 12,
      }),
    });
    const app = new AppState(bridge, null);
    app.searchOpen = true;
    render(WithApp, { app, component: SearchPalette });
    const box = await screen.findByRole('combobox', { name: 'Search everything' });
    await fireEvent.input(box, { target: { value: 'andersen' } });
    expect(await screen.findByText('12 more matches — refine the search')).toBeTruthy();
    expect(screen.getByText('In house')).toBeTruthy();
    expect(screen.getByText('Similar spelling')).toBeTruthy();
  });
});
