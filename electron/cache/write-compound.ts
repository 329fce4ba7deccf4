// Writers for resources that do not map one record → one row: incidents
// (with their per-listing links), threads (messages in their own table),
// the customer + guests bundle of a booking, and the per-day tables (prices,
// availability) that are replaced window by window.
import type { Availability, AvailabilityMU, CustomerBundle, Incident, Price, Thread } from '../../shared/api';
import type { WritableDB } from './db';
import { customersTable, guestsTable, incidentsTable, messagesTable, threadsTable, type MessageRow } from './tables';
import { scrubbedJson } from './scrub';
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
  for (const { value: p, raw } of items) {
    if (p.rate_id !== rateId && p.rate_id !== 0) continue;
    seen.add(p.date);
    written += db.run(
      `INSERT INTO prices (rate_id, date, listing_id, price, min_days, max_days, active, cta, ctd, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (rate_id, date) DO UPDATE SET listing_id = excluded.listing_id, price = excluded.price,
         min_days = excluded.min_days, max_days = excluded.max_days, active = excluded.active,
         cta = excluded.cta, ctd = excluded.ctd, raw = excluded.raw
       WHERE raw IS NOT excluded.raw`,
      [
        rateId,
        p.date,
        listingId,
        p.price,
        p.min_days,
        p.max_days,
        p.active ? 1 : 0,
        p.cta ? 1 : 0,
        p.ctd ? 1 : 0,
        scrubbedJson(raw),
      ],
    ).changes;
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
  raw: unknown;
}

/** Availability of one listing over [from, to] (single-unit per rate, or multi-unit counts). */
export function replaceAvailability(
  db: WritableDB,
  listingId: number,
  from: string,
  to: string,
  answer: { mu: false; value: Availability; raw: unknown } | { mu: true; value: AvailabilityMU; raw: unknown },
): { written: number; deleted: number } {
  const rows: DayRow[] = [];
  let categoryId: number | null = null;
  if (answer.mu) {
    categoryId = answer.value.category_id;
    const rawDays = at(answer.raw, 'availabilities');
    answer.value.availabilities.forEach((d, i) =>
      rows.push({ date: d.date, rate: 0, available: d.availability, raw: atIndex(rawDays, i) ?? d }),
    );
  } else {
    const rawRates = at(answer.raw, 'rates');
    answer.value.rates.forEach((r, i) => {
      const rawDays = at(atIndex(rawRates, i), 'dates');
      r.dates.forEach((d, j) =>
        rows.push({ date: d.date, rate: r.rate_id, available: d.availability ? 1 : 0, raw: atIndex(rawDays, j) ?? d }),
      );
    });
  }
  let written = 0;
  const seen = new Set<string>();
  for (const r of rows) {
    if (r.date < from || r.date > to) continue;
    seen.add(`${r.date}|${r.rate}`);
    written += db.run(
      `INSERT INTO availability (listing_id, date, rate_id, available, mu, category_id, raw) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (listing_id, date, rate_id) DO UPDATE SET available = excluded.available, mu = excluded.mu,
         category_id = excluded.category_id, raw = excluded.raw
       WHERE raw IS NOT excluded.raw OR available IS NOT excluded.available`,
      [listingId, r.date, r.rate, r.available, answer.mu ? 1 : 0, categoryId, scrubbedJson(r.raw)],
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
