// The sort key of a name, kept in the listings' sort_key column (tables.ts) and used by the queries.
/**
 * The sort key of a name: lower case, accents removed, numbers padded — so
 * "Àtic 2" sorts with "atic 10" after "Atic 9" in plain SQL ORDER BY (SQLite's
 * NOCASE is ASCII-only and there is no collation hook in better-sqlite3).
 */
export function sortKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (d) => d.padStart(8, '0'))
    .trim();
}
