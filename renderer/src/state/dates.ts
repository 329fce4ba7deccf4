// Calendar-date arithmetic on "YYYY-MM-DD" strings in the person's local time
// zone. Screens work in business days, never instants, so dates stay strings
// and the maths goes through UTC midnight to avoid DST surprises.

const DAY_MS = 86_400_000;

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(iso: string): number {
  const [y, m, d] = parts(iso);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The calendar date of a day number. */
export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Today's date where the person is (not UTC: a desk in Madrid at 00:30 is on the new day). */
export function today(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A local Date at noon of that calendar date (noon: safe from DST edges when formatting). */
export function toLocalDate(iso: string): Date {
  const [y, m, d] = parts(iso);
  return new Date(y, m - 1, d, 12);
}

/** Every date from `from` to `to` inclusive. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from), end = dayNumber(to); n <= end; n++) out.push(fromDayNumber(n));
  return out;
}

/** Monday-based day of week, 0 = Monday … 6 = Sunday. */
export function weekday(iso: string): number {
  return (dayNumber(iso) + 3) % 7;
}

export function isIsoDateString(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return fromDayNumber(dayNumber(s)) === s;
}
