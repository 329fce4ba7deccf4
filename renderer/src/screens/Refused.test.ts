// A change the server refused, as the person meets it on the record: a banner
// with the reason once and the value set, "Edit and send again" that puts my
// value back in the form and amends the refused change on save, and
// "Discard". Plus the change toasts: truthful online and offline, three at most.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { Connectivity, OutboxEntry } from '../../../shared/contract';
import { COMMAND_EXAMPLES, exampleCleaning, exampleOutboxEntry } from '../../../shared/contract/testing/examples';
import { AppState } from '../state/app.svelte';
import { fateOf } from '../state/change-toasts';
import { amendable } from '../state/outbox.svelte';
import { refusalReasons } from '../state/refused.svelte';
import { fakeBridge, settle } from '../testing/fake-bridge';
import WithApp from '../testing/WithApp.svelte';
import Cleaning from './Cleaning.svelte';

const refused: OutboxEntry = {
  ...exampleOutboxEntry,
  id: 41,
  operation: 'cleaning.update',
  resource: 'cleaning',
  recordId: 300,
  state: 'rejected',
  changes: { notes: 'Rude words' },
  base: { notes: '' },
  conflicts: [],
  error: {
    code: 'invalid_input',
    message: 'The server rejected some values. (422: notes: not allowed)',
    fields: { notes: ['not allowed'] },
  },
};

function mount() {
  const bridge = fakeBridge({
    'cleaning.get': () => ({ ...exampleCleaning, outbox: { state: 'rejected', entryIds: [41], fields: ['notes'] } }),
    'outbox.list': (i) => (i.states?.includes('rejected') ? [refused] : []),
  });
  const app = new AppState(bridge, null);
  app.refused.start();
  render(WithApp, { app, component: Cleaning, screenProps: { id: 300 } });
  return { bridge, app };
}

