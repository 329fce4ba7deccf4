// Shipped migrations are frozen: each one's SQL is pinned here by checksum,
// every database stores the checksum of what it ran and is refused when a
// build's SQL for it differs, and databases from before checksums adopt them
// once. (Upgrades with data: electron/outbox/upgrade.test.ts.)
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_MIGRATIONS } from '../outbox/schema';
import { openCache } from './db';
import { MigrationHistoryError, appliedMigrations, migrationChecksum, type Migration } from './migrations';
import { CACHE_MIGRATIONS } from './schema';

const ALL = [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS];

/**
 * The checksum of every shipped migration. A failure here means a migration
 * that already ran on people's machines was edited: undo that and add a new
 * migration instead. A new migration adds its line here when it ships.
 */
const SHIPPED: Record<string, string> = {
  '001_cache': 'd3f310640a6283c459ed92f80f061650f8dfb5a2eab730ceb30330b710720763',
  '002_search_documents': '0f2af4f9440e657f17c7d07c4bd746ae370ca62a75f262041cddcf95d85de048',
  '003_marked_indexes': '61f3aab6beadda5a2fdec53730162355e792c1d34402c96b6a08d51d95cdb7e4',
  '004_board_booking_columns': 'ccb616deeaa9f50af8124f63afcadc50b3aadcf751ca197e60502cc2850cb881',
  '005_booking_window_index': 'e4f092371dd6712145cdf63238c13f6a92e28227823b7ddb605ff3b546dd29b9',
  '006_table_versions': 'c2ebe11a04b6b22bf618c289b063e08fc8037e914db6d976f26f80bd823ea5d8',
  '007_booking_customer_name': '3b97b0840b35959d3f2a99879c587ad7de9883004a212f738130fc2179d287cc',
  '008_board_task_columns': '32a6ab632c1611de795df34d38f0b6200968e2bcdcb6c7e996387b9e9a185773',
  '009_sync_state_indexes': '03a63847ed4812a613dade40d3a438fe7bdddac95e779b27eca081799cb32d9f',
  '010_listing_texts': '1fb08166c1a8d68378069514ec9c203942ba9d90b7394e13bab4307ef3a917b6',
  '011_price_edits': '92f09fa1fdefabf31118c2bee2b3c087ad3cfe25cbb8a2e938fa258384697a33',
  '012_admin_ids': '2b216cc76969b61450ae7c89fe279a5f84a02b83e5f14501c729f622460428d3',
  '013_destination_texts': 'bb88aa97156ddbcdb61761e9c1d63fe46547625636bbef64979dd341696721f0',
  '014_booking_freshness': '5a8ee918196472263408345cb4a56c9297f166316a8b13943d05dd91dcadb8aa',
  '015_sync_state_newest': '1bb4ad3f19c538d1562a6bec9e14f862ecd6e6be069e2aaa4e1900f0e35039bd',
  '016_daily_rows_lean': '6b566c176d1993b922fb4ee3f460e2aa6e3ca823062a5bc547ef46b78b66a339',
  '017_unused_indexes': 'd11dfb947d3e2366911cc06cc9904219c96643167cf731275a3570d9c93b83a7',
  '018_sync_state_win': 'ab8cef71cf18a91647bb8e083c46ed9df6f5ead4c0ac810f8d16017f07801d59',
  '019_rates_version': 'ed053825277f4fe1713d9906997d6efb4f69a3b69950803a8f0528614627dac4',
  '100_outbox': '07b40148156d15ec1e0a5dc022cae460d4b3f5de06d672b59982780bcb024472',
  '101_photo_blobs': '749f3a8120778706d4a20404f19b7df5299ee95d314c829e2c2b1da19c4e89b1',
  '102_change_subjects': '28387d261c98a8ee31976884ff9050094ce99dae4637339bef94458db7185140',
};

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-migrations-'));
  dirs.push(dir);
  return join(dir, 'cache.db');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What a build from before checksums left on disk: its history table, its rows, its SQL run. */
function writtenByOldBuild(path: string, migrations: readonly Migration[]): void {
  const conn = new Database(path);
  conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  for (const m of migrations) {
    conn.transaction(() => {
      conn.exec(m.up);
      conn
        .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
        .run(m.version, m.name, '2026-01-01T00:00:00.000Z');
    })();
  }
  conn.close();
}

/** Everything in the file, read without migrating it. */
function dump(path: string): unknown {
  const conn = new Database(path, { readonly: true });
  try {
    return {
      schema: conn.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all(),
      history: conn.prepare('SELECT * FROM schema_migrations ORDER BY version').all(),
      meta: conn.prepare('SELECT * FROM meta ORDER BY key').all(),
    };
  } finally {
    conn.close();
  }
}

