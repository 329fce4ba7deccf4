// One date formatter for every screen and document: the year whenever it is
// not the current one, the same style on every row of a list.
import { describe, expect, it } from 'vitest';
import { DateFormat } from './date-format';

const in2026 = () => new Date(2026, 10, 27, 10, 0);

describe('DateFormat', () => {
  it('writes the year of a date whenever it is not the current one', () => {
    const en = new DateFormat('en-GB', in2026);
    expect(en.date('2026-12-10')).toBe('10 Dec');
    expect(en.date('2027-01-04')).toBe('4 Jan 2027');
    expect(en.date('2025-12-25', 'dayMonth')).toBe('25 Dec 2025');
    expect(en.date('2027-02-02', 'weekday')).toBe('Tue, 2 Feb 2027');
    expect(en.date('2026-11-27', 'weekday')).toBe('Fri 27 Nov');
  });

  it('writes instants of a list in one style, the year only where it differs (the incidents of issue 26)', () => {
    const en = new DateFormat('en-GB', in2026);
    const rows = [new Date(2025, 11, 25, 20, 14), new Date(2026, 0, 1, 18, 36), new Date(2027, 0, 4, 14, 17)];
    expect(rows.map((d) => en.dateTime(d.getTime()))).toEqual([
      '25 Dec 2025, 20:14',
      '1 Jan, 18:36',
      '4 Jan 2027, 14:17',
    ]);
    // The server's "YYYY-MM-DD HH:MM:SS" is local time.
    expect(en.dateTime('2027-01-04 14:17:00')).toBe('4 Jan 2027, 14:17');
  });

  it('writes a window with the year of each end outside the current year (the Sync page of issue 26)', () => {
    const en = new DateFormat('en-GB', in2026);
    expect(en.dateRange('2026-11-20', '2027-11-27')).toBe('20 Nov – 27 Nov 2027');
    expect(en.dateRange('2026-11-20', '2026-11-27')).toBe('20 Nov – 27 Nov');
    expect(en.dateRange('2026-11-20', '2026-11-20')).toBe('20 Nov');
    const es = new DateFormat('es-ES', in2026);
    expect(es.dateRange('2026-12-10', '2027-01-02')).toBe('10 dic – 2 ene 2027');
    const ca = new DateFormat('ca-ES', in2026);
    expect(ca.date('2027-01-04')).toBe('4 de gen. del 2027');
  });

  it('keeps the year on numeric and long dates, and shows what is not a date as it came', () => {
    const es = new DateFormat('es-ES', in2026);
    expect(es.date('2026-05-04', 'short')).toBe('04/05/2026');
    expect(es.date('2026-05-04', 'long')).toBe('lunes, 4 de mayo de 2026');
    expect(es.date('2026-06-15', 'monthYear')).toBe('junio de 2026');
    expect(es.date('mañana')).toBe('mañana');
    expect(es.date(null)).toBe('—');
    expect(es.dateTime('')).toBe('—');
  });
});
