// Daily prices as the screens show them: the cached server values with my
// unsent edits on top (a rate's `price_edits` row, migration 010), for the
// listing detail and quotes (listPrices) and the price grid (priceGrid). The
// grid also says, per day and value, which change is unsent and in what
// state: entries of one rate are sent together, but a conflict names the
// days and values it is about, so the outbox's entries of the rate are read
// here (read-only) to mark exactly those cells.
import type { OutboxState, PriceCell, PriceGrid, PriceRecord, RateRecord } from '../../../shared/contract';
import { dateRange } from '../../../shared/dates';
import { DAY_FIELDS, type DayField } from '../../../shared/domain/price-ranges';
import type { ReadableDB } from '../db';
import { recordOf, type PriceCalendar } from '../tables';
import { fetchedCovering } from '../state';
import { withMark } from './common';

type Day = PriceCalendar['days'][string];
const URGENCY: readonly OutboxState[] = ['conflict', 'rejected', 'unknown', 'sending', 'pending'];
const KEY = /^(\d{4}-\d{2}-\d{2})\.(price|min_days|max_days|active|cta|ctd)$/;

/** My unsent values per day of a rate (empty when nothing is unsent). */
function editedDays(db: ReadableDB, rateId: number): Record<string, Day> {
  const data = db.get<{ data: string }>('SELECT data FROM price_edits WHERE rate_id = ?', [rateId])?.data;
  return data ? (JSON.parse(data) as PriceCalendar).days : {};
}

/** Cached prices of a rate over [from, to] with my unsent edits on top, by date. */
function shownDays(db: ReadableDB, rateId: number, from: string, to: string): Map<string, Day> {
  const out = new Map<string, Day>();
  for (const r of db.all<{ date: string } & Day>(
    'SELECT date, price, min_days, max_days, active, cta, ctd FROM prices WHERE rate_id = ? AND date BETWEEN ? AND ?',
    [rateId, from, to],
  )) {
    const { date, ...day } = r;
    out.set(date, day);
  }
  for (const [date, mine] of Object.entries(editedDays(db, rateId)))
    if (date >= from && date <= to) out.set(date, { ...out.get(date), ...mine });
  return out;
}

const flag = (v: number | null | undefined, dflt: boolean) => (typeof v === 'number' ? v === 1 : dflt);

/** Daily prices of one rate over [from, to], as shown (my unsent changes included); days without a price left out. */
export function listPrices(db: ReadableDB, rateId: number, from: string, to: string): PriceRecord[] {
  const out: PriceRecord[] = [];
  for (const [date, d] of [...shownDays(db, rateId, from, to)].sort(([a], [b]) => a.localeCompare(b))) {
    if (typeof d.price !== 'number') continue;
    out.push({
      rate_id: rateId,
      date,
      min_days: d.min_days ?? null,
      max_days: d.max_days ?? null,
      price: d.price,
      active: flag(d.active, true),
      cta: flag(d.cta, false),
      ctd: flag(d.ctd, false),
    });
  }
  return out;
}

interface CellMarks {
  changed: Set<DayField>;
  conflicts: Set<DayField>;
  entryIds: Set<number>;
  state: OutboxState | null;
}

/** Per day: which values of a rate have unsettled edits, their most urgent state and the conflicting values. */
function marksOf(db: ReadableDB, rateId: number): Map<string, CellMarks> {
  const out = new Map<string, CellMarks>();
  const rows = db.all<{ id: number; state: OutboxState; payload: string; conflicts: string | null }>(
    `SELECT id, state, payload, conflicts FROM outbox
     WHERE resource = 'prices' AND record_id = ? AND state <> 'confirmed' ORDER BY id`,
    [rateId],
  );
  const cell = (date: string) => {
    let c = out.get(date);
    if (!c) out.set(date, (c = { changed: new Set(), conflicts: new Set(), entryIds: new Set(), state: null }));
    return c;
  };
  const urgent = (a: OutboxState | null, b: OutboxState) => (a && URGENCY.indexOf(a) < URGENCY.indexOf(b) ? a : b);
  for (const r of rows) {
    const conflicting = new Set(
      (r.conflicts ? (JSON.parse(r.conflicts) as { field: string }[]) : []).map((c) => c.field),
    );
    for (const key of Object.keys(JSON.parse(r.payload) as object)) {
      const m = KEY.exec(key);
      if (!m) continue;
      const c = cell(m[1]!);
      c.changed.add(m[2] as DayField);
      c.entryIds.add(r.id);
      if (conflicting.has(key)) c.conflicts.add(m[2] as DayField);
      // A change held by a conflict on other days is waiting, not in conflict itself; a refused
      // change is not shown as the value (the server's is), but its cells still say it was refused.
      c.state = urgent(c.state, r.state === 'conflict' && !conflicting.has(key) ? 'pending' : r.state);
    }
  }
  return out;
}

/** A listing's rates × the days of [from, to]: what is shown, and what is unsent. Null when the listing is not cached. */
export function priceGrid(db: ReadableDB, i: { listingId: number; from: string; to: string }): PriceGrid | null {
  const listing = db.get<{ id: number; name: string }>('SELECT id, name FROM listings WHERE id = ?', [i.listingId]);
  if (!listing) return null;
  const rates = db
    .all<{ data: string; outbox_mark: string | null }>(
      `SELECT ${recordOf('rates')} AS data, outbox_mark FROM rates WHERE listing_id = ? ORDER BY rate_id`,
      [i.listingId],
    )
    .map((r) => withMark<RateRecord>(r.data, r.outbox_mark));
  const dates = dateRange(i.from, i.to);
  const days = rates.map((rate) => {
    const shown = shownDays(db, rate.rate_id, i.from, i.to);
    const marks = marksOf(db, rate.rate_id);
    return dates.map((date): PriceCell => {
      const d = shown.get(date) ?? {};
      const m = marks.get(date);
      const changed = DAY_FIELDS.filter((f) => m?.changed.has(f));
      return {
        date,
        price: typeof d.price === 'number' ? d.price : null,
        min_days: d.min_days ?? null,
        max_days: d.max_days ?? null,
        active: flag(d.active, true),
        cta: flag(d.cta, false),
        ctd: flag(d.ctd, false),
        changed,
        state: m?.state ?? null,
        conflicts: DAY_FIELDS.filter((f) => m?.conflicts.has(f)),
        entryIds: [...(m?.entryIds ?? [])],
      };
    });
  });
  const receivedAt = rates.map((r) => fetchedCovering(db, 'prices', i.from, i.to, [`rate:${r.rate_id}`]));
  return { listing, rates, days, receivedAt };
}
