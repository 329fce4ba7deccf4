// Writers for resources that do not map one record → one row: incidents
// (with their per-listing links), threads (messages in their own table),
// the customer + guests bundle of a booking, and the per-day tables (prices,
// availability) that are replaced window by window and keep only their columns (migration 16).
import type { Availability, AvailabilityMU, CustomerBundle, Incident, Price, Thread } from '../../shared/api';
import type { WritableDB } from './db';
import { customersTable, guestsTable, incidentsTable, messagesTable, threadsTable, type MessageRow } from './tables';
import { deleteMissing, upsertRecords, type Incoming, type UpsertResult } from './write';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (v: unknown, key: string): unknown => (isObj(v) ? v[key] : undefined);
const atIndex = (v: unknown, i: number): unknown => (Array.isArray(v) ? (v[i] as unknown) : undefined);

/** Incidents and the listing links the board and per-listing queries use. */
export function upsertIncidents(db: WritableDB, items: readonly Incoming<Incident>[]): UpsertResult {
  const r = upsertRecords(db, incidentsTable, items);
  if (r.changed.length) {
    const byId = new Map(items.map((i) => [i.value.id, i.value]));
    for (const id of r.changed) {
      const inc = byId.get(id as number);
      if (!inc) continue;
      db.run('DELETE FROM incident_listings WHERE incident_id = ?', [id]);
      for (const p of inc.properties) {
        db.run('INSERT OR REPLACE INTO incident_listings (incident_id, listing_id, finished) VALUES (?, ?, ?)', [
          id,
          p.listing_id,
          p.finished ? 1 : 0,
        ]);
      }
    }
  }
  return r;
}

/** The threads of one booking: threads, their messages, and — for a complete answer (`complete`) — deletions. */
export function replaceThreadsOfBooking(
  db: WritableDB,
  bookingNumber: number,
  items: readonly Incoming<Thread>[],
  complete = true,
): { threads: UpsertResult; messages: UpsertResult; deleted: number } {
  const threads = upsertRecords(
    db,
    threadsTable,
    items.map((t) => ({
      value: { ...t.value, booking_id: t.value.booking_id ?? bookingNumber },
      raw: stripMessages(t.raw),
    })),
  );
  const messages: Incoming<MessageRow>[] = [];
  for (const t of items) {
    const rawMessages = at(t.raw, 'messages');
    t.value.messages.forEach((m, i) => {
      messages.push({
        value: { ...m, thread_ref: t.value.id, booking_number: bookingNumber },
        raw: atIndex(rawMessages, i) ?? m,
      });
    });
  }
  const m = upsertRecords(db, messagesTable, messages);
  if (!complete) return { threads, messages: m, deleted: 0 };
  const threadIds = new Set<number | string>(items.map((t) => t.value.id));
  const goneThreads = deleteMissing(db, threadsTable, 'booking_number = ?', [bookingNumber], threadIds);
  const goneMessages = deleteMissing(
    db,
    messagesTable,
    'booking_number = ?',
    [bookingNumber],
    new Set(messages.map((x) => x.value.id)),
  );
  return { threads, messages: m, deleted: goneThreads.length + goneMessages.length };
}

function stripMessages(raw: unknown): unknown {
  if (!isObj(raw)) return raw;
  const { messages: _messages, ...rest } = raw;
  return rest;
}

/** The customer and the guests of one booking (a complete answer for its guests). */
export function replaceBundleOfBooking(
  db: WritableDB,
  bookingNumber: number,
  bundle: CustomerBundle,
  raw: unknown,
): { customers: UpsertResult; guests: UpsertResult; deleted: number } {
  const customers = upsertRecords(
    db,
    customersTable,
    bundle.user ? [{ value: bundle.user, raw: at(raw, 'user') ?? bundle.user }] : [],
  );
  const rawGuests = at(raw, 'guests');
  const guests = upsertRecords(
    db,
    guestsTable,
    bundle.guests.map((g, i) => ({ value: { ...g, booking_number: bookingNumber }, raw: atIndex(rawGuests, i) ?? g })),
  );
  const gone = deleteMissing(
    db,
    guestsTable,
    'booking_number = ?',
    [bookingNumber],
    new Set(bundle.guests.map((g) => g.id)),
  );
  return { customers, guests, deleted: gone.length };
}

/** One day of a rate as the cache keeps it (its columns: the day's wire JSON is not kept, migration 16). */
export interface PriceDay {
  rateId: number;
  date: string;
  listingId: number | null;
  price: number;
  minDays: number | null;
  maxDays: number | null;
  active: boolean | number;
  cta: boolean | number;
  ctd: boolean | number;
}

