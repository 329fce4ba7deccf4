// The calendar draws bookings and blocks of the listings in view, reads them
// in one batch, and creates, edits and removes blocks through the outbox.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { DAY_W } from '../state/calendar.svelte';
import { addDays, today } from '../state/dates';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Calendar from './Calendar.svelte';

function setup(free: Record<string, number> | null = null) {
  const range = COMMAND_EXAMPLES['calendar.range'].output;
  const start = today();
  const bridge = fakeBridge({
    ...(free
      ? {
          'listings.list': () => COMMAND_EXAMPLES['listings.list'].output.map((l) => ({ ...l, mu: true })),
        }
      : {}),
    'calendar.range': (input) => ({
      ...range,
      from: input.from,
      to: input.to,
      bookings: range.bookings.map((b) => ({ ...b, start_date: start, end_date: addDays(start, 3) })),
      blocks: range.blocks.map((b) => ({ ...b, start_date: addDays(start, 4), end_date: addDays(start, 5) })),
      availability: free ? [{ listing_id: 12, mu: true, days: free }] : range.availability,
    }),
  });
  const app = new AppState(bridge, null);
  const stop = app.listings.start();
  render(WithApp, { app, component: Calendar });
  return { bridge, stop };
}

describe('Calendar', () => {
  it('says what the numbers of a multi-unit row are, once per run of equal days', async () => {
    const d = (n: number) => addDays(today(), n);
    const { stop } = setup({ [d(0)]: 2, [d(1)]: 2, [d(2)]: 2, [d(3)]: 0 });
    await settle();
    const runs = [...document.querySelectorAll('.free')].map((e) => [e.textContent?.trim(), e.getAttribute('title')]);
    expect(runs[0]?.[0]).toBe('2 free');
    expect(runs[0]?.[1]).toMatch(/^2 free · .+ → .+/);
    // One narrow day shows the bare number; its title says what it is.
    expect(runs[1]?.[0]).toBe('0');
    expect(runs[1]?.[1]).toMatch(/^0 free · /);
    stop();
  });

  it('reads the window for the listings in view and draws bookings and blocks', async () => {
    const { bridge, stop } = setup();
    await settle();
    expect(bridge.callsOf('calendar.range')[0]).toMatchObject({ listingIds: [12], from: addDays(today(), -7) });
    const bar = screen.getByTitle(/^Booking 1042/);
    expect(bar.getAttribute('href')).toBe('#/booking/1042');
    expect(bar.className).toContain('blocking');
    expect(screen.getByTitle(/^Out of service: Painting/)).toBeTruthy();
    stop();
  });

  it('edits a block and removes it', async () => {
    const { bridge, stop } = setup();
    await settle();
    await fireEvent.click(screen.getByTitle(/^Out of service: Painting/));
    const dialog = screen.getByRole('dialog');
    await fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'Painting walls' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('blocks.update')).toEqual([{ id: 8, changes: { reason: 'Painting walls' } }]);
    await fireEvent.click(screen.getByTitle(/^Out of service/));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove block' }));
    await settle();
    expect(bridge.callsOf('blocks.delete')).toEqual([{ id: 8 }]);
    stop();
  });

  it('creates a block from the keyboard-reachable button', async () => {
    const { bridge, stop } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: '+ New block' }));
    const dialog = screen.getByRole('dialog');
    await fireEvent.change(within(dialog).getByLabelText(/^Listing/), { target: { value: '12' } });
    await fireEvent.change(within(dialog).getByLabelText(/^Block type/), { target: { value: '1' } });
    await fireEvent.input(within(dialog).getByLabelText(/^To/), { target: { value: '01/01/2020' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Cannot be before the start date')).toBeTruthy();
    const end = addDays(today(), 2);
    await fireEvent.input(within(dialog).getByLabelText(/^To/), {
      target: { value: `${end.slice(8)}/${end.slice(5, 7)}/${end.slice(0, 4)}` },
    });
    await fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'Owner' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('blocks.create')).toEqual([
      { block: { listing_id: '12', block_type: 1, start_date: today(), end_date: end, reason: 'Owner' } },
    ]);
    stop();
  });

  it('offers a new booking first, then a block, for the free days dragged over on a row', async () => {
    const { stop } = setup();
    await settle();
    const row = document.querySelector('.row[data-listing="12"]') as HTMLElement;
    row.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      right: 0,
      bottom: 0,
      width: 0,
      height: 0,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    // The window starts a week back: its days 10 to 12 are 3 to 5 days from today, nights of a stay leaving on the 6th.
    await fireEvent.pointerDown(row, { button: 0, clientX: 10 * DAY_W + 5, clientY: 5 });
    await fireEvent.pointerMove(row, { clientX: 12 * DAY_W + 5, clientY: 5 });
    await fireEvent.pointerUp(row, { button: 0, clientX: 12 * DAY_W + 5, clientY: 5 });
    const menu = screen.getByTestId('free-days');
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]?.textContent).toMatch(/^New booking /);
    expect(items[0]?.getAttribute('href')).toBe(
      `#/newBooking?listing=12&from=${addDays(today(), 3)}&to=${addDays(today(), 6)}`,
    );
    expect(items[1]?.textContent).toMatch(/^Block /);
    stop();
  });
});
