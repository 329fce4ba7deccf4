// The write path of the cache: upserts that respect unsent local changes,
// deletion of records a complete server answer no longer contains, and
// quarantine of records that failed validation. Sync calls these inside one
// transaction per page. The optimistic overlay's own statements (local values,
// marks, server versions kept aside) are overlay.ts.
import type Database from 'better-sqlite3';
import type { Params, SqlValue, WritableDB } from './db';
import { ident } from './db';
import { mayHoldSecret, scrubSecrets } from './scrub';
import type { TableSpec } from './tables';

export interface Incoming<T> {
  value: T;
  /** The JSON as the server sent it: stored only beside unsent changes (server_raw), else the record is `data` alone. */
  raw: unknown;
}

export interface UpsertResult {
  /** Rows inserted or changed (unchanged records are not rewritten). */
  written: number;
  /** Keys whose row changed (for cache.changed and follow-up work). */
  changed: (number | string)[];
  /** Records with an unsent local change whose server version was stored aside. */
  keptLocal: number;
}

interface Sql {
  upsert: string;
  /** Which of a page's keys carry an unsent-change mark. */
  marked: string;
}
const sqlBySpec = new WeakMap<TableSpec<never>, Sql>();

function sqlFor<T>(spec: TableSpec<T>): Sql {
  const cached = sqlBySpec.get(spec);
  if (cached) return cached;
  const t = ident(spec.table);
  const key = ident(spec.key);
  const cols = spec.columns.map(ident);
  const all = [key, ...cols, '"data"', '"raw"'];
  const keep = (c: string) => `${c} = CASE WHEN outbox_mark IS NULL THEN excluded.${c} ELSE ${c} END`;
  // A record is its data and its columns (a verbatim field lives in its column only).
  const changed = [...cols, '"data"'].map((c) => `${c} IS NOT excluded.${c}`).join(' OR ');
  // One statement: a marked row keeps its optimistic columns and gets the
  // server version (the wire JSON, the one place it is kept) in server_raw;
  // an unmarked row holds its one stored form, `data` and its columns, and
  // raw '' — its server version is that record itself. An unchanged row is
  // not rewritten at all (no WAL traffic, no search-index churn); one that
  // still holds a base or a kept server version (an earlier change just
  // settled), or an earlier build's wire copy, is.
  const upsert = `INSERT INTO ${t} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${[...cols, '"data"', '"raw"'].map(keep).join(', ')},
      server_raw = CASE WHEN outbox_mark IS NULL THEN NULL ELSE excluded.raw END
    WHERE (outbox_mark IS NULL AND (${changed} OR raw <> '' OR server_raw IS NOT NULL))
       OR (outbox_mark IS NOT NULL AND server_raw IS NOT excluded.raw)`;
  const marked = `SELECT ${key} FROM ${t} WHERE ${key} IN (SELECT value FROM json_each(?)) AND outbox_mark IS NOT NULL`;
  const s = { upsert, marked };
  sqlBySpec.set(spec, s);
  return s;
}

/** The hot statement, prepared once per connection and table (sync runs it for every record). */
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function hot(db: WritableDB, query: string): Database.Statement {
  let byQuery = prepared.get(db.raw);
  if (!byQuery) prepared.set(db.raw, (byQuery = new Map<string, Database.Statement>()));
  let stmt = byQuery.get(query);
  if (!stmt) byQuery.set(query, (stmt = db.raw.prepare(query)));
  return stmt;
}

/** A server version kept beside local changes: its wire JSON, scrubbed of secrets. */
function serverJson(raw: unknown, scrub: boolean): string {
  const text = JSON.stringify(raw) ?? 'null';
  return scrub && mayHoldSecret(text) ? JSON.stringify(scrubSecrets(raw)) : text;
}

/** Upserts validated records. Call inside a transaction. */
export function upsertRecords<T>(db: WritableDB, spec: TableSpec<T>, items: readonly Incoming<T>[]): UpsertResult {
  const sql = sqlFor(spec);
  const upsert = hot(db, sql.upsert);
  const result: UpsertResult = { written: 0, changed: [], keptLocal: 0 };
  if (items.length === 0) return result;
  const rows = new Array<{ key: number | string; params: SqlValue[]; raw: unknown }>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    let value = item.value;
    let data = JSON.stringify(spec.data(value));
    // Card data and passwords never reach the disk; the text check keeps the common case free.
    if (spec.scrub && mayHoldSecret(data)) {
      value = scrubSecrets(value);
      data = JSON.stringify(spec.data(value));
    }
    const key = spec.keyOf(value);
    rows[i] = { key, params: [key, ...spec.values(value), data], raw: item.raw };
  }
  // Rows with unsent local changes only get their server version stored aside, as the wire sent it.
  const local = new Set(db.pluck<number | string>(sql.marked, [JSON.stringify(rows.map((r) => r.key))]));
  for (const { key, params, raw } of rows) {
    const kept = local.has(key);
    if (upsert.run(...params, kept ? serverJson(raw, spec.scrub) : '').changes === 0) continue;
    if (kept) result.keptLocal++;
    else {
      result.written++;
      result.changed.push(key);
    }
  }
  return result;
}

/**
 * After a complete answer for a scope: deletes the cached records of that
 * scope (the `where` clause) whose keys the answer did not contain. Rows with
 * an unsent local change are kept. Returns the deleted keys.
 */
export function deleteMissing<T>(
  db: WritableDB,
  spec: TableSpec<T>,
  where: string,
  params: Params,
  seen: ReadonlySet<number | string>,
): (number | string)[] {
  const t = ident(spec.table);
  const key = ident(spec.key);
  // The scope's keys from its index alone (no look-up of each row: a year of bookings' rows are large), and
  // the mark checked only for the few the answer lacked: a row with an unsent change is not deleted.
  const cached = db.pluck<number | string>(`SELECT ${key} FROM ${t} WHERE (${where})`, params);
  const gone: (number | string)[] = [];
  for (const k of cached) {
    if (seen.has(k)) continue;
    if (db.run(`DELETE FROM ${t} WHERE ${key} = ? AND outbox_mark IS NULL`, [k]).changes > 0) gone.push(k);
  }
  return gone;
}

export interface QuarantineItem {
  raw: unknown;
  error: string;
  /** The record's id when it could be read, else null (then a hash of the JSON is the key). */
  key: string | null;
}

/** Keeps invalid records aside with their error (one row per resource and record, counting repeats). */
export function quarantineRecords(
  db: WritableDB,
  resource: string,
  scope: string,
  items: readonly QuarantineItem[],
  now: number,
): void {
  for (const item of items) {
    const raw = JSON.stringify(scrubSecrets(item.raw) ?? null);
    const key = item.key ?? `json:${hashText(raw)}`;
    db.run(
      `INSERT INTO quarantine (resource, scope, record_key, raw, error, first_seen, last_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (resource, record_key) DO UPDATE SET
         raw = excluded.raw, error = excluded.error, scope = excluded.scope,
         last_seen = excluded.last_seen, times = times + 1`,
      [resource, scope, key, raw, item.error, now, now],
    );
  }
}

/** Removes quarantine rows of records that have since arrived valid. */
export function releaseQuarantine(db: WritableDB, resource: string, keys: readonly (number | string)[]): number {
  if (!db.get('SELECT 1 FROM quarantine WHERE resource = ? LIMIT 1', [resource])) return 0;
  let n = 0;
  for (const k of keys)
    n += db.run('DELETE FROM quarantine WHERE resource = ? AND record_key = ?', [resource, String(k)]).changes;
  return n;
}

/** FNV-1a, enough to give a junk record without an id a stable key. */
export function hashText(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
