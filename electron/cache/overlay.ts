// The optimistic overlay of a cached record, as stored: the one module that
// writes a record table's overlay columns — `data` and the typed columns (what
// reads show), `outbox_mark` (what is unsent), `raw` (the server version the
// change was made against) and `server_raw` (a newer server version kept
// aside meanwhile). A record without changes keeps one form — `data` and the
// verbatim columns (tables.ts wholeSql) — with raw '': that is its server
// version, and its first change copies it into `raw` as the base. A row an
// earlier build wrote still holds its wire copy in raw until sync rewrites it
// (write.ts); both forms read back through the kind's read schema
// (outbox/kinds/stored-form.test.ts). The outbox's view (electron/outbox/view.ts)
// decides WHAT a record shows and calls these in the same transaction as its
// entries; sync's upsert (write.ts) respects the overlay: a marked row only
// gets server_raw.
import type { ReadableDB, SqlValue, WritableDB } from './db';
import { ident } from './db';
import { upsertRecords, type Incoming } from './write';
import { rowOf, type TableSpec } from './tables';

/** A cached row, every column. */
export type OverlayRow = Record<string, unknown>;

const where = (spec: TableSpec<never>) => `${ident(spec.key)} = ?`;
const table = (spec: TableSpec<never>) => ident(spec.table);

/** The cached row of a record (every column, and `record`: the record it holds, as JSON text), or undefined. */
export function overlayRow<T>(db: ReadableDB, spec: TableSpec<T>, key: number | string): OverlayRow | undefined {
  const s = spec as TableSpec<never>;
  return db.get<OverlayRow>(`SELECT *, ${s.wholeSql} AS record FROM ${table(s)} WHERE ${where(s)}`, [key]);
}

/**
 * The newest server version a row holds, as JSON text: the one kept aside, else the one changed
 * against, else (a row without changes) the record as stored.
 */
export function serverText(row: OverlayRow): unknown {
  if (typeof row['server_raw'] === 'string') return row['server_raw'];
  return row['raw'] === '' ? row['record'] : row['raw'];
}

/** Whether a row already holds this record: its `data` and every typed column (a verbatim field lives in its column only). */
export function rowHolds<T>(spec: TableSpec<T>, row: OverlayRow, value: T): boolean {
  const { values, data } = rowOf(spec, value);
  return row['data'] === JSON.stringify(data) && spec.columns.every((c, i) => row[c] === (values[i] ?? null));
}

/**
 * Sets (or clears, with null) the unsent-change mark of a record, nothing
 * else. Returns false when no such record is cached.
 */
export function setOutboxMark<T>(
  db: WritableDB,
  spec: TableSpec<T>,
  key: number | string,
  mark: object | null,
): boolean {
  const s = spec as TableSpec<never>;
  const r = db.run(`UPDATE ${table(s)} SET outbox_mark = ? WHERE ${where(s)}`, [
    mark === null ? null : JSON.stringify(mark),
    key,
  ]);
  return r.changes > 0;
}

/**
 * Writes an optimistic version of a record (typed columns + data, and any
 * `shown` columns a create fills in for display) and sets the mark. `raw`, the
 * server version the change was made against, is the stored record when the
 * row had no change yet, and is kept otherwise. For records created offline
 * (negative keys), `raw` becomes '{}'.
 */
export function writeLocal<T>(
  db: WritableDB,
  spec: TableSpec<T>,
  value: T,
  mark: object,
  shown: Record<string, SqlValue> = {},
): void {
  const s = spec as TableSpec<never>;
  const t = table(s);
  const { key: k, values, data } = rowOf(spec, value);
  // The typed columns, then what a create shows before the server has it (it wins over a typed column).
  const byColumn = new Map<string, SqlValue>(spec.columns.map((c, i) => [c, values[i] ?? null]));
  for (const [c, v] of Object.entries(shown)) byColumn.set(c, v);
  const cols = [...byColumn.keys()].map(ident);
  const params = [...byColumn.values(), JSON.stringify(data), JSON.stringify(mark)];
  const exists = db.get(`SELECT 1 FROM ${t} WHERE ${where(s)}`, [k]);
  if (exists) {
    // SQLite computes every SET from the row as it was: a row's first change keeps its stored record as the base.
    const base = `raw = CASE WHEN raw = '' THEN ${s.wholeSql} ELSE raw END`;
    db.run(
      `UPDATE ${t} SET ${cols.map((c) => `${c} = ?`).join(', ')}, data = ?, outbox_mark = ?, ${base} WHERE ${where(s)}`,
      [...params, k],
    );
  } else {
    const all = [ident(spec.key), ...cols, '"data"', 'outbox_mark', '"raw"'];
    db.run(`INSERT INTO ${t} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`, [k, ...params, '{}']);
  }
}

/**
 * Keeps a server version beside a record's local changes (server_raw): what
 * the view re-derives from. Returns false when no such record is cached.
 */
export function keepServerVersion<T>(db: WritableDB, spec: TableSpec<T>, key: number | string, raw: unknown): boolean {
  const s = spec as TableSpec<never>;
  return db.run(`UPDATE ${table(s)} SET server_raw = ? WHERE ${where(s)}`, [JSON.stringify(raw), key]).changes > 0;
}

/**
 * Clears the mark and makes the server's version the cached record again.
 * `store` is how the table stores server versions (the upsert, unless the
 * record kind has its own); the row is reset first so it rewrites (a row
 * whose raw is not '' always does).
 */
export function restoreServerVersion<T>(
  db: WritableDB,
  spec: TableSpec<T>,
  key: number | string,
  server: Incoming<T>,
  store: (items: readonly Incoming<T>[]) => void = (items) => upsertRecords(db, spec, items),
): void {
  const s = spec as TableSpec<never>;
  db.run(`UPDATE ${table(s)} SET outbox_mark = NULL, server_raw = NULL, raw = '{}' WHERE ${where(s)}`, [key]);
  store([server]);
}

/** Notes that the server has no such record any more (answered 404): nothing to go back to. */
export function markGoneOnServer<T>(db: WritableDB, spec: TableSpec<T>, key: number | string): void {
  const s = spec as TableSpec<never>;
  db.run(`UPDATE ${table(s)} SET server_raw = '{}' WHERE ${where(s)}`, [key]);
}

/** Removes a record from the cache (a delete the server confirmed, a local create with nothing left). */
export function dropRecord<T>(db: WritableDB, spec: TableSpec<T>, key: number | string): void {
  const s = spec as TableSpec<never>;
  db.run(`DELETE FROM ${table(s)} WHERE ${where(s)}`, [key]);
}

/** Keys of marked records with a newer server version kept aside (sync stored it under local changes). */
export function keysWithServerAside<T>(db: WritableDB, spec: TableSpec<T>): (number | string)[] {
  const s = spec as TableSpec<never>;
  return db.pluck<number | string>(
    `SELECT ${ident(spec.key)} FROM ${table(s)} WHERE outbox_mark IS NOT NULL AND server_raw IS NOT NULL`,
  );
}
