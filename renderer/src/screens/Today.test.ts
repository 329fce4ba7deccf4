// The day board as a supervisor uses it: rows from the cache, marking a task
// inspected in place, selecting tasks and acting on them in bulk, keyboard
// moves, filters into the read, and a calm state when the read is missing.
import { fireEvent, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge, settle } from '../testing/fake-bridge';
import { renderToday } from '../testing/render-today';
import { today } from '../state/dates';

describe('Today board', () => {
  it('shows each listing with its departures, cleaning, arrivals, incidents and readiness', async () => {
    const { view } = renderToday();
    await settle();
    const row = view.container.querySelector('[data-listing="12"]')!;
    expect(row.textContent).toContain('Casa Azul');
    expect(row.textContent).toContain('1041'); // departure
    expect(row.textContent).toContain('1042'); // arrival
    expect(row.textContent).toContain('Urgent');
    expect(row.textContent).toContain('Not ready');
    expect(row.textContent).toContain('cleaning not done');
    // The example cleaning task carries a pending outbox mark.
    expect(row.querySelector('[data-outbox="pending"]')).not.toBeNull();
  });

  it('marks a cleaning task inspected in place through the outbox', async () => {
    const { bridge } = renderToday();
    await settle();
    await fireEvent.click(screen.getByTestId('inspect-c-300'));
    await settle();
    expect(bridge.callsOf('cleaning.update')).toEqual([{ id: 300, changes: { inspected: 1 } }]);
  });

  it('bulk-marks the selected tasks inspected: cleaning and maintenance, one call per kind', async () => {
    const { bridge } = renderToday();
    await settle();
    await fireEvent.click(screen.getByLabelText('Select the tasks of Casa Azul'));
    expect(screen.getByText('Selected: 1 cleaning, 1 maintenance task')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Mark inspected' }));
    await settle();
    expect(bridge.callsOf('cleaning.updateMany')).toEqual([{ items: [{ id: 300, changes: { inspected: 1 } }] }]);
    expect(bridge.callsOf('maintenance.updateMany')).toEqual([
      { items: [{ id: 400, changes: { inspected: 1, inspection_date: today() } }] },
    ]);
  });

  it('appends a note to every selected task without losing the old notes', async () => {
    const { bridge } = renderToday();
    await settle();
    await fireEvent.click(screen.getByLabelText('Select the tasks of Casa Azul'));
    await fireEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    await fireEvent.input(screen.getByRole('textbox', { name: 'Add a note' }), { target: { value: 'Bring towels' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(bridge.callsOf('cleaning.updateMany')[0]?.items).toEqual([{ id: 300, changes: { notes: 'Bring towels' } }]);
    expect(bridge.callsOf('maintenance.updateMany')[0]?.items).toEqual([
      { id: 400, changes: { notes: 'Check boiler\nBring towels' } },
    ]);
  });

  it('drives the board from the keyboard: space selects, I marks inspected', async () => {
    const { bridge } = renderToday();
    await settle();
    const grid = screen.getByRole('grid');
    await fireEvent.keyDown(grid, { key: ' ' });
    expect(screen.getByText('Selected: 1 cleaning, 1 maintenance task')).toBeTruthy();
    await fireEvent.keyDown(grid, { key: 'i' });
    await settle();
    expect(bridge.callsOf('cleaning.updateMany')).toHaveLength(1);
    await fireEvent.keyDown(grid, { key: 'Escape' });
    expect(screen.queryByText('Selected: 1 cleaning, 1 maintenance task')).toBeNull();
  });

  it('a status change says what it did and what it left alone', async () => {
    const { bridge, app } = renderToday();
    await settle();
    await fireEvent.click(screen.getByLabelText('Select the tasks of Casa Azul'));
    await fireEvent.change(screen.getByLabelText('Set status'), { target: { value: '2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await settle();
    expect(bridge.callsOf('cleaning.updateMany')).toEqual([{ items: [{ id: 300, changes: { status: 2 } }] }]);
    expect(bridge.callsOf('maintenance.updateMany')).toEqual([]);
    expect(app.toasts.items.map((t) => t.text).join('\n')).toContain(
      'Status set to “Done”: 1 cleaning. Not changed, they have no status: 1 maintenance task.',
    );
  });

  it('an action with nothing to change says so, and queues nothing', async () => {
    const { bridge, app } = renderToday();
    await settle();
    await fireEvent.click(screen.getByLabelText('Select the tasks of Casa Azul'));
    await fireEvent.change(screen.getByLabelText('Set status'), { target: { value: '0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await settle();
    expect(bridge.callsOf('cleaning.updateMany')).toEqual([]);
    expect(app.toasts.items.map((t) => t.text)).toContain(
      'Nothing to change. Already “Pending”, left as they are: 1 cleaning. Not changed, they have no status: 1 maintenance task.',
    );
  });

  it('Space on a focused Inspected button presses it; it does not select the row', async () => {
    const { bridge } = renderToday();
    await settle();
    const button = screen.getByTestId('inspect-c-300');
    button.focus();
    await fireEvent.keyDown(button, { key: ' ' });
    expect(screen.queryByTestId('bulk-selected')).toBeNull();
    // The browser turns Space on a button into its click; here the board must simply leave the key to it.
    await fireEvent.click(button);
    await settle();
    expect(bridge.callsOf('cleaning.update')).toEqual([{ id: 300, changes: { inspected: 1 } }]);
  });

  it('sends the filters to the board read', async () => {
    const { bridge } = renderToday();
    await settle();
    // The filters are folded into one line: open them first.
    await fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Inspected' }), { target: { value: 'no' } });
    await fireEvent.click(screen.getByLabelText('Done'));
    await settle();
    const last = bridge.callsOf('board.day').at(-1)!;
    expect(last).toMatchObject({ inspected: false, cleaningStatus: [2], onlyActive: true });
  });

  const NOT_BUILT = 'Not available yet';
  const LOST = 'Stayboard lost contact with its background process';
  it.each<{ when: string; code: ErrorCode; says: string; not: string; lost: boolean }>([
    { when: 'this version has no board', code: 'not_implemented', says: NOT_BUILT, not: LOST, lost: false },
    // Not "not ready": the background process is gone, not the feature.
    { when: 'the bridge is gone', code: 'disconnected', says: LOST, not: NOT_BUILT, lost: true },
  ])('says "$says" when $when', async ({ code, says, not, lost }) => {
    const { app } = renderToday(
      'en',
      fakeBridge({ 'board.day': () => ({ ok: false, error: { code, message: 'the read failed' } }) }),
    );
    await settle();
    expect(screen.getByText(says)).toBeTruthy();
    expect(screen.queryByText(not)).toBeNull();
    expect(app.link.lost).toBe(lost);
    app.link.stop();
  });

  it('speaks Spanish', async () => {
    renderToday('es');
    await settle();
    expect(screen.getByText('Tablero')).toBeTruthy();
    expect(screen.getByText('No listo')).toBeTruthy();
    expect(COMMAND_EXAMPLES['board.day'].output.rows).toHaveLength(1);
  });
});
