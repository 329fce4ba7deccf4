// What the Today board and its paper say when the data is not all on this
// computer: the figures and columns whose lists were never received say
// "still arriving" ("Incidents still arriving" for the open incidents) or "not
// received yet" — never 0 — and the data is asked for once at the person's
// priority; the day sheet fetches what it lacks first and says what that cost,
// asks first when it costs more, and offline is made anyway, marked, saying why.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoverageAnswer } from '../../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../../shared/contract/testing/examples';
import { fakeBridge, settle } from '../../testing/fake-bridge';
import { renderToday } from '../../testing/render-today';

const whole = COMMAND_EXAMPLES['coverage.fetch'].output.after;
const missing = (over: Partial<CoverageAnswer>): CoverageAnswer => ({
  ...COMMAND_EXAMPLES['coverage.check'].output,
  ...over,
});
const incidentsMissing = missing({
  resources: [
    { resource: 'bookings', complete: true, asOf: whole.asOf },
    { resource: 'cleaning', complete: true, asOf: whole.asOf },
    { resource: 'maintenance', complete: true, asOf: whole.asOf },
    { resource: 'incidents', complete: false, asOf: null },
  ],
  gaps: [{ resource: 'incidents', from: '2025-11-05', to: '2026-05-04', listingIds: null, bookingNumbers: null }],
});

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

describe('the board while its data is still arriving', () => {
  it(
    'says "Incidents still arriving" where the number would be, and asks for them once',
    { timeout: 15_000 },
    async () => {
      const bridge = fakeBridge({
        'coverage.check': () => incidentsMissing,
        // The fetch is under way for longer than the test looks: its answer still lacks them.
        'coverage.fetch': () => ({ parts: [], requests: 0, ms: 0, after: incidentsMissing }),
      });
      const { view } = renderToday('en', bridge);
      const cell = () => view.container.querySelector('[data-total="incidentsOpen"]')!;
      await waitFor(() => expect(cell().textContent).toContain('Incidents still arriving'));
      expect(cell().textContent).not.toMatch(/\d/);
      expect(view.container.querySelector('[data-total="arrivals"]')!.getAttribute('data-arrival')).toBe('whole');
      const head = view.container.querySelector('[role="columnheader"][data-arrival="arriving"]')!;
      expect(head.textContent).toContain('Incidents');
      expect(head.textContent).toContain('still arriving');
      expect(bridge.callsOf('coverage.check')[0]).toEqual({ of: 'board', date: expect.any(String) as string });
      expect(bridge.callsOf('coverage.fetch')).toHaveLength(1);
      // Later looks (sync's progress) do not ask again for the same missing part.
      bridge.emit('sync.progress', COMMAND_EXAMPLES['sync.status'].output);
      await settle(300); // past the one-second look again (5 × 300 ms)
      expect(bridge.callsOf('coverage.fetch')).toHaveLength(1);
    },
  );

  it('offline: "not received yet" on every figure of the day, and the empty board says why', async () => {
    const bridge = fakeBridge({
      'coverage.check': () =>
        missing({
          fetch: 'offline',
          resources: ['bookings', 'cleaning', 'maintenance', 'incidents'].map((resource) => ({
            resource: resource as 'bookings',
            complete: false,
            asOf: null,
          })),
        }),
      'board.day': () => ({ ...COMMAND_EXAMPLES['board.day'].output, rows: [], order: [] }),
    });
    renderToday('es', bridge);
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Las reservas y tareas de este día aún no se han recibido: no se puede contactar con el servidor.',
      ),
    );
    expect(document.querySelector('[data-total="arrivals"]')!.textContent).toContain('sin recibir');
    expect(bridge.callsOf('coverage.fetch')).toEqual([]);
  });
});

describe('the day sheet when its day is not all here', () => {
  it('fetches what is missing first, then makes the sheet, and says what it cost', async () => {
    const bridge = fakeBridge({ 'coverage.check': () => missing({ requests: 3, estimateMs: 900 }) });
    renderToday('en', bridge);
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('paper-note').dataset['phase']).toBe('complete'));
    expect(within(dialog).getByTestId('paper-note').textContent).toContain(
      'Fetched what was missing (1 request): the file is complete.',
    );
    const order = bridge.calls.map((c) => c.name).filter((n) => n.startsWith('coverage') || n.startsWith('documents'));
    expect(order.slice(-3)).toEqual(['coverage.check', 'coverage.fetch', 'documents.daySheet']);
    expect(saved).toEqual(['hoja-del-dia-2026-05-04.pdf']);
  });

  it('asks first when it costs more, in the person’s words; "make it now" makes it marked', async () => {
    const bridge = fakeBridge({ 'coverage.check': () => missing({ requests: 40, estimateMs: 4200 }) });
    renderToday('en', bridge);
    // The board itself asks for what it misses once (its own figures); the day sheet must not, unasked.
    const paperFetches = () => bridge.callsOf('coverage.fetch').filter((c) => (c as { of: string }).of !== 'board');
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Day sheet' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    const note = await within(screen.getByRole('dialog')).findByTestId('paper-note');
    await waitFor(() => expect(note.dataset['phase']).toBe('asking'));
    expect(note.textContent).toContain('Not everything this needs is on this computer yet:');
    expect(note.textContent).toContain('Bookings · 1 Oct 2025 – 31 Oct 2025 · 2 listings');
    expect(note.textContent).toContain('Fetching it needs 40 requests, about 5 s.');
    expect(paperFetches()).toEqual([]);
    await fireEvent.click(within(note).getByRole('button', { name: 'Make it now, marked INCOMPLETE' }));
    await waitFor(() => expect(saved).toEqual(['hoja-del-dia-2026-05-04.pdf']));
    expect(paperFetches()).toEqual([]);
  });

  it('offline: made at once, marked, saying why and what is missing — in Catalan too', async () => {
    const bridge = fakeBridge({ 'coverage.check': () => missing({ fetch: 'offline' }) });
    const { app } = renderToday('en', bridge);
    app.i18n.locale = 'ca';
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Full del dia' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Fes el PDF' }));
    const note = await within(screen.getByRole('dialog')).findByTestId('paper-note');
    await waitFor(() => expect(note.dataset['phase']).toBe('incomplete'));
    expect(note.textContent).toContain('Fet, marcat INCOMPLET — no es pot contactar amb el servidor. Hi falta:');
    expect(note.textContent).toContain('Reserves · 1 d’oct. del 2025 – 31 d’oct. del 2025 · 2 allotjaments');
    expect(bridge.callsOf('coverage.fetch')).toEqual([]);
    expect(saved).toHaveLength(1);
  });
});

describe('the board while only its top rows are read', () => {
  it('says "counting…" on every figure and never "nothing happens"', async () => {
    // Main answers a date's first window; here the rest never comes (it keeps answering a first window).
    const bridge = fakeBridge({
      'board.day': () => ({ ...COMMAND_EXAMPLES['board.day'].output, rows: [], more: true }),
    });
    const { view } = renderToday('es', bridge);
    const figures = () => [...view.container.querySelectorAll('[data-total]')];
    await waitFor(() => {
      expect(figures().length).toBe(7);
      expect(bridge.callsOf('board.day').length).toBeGreaterThan(1); // the rest was asked for
    });
    for (const figure of figures()) {
      expect(figure.textContent).toContain('contando…');
      expect(figure.textContent).not.toMatch(/\d/);
    }
    expect(view.container.textContent).not.toContain('No pasa nada este día');
  });
});
