// Where sync jobs come from: the fixed jobs (listings, reference lists,
// rates), the date-window lists (for all listings at once when the server
// allows it, else per listing), per-listing jobs (photos, availability,
// prices) and per-booking jobs (customer + guests, threads) — near bookings
// all, the rest picked by SQL, oldest first, so 100k bookings never become
// 100k objects per planning round.
import type { Interest } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import type { SyncStateRow } from '../cache/state';
import { LIVE_STATES, addDays } from '../cache/queries';
import {
  REFERENCE_RESOURCES,
  WINDOW_RESOURCES,
  identify,
  jobKey,
  type JobSpec,
  type Tier,
  type WindowResource,
  type Windows,
} from './jobs';
import type { Policy } from './policy';

/** What the server turned out to accept (probed once, remembered in the cache's meta table). */
export interface Capabilities {
  /** Window lists (bookings, tasks, incidents, blocks) answer for every listing when listing_id is left out. */
  globalLists: boolean;
  /** GET /rates without an id lists every rate. */
  globalRates: boolean;
}

export interface Candidate {
  spec: JobSpec;
  tier: Tier;
  maxAge: number;
  cost: number;
  /** A far booking's per-booking job for an arrival in the next FORTNIGHT_DAYS. */
  fortnight?: boolean;
}

/** The days ahead whose arrivals the person prepares for: their guests and messages come first in the deep fill. */
export const FORTNIGHT_DAYS = 14;

export function windowsFor(today: string, p: Policy): Windows {
  return {
    today,
    near: { from: addDays(today, -p.nearDaysBefore), to: addDays(today, p.nearDaysAfter) },
    full: { from: addDays(today, -p.pastDays), to: addDays(today, p.horizonDays) },
    incidents: { from: addDays(today, -p.incidentPastDays), to: addDays(today, p.horizonDays) },
    incidentsDeep: { from: addDays(today, -p.incidentDeepDays), to: addDays(today, -p.incidentPastDays - 1) },
    ahead: { from: today, to: addDays(today, p.horizonDays) },
  };
}

/** Window resources each screen shows: their lists are refreshed as "on screen". */
const SCREEN_RESOURCES: Partial<Record<Interest['screen'], readonly WindowResource[]>> = {
  today: ['bookings', 'cleaning', 'maintenance', 'incidents'],
  cleaning: ['cleaning'],
  maintenance: ['maintenance'],
  incidents: ['incidents'],
  arrivals: ['bookings'],
  calendar: ['bookings', 'blocks'],
};
const MAX_SCREEN_LISTINGS = 50;

export interface ListingRow {
  id: number;
  mu: number;
}

export interface RateRow {
  rate_id: number;
  listing_id: number | null;
}

/** The listings and rates the server knows, of which the per-listing and per-rate jobs are made. */
export interface Owners {
  listings: readonly ListingRow[];
  rates: readonly RateRow[];
}

/** The listings and rates to read from the server: a listing or rate made here (local, negative id) has nothing there yet. */
export function readOwners(db: ReadableDB): Owners {
  return {
    listings: db.all<ListingRow>('SELECT id, mu FROM listings WHERE id > 0 ORDER BY id'),
    rates: db.all<RateRow>('SELECT rate_id, listing_id FROM rates WHERE rate_id > 0 ORDER BY rate_id'),
  };
}

