import { describe, expect, it } from 'vitest';
import { priceUpdate } from '../api';
import { compactPriceEdits, type DayEdit } from './price-ranges';

const days = (from: string, n: number, values: Omit<DayEdit, 'date'>): DayEdit[] =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    ...values,
  }));

describe('compactPriceEdits', () => {
  it('sends a 14-day season of one price and minimum stay as one element with a date range', () => {
    const body = { dates: compactPriceEdits(days('2026-07-01', 14, { price: 140, min_days: 3 })) };
    expect(body).toEqual({ dates: [{ date: ['2026-07-01', '2026-07-14'], price: 140, min_days: 3 }] });
    expect(priceUpdate.safeParse(body).success).toBe(true);
  });

  it('starts a new element where a value changes or a day is missing, and keeps a lone day as a plain date', () => {
    const edits = [
      ...days('2026-07-01', 3, { price: 100 }),
      ...days('2026-07-04', 2, { price: 120 }),
      ...days('2026-07-08', 1, { price: 120 }),
      { date: '2026-07-09', cta: 1 as const },
    ];
    expect(compactPriceEdits(edits)).toEqual([
      { date: ['2026-07-01', '2026-07-03'], price: 100 },
      { date: ['2026-07-04', '2026-07-05'], price: 120 },
      { date: '2026-07-08', price: 120 },
      { date: '2026-07-09', cta: 1 },
    ]);
  });

  it('merges edits of the same day (the later value wins) and sorts by date', () => {
    expect(
      compactPriceEdits([
        { date: '2026-07-02', price: 90 },
        { date: '2026-07-01', price: 90 },
        { date: '2026-07-02', cta: 1 },
      ]),
    ).toEqual([
      { date: '2026-07-01', price: 90 },
      { date: '2026-07-02', price: 90, cta: 1 },
    ]);
  });

  it('closes two days to arrival in one element', () => {
    expect(compactPriceEdits(days('2026-08-14', 2, { cta: 1 }))).toEqual([
      { date: ['2026-08-14', '2026-08-15'], cta: 1 },
    ]);
  });
});
