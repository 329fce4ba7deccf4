// Daily price edits → the body of one `prices.update` request: consecutive
// days that set the same values become one element with a date range
// (`date: [start, end]`, as the spec allows), so a 90-day season costs one
// element, not ninety. Days that differ, or a gap, start a new element; a
// single day keeps the plain date form.

import { addDays } from '../dates';

/** What one day's edit sets (absent = not changed). */
export interface DayEdit {
  date: string;
  price?: number;
  min_days?: number;
  max_days?: number;
  active?: 0 | 1;
  cta?: 0 | 1;
  ctd?: 0 | 1;
}

export type PriceElement = Omit<DayEdit, 'date'> & { date: string | [string, string] };

/** What a day of a rate has: price, minimum / maximum stay, open (active), close to arrival / departure. */
export const DAY_FIELDS = ['price', 'min_days', 'max_days', 'active', 'cta', 'ctd'] as const;
export type DayField = (typeof DAY_FIELDS)[number];
const FIELDS = DAY_FIELDS;
const next = (iso: string) => addDays(iso, 1);
const same = (a: DayEdit, b: DayEdit) => FIELDS.every((f) => a[f] === b[f]);

/** The `dates` array of a prices.update body, in date order (a later edit of the same day wins). */
export function compactPriceEdits(edits: readonly DayEdit[]): PriceElement[] {
  const byDate = new Map<string, DayEdit>();
  for (const e of edits) byDate.set(e.date, { ...byDate.get(e.date), ...e });
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const out: PriceElement[] = [];
  let run: { first: DayEdit; last: string } | null = null;
  const flush = () => {
    if (!run) return;
    const { date: _first, ...values } = run.first;
    out.push({ ...values, date: run.last === run.first.date ? run.first.date : [run.first.date, run.last] });
  };
  for (const d of days) {
    if (run && next(run.last) === d.date && same(run.first, d)) run.last = d.date;
    else {
      flush();
      run = { first: d, last: d.date };
    }
  }
  flush();
  return out;
}
