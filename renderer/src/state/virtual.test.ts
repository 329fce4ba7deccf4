// The one windowing of lists and the calendar: the items in view for a scroll
// position, with a margin, within bounds — for items of one size (calendar
// rows and days) and of measured sizes (list rows) alike.
import { describe, expect, it } from 'vitest';
import { offsetAxis, uniformAxis, visibleRange } from './virtual.svelte';

describe('visibleRange', () => {
  it('computes the calendar rows and days in view, with a margin, within bounds', () => {
    expect(visibleRange(uniformAxis(1000, 30), 0, 300, 5)).toEqual({ first: 0, last: 15 });
    expect(visibleRange(uniformAxis(1000, 30), 29_900, 300, 5)).toEqual({ first: 991, last: 999 });
  });

  it('finds list rows of different heights by where they start', () => {
    // Rows of 40, 100, 40, 40, 40 px: offsets 0, 40, 140, 180, 220, end 260.
    const axis = offsetAxis(Float64Array.from([0, 40, 140, 180, 220, 260]));
    expect(visibleRange(axis, 50, 80, 0)).toEqual({ first: 1, last: 1 });
    expect(visibleRange(axis, 50, 100, 0)).toEqual({ first: 1, last: 2 });
    expect(visibleRange(axis, 50, 140, 0)).toEqual({ first: 1, last: 3 });
    expect(visibleRange(axis, 0, 1000, 2)).toEqual({ first: 0, last: 4 });
  });

  it('an empty list has nothing in view', () => {
    expect(visibleRange(offsetAxis(Float64Array.from([0])), 0, 500, 6)).toEqual({ first: 0, last: -1 });
  });
});
