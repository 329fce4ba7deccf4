// The growth table of the sized suites: ids per size, the sizes asked for,
// each figure beside its value at the smallest size, and what --compare
// makes of the figures of a size the committed baseline never measured.
import { describe, expect, it } from 'vitest';
import { compareRows, describeChange } from './compare';
import { growthTable, parseListings, sizedId, unsizedId } from './growth';
import type { BenchRow } from './types';

const row = (id: string, figure: number, listings?: number): BenchRow => ({
  id,
  what: id,
  figure,
  unit: 'ms',
  goal: '',
  ...(listings === undefined ? {} : { listings }),
});

describe('sizedId', () => {
  it('keeps the plain id at the default size and suffixes every other size', () => {
    expect(sizedId('reads.board_p95_ms', 1000, false)).toBe('reads.board_p95_ms');
    expect(sizedId('reads.board_p95_ms', 5000, false)).toBe('reads.board_p95_ms@5000');
    expect(sizedId('reads.board_p95_ms', 100, true)).toBe('reads.board_p95_ms');
    expect(unsizedId('reads.board_p95_ms@5000')).toBe('reads.board_p95_ms');
  });
});

describe('parseListings', () => {
  it('defaults to ×1, ×2.5 and ×5 of the full size, one small size with --quick', () => {
    expect(parseListings(undefined, false)).toEqual([1000, 2500, 5000]);
    expect(parseListings(undefined, true)).toEqual([100]);
  });

  it('takes sizes in any order, once each, and refuses what is not a size', () => {
    expect(parseListings('5000, 1000,5000', false)).toEqual([1000, 5000]);
    expect(() => parseListings('1000,many', false)).toThrow(/--listings/);
    expect(() => parseListings('0', false)).toThrow(/--listings/);
  });
});

describe('growthTable', () => {
  it('puts each sized figure at every size beside its value at the smallest', () => {
    const growth = growthTable([
      row('engine.x', 9),
      row('reads.board_p95_ms', 1.5, 1000),
      row('coldstart.paint_ms', 800, 1000),
      row('reads.board_p95_ms@2500', 2.25, 2500),
      row('reads.board_p95_ms@5000', 3, 5000),
      row('coldstart.paint_ms@5000', 1200, 5000),
    ]);
    expect(growth).toEqual([
      {
        id: 'reads.board_p95_ms',
        unit: 'ms',
        listings: [1000, 2500, 5000],
        figures: [1.5, 2.25, 3],
        ratios: [1, 1.5, 2],
      },
      {
        id: 'coldstart.paint_ms',
        unit: 'ms',
        listings: [1000, 2500, 5000],
        figures: [800, null, 1200],
        ratios: [1, null, 1.5],
      },
    ]);
  });

  it('is empty when one size was measured', () => {
    expect(growthTable([row('reads.board_p95_ms', 1.5, 1000), row('engine.x', 2)])).toEqual([]);
  });
});

describe('--compare with the figures of a new size', () => {
  it('shows them as new, never flagged, and compares the default size with the baseline as before', () => {
    const [board, big] = compareRows(
      [row('reads.board_p95_ms', 1.5)],
      [row('reads.board_p95_ms', 1.6, 1000), row('reads.board_p95_ms@5000', 30, 5000)],
    );
    expect(board).toMatchObject({ before: 1.5, after: 1.6, flagged: false, note: null });
    expect(big).toMatchObject({ before: null, after: 30, flagged: false, note: 'new' });
    expect(describeChange(big!)).toBe('new (no baseline)');
  });
});
