// The quote's rules, one case each: the nights' sum, a closed night, minimum
// and maximum stay, closed to arrival / departure, a night without a price,
// and the increment per person (fixed and percent, within its bracket only).
import { describe, expect, it } from 'vitest';
import { incrementFor, quoteStay, type QuoteDay, type QuoteRate } from './quote';

const plain: QuoteRate = { rate_id: 7, increment_by_person: null };
const day = (date: string, price: number, extra: Partial<QuoteDay> = {}): QuoteDay => ({
  date,
  price,
  min_days: null,
  max_days: null,
  active: true,
  cta: false,
  ctd: false,
  ...extra,
});
const week = [
  day('2026-07-01', 100),
  day('2026-07-02', 100),
  day('2026-07-03', 120.5),
  day('2026-07-04', 120.25),
  day('2026-07-05', 90),
];
const party = { adults: 2, children: 0 };

describe('quoteStay', () => {
  it('sums the nights (the departure day is not a night), to the cent', () => {
    const q = quoteStay({ rate: plain, days: week, start: '2026-07-02', end: '2026-07-05', ...party });
    expect(q.nights.map((n) => n.date)).toEqual(['2026-07-02', '2026-07-03', '2026-07-04']);
    expect(q.total).toBe(340.75);
    expect(q.problems).toEqual([]);
  });

  it('refuses a stay over a closed night, naming the night', () => {
    const days = week.map((d) => (d.date === '2026-07-03' ? { ...d, active: false } : d));
    const q = quoteStay({ rate: plain, days, start: '2026-07-01', end: '2026-07-05', ...party });
    expect(q.problems).toEqual([{ kind: 'closed', date: '2026-07-03' }]);
  });

  it("applies the arrival day's minimum and maximum stay", () => {
    const days = week.map((d) => (d.date === '2026-07-01' ? { ...d, min_days: 3, max_days: 3 } : d));
    expect(quoteStay({ rate: plain, days, start: '2026-07-01', end: '2026-07-03', ...party }).problems).toEqual([
      { kind: 'min_stay', nights: 2, min: 3 },
    ]);
    expect(quoteStay({ rate: plain, days, start: '2026-07-01', end: '2026-07-05', ...party }).problems).toEqual([
      { kind: 'max_stay', nights: 4, max: 3 },
    ]);
    expect(quoteStay({ rate: plain, days, start: '2026-07-01', end: '2026-07-04', ...party }).problems).toEqual([]);
    // The minimum of a night that is not the arrival does not apply.
    expect(quoteStay({ rate: plain, days, start: '2026-07-02', end: '2026-07-03', ...party }).problems).toEqual([]);
  });

  it('refuses arriving on a day closed to arrival and leaving on a day closed to departure', () => {
    const days = week.map((d) =>
      d.date === '2026-07-02' ? { ...d, cta: true } : d.date === '2026-07-04' ? { ...d, ctd: true } : d,
    );
    expect(quoteStay({ rate: plain, days, start: '2026-07-02', end: '2026-07-04', ...party }).problems).toEqual([
      { kind: 'closed_to_arrival', date: '2026-07-02' },
      { kind: 'closed_to_departure', date: '2026-07-04' },
    ]);
    // Staying through those days is fine.
    expect(quoteStay({ rate: plain, days, start: '2026-07-01', end: '2026-07-05', ...party }).problems).toEqual([]);
  });

  it('says which night has no price instead of quoting it as free', () => {
    const q = quoteStay({ rate: plain, days: week, start: '2026-07-04', end: '2026-07-07', ...party });
    expect(q.problems).toEqual([{ kind: 'no_price', date: '2026-07-06' }]);
    expect(q.nights.at(-1)).toEqual({ date: '2026-07-06', price: null, increment: 0 });
  });

  it('refuses impossible dates', () => {
    expect(quoteStay({ rate: plain, days: week, start: '2026-07-03', end: '2026-07-03', ...party }).problems).toEqual([
      { kind: 'bad_dates' },
    ]);
    expect(quoteStay({ rate: plain, days: week, start: '2026-02-31', end: '2026-07-03', ...party }).problems).toEqual([
      { kind: 'bad_dates' },
    ]);
  });
});

describe('increment per person', () => {
  const rate: QuoteRate = {
    rate_id: 8,
    increment_by_person: [{ minimum_people: 5, maximum_people: 6, increment_type: 'fixed', increment_price: 15 }],
  };
  it('adds the fixed increment for each person from the bracket minimum, per night, and not beyond the bracket', () => {
    expect(incrementFor(rate, 4, 100)).toBe(0);
    expect(incrementFor(rate, 5, 100)).toBe(15);
    expect(incrementFor(rate, 6, 100)).toBe(30);
    expect(incrementFor(rate, 8, 100)).toBe(30);
    const q = quoteStay({
      rate,
      days: week,
      start: '2026-07-01',
      end: '2026-07-03',
      adults: 4,
      children: 2,
      infants: 1,
    });
    expect(q.nights.map((n) => n.increment)).toEqual([30, 30]);
    expect(q.total).toBe(260);
  });
  it('reads a percent increment as a share of the night price', () => {
    const pct: QuoteRate = {
      rate_id: 9,
      increment_by_person: [
        { minimum_people: 3, maximum_people: null, increment_type: 'Percent', increment_price: 10 },
      ],
    };
    expect(incrementFor(pct, 4, 120.5)).toBe(24.1);
  });
});
