// Calendar-date arithmetic, ONCE, for every side (cache queries, the sync
// planner, the renderer, the simulator): dates are "YYYY-MM-DD" strings of
// business days, never instants. The maths goes through day numbers (days
// since 1970-01-01 at UTC midnight), which is exact integer arithmetic with
// no time-zone or DST surprises. Chosen over date-fns on purpose: date-fns
// works on Date objects in the local zone, so each call would need a parse, a
// zone-safe step and a format around it; these strings need none of that.
// Only `today` and `toLocalDate` touch the local zone, and say so.

const DAY_MS = 86_400_000;

/** Year, month, day of "YYYY-MM-DD" (a time after it, as in "YYYY-MM-DD HH:MM:SS", is ignored). */
function parts(iso: string): [number, number, number] {
  // The usual shape read by position (a board at 5,000 listings reads tens of thousands of dates).
  if (iso.length >= 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45)
    return [digits(iso, 0, 4), digits(iso, 5, 7), digits(iso, 8, 10)];
  const [y, m, d] = iso.slice(0, 10).split(/[-T ]/).map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** The number written in `s` from `from` to `to` (NaN when a character there is not a digit, as Number would say). */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    n = n * 10 + c;
  }
  return n;
}

/** Days since 1970-01-01 of a calendar date (the caller has validated it). */
export function dayNumber(iso: string): number {
  const [y, m, d] = parts(iso);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The calendar date of a day number. */
export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` later (earlier when negative). */
export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** Whole days from `a` to `b` (positive when b is later; the nights of a stay from arrival to departure). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * The calendar date at this instant where this computer is (not UTC: a desk
 * in Madrid at 00:30 is on the new day). Every "today" of the app comes from here.
 */
export function today(now: Date | number = new Date()): string {
  const d = typeof now === 'number' ? new Date(now) : now;
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
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
  return (((dayNumber(iso) + 3) % 7) + 7) % 7;
}

/** A real calendar date written YYYY-MM-DD (31/02 is not). */
export function isIsoDateString(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return fromDayNumber(dayNumber(s)) === s;
}
