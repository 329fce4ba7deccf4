// The typed handles on the cache's SQLite connection, which everything else
// uses: a read function takes a ReadableDB and cannot write (the type has no
// write methods); write code takes a WritableDB and does its work inside
// transaction(). Opening the file and bringing its schema up to date is db.ts.
import type Database from 'better-sqlite3';
import { noteWork } from '../log/long-tasks';

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

/** The typed handle around an open connection (one prepared statement per query and mode; slow queries reported, and noted as causes of long tasks). */
export function wrap(conn: Database.Database, slowMs: number, onSlow?: (q: string, ms: number) => void): WritableDB {
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
    noteWork(() => `query ${query}`, ms);
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
