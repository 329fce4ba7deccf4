// Opening the cache database and the typed handles everything else uses.
// A read function takes a ReadableDB and cannot write (the type has no
// write methods); write code takes a WritableDB and does its work inside
// transaction(). The file is created with mode 0600 (with its -wal and -shm
// companions) because it holds guests' personal data.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { runMigrations, type Migration } from './migrations';
import { CACHE_MIGRATIONS } from './schema';
import { installTouchJournal } from './touched';

/** A value SQLite can bind. */
export type SqlValue = string | number | bigint | null | Buffer;
export type Params = readonly SqlValue[];

/** Read-only handle: prepared reads only. */
export interface ReadableDB {
  readonly kind: 'readable' | 'writable';
  /** Inside a transaction not yet committed (what is read may still be rolled back). */
  readonly inTransaction: boolean;
  all<T>(query: string, params?: Params): T[];
  get<T>(query: string, params?: Params): T | undefined;
  /** Rows as arrays (faster for hot queries that build their own objects). */
  rows(query: string, params?: Params): unknown[][];
  pluck<T>(query: string, params?: Params): T[];
}

export interface WritableDB extends ReadableDB {
  readonly kind: 'writable';
  run(query: string, params?: Params): { changes: number; lastInsertRowid: number | bigint };
  exec(script: string): void;
  /** Runs fn in one transaction (nested calls become savepoints). */
  transaction<T>(fn: (db: WritableDB) => T): T;
  /** The underlying connection, for code that prepares its own hot statements (ingest). */
  readonly raw: Database.Database;
  close(): void;
}

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
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = NORMAL');
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

function wrap(conn: Database.Database, slowMs: number, onSlow?: (q: string, ms: number) => void): WritableDB {
  // One statement per (mode, query): raw() and pluck() change a statement for good.
  const cache = new Map<string, Database.Statement>();
  const prepare = (query: string, mode: 'obj' | 'raw' | 'pluck' = 'obj'): Database.Statement => {
    const key = `${mode}\u0000${query}`;
    let s = cache.get(key);
    if (!s) {
      s = conn.prepare(query);
      if (mode === 'raw') s.raw(true);
      if (mode === 'pluck') s.pluck(true);
      cache.set(key, s);
    }
    return s;
  };
  const timed = <T>(query: string, fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    const ms = performance.now() - t0;
    if (ms > slowMs) (onSlow ?? defaultSlowLog)(query, ms);
    return out;
  };
  const db: WritableDB = {
    kind: 'writable',
    raw: conn,
    get inTransaction() {
      return conn.inTransaction;
    },
    all: <T>(q: string, p: Params = []) => timed(q, () => prepare(q).all(...p) as T[]),
    get: <T>(q: string, p: Params = []) => timed(q, () => prepare(q).get(...p) as T | undefined),
    rows: (q: string, p: Params = []) => timed(q, () => prepare(q, 'raw').all(...p) as unknown[][]),
    pluck: <T>(q: string, p: Params = []) => timed(q, () => prepare(q, 'pluck').all(...p) as T[]),
    run: (q: string, p: Params = []) => timed(q, () => prepare(q).run(...p)),
    exec: (script: string) => {
      conn.exec(script);
    },
    transaction: <T>(fn: (d: WritableDB) => T): T => {
      // better-sqlite3 turns nested transaction() calls into savepoints.
      return conn.transaction(() => fn(db)).immediate();
    },
    close: () => {
      cache.clear();
      if (conn.open) conn.close();
    },
  };
  return db;
}

function defaultSlowLog(query: string, ms: number): void {
  console.error(`cache: slow query (${ms.toFixed(1)} ms): ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
}

/** Narrows a writable handle for read-only code paths. */
export function readable(db: WritableDB): ReadableDB {
  return db;
}

/** An SQL identifier (table or column) checked before it is put into a query. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** `sql\`SELECT … WHERE id = ${id}\`` → [query, params]: values always bound, never interpolated. */
export function sql(strings: TemplateStringsArray, ...values: SqlValue[]): [string, SqlValue[]] {
  return [strings.reduce((q, s, i) => q + (i > 0 ? '?' : '') + s, ''), values];
}
