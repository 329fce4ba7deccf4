// Opening the cache database: the file created with mode 0600 (with its -wal
// and -shm companions) because it holds guests' personal data, the connection
// tuned, the migrations applied and the touch journal installed. The handles
// it returns, and that everything else uses, are handle.ts (re-exported here).
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { wrap, type WritableDB } from './handle';
import { runMigrations, type Migration } from './migrations';
import { CACHE_MIGRATIONS } from './schema';
import { installTouchJournal } from './touched';

export { ident, readable, sql } from './handle';
export type { Params, ReadableDB, SqlValue, WritableDB } from './handle';

export interface OpenOptions {
  /** File path, or ':memory:'. */
  path: string;
  /** Cache migrations plus any appended by other modules (outbox), in order. */
  migrations?: readonly Migration[];
  /** Log queries slower than this (ms). Default 40. */
  slowQueryMs?: number;
  onSlowQuery?: (query: string, ms: number) => void;
}

const SLOW_DEFAULT = 40;

/**
 * The write-ahead log is copied into the database by the commit that takes it past this many pages
 * (SQLite's default 1,000). That commit runs on the main process and pays for the copy and its sync:
 * with 1,000 pages, 30–45 ms every few seconds under steady writes (the history keeper trimming a
 * 1,000-listing cache: event-loop lateness p99 41–45 ms, max 72–79 ms); with 250, p99 16 ms, max 55
 * ms, the trim 20 % longer (100: p99 15, max 59, 40 % longer). A checkpointing thread was tried: it
 * cannot let the log start over while the main connection writes back to back (the log grew to GBs).
 */
export const AUTOCHECKPOINT_PAGES = 250;

/** Opens (creating if needed) the cache, applies pending migrations, returns the writable handle. */
export function openCache(options: OpenOptions): WritableDB {
  const { path } = options;
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // Create the file ourselves so it never exists with a wider mode.
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  const conn = new Database(path);
  try {
    // Space freed by dropping history goes back to the disk a chunk at a time (engine/history-keeper.ts).
    // Only a file created now takes it: an existing file keeps its mode until it is rebuilt (VACUUM).
    conn.pragma('auto_vacuum = INCREMENTAL');
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = NORMAL');
    conn.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    conn.pragma('foreign_keys = ON');
    conn.pragma('busy_timeout = 5000');
    conn.pragma('temp_store = MEMORY');
    conn.pragma('cache_size = -32000');
    if (path !== ':memory:') {
      for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
    }
    const db = wrap(conn, options.slowQueryMs ?? SLOW_DEFAULT, options.onSlowQuery);
    runMigrations(db, options.migrations ?? CACHE_MIGRATIONS);
    installTouchJournal(db);
    return db;
  } catch (e) {
    conn.close();
    throw e;
  }
}
