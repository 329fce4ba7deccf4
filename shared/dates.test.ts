// The one calendar-date module: exact day arithmetic on YYYY-MM-DD strings
// across month ends, leap days and DST changes, and "today" where the computer is.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRange,
  dayNumber,
  daysBetween,
  fromDayNumber,
  isIsoDateString,
  today,
  toLocalDate,
  weekday,
} from './dates';

describe('shared/dates', () => {
  it('counts days from 1970-01-01 and back', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2026-03-01')).toBe(20513);
    expect(fromDayNumber(20513)).toBe('2026-03-01');
    expect(fromDayNumber(-1)).toBe('1969-12-31');
    // The date of a date-time (the API's "YYYY-MM-DD HH:MM:SS" and ISO instants).
    expect(dayNumber('2026-03-01 23:59:59')).toBe(20513);
    expect(dayNumber('2026-03-01T10:00:00Z')).toBe(20513);
    // Read by position or, in any other shape, by its parts: the same answers, NaN for what is no date.
    expect(dayNumber('2026-3-1')).toBe(20513);
    expect(dayNumber('2026-0x-01')).toBeNaN();
    expect(dayNumber('2026-03-0a')).toBeNaN();
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is not moved by a DST change (last Sunday of March and October in Europe)', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('counts whole days between two dates, negative when the second is earlier', () => {
    expect(daysBetween('2026-07-01', '2026-07-08')).toBe(7);
    expect(daysBetween('2026-07-08', '2026-07-01')).toBe(-7);
    expect(daysBetween('2026-07-01', '2026-07-01')).toBe(0);
  });

  it('lists every date of a range, both ends included', () => {
    expect(dateRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dateRange('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('gives Monday-based weekdays, also before 1970', () => {
    expect(weekday('2026-11-23')).toBe(0); // a Monday
    expect(weekday('2026-11-29')).toBe(6);
    expect(weekday('1969-12-29')).toBe(0);
  });

  it('takes today from the local calendar, from a Date or a clock reading', () => {
    const lateEvening = new Date(2026, 0, 31, 23, 59);
    expect(today(lateEvening)).toBe('2026-01-31');
    expect(today(lateEvening.getTime())).toBe('2026-01-31');
    expect(toLocalDate('2026-01-31').getDate()).toBe(31);
  });

  it('knows a real date from a look-alike', () => {
    expect(isIsoDateString('2028-02-29')).toBe(true);
    expect(isIsoDateString('2026-02-31')).toBe(false);
    expect(isIsoDateString('2026-2-3')).toBe(false);
  });
});
