// The bench's comparison with the committed baseline: which way is worse per
// unit, the 25 % flag, figures new or gone since the baseline.
import { describe, expect, it } from 'vitest';
import { betterWay, compareRows, describeChange } from './compare';
import type { BenchRow } from './types';

const row = (id: string, figure: number, unit: string, extra: Partial<BenchRow> = {}): BenchRow => ({
  id,
  what: id,
  figure,
  unit,
  goal: '',
  ...extra,
});

describe('compareRows', () => {
  it('flags a time more than 25 % slower, not one 25 % or less slower', () => {
    const [slow, edge] = compareRows(
      [row('a', 100, 'ms'), row('b', 100, 'ms')],
      [row('a', 126, 'ms'), row('b', 125, 'ms')],
    );
    expect(slow).toMatchObject({ before: 100, after: 126, flagged: true });
    expect(slow!.worse).toBeCloseTo(0.26);
    expect(edge).toMatchObject({ flagged: false });
    expect(describeChange(slow!)).toBe('26.0 % worse  ◀ REGRESSION');
  });

  it('a faster time or a fall in requests is better, never flagged', () => {
    const [t, r] = compareRows([row('t', 100, 'ms'), row('r', 200, 'req')], [row('t', 40, 'ms'), row('r', 100, 'req')]);
    expect(t).toMatchObject({ flagged: false });
    expect(t!.worse).toBeCloseTo(-0.6);
    expect(describeChange(t!)).toBe('60.0 % better');
    expect(r!.worse).toBeCloseTo(-0.5);
  });

  it('a rate is worse when it falls', () => {
    const [rate] = compareRows([row('p', 100_000, 'rec/s')], [row('p', 70_000, 'rec/s')]);
    expect(rate).toMatchObject({ flagged: true });
    expect(rate!.worse).toBeCloseTo(0.3);
    const [up] = compareRows([row('p', 100_000, 'rec/s')], [row('p', 200_000, 'rec/s')]);
    expect(up).toMatchObject({ flagged: false });
  });

  it('a row can say which way is better when its unit does not', () => {
    expect(betterWay({ unit: '×' })).toBe('lower');
    expect(betterWay({ unit: '×', better: 'higher' })).toBe('higher');
    const [ratio] = compareRows([row('x', 0.8, '×', { better: 'higher' })], [row('x', 0.5, '×', { better: 'higher' })]);
    expect(ratio).toMatchObject({ flagged: true });
  });

  it('names figures new in this run and figures the baseline had that this run did not measure', () => {
    const out = compareRows([row('old', 1, 'ms'), row('both', 1, 'ms')], [row('both', 1, 'ms'), row('fresh', 5, 'ms')]);
    expect(out.map((c) => [c.id, c.note, describeChange(c)])).toEqual([
      ['both', null, 'same'],
      ['fresh', 'new', 'new (no baseline)'],
      ['old', 'gone', 'not measured this run'],
    ]);
  });

  it('a zero baseline is not divided by: same when still zero, otherwise not comparable and not flagged', () => {
    const [same, grown] = compareRows(
      [row('z', 0, 'req'), row('y', 0, 'req')],
      [row('z', 0, 'req'), row('y', 3, 'req')],
    );
    expect(describeChange(same!)).toBe('same');
    expect(grown).toMatchObject({ worse: null, flagged: false });
    expect(describeChange(grown!)).toBe('not comparable');
  });
});
