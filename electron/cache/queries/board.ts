// The supervisor's day board: for one date, per listing, departures →
// cleaning → maintenance → arrivals, open incidents, and whether the listing
// is ready for its arrival. Four indexed equality scans on the date (each
// returns only that day's rows, from typed columns: no JSON is parsed), plus
// the listing directory and the open incidents kept in memory until their
// tables change (board-memos.ts). Reading a day's rows is board-read.ts's;
// this keeps days, brings them up to date and answers.
//
// It is re-read on every change of the day's data, on the main thread, and a
// whole day grows with the business (5,000 listings ≈ 1,100 rows a day, ≈ 14
// ms to read). So a day once read is kept, per connection (`DAYS_KEPT` of
// them), and a change re-reads only the listings it touched: the connection's
// touch journal (cache/touched.ts) names them, and their rows are read again
// with the same queries narrowed to them. A write by another connection, a
// change of the listings, or more listings touched than `REREAD_WHOLE_DAY_AT`
// (a share of the day's) read the day whole again. Kept rows are frozen and
// shared by every answer (a caller never changes them); an answer with
// unchanged rows is the same object. Over the bridge only the rows an asker
// does not hold are sent (services/board-answers.ts).
//
// A date not read yet need not be read whole before the person sees it: its
// first answer can be the rows of the first `FIRST_WINDOW` listings in
// display order (the top of the screen), read with the same queries narrowed
// to them, and the rest is read `REST_WINDOW` listings at a time, each when
// the asker comes back for it — no read of a day holds the main process
// longer than a window does. A day kept knows how far down the directory it
// has been read (`readTo`).
//
// What a read allocates is kept to the answer itself, or the young generation
// fills every few calls and its collections make the slow calls (`npm run
// bench`, reads suite, which also logs where the time goes). Hence lists made
// on their first item, a list sorted only when it has two, and the shared
// frozen pieces (empty list, incidents, listing names).
import type { BoardDay, BoardRow, ReadinessBlocker } from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { touchPoint, touchedBetween, type TouchPoint } from '../touched';
import {
  asciiLower,
  listingDirectory,
  openIncidents,
  type Directory,
  type DirectoryEntry,
  type OpenIncidents,
} from './board-memos';
import { NONE, NOTHING, readDay, type DayLists } from './board-read';

/** Cleaning status meaning "done" (CLEANING_STATUSES in shared/api). */
const CLEANING_DONE = 2;
const URGENT = 4;

/** Days kept read per connection (yesterday … next week is what a desk flips through); the least recently read goes first. */
export const DAYS_KEPT = 8;
/**
 * More listings touched since a day was read than this share of the listings
 * active that day: the day is read whole again, which is then as cheap as
 * listing by listing (measured at 5,000 listings: ≈ 12 µs a touched listing,
 * ≈ 14 ms for a whole day of 1,071 active; crossing at ≈ 1,200 touched).
 */
export const REREAD_WHOLE_DAY_AT = 0.5;
/**
 * Listings (in display order) whose rows make a date's first answer when it
 * may come in windows. Measured at 5,000 listings: the first 200 read in
 * 0.7–1.8 ms and hold 34–47 rows (more than a screen); the whole day, 16–22 ms
 * for 1,071–1,365 rows.
 */
export const FIRST_WINDOW = 200;
/**
 * Listings read at each ask after the first window. Measured at 5,000
 * listings with a year of availability cached (a date read whole: 45–58 ms,
 * one task): windows of 250 read in ≈ 2 ms, the few holding most multi-unit
 * listings (their overbooking check) 11–19 ms; windows of 1,000 took 19–60
 * ms. The day is whole after ≈ 20 asks, ≈ 80 ms of reads in all.
 */
export const REST_WINDOW = 250;

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

const READY: NonNullable<BoardRow['readiness']> = Object.freeze({ ready: true, blockers: NONE });

/** One day as read, with the rows built from it so far (by listing, frozen) and its plain answer once made. */
interface KeptDay {
  date: string;
  /** The journal's point the lists are true at (null: not kept, read for one answer). */
  at: TouchPoint | null;
  directory: Directory;
  /** The listings read: the directory's entries before this position (all of them once read whole). */
  readTo: number;
  incidents: ReadonlyMap<number, OpenIncidents>;
  /** What happens that day at each listing read that has something. */
  lists: Map<number, DayLists>;
  rows: Map<number, BoardRow>;
  /** The answer without filters (every listing with something that day), with its tally; null until asked for. */
  plain: Plain | null;
}

