// The board's filters survive a round trip through the URL, and bulk actions
// never queue an edit that changes nothing.
import { describe, expect, it } from 'vitest';
import type { BoardAnswer, BoardRow } from '../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';
import { fakeBridge } from '../testing/fake-bridge';
import { TodayBoard, appendNote, boardInput, filtersFromQuery, filtersToQuery } from './board.svelte';
import { today } from './dates';

describe('board filters', () => {
  it('round-trips through the URL query', () => {
    const f = filtersFromQuery({ date: '2026-05-04', status: '0,2', inspected: 'no', incident: 'yes', all: '1' });
    expect(f).toMatchObject({ date: '2026-05-04', statuses: [0, 2], inspected: 'no', hasIncident: 'yes' });
    expect(f.onlyActive).toBe(false);
    expect(filtersFromQuery(filtersToQuery(f))).toEqual(f);
  });
  it('falls back to today and no filters on junk', () => {
    const f = filtersFromQuery({ date: '2026-02-31', destination: 'x', status: 'a,b', inspected: 'maybe' });
    expect(f).toEqual({
      date: today(),
      city: '',
      destination: null,
      statuses: [],
      inspected: 'any',
      hasIncident: 'any',
      onlyActive: true,
    });
  });
  it('sends only the filters in use', () => {
    expect(boardInput(filtersFromQuery({ date: '2026-05-04' }))).toEqual({ date: '2026-05-04', onlyActive: true });
  });
  it('appends notes on a new line and keeps them within the limit', () => {
    expect(appendNote('', ' Towels ')).toBe('Towels');
    expect(appendNote('Keys in box\n', 'Towels')).toBe('Keys in box\nTowels');
    expect(appendNote('x'.repeat(4999), 'more')).toHaveLength(5000);
  });
});

describe('the board read', () => {
  const example = COMMAND_EXAMPLES['board.day'].output;
  const row = (id: number, name = `L${id}`): BoardRow => ({
    ...example.rows[0]!,
    listing: { id, name, city: 'Sitges' },
  });

  it('asks for what changed since the answer it shows, and shows the whole board rebuilt', async () => {
    const answers: BoardAnswer[] = [
      { ...example, id: 'r.1', rows: [row(1), row(2)], base: null, order: null },
      { ...example, id: 'r.2', rows: [row(2, 'changed')], base: 'r.1', order: [2, 1] },
      // Built on an answer the board does not hold: asked again, whole.
      { ...example, id: 'r.4', rows: [], base: 'r.3', order: [1] },
      { ...example, id: 'r.5', rows: [row(1)], base: null, order: null },
    ];
    const bridge = fakeBridge({ 'board.day': () => answers.shift()! });
    const board = new TodayBoard(bridge);
    await board.load();
    expect(board.rows.map((r) => r.listing.name)).toEqual(['L1', 'L2']);
    await board.board.refresh();
    expect(board.rows.map((r) => r.listing.name)).toEqual(['changed', 'L1']);
    await board.board.refresh();
    expect(board.rows.map((r) => r.listing.name)).toEqual(['L1']);
    expect(bridge.callsOf('board.day').map((i) => i.since)).toEqual([undefined, 'r.1', 'r.2', undefined]);
  });

  it("shows a date's top rows at once, as not yet the whole day, and asks for the rest since them, window by window", async () => {
    const answers: BoardAnswer[] = [
      { ...example, id: 'w.1', rows: [row(1)], base: null, order: null, more: true },
      { ...example, id: 'w.2', rows: [row(2)], base: 'w.1', order: [1, 2], more: true },
      { ...example, id: 'w.3', rows: [row(3)], base: 'w.2', order: [1, 2, 3], more: false },
    ];
    const shownMeanwhile: unknown[] = [];
    const bridge = fakeBridge({
      'board.day': () => {
        if (answers.length < 3)
          shownMeanwhile.push({ rows: board.rows.map((r) => r.listing.name), partial: board.partial });
        return answers.shift()!;
      },
    });
    const board = new TodayBoard(bridge);
    await board.load();
    expect(shownMeanwhile).toEqual([
      { rows: ['L1'], partial: true },
      { rows: ['L1', 'L2'], partial: true },
    ]);
    expect(board.rows.map((r) => r.listing.name)).toEqual(['L1', 'L2', 'L3']);
    expect(board.partial).toBe(false);
    expect(board.board.loading).toBe(false);
    expect(bridge.callsOf('board.day').map((i) => i.since)).toEqual([undefined, 'w.1', 'w.2']);
  });

  it('lets the selection follow the rows only once the whole day is shown', async () => {
    const cleaningRow = (id: number, task: number): BoardRow => ({
      ...row(id),
      cleaning: [{ ...example.rows[0]!.cleaning[0]!, id: task }],
      maintenance: [],
    });
    const answers: BoardAnswer[] = [
      { ...example, id: 'w.1', rows: [cleaningRow(1, 10), cleaningRow(2, 20)], base: null, order: null, more: false },
      // Asked again as if first (main let the answer go): the top row first, the selected task's row after it.
      { ...example, id: 'w.2', rows: [cleaningRow(1, 10)], base: null, order: null, more: true },
      { ...example, id: 'w.3', rows: [cleaningRow(2, 20)], base: 'w.2', order: [1, 2], more: false },
    ];
    const board = new TodayBoard(fakeBridge({ 'board.day': () => answers.shift()! }));
    await board.load();
    board.selection.set(['c:20'], true);
    await board.load();
    expect([...board.selection.keys]).toEqual(['c:20']);
    expect(board.rows.map((r) => r.listing.id)).toEqual([1, 2]);
  });
});

describe('the board selection', () => {
  const example = COMMAND_EXAMPLES['board.day'].output;
  const base = example.rows[0]!;
  const row = (id: number, cleaning: number[], maintenance: number[]): BoardRow => ({
    ...base,
    listing: { id, name: `L${id}`, city: 'Sitges' },
    cleaning: cleaning.map((c) => ({ ...base.cleaning[0]!, id: c })),
    maintenance: maintenance.map((m) => ({ ...base.maintenance[0]!, id: m })),
  });

  it('says what is selected per kind, and follows the rows shown', async () => {
    const answers: BoardAnswer[] = [
      { ...example, id: 'r.1', rows: [row(1, [10, 11], [20]), row(2, [12], [])], base: null, order: null },
      // Under "not inspected" the changed tasks leave the board.
      { ...example, id: 'r.2', rows: [row(2, [12], [])], base: null, order: null },
    ];
    const board = new TodayBoard(fakeBridge({ 'board.day': () => answers.shift()! }));
    await board.load();
    board.selection.set(['c:10', 'c:11', 'm:20', 'c:12'], true);
    expect(board.selectedKinds).toEqual({ cleaning: 3, maintenance: 1 });
    await board.board.refresh();
    board.follow();
    expect([...board.selection.keys]).toEqual(['c:12']);
    expect(board.selectedKinds).toEqual({ cleaning: 1, maintenance: 0 });
  });
});
