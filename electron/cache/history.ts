// History kept offline (Settings.historyMonths, the person's choice): what ended before the cut is
// dropped from this computer — never from the server — and the windows sync remembers as fetched
// are cut back with it, so a screen or a document that reaches an older day finds it missing
// (coverage, sync/coverage.ts) and fetches it on demand instead of showing a silent zero.
//
// What is dropped: bookings that ended before the cut with their guests, message threads and
// messages and their per-booking fetch state; cleaning and maintenance tasks dated before it;
// blocks that ended before it; daily prices and availability before it (found through the windows
// fetched for their listing or rate); a customer with the last of their bookings cached (a customer
// is fetched with a booking, customers.ofBooking, and shown through one). What is never dropped: a
// record with an unsent change (its `outbox_mark`), or a booking whose guests, threads or messages
// carry one; incidents (sync keeps old open ones on purpose, and they are few); owners, listings and
// the other reference lists (they are not dated).
//
// Run in chunks (`dropHistoryBefore`: one transaction of about CHUNK_BUDGET_MS, in batches) so the
// main process never stops for long; the caller pauses for other work between chunks.
import type { ResourceName } from '../../shared/contract';
import { addDays } from '../../shared/dates';
import type { ReadableDB, WritableDB } from './db';

/** Months of history kept: null keeps everything. */
export type HistoryMonths = number | null;

