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
import type { ReadableDB } from '../db';
import { Where, marked, markedById, parsed } from './common';

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
  return {
    listing,
    photos,
    rates,
    owner: listing.owner_id === null ? null : markedById<OwnerRecord>(db, 'owners', listing.owner_id),
    destination:
      listing.destination === null ? null : markedById<DestinationRecord>(db, 'destinations', listing.destination),
  };
}

const listAll = <T>(db: ReadableDB, table: 'destinations' | 'origins' | 'owners', order: string): T[] =>
  db.pluck<string>(`SELECT data FROM ${table} ORDER BY ${order}`).map((d) => parsed<T>(d));

// Owners, costs and destinations are edited through the outbox: each carries its mark.
export const listDestinations = (db: ReadableDB) =>
  marked<DestinationRecord>(db, 'SELECT data, outbox_mark FROM destinations ORDER BY name COLLATE NOCASE, id', []);
export const listOrigins = (db: ReadableDB) => listAll<OriginRecord>(db, 'origins', 'name COLLATE NOCASE, id');
export const listOwners = (db: ReadableDB) =>
  marked<OwnerRecord>(db, 'SELECT data, outbox_mark FROM owners ORDER BY name COLLATE NOCASE, id', []);

/** Costs, with the Costs screen's filters: owner, concept (contains, any case), amount range. */
export function listCosts(
  db: ReadableDB,
  f: number | { ownerId?: number; concept?: string; minAmount?: number; maxAmount?: number } = {},
): CostRecord[] {
  const { ownerId, concept, minAmount, maxAmount } = typeof f === 'number' ? { ownerId: f } : f;
  const w = new Where().equals('owner_id', ownerId);
  if (concept?.trim())
    w.add("lower(coalesce(json_extract(data, '$.concept'), '')) LIKE ?", `%${concept.trim().toLowerCase()}%`);
  if (minAmount !== undefined) w.add("json_extract(data, '$.amount') >= ?", minAmount);
  if (maxAmount !== undefined) w.add("json_extract(data, '$.amount') <= ?", maxAmount);
  return marked<CostRecord>(
    db,
    `SELECT data, outbox_mark FROM costs ${w.sql ? `WHERE ${w.sql}` : ''} ORDER BY id`,
    w.params,
  );
}

export function listAdmins(db: ReadableDB): AdminRecord[] {
  return db
    .pluck<string>('SELECT data FROM admins ORDER BY username COLLATE NOCASE')
    .map((d) => parsed<AdminRecord>(d));
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