interface Plain {
  answer: BoardDay;
  /** The totals as counted so far (the answer's are a frozen copy), and how many rows show each open incident. */
  totals: BoardDay['totals'];
  incidentRows: Map<number, number>;
}

const kept = new WeakMap<ReadableDB, Map<string, KeptDay>>();

/** The day read now, for the first `upTo` listings of the directory (all of them when there are no more). */
function freshDay(db: ReadableDB, date: string, at: TouchPoint | null, upTo: number): KeptDay {
  const directory = listingDirectory(db);
  const readTo = Math.min(upTo, directory.entries.length);
  const only = readTo < directory.entries.length ? directory.entries.slice(0, readTo).map((e) => e.listing.id) : null;
  return {
    date,
    at,
    directory,
    readTo,
    incidents: openIncidents(db),
    lists: readDay(db, directory, date, only),
    rows: new Map(),
    plain: null,
  };
}

const isWhole = (day: KeptDay): boolean => day.readTo >= day.directory.entries.length;

/** Reads the listings after those read (already up to date) until the `upTo`th in display order. */
function readMore(db: ReadableDB, day: KeptDay, upTo: number): void {
  const entries = day.directory.entries;
  const to = Math.min(upTo, entries.length);
  const only = entries.slice(day.readTo, to).map((e) => e.listing.id);
  for (const [id, lists] of readDay(db, day.directory, day.date, only)) day.lists.set(id, lists);
  day.readTo = to;
  day.plain = null;
}

/** The day as it is now, read at least for its first `upTo` listings: kept and brought up to date, or read now. */
function dayOf(db: ReadableDB, date: string, upTo: number, afreshUpTo = upTo): KeptDay {
  // Inside a transaction nothing is kept: a rollback would undo rows a kept day had seen.
  const at = db.inTransaction ? null : touchPoint(db);
  if (!at) return freshDay(db, date, null, afreshUpTo);
  let days = kept.get(db);
  if (!days) kept.set(db, (days = new Map<string, KeptDay>()));
  let day = days.get(date);
  days.delete(date);
  if (day && !bringUpToDate(db, day, at)) day = undefined;
  // Read as far as asked: an asker holding the date's rows asks for the next window (services/board-answers.ts).
  day ??= freshDay(db, date, at, afreshUpTo);
  if (day.readTo < Math.min(upTo, day.directory.entries.length)) readMore(db, day, upTo);
  days.set(date, day);
  for (const oldest of days.keys()) {
    if (days.size <= DAYS_KEPT) break;
    days.delete(oldest);
  }
  return day;
}

/**
 * Re-reads the listings touched since the day was read, and patches its plain
 * answer row by row; false when the day must be read whole instead.
 */
function bringUpToDate(db: ReadableDB, day: KeptDay, at: TouchPoint): boolean {
  if (listingDirectory(db) !== day.directory) return false;
  const all = touchedBetween(db, day.at!, at);
  if (all === null) return false;
  // A listing not read yet is read as it is when its turn comes. A day read in part is never read afresh for
  // what was touched: its asker would get it whole at once (boardDayPart), and the touched listings of what was
  // read, narrowed, cost no more than reading that part again (a scan of the day past SEEK_LISTINGS_UP_TO).
  const touched = isWhole(day) ? all : all.filter((id) => (day.directory.byId.get(id)?.position ?? -1) < day.readTo);
  if (isWhole(day) && touched.length > REREAD_WHOLE_DAY_AT * day.lists.size) return false;
  day.at = at;
  const incidents = openIncidents(db);
  if (incidents !== day.incidents) {
    // Every row shows incidents: rebuilt from the lists kept (no SQL) as they are asked for.
    day.incidents = incidents;
    day.rows.clear();
    day.plain = null;
  }
  if (!touched.length) return true;
  // A listing touched on another day (or back to what it was) keeps its row: an answer after it is the same.
  const lists = readDay(db, day.directory, day.date, touched);
  const changed = touched.filter((id) => !sameLists(day.lists.get(id), lists.get(id)));
  if (!changed.length) return true;
  const before = day.plain;
  day.plain = null;
  for (const id of changed) {
    const l = lists.get(id);
    if (l) day.lists.set(id, l);
    else day.lists.delete(id);
    day.rows.delete(id);
  }
  if (before) day.plain = patched(day, before, changed);
  return true;
}