/** `list` with the SQL of migration `name` changed by one character. */
function edited(list: readonly Migration[], name: string): Migration[] {
  const out = list.map((m) => (m.name === name ? { ...m, up: m.up.replace(' ', '  ') } : m));
  expect(out.filter((m, i) => m.up !== list[i]!.up).map((m) => m.name)).toEqual([name]);
  return out;
}

describe('shipped migrations', () => {
  it('keep the SQL they shipped with', () => {
    expect(Object.fromEntries(ALL.map((m) => [m.name, migrationChecksum(m.up)]))).toEqual(SHIPPED);
  });

  it('are literal SQL, not built from code that can change', () => {
    const files = (dir: string) =>
      readdirSync(dir)
        // A migration's own test (102_change_subjects.test.ts) may sit beside it: not a migration.
        .filter((f) => /^\d{3}_.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
        .map((f) => join(dir, f));
    const sources = [...files(join(__dirname, 'schema')), ...files(join(__dirname, '..', 'outbox', 'schema'))];
    expect(sources.length).toBe(ALL.length);
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain('${');
      expect(text.match(/^import (?!type ).*$/gm) ?? [], file).toEqual([]);
    }
  });
});

describe('checksums', () => {
  it('ignore line endings and trailing spaces, and nothing else', () => {
    const sql = 'CREATE TABLE a (x INTEGER) STRICT;\nCREATE INDEX a_x ON a (x);\n';
    expect(migrationChecksum(`\r\n${sql.replaceAll('\n', '  \r\n')}\n`)).toBe(migrationChecksum(sql));
    expect(migrationChecksum(sql.replace('(x)', '( x)'))).not.toBe(migrationChecksum(sql));
    expect(migrationChecksum(sql.replace('INTEGER', 'integer'))).not.toBe(migrationChecksum(sql));
  });

  it('are stored for each applied migration', () => {
    const db = openCache({ path: ':memory:', migrations: ALL });
    expect(appliedMigrations(db).map((a) => [a.name, a.checksum])).toEqual(Object.entries(SHIPPED));
    db.close();
  });

  it('refuse a database whose applied migration differs from this build’s, naming it and changing nothing', () => {
    const path = tempDb();
    const db = openCache({ path, migrations: ALL });
    db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['kept', 'yes']);
    db.close();
    const before = dump(path);
    for (const name of ['003_marked_indexes', '100_outbox']) {
      let error: unknown;
      try {
        openCache({ path, migrations: edited(ALL, name) }).close();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MigrationHistoryError);
      expect((error as MigrationHistoryError).migration).toBe(name);
      expect((error as MigrationHistoryError).detail).toBe(
        `Migration ${name} differs from this build's (its SQL changed since it was applied).`,
      );
      expect((error as Error).message).toContain('nothing in it was changed');
      expect(dump(path)).toEqual(before);
    }
    openCache({ path, migrations: ALL }).close();
  });
});

describe('a database from before checksums', () => {
  it('adopts the checksums of what it applied once, then verifies them like any other', () => {
    const path = tempDb();
    writtenByOldBuild(path, [...CACHE_MIGRATIONS.slice(0, 5), ...OUTBOX_MIGRATIONS]);
    const first = openCache({ path, migrations: ALL });
    expect(appliedMigrations(first).map((a) => [a.name, a.checksum])).toEqual(Object.entries(SHIPPED));
    const adoptedAt = appliedMigrations(first).map((a) => a.applied_at);
    first.close();
    // The same history table as a database created with checksums.
    const fresh = openCache({ path: ':memory:', migrations: ALL });
    const historySql = "SELECT sql FROM sqlite_master WHERE name = 'schema_migrations'";
    expect(dump(path)).toMatchObject({
      schema: expect.arrayContaining([
        { type: 'table', name: 'schema_migrations', sql: fresh.pluck<string>(historySql)[0] },
      ]) as unknown,
    });
    fresh.close();
    // Adopted once: reopening keeps them, and an edited migration is now refused.
    const again = openCache({ path, migrations: ALL });
    expect(appliedMigrations(again).map((a) => a.applied_at)).toEqual(adoptedAt);
    again.close();
    expect(() => openCache({ path, migrations: edited(ALL, '002_search_documents') })).toThrow(
      /Migration 002_search_documents differs/,
    );
  });

  it('is still refused when its history names differ (the check before checksums)', () => {
    const path = tempDb();
    writtenByOldBuild(path, CACHE_MIGRATIONS.slice(0, 3));
    const before = dump(path);
    const renamed = ALL.map((m) => (m.version === 3 ? { ...m, name: '003_other' } : m));
    expect(() => openCache({ path, migrations: renamed })).toThrow(MigrationHistoryError);
    expect(dump(path)).toEqual(before);
  });
});
