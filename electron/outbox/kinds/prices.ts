// Daily prices of a rate, addressed by (rate, date) rather than an id. The
// outbox's record of kind `prices` is the RATE's calendar (record id = rate
// id; cache row in `price_edits`, migration 010) and its fields are one per
// day and value: `2026-07-01.price`, `2026-07-01.cta`… So the generic
// machinery does the rest unchanged: coalescing is "later wins per day and
// field", conflicts are per day and field, and every edit of one rate goes
// out as ONE `prices.update` whose body gives consecutive days with the same
// values as one date range (shared/domain/price-ranges.ts). Confirmed by
// reading the prices back over the dates sent (the update answers nothing).
import { z } from 'zod';
import { CommandError } from '../../../shared/contract';
import { compactPriceEdits, DAY_FIELDS, type DayEdit, type DayField } from '../../../shared/domain/price-ranges';
import { dateRange, daysBetween } from '../../../shared/dates';
import type { ApiClient } from '../../api/client';
import type { WritableDB } from '../../cache/db';
import { fetchedCovering } from '../../cache/state';
import { priceEditsTable, type PriceCalendar } from '../../cache/tables';
import type { Incoming } from '../../cache/write';
import { writePriceDay } from '../../cache/write-compound';
import type { Rec, Values } from '../types';
import { edits, orNull, record, USER } from './parts';
import type { FieldCodec, KindSpec, ServerVersion } from './spec';

type Day = PriceCalendar['days'][string];

/** The most days one command may set (spec-silent: a year and a day, so a whole season list fits). */
export const MAX_DAYS_PER_EDIT = 366;
/** Read-back windows: at most this many days per `prices.get` (spec-silent; the server's limit is not shown). */
const READ_WINDOW_DAYS = 92;

const KEY = /^(\d{4}-\d{2}-\d{2})\.(price|min_days|max_days|active|cta|ctd)$/;
export const dayKey = (date: string, field: DayField) => `${date}.${field}`;
export function parseDayKey(key: string): { date: string; field: DayField } | null {
  const m = KEY.exec(key);
  return m ? { date: m[1]!, field: m[2] as DayField } : null;
}

const daysOf = (rec: Rec): Record<string, Day> => {
  const d = rec['days'];
  return d && typeof d === 'object' ? (d as Record<string, Day>) : {};
};

function dayCodec(date: string, field: DayField): FieldCodec {
  return {
    read: dayKey(date, field),
    apply: (rec, v) => {
      const days = daysOf(rec);
      rec['days'] = days;
      days[date] = { ...days[date], [field]: typeof v === 'number' ? v : null };
    },
    canon: (rec) => {
      const v = daysOf(rec)[date]?.[field];
      if (typeof v !== 'number') return null;
      return field === 'price' ? Math.round(v * 100) / 100 : v;
    },
  };
}

/** A codec for every `YYYY-MM-DD.field` key (the field names are open-ended: one per day). */
const fields: Readonly<Record<string, FieldCodec>> = new Proxy(
  {},
  {
    get: (_t, key) => {
      const k = typeof key === 'string' ? parseDayKey(key) : null;
      return k ? dayCodec(k.date, k.field) : undefined;
    },
    has: (_t, key) => typeof key === 'string' && parseDayKey(key) !== null,
  },
);

const dayValues = z.record(z.string(), z.number().nullable());
const read = z.object({
  rate_id: z.number(),
  listing_id: z.number().nullable(),
  days: z.record(z.string(), dayValues),
  read: z.boolean().optional(),
});

/** The command's `{dates: [{date | [start, end], …values}]}` → one change per day and value (a later element wins). */
function expand(changes: Values): Values {
  const elements = (changes['dates'] ?? []) as (Omit<DayEdit, 'date'> & { date: string | [string, string] })[];
  let count = 0;
  for (const e of elements) {
    const [start, end] = Array.isArray(e.date) ? e.date : [e.date, e.date];
    if (end < start)
      throw new CommandError('invalid_input', 'A date range ends before it starts.', {
        'changes.dates': ['ends before it starts'],
      });
    count += daysBetween(start, end) + 1;
  }
  if (count > MAX_DAYS_PER_EDIT)
    throw new CommandError('invalid_input', `At most ${MAX_DAYS_PER_EDIT} days can be set at once.`, {
      'changes.dates': [`at most ${MAX_DAYS_PER_EDIT} days at once`],
    });
  const out: Values = {};
  for (const { date, ...values } of elements) {
    const days = Array.isArray(date) ? dateRange(date[0], date[1]) : [date];
    for (const d of days) for (const f of DAY_FIELDS) if (values[f] !== undefined) out[dayKey(d, f)] = values[f];
  }
  return out;
}