/** The same things happen at the listing that day (lists hold plain values only). */
const sameLists = (a: DayLists | undefined, b: DayLists | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/** The listing's row on the day, built once from its lists, incidents and directory entry. */
function rowOf(day: KeptDay, e: DirectoryEntry): BoardRow {
  const known = day.rows.get(e.listing.id);
  if (known) return known;
  const lists = day.lists.get(e.listing.id) ?? NOTHING;
  // Open incidents reported up to the end of that day.
  const open = day.incidents.get(e.listing.id);
  const dayEnd = `${day.date}~`;
  const incidents = !open
    ? NONE
    : ((open.latest < dayEnd
        ? open.all
        : Object.freeze(open.all.filter((i) => i.date < dayEnd))) as BoardRow['incidents']);
  const row: BoardRow = {
    listing: e.listing,
    departures: lists.departures,
    cleaning: lists.cleaning,
    maintenance: lists.maintenance,
    arrivals: lists.arrivals,
    incidents,
    readiness: null,
  };
  row.readiness = readiness(row, e);
  Object.freeze(row);
  day.rows.set(e.listing.id, row);
  return row;
}

/** The plain answer: every listing with something that day, in display order, with its totals. */
function plainOf(day: KeptDay): BoardDay {
  if (day.plain) return day.plain.answer;
  const entries: DirectoryEntry[] = [];
  for (const id of day.lists.keys()) entries.push(day.directory.byId.get(id)!);
  entries.sort((a, b) => a.position - b.position);
  const rows = entries.map((e) => rowOf(day, e));
  const plain: Plain = { answer: null!, totals: emptyTotals(), incidentRows: new Map() };
  for (const row of rows) tally(plain, row, 1);
  plain.answer = frozenAnswer(day.date, rows, plain.totals);
  day.plain = plain;
  return plain.answer;
}

/** The plain answer after a change of `touched` listings: their rows replaced, added or removed, the totals moved by their difference. */
function patched(day: KeptDay, before: Plain, touched: readonly number[]): Plain {
  const rows = before.answer.rows.slice();
  const plain: Plain = { answer: null!, totals: { ...before.totals }, incidentRows: before.incidentRows };
  before.incidentRows = new Map(); // handed on: `before` is not patched again
  const positionOf = (row: BoardRow) => day.directory.byId.get(row.listing.id)!.position;
  for (const id of touched) {
    const e = day.directory.byId.get(id);
    if (!e) continue;
    // Where the listing's row is, or would go (rows are in display order).
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positionOf(rows[mid]!) < e.position) lo = mid + 1;
      else hi = mid;
    }
    const present = lo < rows.length && rows[lo]!.listing.id === id;
    if (present) tally(plain, rows[lo]!, -1);
    if (day.lists.has(id)) {
      const row = rowOf(day, e);
      tally(plain, row, 1);
      if (present) rows[lo] = row;
      else rows.splice(lo, 0, row);
    } else if (present) rows.splice(lo, 1);
  }
  plain.answer = frozenAnswer(day.date, rows, plain.totals);
  return plain;
}

const emptyTotals = (): BoardDay['totals'] => ({
  listings: 0,
  departures: 0,
  arrivals: 0,
  cleaningOpen: 0,
  notInspected: 0,
  incidentsOpen: 0,
  readyForCheckin: 0,
});

/** Counts a row into the totals (sign 1) or out of them (−1). An incident on several rows counts once. */
function tally(t: { totals: BoardDay['totals']; incidentRows: Map<number, number> }, r: BoardRow, sign: 1 | -1): void {
  const totals = t.totals;
  totals.listings += sign;
  totals.departures += sign * r.departures.length;
  totals.arrivals += sign * r.arrivals.length;
  for (const c of r.cleaning) {
    if (c.status !== CLEANING_DONE) totals.cleaningOpen += sign;
    if (!c.inspected) totals.notInspected += sign;
  }
  if (r.readiness?.ready) totals.readyForCheckin += sign;
  for (const i of r.incidents) {
    const n = (t.incidentRows.get(i.id) ?? 0) + sign;
    if (n > 0) t.incidentRows.set(i.id, n);
    else t.incidentRows.delete(i.id);
  }
  totals.incidentsOpen = t.incidentRows.size;
}

function frozenAnswer(date: string, rows: BoardRow[], totals: BoardDay['totals']): BoardDay {
  return Object.freeze({ date, rows: Object.freeze(rows) as BoardRow[], totals: Object.freeze({ ...totals }) });
}

