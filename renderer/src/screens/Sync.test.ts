// The Sync screen: budget and connectivity as the engine reports them, and
// the outbox with both values of a conflict and the actions on each entry.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_EXAMPLES, type OutboxEntry } from '../../../shared/contract';
import { exampleOutboxEntry } from '../../../shared/contract/examples';
import { AppState } from '../app/app.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Sync from './Sync.svelte';

const rejected: OutboxEntry = {
  ...exampleOutboxEntry,
  id: 18,
  state: 'rejected',
  operation: 'bookings.update',
  resource: 'bookings',
  recordId: 1042,
  label: 'Booking 1042',
  changes: { opening_code: '12' },
  base: { opening_code: null },
  conflicts: [],
  error: {
    code: 'invalid_input',
    message: 'The server rejected some values. (422: opening_code: too short)',
    fields: { opening_code: ['too short'] },
  },
};
const twoFields: OutboxEntry = {
  ...exampleOutboxEntry,
  id: 19,
  changes: { notes: 'A', status: 2 },
  conflicts: [
    { field: 'notes', base: '', mine: 'A', theirs: 'B' },
    { field: 'status', base: 0, mine: 2, theirs: 1 },
  ],
};

function setup(entries: OutboxEntry[] = [exampleOutboxEntry, rejected]) {
  const bridge = fakeBridge({ 'outbox.list': () => entries });
  const app = new AppState(bridge, null);
  void app.sync.load();
  render(WithApp, { app, component: Sync });
  return { bridge, app };
}

describe('Sync screen', () => {
  it('shows connectivity and the hour’s request budget', async () => {
    setup();
    await settle();
    expect(screen.getByTestId('sync-connectivity').getAttribute('data-connectivity')).toBe('online');
    expect(screen.getByTestId('budget').textContent).toContain('120 of 5,000 used');
    expect(screen.getByText('4,880 remaining')).toBeTruthy();
  });

  it('lists conflicts first with base, mine and theirs, and keeps mine', async () => {
    const { bridge } = setup();
    await settle();
    const items = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-entry'));
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['conflict', 'rejected']);
    const conflict = items[0]!;
    expect(within(conflict).getByText('Extra towels')).toBeTruthy();
    expect(within(conflict).getByText('Towels done')).toBeTruthy();
    expect(within(conflict).getByText('Notes')).toBeTruthy();
    await fireEvent.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await settle();
    expect(bridge.callsOf('outbox.resolve')).toEqual([{ id: 17, choice: 'mine' }]);
  });

  it('resolves field by field', async () => {
    const { bridge } = setup([twoFields]);
    await settle();
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply choices' });
    expect(apply.disabled).toBe(true);
    await fireEvent.click(screen.getByRole('radio', { name: 'A' })); // mine for the notes
    await fireEvent.click(screen.getByRole('radio', { name: 'In progress' })); // theirs for the status
    expect(apply.disabled).toBe(false);
    await fireEvent.click(apply);
    await settle();
    expect(bridge.callsOf('outbox.resolve')).toEqual([
      { id: 19, choice: 'mine', fields: { notes: 'mine', status: 'theirs' } },
    ]);
  });

  it('shows the server’s reason for a rejection once, offers edit-and-send-again, never Retry, and discards after asking', async () => {
    const { bridge } = setup();
    await settle();
    const item = screen.getAllByRole('listitem').find((li) => li.getAttribute('data-state') === 'rejected')!;
    expect(within(item).getByRole('alert').textContent?.trim()).toBe('Opening code: too short');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(item).getByRole('link', { name: 'Edit and send again' }).getAttribute('href')).toBe('#/booking/1042');
    await fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(bridge.callsOf('outbox.discard')).toEqual([]);
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await settle();
    expect(bridge.callsOf('outbox.discard')).toEqual([{ id: 18 }]);
  });

  it('says when everything is sent', async () => {
    setup([]);
    await settle();
    expect(screen.getByTestId('outbox-empty')).toBeTruthy();
    expect(COMMAND_EXAMPLES['outbox.list'].output).toHaveLength(1);
  });
});
