// Reception's list: arrivals by default, departures on the tab, each row with
// its registration mark and a link to the booking.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { today } from '../state/dates';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Reception from './Reception.svelte';

const item = COMMAND_EXAMPLES['bookings.list'].output[0]!;

describe('Arrivals & departures', () => {
  it('lists today’s arrivals, sorted by time, with the registration mark', async () => {
    const bridge = fakeBridge({
      'bookings.list': () => [
        { ...item, booking_number: 2, arrival_time: '18:00' },
        { ...item, booking_number: 1, arrival_time: '12:00', guests_registered: 3 },
      ],
    });
    const view = render(WithApp, { app: new AppState(bridge, null), component: Reception });
    await settle();
    expect(bridge.callsOf('bookings.list')[0]).toEqual({ from: today(), to: today(), kind: 'arrivals' });
    const rows = [...view.container.querySelectorAll('[data-booking]')].map((r) => r.getAttribute('data-booking'));
    expect(rows).toEqual(['1', '2']);
    expect(view.container.querySelector('[data-booking="1"]')!.textContent).toContain('3/3');
    expect(view.container.querySelector('[data-booking="2"]')!.textContent).toContain('1/3');
    expect(screen.getByRole('link', { name: '1' }).getAttribute('href')).toBe('#/booking/1');
  });

  it('switches to departures', async () => {
    const bridge = fakeBridge();
    render(WithApp, { app: new AppState(bridge, null), component: Reception });
    await settle();
    await fireEvent.click(screen.getByRole('tab', { name: 'Departures' }));
    await settle();
    expect(bridge.callsOf('bookings.list').at(-1)).toMatchObject({ kind: 'departures' });
  });

  it('keeps bookings that do not stay apart: not listed, not counted, one switch away', async () => {
    const bridge = fakeBridge({
      'bookings.list': () => [
        { ...item, booking_number: 1, state: 3, overbooked: true },
        { ...item, booking_number: 2, state: 1 },
        { ...item, booking_number: 3, state: 2 },
      ],
    });
    const view = render(WithApp, { app: new AppState(bridge, null), component: Reception });
    await settle();
    const shown = () =>
      [...view.container.querySelectorAll('[data-booking]')].map((r) => r.getAttribute('data-booking'));
    expect(shown()).toEqual(['1']);
    expect(view.container.textContent).toContain('1 booking');
    expect(view.container.querySelector('[data-booking="1"] [data-overbooked]')!.textContent).toContain('Overbooked');
    await fireEvent.click(screen.getByRole('button', { name: 'Not staying (2)' }));
    expect(shown()).toEqual(['2', '3']);
    expect(view.container.textContent).toContain('2 bookings that do not stay');
  });

  it('labels check-in done online as what it is, not as an arrival', async () => {
    const bridge = fakeBridge({ 'bookings.list': () => [{ ...item, booking_number: 1, checkin_completed: true }] });
    const view = render(WithApp, { app: new AppState(bridge, null), component: Reception });
    await settle();
    expect(screen.getByRole('columnheader', { name: 'Online check-in' })).toBeTruthy();
    expect(view.container.querySelector('[data-booking="1"]')!.textContent).toContain('Done online');
    expect(view.container.textContent).not.toContain('Checked in');
  });
});
