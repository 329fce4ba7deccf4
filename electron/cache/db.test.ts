import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTOCHECKPOINT_PAGES, openCache, sql, ident } from './db';
import { MigrationHistoryError, OUTBOX_FIRST_VERSION, appliedMigrations, type Migration } from './migrations';
import { CACHE_MIGRATIONS } from './schema';

const CACHE_NAMES = CACHE_MIGRATIONS.map((m) => m.name);
const CACHE_VERSIONS = CACHE_MIGRATIONS.map((m) => m.version);
/** The next version a migration appended after the cache's own would take. */
const NEXT = CACHE_VERSIONS[CACHE_VERSIONS.length - 1]! + 1;
const pad = (n: number) => String(n).padStart(3, '0');
/** A migration appended after the cache's own, named `<NNN>_<name>`. */
const nextMigration = (name: string, up: string): Migration => ({ version: NEXT, name: `${pad(NEXT)}_${name}`, up });

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-cache-'));
  dirs.push(dir);
  return join(dir, 'sub', 'cache.db');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('openCache', () => {
  it('creates the file with mode 0600 in WAL mode and applies the migrations once', () => {
    const path = tempDb();
    const db = openCache({ path });
    db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['k', 'v']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
    expect(db.raw.pragma('journal_mode', { simple: true })).toBe('wal');
    // The log copied into the file in small steps: a commit on the main process never pays for a long one.
    expect(db.raw.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOCHECKPOINT_PAGES);
    db.close();
    const again = openCache({ path });
    expect(appliedMigrations(again).map((m) => m.name)).toEqual(CACHE_NAMES);
    expect(again.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', ['k'])?.value).toBe('v');
    again.close();
  });

  it('finds records with unsent changes through an index, not a scan', () => {
    const db = openCache({ path: ':memory:' });
    // The tables the outbox edits (migration 003 indexed their marked rows).
    const marked = [
      ['bookings', 'booking_number'],
      ['cleaning', 'id'],
      ['maintenance', 'id'],
      ['incidents', 'id'],
      ['guests', 'id'],
      ['customers', 'id'],
      ['messages', 'id'],
      ['blocks', 'id'],
    ];
    for (const [table, key] of marked) {
      const plan = db
        .all<{ detail: string }>(
          `EXPLAIN QUERY PLAN SELECT ${key} FROM ${table} WHERE outbox_mark IS NOT NULL AND server_raw IS NOT NULL`,
        )
        .map((r) => r.detail)
        .join(' ');
      expect(plan, table).toContain(`${table}_marked`);
    }
    db.close();
  });

  it('makes every cache table STRICT', () => {
    const db = openCache({ path: ':memory:' });
    const tables = db.all<{ name: string; strict: number }>(
      "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search%'",
    );
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => t.strict !== 1).map((t) => t.name)).toEqual([]);
    expect(() =>
      db.run(
        'INSERT INTO bookings (booking_number, start_date, end_date, stay_days, state, data, raw) VALUES (1, 2, 3, 4, ?, 6, 7)',
        ['x'],
      ),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
    db.close();
  });

  it('appends migrations registered after the cache ones (the outbox) in order', () => {
    const path = tempDb();
    openCache({ path }).close();
    const outbox: Migration = {
      version: OUTBOX_FIRST_VERSION,
      name: '100_outbox',
      up: 'CREATE TABLE outbox (id INTEGER PRIMARY KEY) STRICT;',
    };
    const db = openCache({ path, migrations: [...CACHE_MIGRATIONS, outbox] });
    expect(appliedMigrations(db).map((m) => m.version)).toEqual([...CACHE_VERSIONS, 100]);
    db.close();
  });

  it('applies a later cache migration to a database that already has the outbox’s', () => {
    const path = tempDb();
    const outbox: Migration = {
      version: OUTBOX_FIRST_VERSION,
      name: '100_outbox',
      up: 'CREATE TABLE o (a INTEGER) STRICT;',
    };
    openCache({ path, migrations: [CACHE_MIGRATIONS[0]!, outbox] }).close();
    const db = openCache({ path, migrations: [...CACHE_MIGRATIONS, outbox] });
    expect(appliedMigrations(db).map((m) => m.version)).toEqual([...CACHE_VERSIONS, OUTBOX_FIRST_VERSION]);
    db.close();
    // …but a build that lacks a cache migration the database has is still refused.
    expect(() => openCache({ path, migrations: [CACHE_MIGRATIONS[0]!, outbox] })).toThrow(MigrationHistoryError);
  });

  it('refuses a database whose applied migrations are not a prefix of the known ones', () => {
    const path = tempDb();
    const foreign = nextMigration('something_else', 'CREATE TABLE x (a INTEGER) STRICT;');
    openCache({ path, migrations: [...CACHE_MIGRATIONS, foreign] }).close();
    expect(() => openCache({ path })).toThrow(MigrationHistoryError);
    const renamed: Migration = { ...foreign, name: `${pad(NEXT)}_renamed` };
    expect(() => openCache({ path, migrations: [...CACHE_MIGRATIONS, renamed] })).toThrow(/different version/);
  });

  it('rolls a failing migration back completely', () => {
    const path = tempDb();
    const broken = nextMigration('broken', 'CREATE TABLE half (a INTEGER) STRICT; SELECT * FROM nope;');
    expect(() => openCache({ path, migrations: [...CACHE_MIGRATIONS, broken] })).toThrow(/no such table/);
    const db = openCache({ path });
    expect(db.get("SELECT 1 FROM sqlite_master WHERE name = 'half'")).toBeUndefined();
    expect(appliedMigrations(db).map((m) => m.name)).toEqual(CACHE_NAMES);
    db.close();
  });

  it('rejects migration lists that are not strictly increasing', () => {
    const dup: Migration = { version: 1, name: '001_again', up: '' };
    expect(() => openCache({ path: ':memory:', migrations: [...CACHE_MIGRATIONS, dup] })).toThrow(/does not follow/);
  });

  it('rolls back a transaction that throws', () => {
    const db = openCache({ path: ':memory:' });
    expect(() =>
      db.transaction((tx) => {
        tx.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['a', '1']);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.get('SELECT 1 FROM meta')).toBeUndefined();
    db.close();
  });
});

describe('sql helpers', () => {
  it('binds values instead of interpolating them and checks identifiers', () => {
    const [q, p] = sql`SELECT * FROM t WHERE a = ${"x'; DROP TABLE t; --"} AND b = ${2}`;
    expect(q).toBe('SELECT * FROM t WHERE a = ? AND b = ?');
    expect(p).toEqual(["x'; DROP TABLE t; --", 2]);
    expect(ident('bookings')).toBe('"bookings"');
    expect(() => ident('bookings; DROP')).toThrow(/identifier/);
  });
});