/** Every job whose count is bounded by the number of listings and rates (what is on screen: screenJobs). */
export function listingJobs(db: ReadableDB, w: Windows, p: Policy, caps: Capabilities, owners: Owners): Candidate[] {
  const out: Candidate[] = [];
  const add = (spec: JobSpec, tier: Tier, maxAge: number, cost = 1) => out.push({ spec, tier, maxAge, cost });
  const { listings, rates } = owners;
  const listingCount = listings.length;

  add({ kind: 'listings' }, 'reference', p.maxAge.listings, Math.max(1, Math.ceil(listingCount / 100)));
  for (const resource of REFERENCE_RESOURCES) add({ kind: 'reference', resource }, 'reference', p.maxAge.reference);
  if (caps.globalRates) add({ kind: 'rates', listingId: null }, 'reference', p.maxAge.reference);

  // Listings "active near today": something happens there in the near window (per-listing mode only).
  const nearListings = caps.globalLists
    ? new Set<number>()
    : new Set(
        db.pluck<number>(
          `SELECT listing_id FROM bookings WHERE start_date BETWEEN ? AND ? OR end_date BETWEEN ? AND ?
           UNION SELECT listing_id FROM cleaning WHERE date BETWEEN ? AND ?
           UNION SELECT listing_id FROM maintenance WHERE date BETWEEN ? AND ?`,
          [w.near.from, w.near.to, w.near.from, w.near.to, w.near.from, w.near.to, w.near.from, w.near.to],
        ),
      );
  const windowOf = (r: WindowResource) => (r === 'incidents' ? w.incidents : w.full);
  for (const resource of WINDOW_RESOURCES) {
    if (caps.globalLists) {
      add({ kind: 'window', resource, listingId: null, ...w.near }, 'near', p.maxAge.near);
      add({ kind: 'window', resource, listingId: null, ...windowOf(resource) }, 'far', p.maxAge.far);
      if (resource === 'incidents')
        add({ kind: 'window', resource, listingId: null, ...w.incidentsDeep }, 'far', p.maxAge.incidentsDeep);
    } else {
      for (const l of listings) {
        if (nearListings.has(l.id))
          add({ kind: 'window', resource, listingId: l.id, ...w.near }, 'near', p.maxAge.near);
        add({ kind: 'window', resource, listingId: l.id, ...windowOf(resource) }, 'far', p.maxAge.far);
        if (resource === 'incidents')
          add({ kind: 'window', resource, listingId: l.id, ...w.incidentsDeep }, 'far', p.maxAge.incidentsDeep);
      }
    }
  }

  for (const l of listings) {
    add({ kind: 'photos', listingId: l.id }, 'far', p.maxAge.photos);
    add({ kind: 'availability', listingId: l.id, mu: l.mu === 1, ...w.ahead }, 'far', p.maxAge.availability);
    if (!caps.globalRates) add({ kind: 'rates', listingId: l.id }, 'far', p.maxAge.reference);
  }
  for (const r of rates)
    add({ kind: 'prices', rateId: r.rate_id, listingId: r.listing_id, ...w.ahead }, 'far', p.maxAge.prices);

  return out;
}

/**
 * The bookings a screen shows, by the numbers the server knows them by. A page opened on a
 * booking taken here asks for its local (negative) number: once the server has adopted it,
 * that is the server's number (the outbox's id map); until then there is nothing to read —
 * no request ever carries a local id. At most 500, in the order asked.
 */
export function serverBookingNumbers(db: ReadableDB, asked: readonly number[]): number[] {
  const local = asked.filter((n) => n < 0);
  const adopted = new Map<number, number>();
  if (local.length && db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`))
    for (const [l, s] of db.rows(
      `SELECT local_id, server_id FROM outbox_ids WHERE resource = 'bookings'
         AND local_id IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(local)],
    ))
      adopted.set(l as number, s as number);
  const out = new Set<number>();
  for (const n of asked.slice(0, 500)) {
    const server = n < 0 ? adopted.get(n) : n;
    if (server !== undefined && server > 0) out.add(server);
  }
  return [...out];
}

/** Jobs for what is on screen, refreshed first and more often. */
export function screenJobs(
  db: ReadableDB,
  listings: readonly ListingRow[],
  rates: readonly RateRow[],
  w: Windows,
  p: Policy,
  caps: Capabilities,
  interest: Interest,
): Candidate[] {
  const out: Candidate[] = [];
  const from = interest.from ?? w.near.from;
  const to = interest.to && interest.to >= from ? interest.to : addDays(from, 2);
  const ids = (interest.listingIds ?? []).slice(0, MAX_SCREEN_LISTINGS);
  const known = new Map(listings.map((l) => [l.id, l]));
  for (const resource of SCREEN_RESOURCES[interest.screen] ?? []) {
    if (caps.globalLists)
      out.push({
        spec: { kind: 'window', resource, listingId: null, from, to },
        tier: 'onScreen',
        maxAge: p.maxAge.onScreen,
        cost: 1,
      });
    else
      for (const id of ids)
        out.push({
          spec: { kind: 'window', resource, listingId: id, from, to },
          tier: 'onScreen',
          maxAge: p.maxAge.onScreen,
          cost: 1,
        });
  }
  for (const id of ids) {
    const l = known.get(id);
    if (!l) continue;
    if (interest.screen === 'calendar')
      out.push({
        spec: { kind: 'availability', listingId: id, mu: l.mu === 1, ...w.ahead },
        tier: 'onScreen',
        maxAge: p.maxAge.near,
        cost: 1,
      });
    if (interest.screen !== 'listing') continue;
    out.push({ spec: { kind: 'photos', listingId: id }, tier: 'onScreen', maxAge: p.maxAge.near, cost: 1 });
    // The listing's page and its Prices: its rates and their prices come with the screen, not with the deep
    // fill (a price can be set only on a day whose prices were received; a listing just made here has none).
    if (!caps.globalRates)
      out.push({ spec: { kind: 'rates', listingId: id }, tier: 'onScreen', maxAge: p.maxAge.near, cost: 1 });
    for (const r of rates.filter((x) => x.listing_id === id))
      out.push({
        spec: { kind: 'prices', rateId: r.rate_id, listingId: id, ...w.ahead },
        tier: 'onScreen',
        maxAge: p.maxAge.near,
        cost: 1,
      });
  }
  const bookingJob = interest.screen === 'booking' ? 'booking' : 'bundle';
  for (const n of serverBookingNumbers(db, interest.bookingNumbers ?? [])) {
    out.push({ spec: { kind: bookingJob, bookingNumber: n }, tier: 'onScreen', maxAge: p.maxAge.onScreen, cost: 1 });
    if (interest.screen === 'booking')
      out.push({ spec: { kind: 'threads', bookingNumber: n }, tier: 'onScreen', maxAge: p.maxAge.onScreen, cost: 1 });
  }
  return out;
}

