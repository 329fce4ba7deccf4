// The supervisor's day board: for one date, per listing, departures →
// cleaning → maintenance → arrivals, open incidents, and whether the listing
// is ready for its arrival. Three indexed equality scans on the date (each
// returns only that day's rows, from typed columns: no JSON is parsed), plus
// the listing directory and the open incidents kept in memory until their
// tables change — ≈ 1 ms for 1,000 listings and a year of bookings and tasks
// (`npm run bench`, reads suite, which also logs where the time goes).
import type {
  BoardDay,
  BoardBooking,
  BoardMaintenance,
  BoardRow,
  CleaningRecord,
  IncidentRecord,
  ListingSummary,
  ReadinessBlocker,
} from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { deepFreeze, memo } from '../versions';
import { LIVE_STATES_SQL, markOf, withMark } from './common';
import { SUMMARY_COLUMNS, summaryFromRow } from './listings';
import { OVERLAP_SQL, overbookedAmong } from './overbooking';

/** Cleaning status meaning "done" (CLEANING_STATUSES in shared/api). */
const CLEANING_DONE = 2;
const URGENT = 4;

export interface BoardFilter {
  date: string;
  city?: string;
  destination?: number;
  cleaningStatus?: readonly number[];
  inspected?: boolean;
  hasIncident?: boolean;
  /** Default true: only listings with something happening that day. */
  onlyActive?: boolean;
}

interface Acc {
  departures: BoardBooking[];
  cleaning: CleaningRecord[];
  maintenance: BoardMaintenance[];
  arrivals: BoardBooking[];
  incidents: IncidentRecord[];
  /** Activity that day (incidents alone do not make a listing active). */
  active: boolean;
}

