// Per-table change counters and the small read-through cache they make safe.
// Migration 006 keeps one counter per table listed here, bumped by triggers on
// every inserted, changed or deleted row — by any writer on any connection
// (sync, the outbox's optimistic edits, tests), and not by the sync's
// re-upserts of unchanged records, which write nothing. A value derived from
// those tables is rebuilt only when one of its counters moved.
//
// Used for what the day board re-reads on every call but changes rarely
// compared with how often it is read: the listing directory and the open
// incidents. At 1,000 listings they were ≈ 1 ms of the board's ≈ 3 ms. And by
// the sync planner, for its jobs made from every listing and rate (migration 19
// added the rates counter).
import type { ReadableDB } from './db';

/** The tables with a change counter (migrations 006 and 019 made their triggers; a new one needs its own migration). */
export const VERSIONED_TABLES = ['incident_listings', 'incidents', 'listings', 'rates'] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

interface Entry {
  key: string;
  value: unknown;
}
const memos = new WeakMap<ReadableDB, Map<string, Entry>>();

/** The counters of `tables`, as one comparable key. */
export function versionKey(db: ReadableDB, tables: readonly VersionedTable[]): string {
  return db
    .pluck<number>('SELECT version FROM table_versions WHERE name IN (SELECT value FROM json_each(?)) ORDER BY name', [
      JSON.stringify(tables),
    ])
    .join('|');
}

/**
 * `build()`'s value, kept per connection under `name` until one of `tables`
 * changes. The value is shared between callers: it must be treated as
 * read-only (builders freeze what they return). Inside an open transaction
 * nothing is kept: a rollback would set the counters back while the value
 * built from the undone rows stayed, and match again after a later change.
 */
export function memo<T>(db: ReadableDB, name: string, tables: readonly VersionedTable[], build: () => T): T {
  if (db.inTransaction) return build();
  const key = versionKey(db, tables);
  let byName = memos.get(db);
  if (!byName) memos.set(db, (byName = new Map<string, Entry>()));
  const hit = byName.get(name);
  if (hit && hit.key === key) return hit.value as T;
  const value = build();
  byName.set(name, { key, value });
  return value;
}

/** Freezes a parsed JSON value all the way down (shared cached records must not be changed by a reader). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