describe('a refused change on its record', () => {
  it('shows the reason once and my value, beside the server value in the form', async () => {
    mount();
    await settle();
    const banner = screen.getByTestId('refused-banner');
    expect(banner.textContent).toContain('The server did not accept your change');
    expect(banner.textContent).toContain('Notes: not allowed');
    expect(banner.textContent).toContain('You set Notes to Rude words');
    expect(banner.textContent).not.toContain('rejected some values');
    expect(within(screen.getByRole('complementary')).getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('');
  });

  it('edit and send again: the form takes my value and saving amends the refused change', async () => {
    const { bridge } = mount();
    await settle();
    const panel = screen.getByRole('complementary');
    await fireEvent.click(within(panel).getByRole('link', { name: 'Edit and send again' }));
    expect(within(panel).getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Rude words');
    expect(within(panel).getByText(/Your values that were not accepted are in the form/)).toBeTruthy();
    await fireEvent.input(within(panel).getByLabelText('Notes'), { target: { value: 'Polite words' } });
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await settle();
    expect(bridge.callsOf('outbox.amend')).toEqual([{ id: 41, changes: { notes: 'Polite words' } }]);
    expect(bridge.callsOf('cleaning.update')).toEqual([]);
  });

  it('discard drops the refused change', async () => {
    const { bridge } = mount();
    await settle();
    await fireEvent.click(within(screen.getByTestId('refused-banner')).getByRole('button', { name: 'Discard' }));
    await settle();
    expect(bridge.callsOf('outbox.discard')).toEqual([{ id: 41 }]);
    expect(screen.getByText('Change discarded; the record shows the server’s values.')).toBeTruthy();
  });

  it('words a refusal without field messages by its kind, never nested', () => {
    const app = new AppState(fakeBridge(), null);
    expect(refusalReasons(app.i18n, { code: 'not_found', message: 'The server does not know… (404)' })).toEqual([
      'The server no longer has this record.',
    ]);
    expect(refusalReasons(app.i18n, { code: 'invalid_input', message: 'x', fields: { _: ['dates clash'] } })).toEqual([
      'dates clash',
    ]);
  });
});

describe('change toasts', () => {
  /** An app whose sync status says `connectivity`, following outbox events. */
  async function appWith(kind: Connectivity['kind'], list: OutboxEntry[] = []) {
    const connectivity: Connectivity = { ...COMMAND_EXAMPLES['sync.status'].output.connectivity, kind };
    const bridge = fakeBridge({
      'sync.status': () => ({ ...COMMAND_EXAMPLES['sync.status'].output, connectivity }),
      'outbox.list': () => list,
    });
    const app = new AppState(bridge, null);
    app.changeToasts.start();
    await app.sync.load();
    return { bridge, app };
  }

  it('offline: saved on this computer, never "sending"', async () => {
    const { app } = await appWith('unreachable');
    await app.edit('cleaning.update', { id: 300, changes: { notes: 'x' } });
    expect(app.toasts.items.map((t) => t.text)).toEqual([
      'Saved on this computer; sent when the server can be reached.',
    ]);
  });

  it('online: sending, then sent once the outbox confirms the entry', async () => {
    const { app, bridge } = await appWith('online', [{ ...exampleOutboxEntry, id: 17, state: 'confirmed' }]);
    await app.edit('cleaning.update', { id: 300, changes: { notes: 'x' } }); // the example receipt is entry 17
    expect(app.toasts.items.map((t) => t.text)).toEqual(['Sending your change…']);
    bridge.emit('outbox.changed', { summary: { ...emptySummary }, entryIds: [17] });
    await settle();
    expect(app.toasts.items.map((t) => [t.kind, t.text])).toEqual([['success', 'Sent ✓']]);
  });

  it('a value refused before queueing names the field and the reason', async () => {
    const bridge = fakeBridge({
      'bookings.update': () => ({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'The listing sleeps at most 2 people (adults and children).',
          fields: { 'changes.adults': ['the listing sleeps at most 2 people'] },
        },
      }),
    });
    const app = new AppState(bridge, null);
    expect(await app.edit('bookings.update', { bookingNumber: 1042, changes: { adults: 5 } })).toBeNull();
    expect(app.toasts.items.map((t) => t.text)).toEqual(['Not saved. Adults: the listing sleeps at most 2 people']);
  });

  it('keeps at most three toasts', () => {
    const app = new AppState(fakeBridge(), null);
    for (const n of [1, 2, 3, 4]) app.toasts.show('info', `t${n}`);
    expect(app.toasts.items.map((t) => t.text)).toEqual(['t2', 't3', 't4']);
  });

  it('a group of entries is sent only when every one is, and refused when one is', () => {
    const e = (id: number, state: OutboxEntry['state']): OutboxEntry => ({ ...exampleOutboxEntry, id, state });
    expect(fateOf([1, 2], [e(1, 'confirmed'), e(2, 'sending')])).toBe('sending');
    expect(fateOf([1, 2], [e(1, 'confirmed'), e(2, 'confirmed')])).toBe('sent');
    expect(fateOf([1, 2], [e(1, 'confirmed')])).toBe('gone'); // discarded meanwhile: no "Sent"
    expect(fateOf([1, 2], [e(1, 'confirmed'), e(2, 'rejected')])).toBe('rejected');
  });
});

const emptySummary = { unsent: 0, pending: 0, sending: 0, rejected: 0, conflict: 0, unknown: 0, confirmed: 1 };

describe('which refused changes a form can take again', () => {
  it('edits of a record and a new guest; not a message or a block (Discard only), nor a change not refused', () => {
    const of = (operation: string, state: OutboxEntry['state'] = 'rejected') => amendable({ operation, state });
    expect(['guests.update', 'customers.update', 'cleaning.updateMany', 'guests.create'].map((o) => of(o))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([of('messages.send'), of('blocks.create'), of('guests.update', 'pending')]).toEqual([false, false, false]);
  });
});