const isPlain = (f: BoardFilter): boolean =>
  f.onlyActive !== false &&
  f.city === undefined &&
  f.destination === undefined &&
  f.cleaningStatus === undefined &&
  f.inspected === undefined &&
  f.hasIncident === undefined;

/** The board for `f`, whole: its day kept and brought up to date (see the top of this file). */
export function boardDay(db: ReadableDB, f: BoardFilter): BoardDay {
  return answerOf(dayOf(db, f.date, Infinity), f);
}

/** A board answer that may be a window of its day. */
export interface BoardPart {
  day: BoardDay;
  /**
   * True: only the rows of the day's first `readTo` listings in display order
   * (its totals count those rows alone); the rest comes when asked for.
   */
  more: boolean;
  /** How many of the day's listings, in display order, the answer has read. */
  readTo: number;
}

/**
 * The board for `f`, its day read at least as far as its first `upTo`
 * listings in display order (further when it has been already). `resumed`:
 * the asker holds the day's rows as far as the window before; a day that
 * must be read afresh then (a write it cannot name, its listings changed,
 * let go) is read whole at once — what the rest cost before it came in
 * windows — rather than again from the top at every ask.
 */
export function boardDayPart(db: ReadableDB, f: BoardFilter, upTo: number, resumed = false): BoardPart {
  const day = dayOf(db, f.date, upTo, resumed ? Infinity : upTo);
  return partOf(day, f);
}

/**
 * The board for `f` with its day read whole now, keeping nothing and using
 * nothing kept: what a day's first read costs (the reads bench), and what
 * every kept answer must equal (board-kept.test.ts).
 */
export function boardDayWhole(db: ReadableDB, f: BoardFilter): BoardDay {
  return answerOf(freshDay(db, f.date, null, Infinity), f);
}

/**
 * A date's first answer when it may come in windows, read now with nothing
 * kept: what the person waits for before a date not read yet shows its top
 * rows (the reads bench).
 */
export function boardDayFirstWindow(db: ReadableDB, f: BoardFilter, firstWindow = FIRST_WINDOW): BoardPart {
  return boardDayWindows(db, f, firstWindow).next().value as BoardPart;
}

/**
 * A date read window by window with nothing kept: its first answer, then
 * each a window further until whole — what each of a date's asks costs (the
 * reads bench).
 */
export function* boardDayWindows(
  db: ReadableDB,
  f: BoardFilter,
  firstWindow = FIRST_WINDOW,
  restWindow = REST_WINDOW,
): Generator<BoardPart> {
  const day = freshDay(db, f.date, null, firstWindow);
  for (;;) {
    yield partOf(day, f);
    if (isWhole(day)) return;
    readMore(db, day, day.readTo + restWindow);
  }
}

/** The answer for `f` from the day as far as it has been read. */
function partOf(day: KeptDay, f: BoardFilter): BoardPart {
  return { day: answerOf(day, f), more: !isWhole(day), readTo: day.readTo };
}

function answerOf(day: KeptDay, f: BoardFilter): BoardDay {
  if (isPlain(f)) return plainOf(day);
  const city = f.city === undefined ? null : asciiLower(f.city);
  const entries =
    f.onlyActive !== false
      ? plainOf(day).rows.map((r) => day.directory.byId.get(r.listing.id)!)
      : isWhole(day)
        ? day.directory.entries
        : day.directory.entries.slice(0, day.readTo);
  const out: BoardRow[] = [];
  for (const e of entries) {
    if (city !== null && e.cityKey !== city) continue;
    if (f.destination !== undefined && e.destination !== f.destination) continue;
    const row = rowOf(day, e);
    if (passes(row, f)) out.push(row);
  }
  const t = { totals: emptyTotals(), incidentRows: new Map<number, number>() };
  for (const row of out) tally(t, row, 1);
  return frozenAnswer(f.date, out, t.totals);
}

function passes(row: BoardRow, f: BoardFilter): boolean {
  if (f.cleaningStatus && !row.cleaning.some((c) => f.cleaningStatus!.includes(c.status))) return false;
  if (f.inspected !== undefined && !row.cleaning.some((c) => c.inspected === f.inspected)) return false;
  if (f.hasIncident !== undefined && row.incidents.length > 0 !== f.hasIncident) return false;
  return true;
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
  return blockers.length
    ? Object.freeze({ ready: false, blockers: Object.freeze(blockers) as ReadinessBlocker[] })
    : READY;
}
