// The operations lists: the window and filters reach the read, a row opens
// its editor, and the editor sends every field its update carries — only
// the changed ones — or deletes after asking.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { AppState } from '../state/app.svelte';
import { addDays, today } from '../state/dates';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Cleaning from './Cleaning.svelte';
import Incidents from './Incidents.svelte';
import Maintenance from './Maintenance.svelte';

function mount(component: typeof Cleaning, id: number | null) {
  const bridge = fakeBridge();
  const app = new AppState(bridge, null);
  render(WithApp, { app, component, screenProps: { id } });
  return { bridge, app };
}

describe('Cleaning', () => {
  it('reads the next seven days and passes the filters', async () => {
    const { bridge } = mount(Cleaning, null);
    await settle();
    expect(bridge.callsOf('cleaning.list')[0]).toEqual({ from: today(), to: addDays(today(), 6) });
    await fireEvent.click(screen.getByLabelText('Pending'));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Inspected' }), { target: { value: 'no' } });
    await settle();
    expect(bridge.callsOf('cleaning.list').at(-1)).toMatchObject({ status: [0], inspected: false });
    expect(screen.getByText('Choose a row to see and edit it.')).toBeTruthy();
  });

  it('edits notes and inspected of the selected task', async () => {
    const { bridge } = mount(Cleaning, 300);
    await settle();
    const panel = screen.getByRole('complementary');
    expect(within(panel).getByText('Cleaning task 300')).toBeTruthy();
    await fireEvent.input(within(panel).getByLabelText('Notes'), { target: { value: 'Extra towels' } });
    await fireEvent.click(within(panel).getByLabelText('Inspected'));
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('cleaning.update')).toEqual([{ id: 300, changes: { notes: 'Extra towels', inspected: 1 } }]);
  });

  it('refuses an impossible time, and deletes only after asking', async () => {
    const { bridge } = mount(Cleaning, 300);
    await settle();
    const panel = screen.getByRole('complementary');
    await fireEvent.input(within(panel).getByLabelText('Time'), { target: { value: '25:00' } });
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByText('Enter a time between 00:00 and 23:59')).toBeTruthy();
    expect(bridge.callsOf('cleaning.update')).toEqual([]);
    await fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(bridge.callsOf('cleaning.delete')).toEqual([{ id: 300 }]);
  });
});

describe('Maintenance', () => {
  it('fills today as the inspection date when marked inspected', async () => {
    const { bridge } = mount(Maintenance, 400);
    await settle();
    const panel = screen.getByRole('complementary');
    await fireEvent.click(within(panel).getByLabelText('Inspected'));
    await settle();
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('maintenance.update')).toEqual([
      { id: 400, changes: { inspected: 1, inspection_date: today() } },
    ]);
  });
});

describe('Incidents', () => {
  it('shows every open incident whatever its date, or the closed ones of a window, and says they are closed in the PMS', async () => {
    const { bridge, app } = mount(Incidents, null);
    await settle();
    expect(bridge.callsOf('incidents.open')).toEqual([{}]);
    expect(screen.getByText(/reported and closed in the PMS/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Dates' })).toBeNull();
    await fireEvent.click(screen.getByLabelText('Urgent'));
    await settle();
    expect(bridge.callsOf('incidents.open').at(-1)).toEqual({ priorities: [4] });
    await fireEvent.click(screen.getByLabelText('Closed, in a date window'));
    await settle();
    expect(bridge.callsOf('incidents.list').at(-1)).toEqual({
      from: today(),
      to: addDays(today(), 6),
      open: false,
      priorities: [4],
    });
    expect(screen.getByRole('group', { name: 'Dates' })).toBeTruthy();
    expect(app.router.route.query).toMatchObject({ show: 'closed', priority: '4' });
  });

  it('shows open incidents by default and joins day and time on save', async () => {
    const { bridge } = mount(Incidents, 77);
    await settle();
    expect(bridge.callsOf('incidents.open')).toEqual([{}]);
    expect(bridge.callsOf('incidents.list')).toEqual([]);
    const panel = screen.getByRole('complementary');
    await fireEvent.change(within(panel).getByLabelText(/Priority/), { target: { value: '2' } });
    await fireEvent.input(within(panel).getByLabelText(/^Time/), { target: { value: '19:45' } });
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('incidents.update')).toEqual([
      { id: 77, changes: { priority: 2, date: '2026-05-03 19:45:00' } },
    ]);
  });
});