export function boardDay(db: ReadableDB, f: BoardFilter): BoardDay {
  const day = f.date;
  const acc = new Map<number, Acc>();
  const slot = (listingId: number | null): Acc | null => {
    if (listingId === null) return null;
    let a = acc.get(listingId);
    if (!a) {
      a = { departures: [], cleaning: [], maintenance: [], arrivals: [], incidents: [], active: false };
      acc.set(listingId, a);
    }
    return a;
  };

  // Arrivals and departures in one statement (SQLite unions the two date
  // indexes), read from typed columns: no booking JSON is parsed (migration 004),
  // no customer row is looked up (migration 007).
  // Only arrivals count their registered guests, and only arrivals carry the
  // overbooked flag on the board (one indexed seek each): what reception must
  // know before the guest comes. Departures show it on their booking page.
  const candidates: BoardBooking[] = [];
  for (const r of db.rows(
    `SELECT b.listing_id, b.booking_number, b.state, b.start_date, b.end_date, b.adults, b.children,
       b.arrival_time, b.departure_time, b.outbox_mark,
       b.customer_name,
       CASE WHEN b.start_date = ? THEN (SELECT count(*) FROM guests g WHERE g.booking_number = b.booking_number) ELSE 0 END,
       CASE WHEN b.start_date = ? THEN ${OVERLAP_SQL} ELSE 0 END
     FROM bookings b
     WHERE (b.end_date = ? OR b.start_date = ?) AND b.state IN ${LIVE_STATES_SQL}`,
    [day, day, day, day],
  )) {
    const a = slot(r[0] as number | null);
    if (!a) continue;
    const b: BoardBooking = {
      booking_number: r[1] as number,
      listing_id: r[0] as number,
      state: r[2] as number,
      start_date: r[3] as string,
      end_date: r[4] as string,
      adults: r[5] as number,
      children: r[6] as number,
      arrival_time: r[7] as string | null,
      departure_time: r[8] as string | null,
      outbox: markOf(r[9]),
      customer_name: (r[10] as string | null) || null,
      guests_registered: r[11] as number,
      overbooked: r[12] === 1,
    };
    if (b.overbooked) candidates.push(b);
    // A same-day stay (start = end) is both.
    if (b.end_date === day) a.departures.push(b);
    if (b.start_date === day) a.arrivals.push(b);
    a.active = true;
  }
  // A multi-unit listing's stays are overbooked only beyond its units.
  if (candidates.length) {
    const sure = overbookedAmong(db, candidates);
    for (const b of candidates) b.overbooked = sure.has(b.booking_number);
  }
  // Tasks from their columns too (migration 008): no JSON parsed. Each query selects
  // listing_id, id, booking_id, inspected first (`taskOf`), then its kind's own columns.
  const taskOf = (r: unknown[]) => ({
    id: r[1] as number,
    listing_id: r[0] as number,
    booking_id: r[2] as number | null,
    date: day,
    inspected: r[3] === 1,
  });
  const eachTask = (table: 'cleaning' | 'maintenance', columns: string, add: (a: Acc, r: unknown[]) => void) => {
    const query = `SELECT listing_id, id, booking_id, inspected, ${columns} FROM ${table} WHERE date = ?`;
    for (const r of db.rows(query, [day])) {
      const a = slot(r[0] as number | null);
      if (!a) continue;
      add(a, r);
      a.active = true;
    }
  };
  eachTask('cleaning', 'status, time, duration, notes, outbox_mark', (a, r) =>
    a.cleaning.push({
      ...taskOf(r),
      status: r[4] as number,
      time: r[5] as string | null,
      duration: r[6] as string | null,
      notes: r[7] as string,
      outbox: markOf(r[8]),
    }),
  );
  eachTask('maintenance', 'type, hour, notes, outbox_mark', (a, r) =>
    a.maintenance.push({
      ...taskOf(r),
      type: r[4] as number,
      hour: r[5] as string | null,
      notes: r[6] as string,
      outbox: markOf(r[7]),
    }),
  );
  // Open incidents reported up to the end of that day, per listing still unfinished
  // (from the in-memory copy of all open incidents, rebuilt when incidents change).
  const onlyActive = f.onlyActive !== false;
  const dayEnd = `${day}~`;
  for (const [listingId, open] of openIncidents(db)) {
    const a = onlyActive ? acc.get(listingId) : slot(listingId);
    if (!a) continue;
    for (const o of open) if (o.date < dayEnd) a.incidents.push(o.record);
  }

  const listings = selectListings(db, f, acc);
  const rows: BoardRow[] = [];
  for (const listing of listings) {
    const a = acc.get(listing.id) ?? {
      departures: [],
      cleaning: [],
      maintenance: [],
      arrivals: [],
      incidents: [],
      active: false,
    };
    if (f.onlyActive !== false && !a.active) continue;
    if (!passes(a, f)) continue;
    sortDay(a);
    rows.push({
      listing,
      departures: a.departures,
      cleaning: a.cleaning,
      maintenance: a.maintenance,
      arrivals: a.arrivals,
      incidents: a.incidents,
      readiness: readiness(listing, a),
    });
  }
  return { date: day, rows, totals: totalsOf(rows) };
}

/** The board's listings in display order (only those with something that day, unless asked for all). */
function selectListings(db: ReadableDB, f: BoardFilter, acc: Map<number, Acc>): ListingSummary[] {
  const city = f.city === undefined ? null : asciiLower(f.city);
  return listingDirectory(db).filter(
    (l) =>
      (f.onlyActive === false || acc.get(l.id)?.active === true) &&
      (city === null || asciiLower(l.city) === city) &&
      (f.destination === undefined || l.destination === f.destination),
  );
}

/** SQLite's NOCASE: ASCII letters only (what the listings list's city filter does). */
const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Every listing's summary in display order (name sort key, then id); rebuilt when listings change. */
function listingDirectory(db: ReadableDB): readonly ListingSummary[] {
  return memo(db, 'board.listings', ['listings'], () =>
    Object.freeze(
      db
        .rows(`SELECT ${SUMMARY_COLUMNS} FROM listings ORDER BY sort_key, id`)
        .map((r) => Object.freeze(summaryFromRow(r))),
    ),
  );
}

interface OpenIncident {
  /** When it was reported (as stored: "YYYY-MM-DD HH:MM:SS"). */
  date: string;
  record: IncidentRecord;
}