const datesOf = (keys: Iterable<string>): string[] =>
  [...new Set([...keys].flatMap((k) => parseDayKey(k)?.date ?? []))].sort();

/**
 * The cached (synced) values of these days of a rate; a day without a row that was fetched has no
 * price (every value null); a day never fetched is refused.
 */
function cachedDays(db: WritableDB, rateId: number, dates: readonly string[]): Record<string, Day> {
  const out: Record<string, Day> = {};
  if (dates.length === 0) return out;
  const rows = db.all<{ date: string } & Day>(
    `SELECT date, price, min_days, max_days, active, cta, ctd FROM prices
     WHERE rate_id = ? AND date IN (SELECT value FROM json_each(?))`,
    [rateId, JSON.stringify(dates)],
  );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  for (const d of dates) {
    const r = byDate.get(d);
    if (r)
      out[d] = { price: r.price, min_days: r.min_days, max_days: r.max_days, active: r.active, cta: r.cta, ctd: r.ctd };
    else if (fetchedCovering(db, 'prices', d, d, [`rate:${rateId}`]) !== null) out[d] = {};
    else
      // What the person saw of a day never received is unknown: a change made on it could not be
      // told from someone else's, so it is refused until the day's prices arrive (spec-silent choice).
      throw new CommandError(
        'invalid_input',
        `The prices of ${d} have not been received yet; try again after the next sync.`,
        {
          'changes.dates': [`the prices of ${d} have not been received yet`],
        },
      );
  }
  return out;
}

/** Brings the days `changes` touch into the rate's price_edits row (server values from the cached prices). */
function prepare(db: WritableDB, rateId: number, changes: Values): void {
  const rate = db.get<{ listing_id: number | null }>('SELECT listing_id FROM rates WHERE rate_id = ?', [rateId]);
  if (!rate) return; // not cached: the edit is refused as such
  const row = db.get<{ data: string; raw: string; server_raw: string | null }>(
    'SELECT data, raw, server_raw FROM price_edits WHERE rate_id = ?',
    [rateId],
  );
  const dates = datesOf(Object.keys(changes));
  if (!row) {
    const cal: PriceCalendar = { rate_id: rateId, listing_id: rate.listing_id, days: cachedDays(db, rateId, dates) };
    const json = JSON.stringify(cal);
    db.run('INSERT INTO price_edits (rate_id, listing_id, data, raw) VALUES (?, ?, ?, ?)', [
      rateId,
      rate.listing_id,
      json,
      json,
    ]);
    return;
  }
  const data = JSON.parse(row.data) as PriceCalendar;
  const server = JSON.parse(row.server_raw ?? row.raw) as PriceCalendar;
  const missing = dates.filter((d) => !(d in server.days));
  if (missing.length === 0) return;
  const fresh = cachedDays(db, rateId, missing);
  for (const d of missing) {
    server.days[d] = fresh[d]!;
    data.days[d] ??= { ...fresh[d] };
  }
  db.run(`UPDATE price_edits SET data = ?, ${row.server_raw ? 'server_raw' : 'raw'} = ? WHERE rate_id = ?`, [
    JSON.stringify(data),
    JSON.stringify(server),
    rateId,
  ]);
}

/** Minimum stay ≤ maximum stay on every day the edit touches (as it will be shown). */
function check(_db: WritableDB, rec: Rec, changes: Values): void {
  const days = daysOf(rec);
  for (const d of datesOf(Object.keys(changes))) {
    const min = changes[dayKey(d, 'min_days')] ?? days[d]?.min_days;
    const max = changes[dayKey(d, 'max_days')] ?? days[d]?.max_days;
    if (typeof min === 'number' && typeof max === 'number' && max > 0 && min > max)
      throw new CommandError(
        'invalid_input',
        `On ${d} the minimum stay (${min}) would be longer than the maximum (${max}).`,
        { 'changes.dates': ['minimum stay longer than maximum stay'] },
      );
  }
}

