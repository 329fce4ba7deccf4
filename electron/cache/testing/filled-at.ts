// Caches at an older schema, for the upgrade tests (not used by the app):
// what a person's disk holds when a build with fewer migrations wrote it.
import { join } from 'node:path';
import { openCache, type WritableDB } from '../db';
import type { Migration } from '../migrations';
import { CACHE_MIGRATIONS } from '../schema';
import { RECORD_TABLES, recordOf } from '../tables';

/**
 * A database at the schema `old` makes (run migration by migration, as that
 * build did), holding what `fill` writes: filled through today's writers into
 * a database at `current`, then copied column by column into the old one (its
 * own triggers fire as they did then). Every table the old schema has is
 * copied (the search index is fed by its triggers); `dir` holds the source.
 * A record's `data` is copied whole, as the builds before this one wrote it.
 */
export function filledAt(
  old: readonly Migration[],
  path: string,
  dir: string,
  fill: (db: WritableDB) => void,
  current: readonly Migration[] = CACHE_MIGRATIONS,
): WritableDB {
  const src = join(dir, `source-${old.length}.db`);
  const now = openCache({ path: src, migrations: current });
  fill(now);
  now.close();
  const db = openCache({ path, migrations: old });
  db.exec(`ATTACH DATABASE '${src.replaceAll("'", "''")}' AS src`);
  const tables = db.pluck<string>(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search%' AND name <> 'schema_migrations'",
  );
  for (const table of tables) {
    type Col = { name: string; type: string; notnull: number; dflt_value: unknown };
    const have = new Set(db.pluck<string>("SELECT name FROM pragma_table_info(?, 'src')", [table]));
    const cols = db.all<Col>('SELECT name, type, "notnull", dflt_value FROM pragma_table_info(?)', [table]);
    // A column a later migration dropped (prices.raw, migration 16) is filled as that build would have
    // had it filled: JSON text, or zero.
    // A build before this one kept the whole record in `data` (today's keeps its verbatim fields in their columns only).
    const whole = old.length < current.length && RECORD_TABLES.includes(table);
    const value = (c: Col) =>
      whole && c.name === 'data'
        ? recordOf(table)
        : have.has(c.name)
          ? `"${c.name}"`
          : c.notnull && c.dflt_value === null
            ? c.type === 'TEXT'
              ? `'{}'`
              : '0'
            : 'NULL';
    db.exec(
      `INSERT OR REPLACE INTO main."${table}" (${cols.map((c) => `"${c.name}"`).join(', ')})
       SELECT ${cols.map(value).join(', ')} FROM src."${table}"`,
    );
  }
  db.exec('DETACH DATABASE src');
  return db;
}