const LIVE = `(${LIVE_STATES.join(', ')})`;

/**
 * Bookings arriving or leaving today or tomorrow, or in house today: today's
 * arrivals first (their guests are on the Today board), then tomorrow's, then
 * the rest. The planner keeps this order among jobs of equal score, so on a
 * first sign-in (every job never fetched) the board's guests come first.
 */
export function nearBookings(db: ReadableDB, w: Windows, longestStay: number): number[] {
  const tomorrow = addDays(w.today, 1);
  // Three indexed range scans rather than one OR (which would scan the table).
  return db.pluck<number>(
    `SELECT booking_number FROM (
       SELECT booking_number, CASE WHEN start_date = ? THEN 0 ELSE 1 END AS rank FROM bookings
        WHERE start_date BETWEEN ? AND ? AND state IN ${LIVE}
       UNION ALL SELECT booking_number, 2 FROM bookings WHERE end_date BETWEEN ? AND ? AND state IN ${LIVE}
       UNION ALL SELECT booking_number, 2 FROM bookings
        WHERE start_date BETWEEN ? AND ? AND end_date > ? AND state IN ${LIVE})
     WHERE booking_number > 0
     GROUP BY booking_number ORDER BY min(rank), booking_number`,
    [w.today, w.today, tomorrow, w.today, tomorrow, addDays(w.today, -longestStay), w.today, w.today],
  );
}

/** Customer + guests of every near booking, then their threads (the board shows guests, not messages). */
export function nearBookingJobs(numbers: readonly number[], p: Policy): Candidate[] {
  const out: Candidate[] = [];
  for (const n of numbers)
    out.push({ spec: { kind: 'bundle', bookingNumber: n }, tier: 'near', maxAge: p.maxAge.nearBooking, cost: 1 });
  for (const n of numbers)
    out.push({ spec: { kind: 'threads', bookingNumber: n }, tier: 'near', maxAge: p.maxAge.nearThreads, cost: 1 });
  return out;
}

/**
 * The stalest far bookings (live, in the full window) for one per-booking
 * resource: never fetched first, then oldest. `olderThan` is the fetch time
 * below which a booking is due; `failedBefore` the attempt time below which a
 * failed fetch is tried again (the policy's failure back-off: a booking whose
 * fetch failed in an outage comes back a minute later, not a week). Read from booking_freshness (migration 14):
 * one range of its key (state, end_date) per live state, no per-booking
 * look-up in sync_state. `+start_date` keeps SQLite off the arrivals index,
 * which would read the whole window's rows twice (index, then table).
 */
export function farBookingJobs(
  db: ReadableDB,
  w: Windows,
  p: Policy,
  kind: 'bundle' | 'threads',
  olderThan: number,
  limit: number,
  failedBefore: number,
): Candidate[] {
  const [at, failed] = FRESHNESS_COLUMNS[kind === 'bundle' ? 'guests' : 'threads'];
  const rows = db.all<{ n: number; start: string }>(
    `SELECT booking_number AS n, start_date AS start FROM booking_freshness
     WHERE end_date >= ? AND +start_date BETWEEN ? AND ? AND state IN ${LIVE} AND booking_number > 0
       AND (${at} IS NULL OR ${at} < ?) AND (${failed} IS NULL OR ${failed} < ?)
     ORDER BY ${at} IS NOT NULL, ${at}, +start_date < ?, start_date LIMIT ?`,
    [w.full.from, addDays(w.full.from, -400), w.full.to, olderThan, failedBefore, w.today, limit],
  );
  const soon = addDays(w.today, FORTNIGHT_DAYS - 1);
  return rows.map((r) => ({
    spec: { kind, bookingNumber: r.n },
    tier: 'far',
    maxAge: p.maxAge.farBooking,
    cost: 1,
    ...(r.start >= w.today && r.start <= soon ? { fortnight: true } : {}),
  }));
}