/** Dates → windows of at most READ_WINDOW_DAYS days covering them. */
function windows(dates: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const d of dates) {
    const last = out[out.length - 1];
    if (last && daysBetween(last[0], d) < READ_WINDOW_DAYS) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

/** The server's values of every day the record holds and the edits touch; null when the rate is gone (404). */
async function fetch(client: ApiClient, rateId: number, hint: Rec | null, mine: Values): Promise<ServerVersion | null> {
  const dates = datesOf([...Object.keys(mine), ...Object.keys(daysOf(hint ?? {})).map((d) => dayKey(d, 'price'))]);
  const days: Record<string, Day> = Object.fromEntries(dates.map((d) => [d, {}]));
  for (const [from, to] of windows(dates)) {
    const r = await orNull(
      client.list('prices.get', { ...USER, id: rateId, query: { start_date: from, end_date: to } }),
    );
    if (!r) return null;
    for (const { value: p } of r.items) {
      if (!(p.date in days)) continue;
      days[p.date] = {
        price: p.price,
        min_days: p.min_days,
        max_days: p.max_days,
        active: p.active ? 1 : 0,
        cta: p.cta ? 1 : 0,
        ctd: p.ctd ? 1 : 0,
      };
    }
  }
  const listingId = hint && typeof hint['listing_id'] === 'number' ? hint['listing_id'] : null;
  const value: PriceCalendar = { rate_id: rateId, listing_id: listingId, days, read: true };
  return { value: value as unknown as Rec, raw: value };
}

/** The fields to send → `{dates: [...]}` with consecutive days of equal values as one range. */
function body(toSend: Values): unknown {
  const byDate = new Map<string, DayEdit>();
  for (const [k, v] of Object.entries(toSend)) {
    const key = parseDayKey(k);
    if (!key) continue;
    const day = byDate.get(key.date) ?? { date: key.date };
    (day as unknown as Record<string, unknown>)[key.field] = v;
    byDate.set(key.date, day);
  }
  return { dates: compactPriceEdits([...byDate.values()]) };
}

/**
 * The PMS's single-unit availability of a rate on the days of a settled change follows from its
 * price and open flag: what was fetched before the change no longer says it, so it is forgotten
 * until fetched again (the stay check then goes by the bookings and blocks here, and never names a
 * stale "taken" night). One statement for all the days: by the table's key when the rate's listing
 * is known (its single-unit days are fetched under it), else one pass over the table — a pass per
 * day was a year of full scans (0.66 s at 73,000 rows).
 */
function forgetAvailability(db: WritableDB, cal: PriceCalendar, dates: readonly string[]): void {
  if (dates.length === 0) return;
  const days = JSON.stringify(dates);
  if (cal.listing_id === null)
    db.run('DELETE FROM availability WHERE rate_id = ? AND mu = 0 AND date IN (SELECT value FROM json_each(?))', [
      cal.rate_id,
      days,
    ]);
  else
    db.run(
      `DELETE FROM availability
       WHERE listing_id = ? AND date IN (SELECT value FROM json_each(?)) AND rate_id = ? AND mu = 0`,
      [cal.listing_id, days, cal.rate_id],
    );
}

/**
 * A settled calendar: its days into `prices` when they were read from the server (a day without a
 * price there is removed) — days only copied from the cache (an edit discarded before any read)
 * leave `prices` as sync last wrote it —, and its row gone.
 */
function store(db: WritableDB, items: readonly Incoming<Rec>[]): void {
  for (const { value } of items) {
    const cal = value as unknown as PriceCalendar;
    const days = Object.entries(cal.read ? cal.days : {});
    forgetAvailability(
      db,
      cal,
      days.map(([date]) => date),
    );
    for (const [date, d] of days) {
      if (typeof d.price !== 'number') {
        db.run('DELETE FROM prices WHERE rate_id = ? AND date = ?', [cal.rate_id, date]);
        continue;
      }
      writePriceDay(db, {
        rateId: cal.rate_id,
        date,
        listingId: cal.listing_id,
        price: d.price,
        minDays: d.min_days ?? null,
        maxDays: d.max_days ?? null,
        active: d.active ?? 1,
        cta: d.cta ?? 0,
        ctd: d.ctd ?? 0,
      });
    }
    db.run('DELETE FROM price_edits WHERE rate_id = ? AND outbox_mark IS NULL', [cal.rate_id]);
  }
}

export const prices = {
  ...record('prices', priceEditsTable, read, fields),
  commands: edits('prices', 'This rate'),
  subject: { listing: 'listing_id', rate: 'rate_id' },
  expand,
  prepare,
  check,
  store,
  update: { endpoint: 'prices.update', idKey: 'id', fetch, body },
} satisfies KindSpec<'prices'>;
