// Listing reads: the summary list (filtered by text, city, destination,
// active), one listing with photos, rates, owner and destination, and the
// reference lists (destinations, origins, owners, costs, admins, prices).
import type {
  AdminRecord,
  CostRecord,
  DestinationRecord,
  ListingDetail,
  ListingRecord,
  ListingSummary,
  OriginRecord,
  OwnerRecord,
  PhotoRecord,
  PriceRecord,
  RateRecord,
} from '../../../shared/contract';
import { DEPARTMENTS } from '../../../shared/api';
import type { ReadableDB } from '../db';
import { Where, parsed, withMark } from './common';

/** Columns that build a ListingSummary without parsing JSON (the board calls this for every listing). */
export const SUMMARY_COLUMNS =
  'id, active, name, mu, destination, city, person_capacity, bedrooms, checkinfrom, checkinto, checkout, owner_id';

export type SummaryRow = [
  number,
  number,
  string,
  number,
  number | null,
  string,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
  number | null,
];

export function summaryFromRow(r: unknown[]): ListingSummary {
  const c = r as SummaryRow; // in SUMMARY_COLUMNS order
  return {
    id: c[0],
    active: c[1] === 1,
    name: c[2],
    mu: c[3] === 1,
    destination: c[4],
    city: c[5],
    person_capacity: c[6],
    bedrooms: c[7],
    checkinfrom: c[8],
    checkinto: c[9],
    checkout: c[10],
    owner_id: c[11],
  };
}

export interface ListingFilter {
  text?: string;
  city?: string;
  destination?: number;
  active?: boolean;
}

/** Listings ordered by name. `text` matches the start of any word of the name or city, case-insensitively. */
export function listListings(db: ReadableDB, f: ListingFilter = {}): ListingSummary[] {
  const where = new Where().equals('destination', f.destination).equals('active', f.active);
  if (f.city) where.add('city = ? COLLATE NOCASE', f.city);
  const text = f.text?.trim();
  if (text) {
    const t = text.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.add(
      `(name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR city LIKE ? ESCAPE '\\')`,
      `${t}%`,
      `% ${t}%`,
      `${t}%`,
    );
  }
  return db
    .rows(
      `SELECT ${SUMMARY_COLUMNS} FROM listings ${where.sql ? `WHERE ${where.sql}` : ''} ORDER BY sort_key, id`,
      where.params,
    )
    .map(summaryFromRow);
}

export function listingSummaryById(db: ReadableDB, id: number): ListingSummary | null {
  const r = db.rows(`SELECT ${SUMMARY_COLUMNS} FROM listings WHERE id = ?`, [id])[0];
  return r ? summaryFromRow(r) : null;
}

/** A listing's rates, first rate first (the detail, the quotes and the live availability question read them). */
export function ratesOf(db: ReadableDB, listingId: number): RateRecord[] {
  return db
    .pluck<string>('SELECT data FROM rates WHERE listing_id = ? ORDER BY rate_id', [listingId])
    .map((d) => parsed<RateRecord>(d));
}

export function getListingDetail(db: ReadableDB, id: number): ListingDetail | null {
  const row = db.get<{ data: string }>('SELECT data FROM listings WHERE id = ?', [id]);
  if (!row) return null;
  const listing = parsed<ListingRecord>(row.data);
  const photos = db
    .pluck<string>('SELECT data FROM photos WHERE listing_id = ? ORDER BY position, id', [id])
    .map((d) => parsed<PhotoRecord>(d));
  const rates = ratesOf(db, id);
  const owner =
    listing.owner_id === null
      ? undefined
      : db.pluck<string>('SELECT data FROM owners WHERE id = ?', [listing.owner_id])[0];
  const destination =
    listing.destination === null
      ? undefined
      : db.pluck<string>('SELECT data FROM destinations WHERE id = ?', [listing.destination])[0];
  return {
    listing,
    photos,
    rates,
    owner: owner ? parsed<OwnerRecord>(owner) : null,
    destination: destination ? parsed<DestinationRecord>(destination) : null,
  };
}