/** The first day kept for `months` of history before `today` (null: everything is kept). */
export function historyCut(today: string, months: HistoryMonths): string | null {
  if (months === null) return null;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  // The same day of the month, or the month's last day (31 March − 1 month = 28/29 February).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The dated tables and the column that dates a row (a row dated before the cut goes, unless it has an unsent change). */
const DATED = [
  { table: 'cleaning', day: 'date' },
  { table: 'maintenance', day: 'date' },
  { table: 'blocks', day: 'end_date' },
] as const;

/**
 * The daily tables, keyed by their owner then the day (no index on the day alone: it would cost as
 * much as the rows). Their old days are found through the windows fetched for an owner that start
 * before the cut (sync_state scope `listing:N` / `rate:N`), and dropped by a look-up of the key's prefix.
 */
const DAILY = [
  { table: 'availability', owner: 'listing_id', scope: 'listing:' },
  { table: 'prices', owner: 'rate_id', scope: 'rate:' },
] as const;

/** The resources whose fetched windows are cut back at once (sync_state `win` "from..to"); the daily ones go owner by owner. */
const WINDOWED = ['bookings', 'cleaning', 'maintenance', 'blocks'] as const;

/** Windows of a resource (one scope, or every one) starting before a day: the partial index sync_state_not_booking. */
const WINDOWS_BEFORE = `SELECT scope, win, fetched_at, attempted_at FROM sync_state
  WHERE resource = ? AND scope NOT LIKE 'booking:%' AND win <> '' AND substr(win, 1, 10) < ?`;

/** A booking that ended before the cut and may go: no unsent change on it or on what belongs to it. */
const DROPPABLE_BOOKINGS = `
  SELECT b.booking_number FROM bookings b
  WHERE b.end_date < ? AND b.outbox_mark IS NULL
    AND NOT EXISTS (SELECT 1 FROM guests g WHERE g.booking_number = b.booking_number AND g.outbox_mark IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM threads t WHERE t.booking_number = b.booking_number AND t.outbox_mark IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.booking_number = b.booking_number AND m.outbox_mark IS NOT NULL)`;

/** A customer no booking cached refers to any more, unless changed here and not sent. */
const DROP_CUSTOMER_LEFT = `DELETE FROM customers WHERE id = ? AND outbox_mark IS NULL
  AND NOT EXISTS (SELECT 1 FROM bookings WHERE customer_id = ?)`;

export interface OlderHistory {
  /** Bookings that ended before the cut (those with unsent changes included: they stay). */
  bookings: number;
  /** Of every booking cached. */
  allBookings: number;
}

/** How much of what is cached is older than the cut (for the setting's sentence). */
export function olderHistory(db: ReadableDB, cut: string | null): OlderHistory {
  const allBookings = db.get<{ n: number }>('SELECT count(*) AS n FROM bookings')?.n ?? 0;
  if (cut === null) return { bookings: 0, allBookings };
  const bookings = db.get<{ n: number }>('SELECT count(*) AS n FROM bookings WHERE end_date < ?', [cut])?.n ?? 0;
  return { bookings, allBookings };
}

export interface HistoryDropped {
  /** Records dropped, per resource (the contract's names: a thread's messages count as `threads`). */
  dropped: Partial<Record<ResourceName, number>>;
  /** True when the chunk's time ran out before everything older was dropped (call again). */
  more: boolean;
}

export interface DropOptions {
  /**
   * How long one chunk may work before its commit (ms): it stops after the batch that crosses it. The commit
   * writes every page the chunk touched (a booking's row, its seven indexes, the search index…), so rows are
   * bounded too.
   */
  budgetMs?: number;
  /** Rows one chunk drops at most (a booking with what belongs to it counts one). */
  maxRows?: number;
  /** Records per statement batch. */
  batch?: number;
  now?: () => number;
}

/**
 * One chunk's work on the main process. Measured at 500 listings: dropping 200 bookings took 13–54 ms with
 * its commit, 50 about 10 ms.
 */
export const CHUNK_BUDGET_MS = 6;
export const CHUNK_MAX_ROWS = 50;
const BATCH = 10;

/**
 * One chunk of dropping what is older than `cut` (one transaction, about `budgetMs` long). The fetched
 * windows are cut back first, so nothing before the cut is ever claimed as held once its records go.
 */
export function dropHistoryBefore(db: WritableDB, cut: string, options: DropOptions = {}): HistoryDropped {
  const {
    budgetMs = CHUNK_BUDGET_MS,
    maxRows = CHUNK_MAX_ROWS,
    batch = BATCH,
    now = () => performance.now(),
  } = options;
  const start = now();
  let rows = 0;
  const spent = () => rows >= maxRows || now() - start >= budgetMs;
  return db.transaction((tx) => {
    for (const resource of WINDOWED) cutWindows(tx, resource, null, cut);
    const dropped: Partial<Record<ResourceName, number>> = {};
    const count = (resource: ResourceName, n: number) => {
      if (n > 0) dropped[resource] = (dropped[resource] ?? 0) + n;
    };
    for (;;) {
      const numbers = tx.pluck<number>(`${DROPPABLE_BOOKINGS} LIMIT ?`, [cut, batch]);
      rows += numbers.length;
      for (const n of numbers) {
        count('guests', tx.run('DELETE FROM guests WHERE booking_number = ?', [n]).changes);
        // Messages are their threads' resource.
        count('threads', tx.run('DELETE FROM messages WHERE booking_number = ?', [n]).changes);
        count('threads', tx.run('DELETE FROM threads WHERE booking_number = ?', [n]).changes);
        // A booking's fetch state is its guests' and its threads' (sync/jobs.ts identify): found by sync_state's key.
        tx.run("DELETE FROM sync_state WHERE resource IN ('guests', 'threads') AND scope = 'booking:' || ?", [n]);
        const customer = tx.get<{ id: number | null }>(
          'SELECT customer_id AS id FROM bookings WHERE booking_number = ?',
          [n],
        )?.id;
        count('bookings', tx.run('DELETE FROM bookings WHERE booking_number = ?', [n]).changes);
        if (customer != null) count('customers', tx.run(DROP_CUSTOMER_LEFT, [customer, customer]).changes);
        // A booking goes with its guests, messages and customer (each out of the search index too): a few ms at most.
        if (spent()) return { dropped, more: true };
      }
      if (numbers.length < batch) break;
    }
    for (const { table, day } of DATED) {
      const sql = `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${day} < ? AND outbox_mark IS NULL LIMIT ?)`;
      for (;;) {
        const n = tx.run(sql, [cut, batch]).changes;
        rows += n;
        count(table, n);
        if (n < batch) break;
        if (spent()) return { dropped, more: true };
      }
    }
    for (const { table, owner, scope: prefix } of DAILY) {
      for (;;) {
        const scopes = tx.pluck<string>(`SELECT DISTINCT scope FROM (${WINDOWS_BEFORE}) LIMIT ?`, [table, cut, batch]);
        for (const scope of scopes) {
          const id = Number(scope.slice(prefix.length));
          if (scope.startsWith(prefix) && Number.isInteger(id)) {
            const n = tx.run(`DELETE FROM ${table} WHERE ${owner} = ? AND date < ?`, [id, cut]).changes;
            rows += n;
            count(table, n);
          }
          cutWindows(tx, table, scope, cut);
          // One owner's days can be hundreds of rows (a year of a listing's rates): the time is looked at after each.
          if (spent()) return { dropped, more: true };
        }
        if (scopes.length < batch) break;
      }
    }
    return { dropped, more: false };
  });
}

/**
 * The fetched windows of the dated resources, cut back to start at `cut`: a window wholly before it
 * is forgotten, one across it keeps only its days from the cut (merged with a window already
 * remembered under that name: the older fetch is the one the answer may rely on).
 */
function cutWindows(tx: WritableDB, resource: string, scope: string | null, cut: string): void {
  const before = addDays(cut, -1);
  type Row = { scope: string; win: string; fetched_at: number | null; attempted_at: number | null };
  const rows =
    scope === null
      ? tx.all<Row>(WINDOWS_BEFORE, [resource, cut])
      : tx.all<Row>(`${WINDOWS_BEFORE} AND scope = ?`, [resource, cut, scope]);
  for (const r of rows) {
    const [from, to] = r.win.split('..');
    tx.run('DELETE FROM sync_state WHERE resource = ? AND scope = ? AND win = ?', [resource, r.scope, r.win]);
    if (!from || !to || to <= before) continue;
    // Under the name the cut gives it; beside a window already there, the older fetch is the one relied on.
    tx.run(
      `INSERT INTO sync_state (resource, scope, win, fetched_at, attempted_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (resource, scope, win) DO UPDATE SET fetched_at =
         CASE WHEN fetched_at IS NULL OR excluded.fetched_at IS NULL THEN NULL ELSE min(fetched_at, excluded.fetched_at) END`,
      [resource, r.scope, `${cut}..${to}`, r.fetched_at, r.attempted_at],
    );
  }
}
