// The board over the bridge: whole first (or, for a date not held, its top
// rows first), then only the rows changed since the answer held, which
// rebuild exactly the whole board (through the dispatcher, on a real cache,
// with a real change in between).
import { describe, expect, it } from 'vitest';
import { mergeBoardAnswer, type BoardAnswer } from '../../shared/contract';
import { openCache } from '../cache';
import { FIRST_WINDOW, boardDayWhole } from '../cache/queries';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { ANSWERS_REMEMBERED, boardAnswerOf } from './board-answers';
import { harness } from './testing';

const START = '2026-06-01';
const D = '2026-06-10';

describe('board answers over the bridge', () => {
  it('answer whole, then only what changed since the answer held, which rebuilds the whole board', async () => {
    const h = harness({
      setup: (e) => loadHost(e.writable, makeHost({ listings: 12, bookingsPerListing: 10, start: START, days: 40 })),
    });
    const d = h.runtime.dispatcher;
    await d.dispatch('session.signIn', { baseUrl: 'https://pms.example.com', user: 'ana', password: 'pw' });
    const ask = async (since?: string) => {
      const r = await d.dispatch('board.day', { date: D, ...(since ? { since } : {}) });
      if (!r.ok) throw new Error(r.error.message);
      return r.value as BoardAnswer;
    };
    const first = await ask();
    expect(first.base).toBeNull();
    expect(first.rows.length).toBeGreaterThan(1);

    const unchanged = await ask(first.id);
    expect(unchanged).toMatchObject({ base: first.id, rows: [] });
    const held = mergeBoardAnswer(first, unchanged)!;
    expect(held.rows).toEqual(first.rows);

    const db = h.engines[0]!.writable;
    const task = db.get<{ id: number; listing_id: number }>(
      'SELECT id, listing_id FROM cleaning WHERE date = ? ORDER BY id LIMIT 1',
      [D],
    )!;
    db.run('UPDATE cleaning SET status = (status + 1) % 3 WHERE id = ?', [task.id]);
    const next = await ask(held.id);
    expect(next.rows.map((r) => r.listing.id)).toEqual([task.listing_id]);
    const merged = mergeBoardAnswer(held, next)!;
    const { id: _id, base: _base, order: _order, more: _more, ...board } = merged;
    expect(board).toEqual(boardDayWhole(db, { date: D }));

    expect((await ask('an-earlier-run.3')).base).toBeNull();
  });

  it('answers a date not held with its top rows at once, and whole when asked since them', async () => {
    const h = harness({
      setup: (e) =>
        loadHost(e.writable, makeHost({ listings: FIRST_WINDOW + 60, bookingsPerListing: 3, start: START, days: 20 })),
    });
    const d = h.runtime.dispatcher;
    await d.dispatch('session.signIn', { baseUrl: 'https://pms.example.com', user: 'ana', password: 'pw' });
    const ask = async (date: string, since?: string) => {
      const r = await d.dispatch('board.day', { date, ...(since ? { since } : {}) });
      if (!r.ok) throw new Error(r.error.message);
      return r.value as BoardAnswer;
    };
    const db = h.engines[0]!.writable;
    const whole = boardDayWhole(db, { date: D });
    const top = await ask(D);
    expect(top.more).toBe(true);
    expect(top.rows.length).toBeGreaterThan(0);
    expect(top.rows.length).toBeLessThan(whole.rows.length);
    expect(top.rows).toEqual(whole.rows.slice(0, top.rows.length)); // the top of the board, in its order
    expect(top.totals.listings).toBe(top.rows.length);

    const rest = await ask(D, top.id);
    expect(rest).toMatchObject({ base: top.id, more: false });
    const { id: _id, base: _base, order: _order, more: _more, ...board } = mergeBoardAnswer(top, rest)!;
    expect(board).toEqual(whole);
    // Read whole now, the day comes whole to anyone; a date the asker does not hold comes in windows again.
    expect((await ask(D)).more).toBe(false);
    expect((await ask(START, rest.id)).more).toBe(true);
  });

  it(`remembers the last ${ANSWERS_REMEMBERED} answers given`, () => {
    const db = openCache({ path: ':memory:' });
    const f = { date: D };
    const ids = Array.from({ length: ANSWERS_REMEMBERED + 1 }, () => boardAnswerOf(db, f, undefined).id);
    expect(boardAnswerOf(db, f, ids[0]).base).toBeNull();
    expect(boardAnswerOf(db, f, ids.at(-1)).base).toBe(ids.at(-1));
  });
});
