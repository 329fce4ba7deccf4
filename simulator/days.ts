// Calendar arithmetic on plain dates. A date is handled as a day number (days
// since 1970-01-01), which makes windows, stays and indexes integer maths with
// no time-zone surprises; text forms are produced only at the wire.

import { dayNumber, fromDayNumber, today } from '../shared/dates';

const MS_PER_DAY = 86_400_000;

/** Day number of a YYYY-MM-DD string (the caller has validated it): the app's one date arithmetic. */
export const dayOf = dayNumber;

/** YYYY-MM-DD of a day number. */
export const isoOf = fromDayNumber;

/** YYYY/MM/DD (the admin date-of-birth form). */
export function slashOf(day: number): string {
  return isoOf(day).replaceAll('-', '/');
}

/** Today's day number in the local time zone of the process (the business's "today"). */
export function localToday(nowMs: number = Date.now()): number {
  return dayNumber(today(nowMs));
}

/** Day of week, 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Month 1–12 of a day number. */
export function monthOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCMonth() + 1;
}

/** The same calendar day one year later (29 Feb → 28 Feb). */
export function plusOneYear(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  const y = d.getUTCFullYear() + 1;
  const m = d.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.round(Date.UTC(y, m, Math.min(d.getUTCDate(), last)) / MS_PER_DAY);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM" of minutes since midnight. */
export function hhmm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/** "YYYY-MM-DD HH:MM:SS" of a day number and seconds since midnight (local business time). */
export function dateTimeOf(day: number, seconds: number): string {
  const h = Math.floor(seconds / 3600) % 24;
  const m = Math.floor(seconds / 60) % 60;
  return `${isoOf(day)} ${pad(h)}:${pad(m)}:${pad(seconds % 60)}`;
}

/** "YYYY-MM-DD HH:MM:SS" in local time of a millisecond clock reading. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** ISO-8601 UTC with microseconds (the thread timestamp form), e.g. 2025-03-01T10:22:33.123456Z. */
export function isoMicros(ms: number, micros = 0): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, (_, frac: string) => `.${frac}${pad3(micros)}Z`);
}
const pad3 = (n: number) => String(n % 1000).padStart(3, '0');

/** Milliseconds at local midnight starting a day number (for timestamps of generated records). */
export function msOfDay(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()).getTime();
}
