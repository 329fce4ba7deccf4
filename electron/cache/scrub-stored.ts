// A cache written before every table was scrubbed (issue 27) may hold a
// password or card data that a server put inside records of kinds that were
// stored as they came: listings, photos, rates, blocks, tasks, incidents,
// threads, reference lists, prices and availability. This one-time pass, run
// when the cache opens, removes those keys at any depth from every stored JSON
// column of those tables, in one transaction, then records SCRUB_PASS in meta
// so it never runs again. It is code rather than a numbered SQL migration
// because the scrub is ONE list (scrub.ts) and SQL cannot walk JSON at any
// depth in a statement short enough to keep literal; bump SCRUB_PASS when the
// list grows so caches are cleaned of the new key too.
import { ident, type WritableDB } from './db';
import { SECRET_KEYS, scrubSecrets } from './scrub';

/** The version of the pass a cache has had (meta `cache.scrubbed`). */
export const SCRUB_PASS = 1;
const META_KEY = 'cache.scrubbed';

/** Tables that were stored unscrubbed before the pass (bookings, customers, guests, admins and the quarantine always were). */
const UNSCRUBBED_BEFORE = [
  'listings',
  'photos',
  'rates',
  'blocks',
  'incidents',
  'maintenance',
  'cleaning',
  'threads',
  'messages',
  'destinations',
  'origins',
  'owners',
  'costs',
  'customer_types',
  'prices',
  'availability',
] as const;
const JSON_COLUMNS = new Set(['data', 'raw', 'server_raw']);

/** Cleans the cache once; answers how many stored values it rewrote. */
export function scrubStoredSecrets(db: WritableDB): number {
  const done = db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [META_KEY])?.value;
  if (Number(done ?? 0) >= SCRUB_PASS) return 0;
  const named = [...SECRET_KEYS].map(() => 'instr(?1, ?) > 0');
  const needles = [...SECRET_KEYS].map((k) => `"${k}"`);
  return db.transaction((tx) => {
    let rewritten = 0;
    for (const table of UNSCRUBBED_BEFORE) {
      const info = tx.all<{ name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info(?)`, [table]);
      if (!info.length) continue; // a cache from before the table existed
      // Tables with a rowid are addressed by it; WITHOUT ROWID ones (prices, availability) by their key columns.
      const withoutRowid = tx
        .get<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [table])!
        .sql.includes('WITHOUT ROWID');
      const address = withoutRowid ? info.filter((c) => c.pk > 0).map((c) => c.name) : ['rowid'];
      for (const col of info.map((c) => c.name).filter((c) => JSON_COLUMNS.has(c))) {
        const test = named.map((n) => n.replace('?1', ident(col))).join(' OR ');
        const rows = tx.all<Record<string, string | number | null>>(
          `SELECT ${address.map((a, i) => `${ident(a)} AS k${i}`).join(', ')}, ${ident(col)} AS v FROM ${ident(table)} WHERE ${test}`,
          needles,
        );
        for (const row of rows) {
          const value = JSON.parse(row['v'] as string) as unknown;
          const clean = scrubSecrets(value);
          if (clean === value) continue;
          tx.run(
            `UPDATE ${ident(table)} SET ${ident(col)} = ? WHERE ${address.map((a) => `${ident(a)} = ?`).join(' AND ')}`,
            [JSON.stringify(clean), ...address.map((_, i) => row[`k${i}`] ?? null)],
          );
          rewritten++;
        }
      }
    }
    tx.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      META_KEY,
      String(SCRUB_PASS),
    ]);
    return rewritten;
  });
}
