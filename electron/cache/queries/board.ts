// The supervisor's day board: for one date, per listing, departures →
// cleaning → maintenance → arrivals, open incidents, and whether the listing
// is ready for its arrival. Four indexed equality scans on the date (each
// returns only that day's rows, from typed columns: no JSON is parsed), plus
// the listing directory and the open incidents kept in memory until their
// tables change (board-memos.ts).
//
// It runs on every change of the day's data, on the main thread, and its cost
// grows with the business (5,000 listings ≈ 1,200 rows a day): what it
// allocates is kept to the answer itself, or the young generation fills every
// few calls and its collections make the slow calls (`npm run bench`, reads
// suite, which also logs where the time goes). Hence rows built in place,
// lists made on their first item, a list sorted only when it has two, and the
// shared frozen pieces (empty list, incidents, listing names).
import type {
  BoardBooking,
  BoardCleaning,
  BoardDay,
  BoardMaintenance,
  BoardRow,
  ReadinessBlocker,
} from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { asciiLower, listingDirectory, openIncidents, type Directory, type DirectoryEntry } from './board-memos';
import { LIVE_STATES_SQL, markOf } from './common';
import { OVERLAP_SQL, overbookedAmong, type StayRef } from './overbooking';

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

// Arrivals and departures, each one indexed equality scan, from typed columns
// (migrations 004, 007). Only arrivals count their registered guests and carry
// the overbooked flag (one indexed seek each): what reception must know before
// the guest comes. Departures show it on their booking page.
const BOOKING_COLUMNS = `b.listing_id, b.booking_number, b.adults, b.children, b.arrival_time, b.departure_time,
  b.outbox_mark, b.customer_name`;
const ARRIVALS_SQL = `SELECT ${BOOKING_COLUMNS},
    (SELECT count(*) FROM guests g WHERE g.booking_number = b.booking_number), ${OVERLAP_SQL}, b.end_date
  FROM bookings b WHERE b.start_date = ? AND b.state IN ${LIVE_STATES_SQL}`;
const DEPARTURES_SQL = `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.end_date = ? AND b.state IN ${LIVE_STATES_SQL}`;
// Tasks from their columns too (migration 008).
const CLEANING_SQL =
  'SELECT listing_id, id, status, time, duration, inspected, notes, outbox_mark FROM cleaning WHERE date = ?';
const MAINTENANCE_SQL =
  'SELECT listing_id, id, type, hour, inspected, notes, outbox_mark FROM maintenance WHERE date = ?';

type ListKey = 'departures' | 'cleaning' | 'maintenance' | 'arrivals' | 'incidents';

/** The list of a row with nothing in it, shared: a list is made on its first item (see `add`). */
const NONE: never[] = Object.freeze([]) as unknown as never[];
const READY: NonNullable<BoardRow['readiness']> = Object.freeze({ ready: true, blockers: NONE });

/** One day's rows under construction, by listing (only listings that pass the city and destination filters). */
class DayRows {
  readonly byPosition: (BoardRow | undefined)[];
  private readonly city: string | null;

  constructor(
    readonly directory: Directory,
    private readonly f: BoardFilter,
  ) {
    this.byPosition = new Array<BoardRow | undefined>(directory.entries.length);
    this.city = f.city === undefined ? null : asciiLower(f.city);
  }

  /** The listing's directory entry, when it is on this board's filters. */
  entry(listingId: unknown): DirectoryEntry | undefined {
    const e = this.directory.byId.get(listingId as number);
    if (!e) return undefined;
    if (this.city !== null && e.cityKey !== this.city) return undefined;
    if (this.f.destination !== undefined && e.destination !== this.f.destination) return undefined;
    return e;
  }

  row(e: DirectoryEntry): BoardRow {
    let row = this.byPosition[e.position];
    if (!row) {
      row = {
        listing: e.listing,
        departures: NONE,
        cleaning: NONE,
        maintenance: NONE,
        arrivals: NONE,
        incidents: NONE,
        readiness: null,
      };
      this.byPosition[e.position] = row;
    }
    return row;
  }

  /** Adds something happening that day to the listing's row. */
  add<K extends Exclude<ListKey, 'incidents'>>(listingId: unknown, key: K, item: BoardRow[K][number]): void {
    const e = this.entry(listingId);
    if (!e) return;
    const lists = this.row(e) as unknown as Record<ListKey, unknown[]>;
    const list = lists[key];
    if (list === NONE) lists[key] = [item];
    else list.push(item);
  }
}

function bookingOf(r: unknown[], guests: number, overbooked: boolean): BoardBooking {
  return {
    booking_number: r[1] as number,
    adults: r[2] as number,
    children: r[3] as number,
    arrival_time: r[4] as string | null,
    departure_time: r[5] as string | null,
    outbox: markOf(r[6]),
    customer_name: (r[7] as string | null) || null,
    guests_registered: guests,
    overbooked,
  };
}