/** booking_freshness's columns per per-booking resource: last fetch, and the standing failed attempt. */
const FRESHNESS_COLUMNS = {
  guests: ['guests_at', 'guests_failed_at'],
  threads: ['threads_at', 'threads_failed_at'],
} as const;

/**
 * The customer + guests and threads fetch states of some bookings, read from booking_freshness by
 * booking number (an integer seek each, half the look-ups of sync_state's text keys, and a narrow
 * row): as sync_state rows, one per resource ever fetched or failed. A standing failure reads as
 * attempted at its time with an error.
 */
export function bookingFetchStates(db: ReadableDB, numbers: readonly number[]): Omit<SyncStateRow, 'records'>[] {
  if (numbers.length === 0) return [];
  const rows = db.all<Record<'n' | 'guests_at' | 'guests_failed_at' | 'threads_at' | 'threads_failed_at', number>>(
    `SELECT booking_number AS n, guests_at, guests_failed_at, threads_at, threads_failed_at FROM booking_freshness
     WHERE booking_number IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(numbers)],
  );
  const out: Omit<SyncStateRow, 'records'>[] = [];
  for (const r of rows)
    for (const resource of ['guests', 'threads'] as const) {
      const [at, failed] = FRESHNESS_COLUMNS[resource];
      const fetched = r[at] ?? null;
      const failedAt = r[failed] ?? null;
      if (fetched === null && failedAt === null) continue;
      out.push({
        resource,
        scope: `booking:${r.n}`,
        win: '',
        fetched_at: fetched,
        attempted_at: failedAt,
        // booking_freshness keeps that the last attempt's error stands, not its text.
        error: failedAt === null ? null : 'failed',
      });
    }
  return out;
}

/** The far bookings at a glance: how many per-booking jobs exist, and per resource how many never fetched and the oldest fetch. */
export interface FarBookingSummary {
  /** Live bookings in the full window. */
  count: number;
  /** `oldest` is null while some were never fetched. */
  guests: { never: number; oldest: number | null };
  threads: { never: number; oldest: number | null };
}

/**
 * The far-booking summary in ONE range of booking_freshness's key (the three
 * figures were three scans of the year's bookings). Bookings starting before
 * the window's first day less `longestStay` are not counted (none is live in
 * the window); the never / oldest figures look at every live one.
 */
export function farBookingSummary(db: ReadableDB, w: Windows, longestStay = 400): FarBookingSummary {
  const r = db.get<Record<'n' | 'gNever' | 'gOldest' | 'tNever' | 'tOldest', number | null>>(
    `SELECT sum(start_date >= ?) AS n,
       sum(guests_at IS NULL) AS gNever, min(guests_at) AS gOldest,
       sum(threads_at IS NULL) AS tNever, min(threads_at) AS tOldest
     FROM booking_freshness
     WHERE end_date >= ? AND +start_date <= ? AND state IN ${LIVE} AND booking_number > 0`,
    [addDays(w.full.from, -longestStay), w.full.from, w.full.to],
  );
  const part = (never: number | null | undefined, oldest: number | null | undefined) => ({
    never: never ?? 0,
    oldest: (never ?? 0) > 0 ? null : (oldest ?? null),
  });
  return { count: r?.n ?? 0, guests: part(r?.gNever, r?.gOldest), threads: part(r?.tNever, r?.tOldest) };
}

/** Live bookings in the full window (how many per-booking jobs exist at the far tier). */
export const farBookingCount = (db: ReadableDB, w: Windows, longestStay = 400): number =>
  farBookingSummary(db, w, longestStay).count;

/**
 * The next 14 days' people: live bookings arriving in [today, today + 13], and
 * how many of them have had their customer and guests received. One range of
 * the index booking_freshness_arrivals (migration 14).
 */
export function fortnightGuests(db: ReadableDB, w: Windows): { done: number; total: number } {
  const r = db.get<{ total: number; done: number }>(
    `SELECT count(*) AS total, count(guests_at) AS done FROM booking_freshness
     WHERE start_date BETWEEN ? AND ? AND state IN ${LIVE}`,
    [w.today, addDays(w.today, FORTNIGHT_DAYS - 1)],
  );
  return { done: r?.done ?? 0, total: r?.total ?? 0 };
}

export { identify, jobKey };