/** Writes one day of a rate; answers 1 when the row was new or changed, 0 when it was the same. */
export function writePriceDay(db: WritableDB, d: PriceDay): number {
  return db.run(
    `INSERT INTO prices (rate_id, date, listing_id, price, min_days, max_days, active, cta, ctd)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (rate_id, date) DO UPDATE SET listing_id = excluded.listing_id, price = excluded.price,
       min_days = excluded.min_days, max_days = excluded.max_days, active = excluded.active,
       cta = excluded.cta, ctd = excluded.ctd
     WHERE listing_id IS NOT excluded.listing_id OR price IS NOT excluded.price OR min_days IS NOT excluded.min_days
       OR max_days IS NOT excluded.max_days OR active IS NOT excluded.active OR cta IS NOT excluded.cta
       OR ctd IS NOT excluded.ctd`,
    [d.rateId, d.date, d.listingId, d.price, d.minDays, d.maxDays, d.active ? 1 : 0, d.cta ? 1 : 0, d.ctd ? 1 : 0],
  ).changes;
}

/** Daily prices of one rate over [from, to]: upsert what came, and — for a complete answer (`complete`) — delete days that did not. */
export function replacePrices(
  db: WritableDB,
  rateId: number,
  listingId: number | null,
  from: string,
  to: string,
  items: readonly Incoming<Price>[],
  complete = true,
): { written: number; deleted: number } {
  let written = 0;
  const seen = new Set<string>();
  for (const { value: p } of items) {
    if (p.rate_id !== rateId && p.rate_id !== 0) continue;
    seen.add(p.date);
    written += writePriceDay(db, {
      rateId,
      date: p.date,
      listingId,
      price: p.price,
      minDays: p.min_days,
      maxDays: p.max_days,
      active: p.active,
      cta: p.cta,
      ctd: p.ctd,
    });
  }
  if (!complete) return { written, deleted: 0 };
  const cached = db.pluck<string>('SELECT date FROM prices WHERE rate_id = ? AND date BETWEEN ? AND ?', [
    rateId,
    from,
    to,
  ]);
  let deleted = 0;
  for (const d of cached)
    if (!seen.has(d)) deleted += db.run('DELETE FROM prices WHERE rate_id = ? AND date = ?', [rateId, d]).changes;
  return { written, deleted };
}

interface DayRow {
  date: string;
  rate: number;
  available: number;
}

/** Availability of one listing over [from, to] (single-unit per rate, or multi-unit counts). */
export function replaceAvailability(
  db: WritableDB,
  listingId: number,
  from: string,
  to: string,
  answer: { mu: false; value: Availability } | { mu: true; value: AvailabilityMU },
): { written: number; deleted: number } {
  const rows: DayRow[] = [];
  let categoryId: number | null = null;
  if (answer.mu) {
    categoryId = answer.value.category_id;
    for (const d of answer.value.availabilities) rows.push({ date: d.date, rate: 0, available: d.availability });
  } else {
    for (const r of answer.value.rates)
      for (const d of r.dates) rows.push({ date: d.date, rate: r.rate_id, available: d.availability ? 1 : 0 });
  }
  let written = 0;
  const seen = new Set<string>();
  for (const r of rows) {
    if (r.date < from || r.date > to) continue;
    seen.add(`${r.date}|${r.rate}`);
    written += db.run(
      `INSERT INTO availability (listing_id, date, rate_id, available, mu, category_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (listing_id, date, rate_id) DO UPDATE SET available = excluded.available, mu = excluded.mu,
         category_id = excluded.category_id
       WHERE available IS NOT excluded.available OR mu IS NOT excluded.mu OR category_id IS NOT excluded.category_id`,
      [listingId, r.date, r.rate, r.available, answer.mu ? 1 : 0, categoryId],
    ).changes;
  }
  const cached = db.rows('SELECT date, rate_id FROM availability WHERE listing_id = ? AND date BETWEEN ? AND ?', [
    listingId,
    from,
    to,
  ]);
  let deleted = 0;
  for (const [date, rate] of cached) {
    if (!seen.has(`${String(date)}|${String(rate)}`)) {
      deleted += db.run('DELETE FROM availability WHERE listing_id = ? AND date = ? AND rate_id = ?', [
        listingId,
        date as string,
        rate as number,
      ]).changes;
    }
  }
  return { written, deleted };
}