const listAll = <T>(db: ReadableDB, table: 'destinations' | 'origins' | 'owners', order: string): T[] =>
  db.pluck<string>(`SELECT data FROM ${table} ORDER BY ${order}`).map((d) => parsed<T>(d));

export const listDestinations = (db: ReadableDB) =>
  listAll<DestinationRecord>(db, 'destinations', 'name COLLATE NOCASE, id');
export const listOrigins = (db: ReadableDB) => listAll<OriginRecord>(db, 'origins', 'name COLLATE NOCASE, id');
export const listOwners = (db: ReadableDB) => listAll<OwnerRecord>(db, 'owners', 'name COLLATE NOCASE, id');

export function listCosts(db: ReadableDB, ownerId?: number): CostRecord[] {
  const rows =
    ownerId === undefined
      ? db.pluck<string>('SELECT data FROM costs ORDER BY id')
      : db.pluck<string>('SELECT data FROM costs WHERE owner_id = ? ORDER BY id', [ownerId]);
  return rows.map((d) => parsed<CostRecord>(d));
}

export interface AdminFilter {
  /** Part of the name or user name (any case). */
  q?: string | undefined;
  department?: string | undefined;
  active?: boolean | undefined;
}

/**
 * Intranet users with their unsent-change mark (edits go through the outbox),
 * grouped by department in the spec's order (others after), then by name. A
 * business has tens of them: filtered here, after reading the table.
 */
export function listAdmins(db: ReadableDB, f: AdminFilter = {}): AdminRecord[] {
  const q = f.q?.trim().toLocaleLowerCase() ?? '';
  const order = (d: string) => {
    const i = (DEPARTMENTS as readonly string[]).indexOf(d);
    return i < 0 ? DEPARTMENTS.length : i;
  };
  const full = (a: AdminRecord) => `${a.name} ${a.last_name}`.trim();
  return db
    .all<{ data: string; outbox_mark: string | null }>('SELECT data, outbox_mark FROM admins')
    .map((r) => withMark<AdminRecord>(r.data, r.outbox_mark))
    .filter((a) => f.department === undefined || a.department === f.department)
    .filter((a) => f.active === undefined || a.active === f.active)
    .filter((a) => !q || `${full(a)} ${a.username}`.toLocaleLowerCase().includes(q))
    .sort(
      (a, b) =>
        order(a.department) - order(b.department) ||
        a.department.localeCompare(b.department) ||
        full(a).localeCompare(full(b)) ||
        a.username.localeCompare(b.username),
    );
}

/** One intranet user by server id, with its mark (null when not cached or keyed by user name only). */
export function getAdmin(db: ReadableDB, id: number): AdminRecord | null {
  const r = db.get<{ data: string; outbox_mark: string | null }>('SELECT data, outbox_mark FROM admins WHERE id = ?', [
    id,
  ]);
  return r ? withMark<AdminRecord>(r.data, r.outbox_mark) : null;
}

export function listCustomerTypes(db: ReadableDB): { id: number; name: string }[] {
  return db.all<{ id: number; name: string }>('SELECT id, name FROM customer_types ORDER BY id');
}

/** Daily prices of one rate over [from, to]. */
export function listPrices(db: ReadableDB, rateId: number, from: string, to: string): PriceRecord[] {
  return db
    .rows(
      'SELECT rate_id, date, min_days, max_days, price, active, cta, ctd FROM prices WHERE rate_id = ? AND date BETWEEN ? AND ? ORDER BY date',
      [rateId, from, to],
    )
    .map(([rate_id, date, min_days, max_days, price, active, cta, ctd]) => ({
      rate_id: rate_id as number,
      date: date as string,
      min_days: min_days as number | null,
      max_days: max_days as number | null,
      price: price as number,
      active: active === 1,
      cta: cta === 1,
      ctd: ctd === 1,
    }));
}
