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
  RateRecord,
} from '../../../shared/contract';
import { DEPARTMENTS } from '../../../shared/api';
import type { ReadableDB } from '../db';
import { recordOf } from '../tables';
import { languageShown } from '../../../shared/domain/lang-text';
import { Where, likeText, markOf, marked, markedById, parsed } from './common';
import { withNameTexts, withNameTextsOf } from './destination-texts';

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
    const t = likeText(text);
    where.add(
      `(name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR city LIKE ? ESCAPE '\\')`,
      `${t}%`,
      `% ${t}%`,
      `${t}%`,
    );
  }
  return db
    .rows(
      `SELECT ${SUMMARY_COLUMNS}, outbox_mark FROM listings ${where.sql ? `WHERE ${where.sql}` : ''} ORDER BY sort_key, id`,
      where.params,
    )
    .map((r) => ({ ...summaryFromRow(r), outbox: markOf(r[12]) }));
}

export function listingSummaryById(db: ReadableDB, id: number): ListingSummary | null {
  const r = db.rows(`SELECT ${SUMMARY_COLUMNS} FROM listings WHERE id = ?`, [id])[0];
  return r ? summaryFromRow(r) : null;
}

/** A listing's rates, first rate first (the detail, the quotes and the live availability question read them). */
export function ratesOf(db: ReadableDB, listingId: number): RateRecord[] {
  return db
    .pluck<string>(`SELECT ${recordOf('rates')} FROM rates WHERE listing_id = ? ORDER BY rate_id`, [listingId])
    .map((d) => parsed<RateRecord>(d));
}

/**
 * The texts per language I wrote for a listing whose change is settled (table listing_texts, by its id or
 * the local id it had), as long as the server still shows one of them — else they are stale (the server's
 * text changed since, or my change was discarded) and the record shows only the server's string.
 */
function withTexts(db: ReadableDB, listing: Omit<ListingRecord, 'outbox'>): void {
  // A cache opened without the outbox (read-only tools) has no local ids to follow.
  const withOutbox = db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`);
  const rows = db.rows(
    withOutbox
      ? `SELECT field, texts FROM listing_texts WHERE listing_id = ? OR listing_id IN
           (SELECT local_id FROM outbox_ids WHERE resource = 'listings' AND server_id = ?) ORDER BY listing_id DESC`
      : 'SELECT field, texts FROM listing_texts WHERE listing_id = ? AND ? IS NOT NULL',
    [listing.id, listing.id],
  );
  for (const [field, json] of rows as [string, string][]) {
    if (field !== 'description' && field !== 'short_description') continue;
    const key = `${field}_texts` as const;
    if (listing[key]) continue;
    const texts = parsed<Record<string, string>>(json);
    if (languageShown(texts, listing[field]) !== null) listing[key] = texts;
  }
}

export function getListingDetail(db: ReadableDB, asked: number): ListingDetail | null {
  // A listing created offline keeps answering to its local id once the server has it.
  const id =
    asked < 0 && db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`)
      ? (db.get<{ server_id: number }>(
          `SELECT server_id FROM outbox_ids WHERE resource = 'listings' AND local_id = ?`,
          [asked],
        )?.server_id ?? asked)
      : asked;
  const listing = markedById<Omit<ListingRecord, 'outbox'>>(db, 'listings', id);
  if (!listing) return null;
  withTexts(db, listing);
  const photos = marked<PhotoRecord>(
    db,
    `SELECT ${recordOf('photos')} AS data, outbox_mark FROM photos WHERE listing_id = ? ORDER BY position, id`,
    [id],
  );
  const rates = ratesOf(db, id);
  return {
    listing,
    photos,
    rates,
    owner: listing.owner_id === null ? null : markedById<OwnerRecord>(db, 'owners', listing.owner_id),
    destination:
      listing.destination === null
        ? null
        : withNameTextsOf(db, markedById<DestinationRecord>(db, 'destinations', listing.destination)),
  };
}

const listAll = <T>(db: ReadableDB, table: 'destinations' | 'origins' | 'owners', order: string): T[] =>
  db.pluck<string>(`SELECT ${recordOf(table)} FROM ${table} ORDER BY ${order}`).map((d) => parsed<T>(d));

// Owners, costs and destinations are edited through the outbox: each carries its mark.
export const listDestinations = (db: ReadableDB) =>
  withNameTexts(
    db,
    marked<DestinationRecord>(
      db,
      `SELECT ${recordOf('destinations')} AS data, outbox_mark FROM destinations ORDER BY name COLLATE NOCASE, id`,
      [],
    ),
  );
export const listOrigins = (db: ReadableDB) => listAll<OriginRecord>(db, 'origins', 'name COLLATE NOCASE, id');
export const listOwners = (db: ReadableDB) =>
  marked<OwnerRecord>(
    db,
    `SELECT ${recordOf('owners')} AS data, outbox_mark FROM owners ORDER BY name COLLATE NOCASE, id`,
    [],
  );

/** Costs, with the Costs screen's filters: owner, concept (contains, any case), amount range. */
export function listCosts(
  db: ReadableDB,
  f: number | { ownerId?: number; concept?: string; minAmount?: number; maxAmount?: number } = {},
): CostRecord[] {
  const { ownerId, concept, minAmount, maxAmount } = typeof f === 'number' ? { ownerId: f } : f;
  const w = new Where().equals('owner_id', ownerId);
  if (concept?.trim()) w.like("lower(coalesce(json_extract(data, '$.concept'), ''))", concept.trim().toLowerCase());
  if (minAmount !== undefined) w.add("json_extract(data, '$.amount') >= ?", minAmount);
  if (maxAmount !== undefined) w.add("json_extract(data, '$.amount') <= ?", maxAmount);
  return marked<CostRecord>(
    db,
    `SELECT ${recordOf('costs')} AS data, outbox_mark FROM costs ${w.sql ? `WHERE ${w.sql}` : ''} ORDER BY id`,
    w.params,
  );
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
  return marked<AdminRecord>(db, `SELECT ${recordOf('admins')} AS data, outbox_mark FROM admins`, [])
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
  return markedById<AdminRecord>(db, 'admins', id);
}

export function listCustomerTypes(db: ReadableDB): { id: number; name: string }[] {
  return db.all<{ id: number; name: string }>('SELECT id, name FROM customer_types ORDER BY id');
}
