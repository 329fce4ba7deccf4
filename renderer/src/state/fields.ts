// Parsing what people type into form fields, in the day-first, 24-hour,
// comma-decimal habits of the business (all three UI languages write dates
// dd/mm/yyyy), into the API's forms: YYYY-MM-DD, HH:MM, numbers.
import { isIsoDateString } from './dates';

export type Parsed<T> = { ok: true; value: T } | { ok: false };

const bad = { ok: false } as const;

/** "4/5/2026", "04-05-2026", "4.5.26" (day first) or "2026-05-04" → "2026-05-04". */
export function parseDateInput(text: string): Parsed<string> {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) {
    [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    if (dmy[3]!.length === 2) y += 2000;
  } else return bad;
  const out = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isIsoDateString(out) ? { ok: true, value: out } : bad;
}

/** "2026-05-04" → "04/05/2026". */
export function formatDateInput(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return '';
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** "9:05", "0905", "21.30", "21h" → "HH:MM" (00:00–23:59). */
export function parseTimeInput(text: string): Parsed<string> {
  const s = text.trim().toLowerCase();
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?h?$/.exec(s);
  if (!m) return bad;
  const h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  if (h > 23 || min > 59) return bad;
  return { ok: true, value: `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}` };
}

/** "1:30", "01:30" or whole hours "2" (hours up to 999) → "HH:MM". */
export function parseDurationInput(text: string): Parsed<string> {
  const m = /^(\d{1,3})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return bad;
  const min = m[2] === undefined ? 0 : Number(m[2]);
  if (min > 59) return bad;
  return { ok: true, value: `${m[1]!.padStart(2, '0')}:${String(min).padStart(2, '0')}` };
}

/** "1.234,50", "1234.5", "-20" → number (a single separator is read as decimal). */
export function parseMoneyInput(text: string): Parsed<number> {
  const r = parseDecimalInput(text);
  return r.ok ? { ok: true, value: Math.round(r.value * 100) / 100 } : r;
}

/** A decimal number as people type it (1.234,5 · 1,234.5 · -41.38), not rounded (coordinates, rates). */
export function parseDecimalInput(text: string): Parsed<number> {
  let s = text.trim().replace(/\s|€/g, '');
  if (!s) return bad;
  if (s.includes(',') && s.includes('.')) {
    // The last separator is the decimal one.
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else s = s.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return bad;
  const n = Number(s);
  return Number.isFinite(n) ? { ok: true, value: n } : bad;
}

/** A whole number 0–999 (party sizes, keys). */
export function parseCount(text: string): Parsed<number> {
  const s = text.trim();
  if (!/^\d{1,3}$/.test(s)) return bad;
  return { ok: true, value: Number(s) };
}
