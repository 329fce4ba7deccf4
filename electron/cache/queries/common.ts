// Helpers every read query shares: turning a stored row into the contract
// record (data JSON + the outbox mark), id-list parameters, date arithmetic,
// the longest stay (how far back a stay overlapping a window can start).
import type { OutboxMark } from '../../../shared/contract';
import { BOOKING_STATUSES } from '../../../shared/domain/states';
import type { ReadableDB, SqlValue } from '../db';
import { recordOf } from '../tables';

/** The mark of unsent changes, or null when the record is in sync. */
export function markOf(s: unknown): OutboxMark {
  if (typeof s !== 'string' || s === '') return null;
  try {
    return JSON.parse(s) as OutboxMark;
  } catch {
    return { state: 'pending', entryIds: [], fields: [] };
  }
}

/** A stored record with its outbox mark (the parsed object is fresh, so it is extended in place: no copy). */
export function withMark<T>(data: unknown, mark: unknown): T & { outbox: OutboxMark } {
  const record = JSON.parse(data as string) as T & { outbox: OutboxMark };
  record.outbox = markOf(mark);
  return record;
}

/** A stored record without a mark (reference data). */
export function parsed<T>(data: unknown): T {
  return JSON.parse(data as string) as T;
}

/** An id list as one bound parameter: use with `IN (SELECT value FROM json_each(?))`. */
export function idsParam(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

/**
 * The ONE escape of text put inside a LIKE pattern: `\`, `%` and `_` get a
 * backslash, matched by `ESCAPE '\'` (use `Where.like`, which writes both).
 */
export function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A WHERE clause built filter by filter, with its bound parameters in the same order. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: SqlValue[] = [];

  add(condition: string, ...params: SqlValue[]): this {
    this.parts.push(condition);
    this.params.push(...params);
    return this;
  }

  /** `column = ?` when the filter is set (a boolean binds as 1 or 0). */
  equals(column: string, value: SqlValue | boolean | undefined): this {
    if (value === undefined) return this;
    return this.add(`${column} = ?`, typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }

  /** `column` among the ids when the filter is set. */
  among(column: string, ids: readonly number[] | undefined): this {
    return ids ? this.add(`${column} IN (SELECT value FROM json_each(?))`, idsParam(ids)) : this;
  }

  /**
   * `expression LIKE pattern ESCAPE '\'` with the person's text escaped (`likeText`), so a
   * `%` or `_` typed in a filter matches itself, never "anything". `shape` places the
   * escaped text: `{text}%` (starts with), `%{text}%` (contains)…
   */
  like(expression: string, text: string, shape: `${string}{text}${string}` = '%{text}%'): this {
    return this.add(
      `${expression} LIKE ? ESCAPE '\\'`,
      shape.replace('{text}', () => likeText(text)),
    );
  }

  /** The conditions joined with AND (empty when there are none). */
  get sql(): string {
    return this.parts.join(' AND ');
  }
}

/** Stored records with their outbox marks, from a query selecting `data, outbox_mark` (data: tables.ts recordOf). */
export function marked<T>(db: ReadableDB, query: string, params: readonly SqlValue[]): (T & { outbox: OutboxMark })[] {
  return db
    .all<{ data: string; outbox_mark: string | null }>(query, params)
    .map((r) => withMark<T>(r.data, r.outbox_mark));
}

/** One stored record by id with its outbox mark, or null. */
export function markedById<T>(db: ReadableDB, table: string, id: number): (T & { outbox: OutboxMark }) | null {
  const read = (n: number) =>
    db.get<{ data: string; outbox_mark: string | null }>(
      `SELECT ${recordOf(table)} AS data, outbox_mark FROM ${table} WHERE id = ?`,
      [n],
    );
  const r = read(id) ?? (id < 0 ? adoptedAs(db, table, id) : null);
  return r ? withMark<T>(r.data, r.outbox_mark) : null;
}

/**
 * A record made here, asked for by its local id after the server adopted it (a page opened
 * while it was new): the server's record, found through the outbox's id map (its resource is
 * the table's name). The answer carries the server id; the page follows it.
 */
function adoptedAs(db: ReadableDB, table: string, localId: number) {
  if (!db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`)) return null;
  const server = db.get<{ server_id: number }>('SELECT server_id FROM outbox_ids WHERE resource = ? AND local_id = ?', [
    table,
    localId,
  ])?.server_id;
  return server === undefined
    ? null
    : (db.get<{ data: string; outbox_mark: string | null }>(
        `SELECT ${recordOf(table)} AS data, outbox_mark FROM ${table} WHERE id = ?`,
        [server],
      ) ?? null);
}

/** Calendar arithmetic is shared/dates.ts; re-exported for the queries and tests that take it from here. */
export { addDays } from '../../../shared/dates';

/** Booking states that count for operations (they block the calendar: arrivals, departures, cleaning). */
export const LIVE_STATES: readonly number[] = BOOKING_STATUSES.filter((s) => s.blocksCalendar).map((s) => s.id);
export const LIVE_STATES_SQL = `(${LIVE_STATES.join(', ')})`;

/** SQL fragment: a booking list item's extra columns (listing name, customer name — a column kept by triggers, migration 007 — guests registered). */
export const BOOKING_ITEM_SELECT = `${recordOf('bookings', 'b.')} AS data, b.outbox_mark, l.name AS listing_name,
  b.customer_name,
  (SELECT count(*) FROM guests g WHERE g.booking_number = b.booking_number) AS guests_registered`;
export const BOOKING_ITEM_FROM = `bookings b
  LEFT JOIN listings l ON l.id = b.listing_id`;

/** Longest stay in the cache: bounds how far before `from` an overlapping stay can start. */
export function longestStay(db: ReadableDB): number {
  return db.get<{ n: number | null }>('SELECT max(stay_days) AS n FROM bookings')?.n ?? 0;
}
