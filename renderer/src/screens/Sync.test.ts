// The Sync screen: budget and connectivity as the engine reports them, and
// the outbox with both values of a conflict and the actions on each entry.
import { fireEvent, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/contract';
import { COMMAND_EXAMPLES, EVENT_EXAMPLES, exampleOutboxEntry } from '../../../shared/contract/testing/examples';
import { fakeBridge, settle } from '../testing/fake-bridge';
import { renderScreen } from '../testing/render-screen';
import Sync from './Sync.svelte';

const rejected: OutboxEntry = {
  ...exampleOutboxEntry,
  id: 18,
  state: 'rejected',
  operation: 'bookings.update',
  resource: 'bookings',
  recordId: 1042,
  subject: { name: null, booking: 1042, listing: null, owner: null, rate: null, from: null, to: null },
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

const setup = (entries: OutboxEntry[] = [exampleOutboxEntry, rejected]) =>
  renderScreen(Sync, { bridge: fakeBridge({ 'outbox.list': () => entries }), prepare: (app) => void app.sync.load() });

describe('Sync screen', () => {
  it('shows connectivity and the hour’s request budget', async () => {
    setup();
    await settle();
    expect(screen.getByTestId('sync-connectivity').getAttribute('data-connectivity')).toBe('online');
    expect(screen.getByTestId('budget').textContent).toContain('120 of 5,000 used');
    expect(screen.getByText('4,880 remaining')).toBeTruthy();
  });

  it('says the server is unreachable, keeps the last sync, and never says "Up to date" beside it', async () => {
    const { bridge, app } = setup();
    const stop = app.sync.start();
    const lastSync = COMMAND_EXAMPLES['sync.status'].output.lastSuccessAt!;
    const connectivity = {
      kind: 'unreachable' as const,
      since: new Date().toISOString(),
      until: null,
      lastAnswerAt: lastSync,
      nextProbeAt: new Date(Date.now() + 20_000).toISOString(),
    };
    bridge.handle('sync.status', () => ({ ...COMMAND_EXAMPLES['sync.status'].output, connectivity }));
    bridge.emit('connectivity.changed', { connectivity, at: new Date().toISOString() });
    await settle();
    expect(screen.getByTestId('sync-connectivity').getAttribute('data-connectivity')).toBe('unreachable');
    expect(screen.getByTestId('sync-connectivity').textContent).toContain('Server unreachable since');
    expect(screen.getByTestId('sync-last').getAttribute('data-at')).toBe(lastSync);
    expect(screen.queryByText('Up to date')).toBeNull();
    expect(screen.getByTestId('next-probe')).toBeTruthy();
    stop();
  });

  it('names the stalled change, since when and its next try', async () => {
    const { bridge, app } = setup();
    const stop = app.sync.start();
    await settle();
    expect(screen.queryByTestId('stall')).toBeNull();
    const next = new Date(Date.now() + 60_000);
    bridge.emit('sync.stall', {
      stall: {
        ...EVENT_EXAMPLES['sync.stall'].stall!,
        since: new Date().toISOString(),
        error: { code: 'unreachable', message: 'The server answered 503.' },
        nextAttemptAt: next.toISOString(),
      },
    });
    await settle();
    const stall = screen.getByTestId('stall');
    expect(stall.textContent).toContain('Failed 5 times since');
    expect(screen.getByTestId('stall-label').textContent).toContain('Casa Azul');
    expect(screen.getByTestId('stall-next').textContent).toMatch(/\d\d:\d\d:\d\d/);
    expect(screen.getByTestId('sync-verdict').getAttribute('data-verdict')).toBe('stalled');
    stop();
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

describe('a list sync refused (issue 27, case 3)', () => {
  it('names the list and why nothing was removed from it, in the UI language', async () => {
    const example = COMMAND_EXAMPLES['sync.status'].output;
    const lastError = {
      code: 'bad_response' as const,
      message: "the server's incidents list (all 2026-06-10..2026-06-24) held 3 record(s) whose id cannot be read",
      fields: { incidents: ['unreadable_key'] },
    };
    const status = {
      ...example,
      lastError,
      lastErrorAt: new Date(Date.parse(example.lastSuccessAt!) + 60_000).toISOString(),
    };
    renderScreen(Sync, {
      bridge: fakeBridge({ 'outbox.list': () => [], 'sync.status': () => status }),
      prepare: (app) => void app.sync.load(),
    });
    await settle();
    expect(screen.getByTestId('sync-last-error').textContent?.trim()).toBe(
      'The server’s list of incidents held records whose id cannot be read: nothing was removed from it.',
    );
  });
});
