// Which listings' day data changed, and in what order: the journal that lets
// the day board keep its answer and re-read only the listings a change
// touched (queries/board.ts), instead of the whole day on every change.
//
// A listing's day on the board is made of its bookings, their registered
// guests, its cleaning and maintenance tasks, and its availability (what tells
// a multi-unit listing's units, for the overbooked flag). Triggers on those
// tables note the listing of every inserted, changed or deleted row — old and
// new listing both, when a row moves — under a number that only grows.
//
// Everything here is TEMP, per connection, in memory: created when the
// connection opens, gone when it closes, never in the file (nothing to
// migrate, and a cache opened by an older version is untouched). So it sees
// only this connection's writes; a reader also compares SQLite's
// `data_version`, which moves exactly when another connection commits, and
// then trusts nothing it kept. A rolled-back transaction takes its notes back
// with its rows. The newest `JOURNAL_KEEPS` notes are kept; a point older
// than those reads as "anything may have changed".
//
// The cost is on writes that change a row (sync's re-upserts of unchanged
// records write nothing): one append to an in-memory table. Measured on
// first-sync inserts of bookings: ≈ 8 % fewer records a second (an upsert of
// one row per listing with a counter cost 22 %, pruning from a trigger 15 %).
import type { ReadableDB, WritableDB } from './handle';

/** Notes kept: the oldest are let go once there are `PRUNE_EVERY` more. */
export const JOURNAL_KEEPS = 50_000;
const PRUNE_EVERY = 10_000;

/** The connections that keep a journal (the same object, which can write its journal). */
const journals = new WeakMap<ReadableDB, WritableDB>();

/** Each table whose rows make a listing's day, and how a row names its listing (`r` is OLD or NEW). */
const SOURCES: Record<string, (r: 'OLD' | 'NEW') => string> = {
  bookings: (r) => `${r}.listing_id`,
  cleaning: (r) => `${r}.listing_id`,
  maintenance: (r) => `${r}.listing_id`,
  availability: (r) => `${r}.listing_id`,
  guests: (r) => `(SELECT listing_id FROM main.bookings WHERE booking_number = ${r}.booking_number)`,
};

/** Trigger body: one note per listing named (an update that keeps its listing names it once). */
const note = (listings: string) =>
  `INSERT INTO touched_listings (listing_id) SELECT l FROM (${listings}) WHERE l IS NOT NULL;`;

/**
 * Creates this connection's journal and its triggers on those of the tables
 * that exist (a test database may have only some). Called by openCache, after
 * the migrations.
 */
export function installTouchJournal(db: WritableDB): void {
  const present = new Set(
    db.pluck<string>(
      `SELECT name FROM main.sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(Object.keys(SOURCES))],
    ),
  );
  if (!present.has('bookings') || journals.has(db)) return;
  const parts = ['CREATE TEMP TABLE touched_listings (seq INTEGER PRIMARY KEY, listing_id INTEGER NOT NULL);'];
  for (const [table, listing] of Object.entries(SOURCES)) {
    if (!present.has(table)) continue;
    const on = `main.${table}`;
    parts.push(
      `CREATE TEMP TRIGGER ${table}_touch_ins AFTER INSERT ON ${on} BEGIN ${note(`SELECT ${listing('NEW')} AS l`)} END;`,
      `CREATE TEMP TRIGGER ${table}_touch_del AFTER DELETE ON ${on} BEGIN ${note(`SELECT ${listing('OLD')} AS l`)} END;`,
      `CREATE TEMP TRIGGER ${table}_touch_upd AFTER UPDATE ON ${on}
         BEGIN ${note(`SELECT ${listing('OLD')} AS l UNION SELECT ${listing('NEW')}`)} END;`,
    );
  }
  db.exec(parts.join('\n'));
  journals.set(db, db);
}

/** Where the journal stands: a later point means something changed since. */
export interface TouchPoint {
  /** The newest note's number (0 before the first). */
  seq: number;
  /** SQLite's data_version: moves when another connection commits. */
  others: number;
  /** The oldest note still kept at this point (later ones all are). */
  oldest: number;
}

/** Null when this connection keeps no journal (then nothing may be kept across calls). Lets the oldest notes go. */
export function touchPoint(db: ReadableDB): TouchPoint | null {
  const journal = journals.get(db);
  if (!journal) return null;
  const [newest, oldest] = journal.rows('SELECT max(seq), min(seq) FROM temp.touched_listings')[0] as [
    number | null,
    number | null,
  ];
  let kept = oldest ?? 1;
  if (newest !== null && newest - kept >= JOURNAL_KEEPS + PRUNE_EVERY && !journal.inTransaction) {
    journal.run('DELETE FROM temp.touched_listings WHERE seq <= ?', [newest - JOURNAL_KEEPS]);
    kept = newest - JOURNAL_KEEPS + 1;
  }
  return { seq: newest ?? 0, others: journal.pluck<number>('PRAGMA data_version')[0]!, oldest: kept };
}

/**
 * The listings touched between `from` and `to` (points of the same
 * connection); null when another connection wrote in between or the notes
 * since `from` were let go (then anything may have changed).
 */
export function touchedBetween(db: ReadableDB, from: TouchPoint, to: TouchPoint): number[] | null {
  if (from.others !== to.others) return null;
  if (from.seq === to.seq) return [];
  if (to.oldest > from.seq + 1) return null;
  return db.pluck<number>('SELECT DISTINCT listing_id FROM temp.touched_listings WHERE seq > ? AND seq <= ?', [
    from.seq,
    to.seq,
  ]);
}