/** Per listing, its unfinished incidents (one shared record per incident); rebuilt when incidents change. */
function openIncidents(db: ReadableDB): ReadonlyMap<number, readonly OpenIncident[]> {
  return memo(db, 'board.openIncidents', ['incidents', 'incident_listings'], () => {
    const records = new Map<number, IncidentRecord>();
    const byListing = new Map<number, OpenIncident[]>();
    for (const r of db.rows(
      `SELECT il.listing_id, i.id, i.date, i.data, i.outbox_mark FROM incident_listings il
       JOIN incidents i ON i.id = il.incident_id WHERE il.finished = 0`,
    )) {
      const id = r[1] as number;
      let record = records.get(id);
      if (!record) records.set(id, (record = deepFreeze(withMark<IncidentRecord>(r[3], r[4]))));
      const listingId = r[0] as number;
      let list = byListing.get(listingId);
      if (!list) byListing.set(listingId, (list = []));
      list.push({ date: r[2] as string, record });
    }
    return byListing;
  });
}

function passes(a: Acc, f: BoardFilter): boolean {
  if (f.cleaningStatus && !a.cleaning.some((c) => f.cleaningStatus!.includes(c.status))) return false;
  if (f.inspected !== undefined && !a.cleaning.some((c) => c.inspected === f.inspected)) return false;
  if (f.hasIncident !== undefined && a.incidents.length > 0 !== f.hasIncident) return false;
  return true;
}

/** Times "HH:MM" compare as text; a missing time goes last. */
const byText = (x: string | null, y: string | null): number => {
  const a = x ?? '~';
  const b = y ?? '~';
  return a < b ? -1 : a > b ? 1 : 0;
};
function sortDay(a: Acc): void {
  a.departures.sort((x, y) => byText(x.departure_time, y.departure_time) || x.booking_number - y.booking_number);
  a.arrivals.sort((x, y) => byText(x.arrival_time, y.arrival_time) || x.booking_number - y.booking_number);
  a.cleaning.sort((x, y) => byText(x.time, y.time) || x.id - y.id);
  a.maintenance.sort((x, y) => byText(x.hour, y.hour) || x.id - y.id);
  a.incidents.sort((x, y) => y.priority - x.priority || byText(y.date, x.date) || x.id - y.id);
}

/**
 * Null when nobody arrives. Otherwise the reasons the listing is not ready:
 * an overbooked arrival, cleaning missing / not done / not inspected, maintenance not inspected, an
 * urgent incident, or a departing guest who leaves after the new one arrives.
 */
function readiness(listing: ListingSummary, a: Acc): BoardRow['readiness'] {
  if (a.arrivals.length === 0) return null;
  const blockers: ReadinessBlocker[] = [];
  if (a.arrivals.some((b) => b.overbooked)) blockers.push('overbooked');
  if (a.cleaning.length === 0) blockers.push('no_cleaning_task');
  else {
    if (a.cleaning.some((c) => c.status !== CLEANING_DONE)) blockers.push('cleaning_not_done');
    if (a.cleaning.some((c) => !c.inspected)) blockers.push('not_inspected');
  }
  if (a.maintenance.some((m) => !m.inspected)) blockers.push('maintenance_open');
  if (a.incidents.some((i) => i.priority >= URGENT)) blockers.push('urgent_incident');
  const arrival = a.arrivals[0]?.arrival_time ?? listing.checkinfrom;
  const leaving = a.departures.map((d) => d.departure_time ?? listing.checkout).filter((t): t is string => t !== null);
  if (arrival && leaving.some((t) => t > arrival)) blockers.push('departure_pending');
  return { ready: blockers.length === 0, blockers };
}

function totalsOf(rows: BoardRow[]): BoardDay['totals'] {
  const open = new Set<number>();
  let departures = 0;
  let arrivals = 0;
  let cleaningOpen = 0;
  let notInspected = 0;
  let ready = 0;
  for (const r of rows) {
    departures += r.departures.length;
    arrivals += r.arrivals.length;
    for (const c of r.cleaning) {
      if (c.status !== CLEANING_DONE) cleaningOpen++;
      if (!c.inspected) notInspected++;
    }
    for (const i of r.incidents) open.add(i.id);
    if (r.readiness?.ready) ready++;
  }
  return {
    listings: rows.length,
    departures,
    arrivals,
    cleaningOpen,
    notInspected,
    incidentsOpen: open.size,
    readyForCheckin: ready,
  };
}
