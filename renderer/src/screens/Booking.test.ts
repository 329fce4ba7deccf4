// Reception on a booking: confirm, set the opening code and keys, register a
// guest with the required fields, send a message — each through the contract.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Booking from './Booking.svelte';

const detail = COMMAND_EXAMPLES['bookings.get'].output;

function setup(state = 2) {
  const bridge = fakeBridge({ 'bookings.get': () => ({ ...detail, booking: { ...detail.booking, state } }) });
  const app = new AppState(bridge, null);
  const view = render(WithApp, { app, component: Booking, screenProps: { bookingNumber: 1042 } });
  return { bridge, app, view };
}

describe('Booking detail', () => {
  it('shows the stay, money, customer, guests mark and the thread', async () => {
    setup();
    await settle();
    expect(screen.getByRole('heading', { name: /Booking 1042/ })).toBeTruthy();
    expect(screen.getByText('Pre-booking')).toBeTruthy();
    expect(screen.getByTestId('guests-mark').textContent).toContain('1 of 3 registered');
    expect(screen.getByText('What time can we arrive?')).toBeTruthy();
    expect(screen.getByText('€640.00')).toBeTruthy();
    expect(screen.getAllByText('Ana García', { selector: 'strong' })).toHaveLength(2); // customer and guest
  });

  it('confirms a booking', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await settle();
    expect(bridge.callsOf('bookings.update')).toEqual([{ bookingNumber: 1042, changes: { status: 'confirmed' } }]);
  });

  it('asks before cancelling', async () => {
    const { bridge } = setup(3);
    await settle();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm booking' }).disabled).toBe(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(bridge.callsOf('bookings.update')).toEqual([]);
    const dialog = screen.getByRole('dialog');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await settle();
    expect(bridge.callsOf('bookings.update')).toEqual([{ bookingNumber: 1042, changes: { status: 'canceled' } }]);
  });

  it('saves only the changed fields: opening code and keys', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.input(screen.getByLabelText('Opening code'), { target: { value: '7731' } });
    await fireEvent.input(screen.getByLabelText('Number of keys'), { target: { value: '3' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('bookings.update')).toEqual([
      { bookingNumber: 1042, changes: { opening_code: '7731', key_numbers: 3 } },
    ]);
  });

  it('refuses a departure before the arrival, in words', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.input(screen.getByLabelText(/Departure date/), { target: { value: '01/05/2026' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText('Must be after the start date')).toBeTruthy();
    expect(bridge.callsOf('bookings.update')).toEqual([]);
  });

  it('registers a guest only once the required fields are there', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: '+ Register a guest' }));
    const dialog = screen.getByRole('dialog');
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    await fireEvent.input(field(/^First name/), { target: { value: 'Luis' } });
    await fireEvent.input(field(/^Surname/), { target: { value: 'Pérez' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Register guest' }));
    await settle();
    expect(within(dialog).getByText('Check the highlighted fields.')).toBeTruthy();
    expect(bridge.callsOf('guests.create')).toEqual([]);

    await fireEvent.input(field(/^Document number/), { target: { value: 'X1234567L' } });
    await fireEvent.input(field(/^Document issue date/), { target: { value: '01/02/2020' } });
    await fireEvent.change(field(/^Nationality/), { target: { value: '73' } });
    await fireEvent.change(field(/^Sex/), { target: { value: 'M' } });
    await fireEvent.input(field(/^Date of birth/), { target: { value: '15/06/1985' } });
    const docType = field(/^Document type/) as HTMLSelectElement;
    if (!docType.disabled) await fireEvent.change(docType, { target: { value: '5' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Register guest' }));
    await settle();
    expect(bridge.callsOf('guests.create')[0]).toMatchObject({
      bookingNumber: 1042,
      guest: { name: 'Luis', lastname: 'Pérez', number_id: 'X1234567L', nationality: 73, sex: 'M' },
    });
  });

  it('sends a message in the thread', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Keys are in the box.' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(bridge.callsOf('messages.send')).toEqual([
      { bookingNumber: 1042, threadId: 55, message: 'Keys are in the box.' },
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
  });

  it('keeps what is typed in the guest form when the booking is re-read meanwhile', async () => {
    const { bridge } = setup();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: '+ Register a guest' }));
    const dialog = screen.getByRole('dialog');
    await fireEvent.input(within(dialog).getByLabelText(/^First name/), { target: { value: 'Luis' } });
    bridge.emit('cache.changed', { resources: ['bookings'] });
    await settle(150);
    expect(within(screen.getByRole('dialog')).getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Luis');
  });
});
