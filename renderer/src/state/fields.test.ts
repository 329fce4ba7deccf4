// What people type becomes the API's forms, day-first and 24-hour; nonsense is refused.
import { describe, expect, it } from 'vitest';
import {
  formatDateInput,
  parseCount,
  parseDateInput,
  parseDurationInput,
  parseMoneyInput,
  parseTimeInput,
  type Parsed,
} from './fields';

/** Each parser: what it reads (typed → API form) and what it refuses. */
const PARSERS: {
  reads: string;
  parse: (text: string) => Parsed<unknown>;
  as: [string, unknown][];
  refuses: string[];
}[] = [
  {
    reads: 'dates day-first, and ISO',
    parse: parseDateInput,
    as: [
      ['4/5/2026', '2026-05-04'],
      ['04.05.26', '2026-05-04'],
      ['2026-05-04', '2026-05-04'],
    ],
    refuses: ['31/02/2026', 'tomorrow'],
  },
  {
    reads: 'times in 24-hour forms',
    parse: parseTimeInput,
    as: [
      ['9:05', '09:05'],
      ['2130', '21:30'],
      ['21h', '21:00'],
    ],
    refuses: ['24:00', '12:60'],
  },
  {
    reads: 'durations beyond a day',
    parse: parseDurationInput,
    as: [
      ['1:30', '01:30'],
      ['26:00', '26:00'],
      ['2', '02:00'],
    ],
    refuses: ['1:75'],
  },
  {
    reads: 'money with either decimal mark',
    parse: parseMoneyInput,
    as: [
      ['1.234,50 €', 1234.5],
      ['1,234.50', 1234.5],
      ['12,5', 12.5],
      ['-20', -20],
    ],
    refuses: ['abc'],
  },
  { reads: 'counts from 0 to 999 only', parse: parseCount, as: [['3', 3]], refuses: ['-1', '1000'] },
];

describe('form parsing', () => {
  it.each(PARSERS)('reads $reads', ({ parse, as, refuses }) => {
    for (const [text, value] of as) expect(parse(text)).toEqual({ ok: true, value });
    for (const text of refuses) expect(parse(text).ok).toBe(false);
  });
  it('shows dates day-first', () => {
    expect(formatDateInput('2026-05-04')).toBe('04/05/2026');
  });
});
