// The ONE way a date or a time is written for a person: every screen (the
// renderer's I18n.date / dateTime / dateRange delegate here), every PDF and
// every document (electron/documents). In the language's own order, and WITH
// THE YEAR WHENEVER IT IS NOT THE CURRENT ONE — "1 Jan, 18:36" beside
// "4 Jan 2027, 14:17", never "04/01/2027" on one row and "1 Jan" on the next.
// Numeric dates ("04/01/2027", forms and ID papers) always carry their year.
// CSV cells are data, not words: they keep ISO dates (sortable in any
// language), see electron/documents/exports.ts.
//
// Calendar dates ("YYYY-MM-DD") are business days, formatted at local noon
// (shared/dates.ts toLocalDate); instants are written in this computer's zone.
import { toLocalDate } from './dates';

export type DateStyle = 'short' | 'medium' | 'long' | 'weekday' | 'dayMonth' | 'month' | 'monthYear';

/** Each style without its year; `year` says whether it always has one or only outside the current year. */
const STYLES: Record<DateStyle, { options: Intl.DateTimeFormatOptions; year: 'always' | 'other' }> = {
  short: { options: { day: '2-digit', month: '2-digit' }, year: 'always' },
  medium: { options: { day: 'numeric', month: 'short' }, year: 'other' },
  long: { options: { weekday: 'long', day: 'numeric', month: 'long' }, year: 'always' },
  weekday: { options: { weekday: 'short', day: 'numeric', month: 'short' }, year: 'other' },
  dayMonth: { options: { day: 'numeric', month: 'short' }, year: 'other' },
  month: { options: { month: 'short' }, year: 'other' },
  monthYear: { options: { month: 'long' }, year: 'always' },
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** "YYYY-MM-DD" (a time after it is ignored), or null when it is not a date. */
function dayOf(value: string): string | null {
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** An instant from ms, ISO text or the server's "YYYY-MM-DD HH:MM:SS" (local time); null when unreadable. */
function instantOf(at: string | number): Date | null {
  const ms = typeof at === 'number' ? at : Date.parse(at.includes('T') || at.endsWith('Z') ? at : at.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : new Date(ms);
}

export class DateFormat {
  readonly #formats = new Map<string, Intl.DateTimeFormat>();

  /**
   * `tag`: a BCP 47 language tag (en-GB, es-ES, ca-ES); `now`: the clock the current year is
   * read from (tests and documents made for a fixed moment pass theirs).
   */
  constructor(
    readonly tag: string,
    private readonly now: () => number | Date = () => Date.now(),
  ) {}

  #format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    let f = this.#formats.get(key);
    if (!f) this.#formats.set(key, (f = new Intl.DateTimeFormat(this.tag, options)));
    return f;
  }

  #currentYear(): number {
    const now = this.now();
    return (typeof now === 'number' ? new Date(now) : now).getFullYear();
  }

  #withYear(style: DateStyle, year: number): boolean {
    return STYLES[style].year === 'always' || year !== this.#currentYear();
  }

  /** A calendar date "YYYY-MM-DD" in `style`; anything else is shown as it came, nothing as a dash. */
  date = (iso: string | null | undefined, style: DateStyle = 'medium'): string => {
    if (!iso) return '—';
    const day = dayOf(iso);
    if (!day) return iso;
    const year = this.#withYear(style, Number(day.slice(0, 4)));
    return this.#format(`d:${style}:${year}`, {
      ...STYLES[style].options,
      ...(year ? { year: 'numeric' } : {}),
    }).format(toLocalDate(day));
  };

  /** An instant as local date and time: "1 Jan, 18:36", "4 Jan 2027, 14:17". */
  dateTime = (at: string | number | null | undefined): string => {
    if (at === null || at === undefined || at === '') return '—';
    const d = instantOf(at);
    if (!d) return String(at);
    const year = d.getFullYear() !== this.#currentYear();
    return this.#format(`dt:${year}`, {
      day: 'numeric',
      month: 'short',
      ...(year ? { year: 'numeric' } : {}),
      ...TIME,
    }).format(d);
  };

  /** An instant's clock time in this computer's zone: "10:42" ("10:42:05" with seconds). */
  time = (at: string | number, seconds = false): string => {
    const d = instantOf(at);
    if (!d) return '—';
    return this.#format(`t:${seconds}`, { ...TIME, ...(seconds ? { second: '2-digit' } : {}) }).format(d);
  };

  /**
   * From one calendar date to another: "20 Nov – 27 Nov", with the year on each date outside
   * the current year ("20 Nov – 27 Nov 2027"); one date when both are the same.
   */
  dateRange = (
    from: string | null | undefined,
    to: string | null | undefined,
    style: DateStyle = 'dayMonth',
  ): string => {
    if (!from && !to) return '—';
    if (!from || !to || from.slice(0, 10) === to.slice(0, 10)) return this.date(from || to, style);
    return `${this.date(from, style)} – ${this.date(to, style)}`;
  };
}
