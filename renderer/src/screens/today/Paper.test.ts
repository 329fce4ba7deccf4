// Paper from the Today board: "Day sheet" opens its dialog with the board's
// filters and the secrets choice unticked, asks the main side for the PDF and
// saves it as a download; "Export CSV" exports the board with its filters in
// the UI language; a failure is said, not swallowed.
import { fireEvent, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../state/dates';
import { settle } from '../../testing/fake-bridge';
import { renderToday } from '../../testing/render-today';

let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:stayboard/file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('paper on the Today board', () => {
  it('makes the day sheet without secrets unless ticked, and saves it', async () => {
    const { bridge } = renderToday();
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    const secrets = screen.getByLabelText<HTMLInputElement>('Include access codes, key numbers and wifi passwords');
    expect(secrets.checked).toBe(false);
    await fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    await settle();
    expect(bridge.callsOf('documents.daySheet')).toEqual([{ date: today(), locale: 'en', includeSecrets: false }]);
    expect(saved).toEqual(['hoja-del-dia-2026-05-04.pdf']);

    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    await fireEvent.click(screen.getByLabelText('Include access codes, key numbers and wifi passwords'));
    expect(screen.getByRole('note').textContent).toContain('keep it safe');
    await fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    await settle();
    expect(bridge.callsOf('documents.daySheet')[1]).toMatchObject({ includeSecrets: true });
  });

  it('exports the board with its filters, in the UI language', async () => {
    const { bridge } = renderToday('es');
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await settle();
    expect(bridge.callsOf('documents.exportCsv')).toEqual([
      { list: 'board', query: { date: today(), onlyActive: true }, locale: 'es' },
    ]);
    expect(saved).toEqual(['board-2026-05-04.csv']);
  });

  it('says why when the file could not be made', async () => {
    const { bridge } = renderToday();
    bridge.handle('documents.exportCsv', () => ({
      ok: false,
      error: { code: 'locked', message: 'Open the account first.' },
    }));
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    expect(saved).toEqual([]);
    expect(document.body.textContent).toContain('The CSV could not be made: Open the account first.');
  });

  it('keeps the sheet to the ticked listings; the rows selected on the board come ticked', async () => {
    const { bridge, app } = renderToday();
    const stop = app.listings.start(); // the shell does this at start
    await settle();
    await fireEvent.click(screen.getByLabelText('Select the tasks of Casa Azul'));
    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    const dialog = screen.getByRole('dialog');
    const casaAzul = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Casa Azul/ });
    expect(casaAzul.checked).toBe(true);
    expect(dialog.textContent).toContain('Only the ticked listing.');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Make the PDF' }));
    await settle();
    expect(bridge.callsOf('documents.daySheet')[0]).toMatchObject({ listingIds: [12] });

    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Untick all' }));
    expect(screen.getByRole('dialog').textContent).toContain('None ticked: every listing with activity that day.');
    await fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    await settle();
    expect(bridge.callsOf('documents.daySheet')[1]).not.toHaveProperty('listingIds');
    stop();
  });
});