export function boardDay(db: ReadableDB, f: BoardFilter): BoardDay {
  const day = f.date;
  const onlyActive = f.onlyActive !== false;
  const rows = new DayRows(listingDirectory(db), f);
  if (!onlyActive) for (const e of rows.directory.entries) if (rows.entry(e.listing.id)) rows.row(e);

  // A multi-unit listing's stays are overbooked only beyond its units: the flagged ones are checked after.
  const candidates: { booking: BoardBooking; stay: StayRef }[] = [];
  for (const r of db.rows(ARRIVALS_SQL, [day])) {
    const b = bookingOf(r, r[8] as number, r[9] === 1);
    if (b.overbooked)
      candidates.push({
        booking: b,
        stay: {
          booking_number: b.booking_number,
          listing_id: r[0] as number,
          start_date: day,
          end_date: r[10] as string,
        },
      });
    rows.add(r[0], 'arrivals', b);
  }
  if (candidates.length) {
    const sure = overbookedAmong(
      db,
      candidates.map((c) => c.stay),
    );
    for (const c of candidates) c.booking.overbooked = sure.has(c.booking.booking_number);
  }
  // A same-day stay (start = end) is both an arrival and a departure.
  for (const r of db.rows(DEPARTURES_SQL, [day])) rows.add(r[0], 'departures', bookingOf(r, 0, false));
  for (const r of db.rows(CLEANING_SQL, [day]))
    rows.add(r[0], 'cleaning', {
      id: r[1] as number,
      status: r[2] as number,
      time: r[3] as string | null,
      duration: r[4] as string | null,
      inspected: r[5] === 1,
      notes: r[6] as string,
      outbox: markOf(r[7]),
    });
  for (const r of db.rows(MAINTENANCE_SQL, [day]))
    rows.add(r[0], 'maintenance', {
      id: r[1] as number,
      type: r[2] as number,
      hour: r[3] as string | null,
      inspected: r[4] === 1,
      notes: r[5] as string,
      outbox: markOf(r[6]),
    });

  // Open incidents reported up to the end of that day, on the rows the board shows.
  const dayEnd = `${day}~`;
  const incidents = openIncidents(db);
  const out: BoardRow[] = [];
  for (const row of rows.byPosition) {
    if (!row) continue;
    const open = incidents.get(row.listing.id);
    if (open)
      row.incidents =
        open.latest < dayEnd ? (open.all as BoardRow['incidents']) : open.all.filter((i) => i.date < dayEnd);
    if (!passes(row, f)) continue;
    sortDay(row);
    row.readiness = readiness(row, rows.directory.byId.get(row.listing.id)!);
    out.push(row);
  }
  return { date: day, rows: out, totals: totalsOf(out) };
}

function passes(row: BoardRow, f: BoardFilter): boolean {
  if (f.onlyActive !== false && !isActive(row)) return false;
  if (f.cleaningStatus && !row.cleaning.some((c) => f.cleaningStatus!.includes(c.status))) return false;
  if (f.inspected !== undefined && !row.cleaning.some((c) => c.inspected === f.inspected)) return false;
  if (f.hasIncident !== undefined && row.incidents.length > 0 !== f.hasIncident) return false;
  return true;
}

const isActive = (row: BoardRow): boolean =>
  row.departures !== NONE || row.cleaning !== NONE || row.maintenance !== NONE || row.arrivals !== NONE;

/** Times "HH:MM" compare as text; a missing time goes last. */
const byText = (x: string | null, y: string | null): number => {
  const a = x ?? '~';
  const b = y ?? '~';
  return a < b ? -1 : a > b ? 1 : 0;
};
const byDeparture = (x: BoardBooking, y: BoardBooking) =>
  byText(x.departure_time, y.departure_time) || x.booking_number - y.booking_number;
const byArrival = (x: BoardBooking, y: BoardBooking) =>
  byText(x.arrival_time, y.arrival_time) || x.booking_number - y.booking_number;
const byCleaningTime = (x: BoardCleaning, y: BoardCleaning) => byText(x.time, y.time) || x.id - y.id;
const byMaintenanceHour = (x: BoardMaintenance, y: BoardMaintenance) => byText(x.hour, y.hour) || x.id - y.id;

/** Each list in the board's order (incidents come sorted from their memo); a list of one is left as it is. */
function sortDay(row: BoardRow): void {
  if (row.departures.length > 1) row.departures.sort(byDeparture);
  if (row.arrivals.length > 1) row.arrivals.sort(byArrival);
  if (row.cleaning.length > 1) row.cleaning.sort(byCleaningTime);
  if (row.maintenance.length > 1) row.maintenance.sort(byMaintenanceHour);
}

/**
 * Null when nobody arrives. Otherwise the reasons the listing is not ready:
 * an overbooked arrival, cleaning missing / not done / not inspected, maintenance not inspected, an
 * urgent incident, or a departing guest who leaves after the new one arrives.
 */
function readiness(row: BoardRow, listing: DirectoryEntry): BoardRow['readiness'] {
  if (row.arrivals.length === 0) return null;
  const blockers: ReadinessBlocker[] = [];
  if (row.arrivals.some((b) => b.overbooked)) blockers.push('overbooked');
  if (row.cleaning.length === 0) blockers.push('no_cleaning_task');
  else {
    if (row.cleaning.some((c) => c.status !== CLEANING_DONE)) blockers.push('cleaning_not_done');
    if (row.cleaning.some((c) => !c.inspected)) blockers.push('not_inspected');
  }
  if (row.maintenance.some((m) => !m.inspected)) blockers.push('maintenance_open');
  if (row.incidents.some((i) => i.priority >= URGENT)) blockers.push('urgent_incident');
  const arrival = row.arrivals[0]!.arrival_time ?? listing.checkinfrom;
  if (arrival && row.departures.some((d) => (d.departure_time ?? listing.checkout ?? '') > arrival))
    blockers.push('departure_pending');
  return blockers.length ? { ready: false, blockers } : READY;
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
