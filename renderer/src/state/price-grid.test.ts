// The price grid's selection (mouse and keyboard) and what setting values sends.
import { describe, expect, it } from 'vitest';
import { GridSelection, updatesFor } from './price-grid.svelte';

describe('GridSelection', () => {
  const sel = () =>
    new GridSelection(
      () => 2,
      () => 365,
    );

  it('selects a range by pressing and dragging, and extends it with Shift', () => {
    const s = sel();
    s.press({ rate: 0, day: 3 }, false);
    s.enter({ rate: 0, day: 9 });
    s.release();
    s.enter({ rate: 1, day: 20 }); // no longer dragging: nothing changes
    expect(s.bounds).toEqual({ rates: [0, 0], days: [3, 9] });
    s.press({ rate: 1, day: 1 }, true);
    expect(s.bounds).toEqual({ rates: [0, 1], days: [1, 3] });
  });

  it('moves with the arrows, extends with Shift+arrows, and stays inside the grid', () => {
    const s = sel();
    s.select({ rate: 0, day: 0 });
    expect(s.key({ key: 'ArrowUp', shiftKey: false })).toBe(true);
    expect(s.focus).toEqual({ rate: 0, day: 0 });
    s.key({ key: 'ArrowDown', shiftKey: false });
    s.key({ key: 'ArrowDown', shiftKey: true });
    s.key({ key: 'PageDown', shiftKey: true });
    s.key({ key: 'ArrowRight', shiftKey: true });
    s.key({ key: 'ArrowRight', shiftKey: true });
    expect(s.bounds).toEqual({ rates: [0, 1], days: [1, 9] });
    expect(s.key({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('updatesFor', () => {
  it('one prices.update per rate with the selected days as one range', () => {
    expect(updatesFor([5, 6], '2026-07-01', '2026-07-14', { price: 120, min_days: 3 })).toEqual([
      { id: 5, changes: { dates: [{ date: ['2026-07-01', '2026-07-14'], price: 120, min_days: 3 }] } },
      { id: 6, changes: { dates: [{ date: ['2026-07-01', '2026-07-14'], price: 120, min_days: 3 }] } },
    ]);
    expect(updatesFor([5], '2026-07-01', '2026-07-01', { cta: 1 })).toEqual([
      { id: 5, changes: { dates: [{ date: '2026-07-01', cta: 1 }] } },
    ]);
    expect(updatesFor([5], '2026-07-01', '2026-07-02', {})).toEqual([]);
  });
});
