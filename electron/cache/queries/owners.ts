// Owners, their costs and destinations as the Owners, Costs and Destinations screens read them, and an
// owner's account and month. THE choice about dates: the API gives a cost no date (its overview shows
// id, owner, concept, amount; its detail the owner's shape), so costs are totalled per concept and never
// per month — a month Stayboard would make up (the month a cost was first synced, say) would tell the
// person when a cost happened, which nobody knows. A month's statement takes its nights from the cached
// bookings and lists the owner's costs as undated.
import type {
  CostRecord,
  DestinationRecord,
  OwnerAccount,
  OwnerRecord,
  OwnerStatement,
} from '../../../shared/contract';
import { addDays, daysBetween } from '../../../shared/dates';
import type { ReadableDB } from '../db';
import { fetchedCovering } from '../state';
import { LIVE_STATES_SQL, markedById } from './common';
import { withNameTextsOf } from './destination-texts';
import { listCosts } from './listings';

export const getOwner = (db: ReadableDB, id: number) => markedById<OwnerRecord>(db, 'owners', id);
export const getCost = (db: ReadableDB, id: number) => markedById<CostRecord>(db, 'costs', id);
export const getDestination = (db: ReadableDB, id: number) =>
  withNameTextsOf(db, markedById<DestinationRecord>(db, 'destinations', id));

function listingsOf(db: ReadableDB, ownerId: number) {
  return db.all<{ id: number; name: string; city: string }>(
    `SELECT id, name, coalesce(city, '') AS city FROM listings
     WHERE owner_id = ? ORDER BY name COLLATE NOCASE, id`,
    [ownerId],
  );
}

const cents = (n: number) => Math.round(n * 100) / 100;

export function ownerAccount(db: ReadableDB, ownerId: number): OwnerAccount | null {
  if (!getOwner(db, ownerId)) return null;
  const costs = listCosts(db, ownerId);
  const byConcept = new Map<string, { concept: string; count: number; total: number }>();
  for (const c of costs) {
    const concept = c.concept ?? '';
    const row = byConcept.get(concept) ?? { concept, count: 0, total: 0 };
    row.count += 1;
    row.total = cents(row.total + (c.amount ?? 0));
    byConcept.set(concept, row);
  }
  return {
    listings: listingsOf(db, ownerId),
    costs,
    byConcept: [...byConcept.values()].sort((a, b) => b.total - a.total || a.concept.localeCompare(b.concept)),
    total: cents(costs.reduce((s, c) => s + (c.amount ?? 0), 0)),
  };
}

/** The first and last day of a month "YYYY-MM". */
export function monthDays(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first, last: addDays(next, -1) };
}

export function ownerStatement(db: ReadableDB, ownerId: number, month: string): OwnerStatement | null {
  const owner = getOwner(db, ownerId);
  if (!owner) return null;
  const { first, last } = monthDays(month);
  const end = addDays(last, 1);
  const listings = listingsOf(db, ownerId).map((l) => {
    // Nights of stays that hold the listing (the calendar-blocking states), clipped to the month.
    const stays = db.all<{ start_date: string; end_date: string }>(
      `SELECT start_date, end_date FROM bookings
       WHERE listing_id = ? AND state IN ${LIVE_STATES_SQL} AND start_date < ? AND end_date > ?`,
      [l.id, end, first],
    );
    const nights = stays.reduce(
      (n, s) => n + daysBetween(s.start_date < first ? first : s.start_date, s.end_date > end ? end : s.end_date),
      0,
    );
    return { ...l, nights, stays: stays.length };
  });
  const scopes = ['all', ...listings.map((l) => `listing:${l.id}`)];
  const costs = listCosts(db, ownerId);
  return {
    owner,
    month,
    listings,
    nights: listings.reduce((n, l) => n + l.nights, 0),
    bookingsAsOf: listings.length ? fetchedCovering(db, 'bookings', first, last, scopes) : null,
    costs,
    costsTotal: cents(costs.reduce((s, c) => s + (c.amount ?? 0), 0)),
  };
}
