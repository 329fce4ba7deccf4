// What people type becomes the API's forms, day-first and 24-hour; nonsense is refused.
import { describe, expect, it } from 'vitest';
import {
  formatDateInput,
  parseCount,
  parseDateInput,
  parseDurationInput,
  parseMoneyInput,
  parseTimeInput,
} from './fields';

describe('form parsing', () => {
  it('reads dates day-first, and ISO', () => {
    expect(parseDateInput('4/5/2026')).toEqual({ ok: true, value: '2026-05-04' });
    expect(parseDateInput('04.05.26')).toEqual({ ok: true, value: '2026-05-04' });
    expect(parseDateInput('2026-05-04')).toEqual({ ok: true, value: '2026-05-04' });
    expect(parseDateInput('31/02/2026').ok).toBe(false);
    expect(parseDateInput('tomorrow').ok).toBe(false);
    expect(formatDateInput('2026-05-04')).toBe('04/05/2026');
  });
  it('reads times in 24-hour forms', () => {
    expect(parseTimeInput('9:05')).toEqual({ ok: true, value: '09:05' });
    expect(parseTimeInput('2130')).toEqual({ ok: true, value: '21:30' });
    expect(parseTimeInput('21h')).toEqual({ ok: true, value: '21:00' });
    expect(parseTimeInput('24:00').ok).toBe(false);
    expect(parseTimeInput('12:60').ok).toBe(false);
  });
  it('reads durations beyond a day', () => {
    expect(parseDurationInput('1:30')).toEqual({ ok: true, value: '01:30' });
    expect(parseDurationInput('26:00')).toEqual({ ok: true, value: '26:00' });
    expect(parseDurationInput('2')).toEqual({ ok: true, value: '02:00' });
    expect(parseDurationInput('1:75').ok).toBe(false);
  });
  it('reads money with either decimal mark', () => {
    expect(parseMoneyInput('1.234,50 €')).toEqual({ ok: true, value: 1234.5 });
    expect(parseMoneyInput('1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(parseMoneyInput('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(parseMoneyInput('-20')).toEqual({ ok: true, value: -20 });
    expect(parseMoneyInput('abc').ok).toBe(false);
  });
  it('reads counts from 0 to 999 only', () => {
    expect(parseCount('3')).toEqual({ ok: true, value: 3 });
    expect(parseCount('-1').ok).toBe(false);
    expect(parseCount('1000').ok).toBe(false);
  });
});
