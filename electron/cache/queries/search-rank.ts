// Which search matches come first, and how many there are: people and
// bookings in house today first, then those arriving in the next
// SEARCH_NEAR_DAYS days, then the rest by bm25; exact matches before similar
// ones ("Andersen" → "Andersson") at each level. The records of the near
// bookings (a few thousand rowids at 1,000 listings) are read once and kept
// until the database changes, so a keystroke costs the bare match plus bm25
// for the rest. The similar match is a shorter prefix of each long word — no trigram
// index, no extra table, one more FTS query only when a word was shortened.
import type { ReadableDB, SqlValue } from '../db';
import { addDays, LIVE_STATES_SQL, longestStay } from './common';

/** "The next days": bookings starting within this many days after today rank just below the in-house ones. */
export const SEARCH_NEAR_DAYS = 7;
/** A word of this length or more is also looked for with its last SIMILAR_DROP letters cut off… */
export const SIMILAR_MIN_LENGTH = 6;
export const SIMILAR_DROP = 2;

export type Nearness = 'inHouse' | 'soon' | null;

export interface RankedRow {
  rowid: number;
  near: Nearness;
  /** Matched every word as typed (a prefix); false: only the shortened words matched. */
  exact: boolean;
}

/** The query's words, long letter-only ones shortened; null when none was shortened (nothing similar to add). */
export function similarWords(words: readonly string[]): string[] | null {
  let changed = false;
  const out = words.map((w) => {
    if (w.length < SIMILAR_MIN_LENGTH || /\d/.test(w)) return w;
    changed = true;
    return w.slice(0, w.length - SIMILAR_DROP);
  });
  return changed ? out : null;
}

/** Words as FTS5 prefix terms, quoted so no input is ever FTS syntax. */
export function prefixTerms(words: readonly string[]): string {
  return words.map((w) => `"${w}"*`).join(' ');
}

/**
 * The best `limit` matches of `match` (and, when given, of the broader
 * `similar` query, ranked after exact ones of the same nearness), plus the
 * total number of matches.
 */
export function rankedMatches(
  db: ReadableDB,
  q: { match: string; similar: string | null; kindCodes: readonly number[] | null; today: string; limit: number },
): { rows: RankedRow[]; total: number } {
  // The kind is the rowid modulo 8 (see SEARCH_KIND_CODES); ids may be negative (local records).
  const kindFilter = q.kindCodes ? 'AND ((rowid % 8) + 8) % 8 IN (SELECT value FROM json_each(?))' : '';
  const kindParams: SqlValue[] = q.kindCodes ? [JSON.stringify(q.kindCodes)] : [];
  const all = db.pluck<number>(`SELECT rowid FROM search WHERE search MATCH ? ${kindFilter}`, [
    q.similar ?? q.match,
    ...kindParams,
  ]);
  if (all.length === 0 || q.limit === 0) return { rows: [], total: all.length };
  const exactSet = q.similar
    ? new Set(db.pluck<number>(`SELECT rowid FROM search WHERE search MATCH ? ${kindFilter}`, [q.match, ...kindParams]))
    : null;
  const isExact = (rowid: number) => !exactSet || exactSet.has(rowid);

  const tiers = nearTiers(db, q.today);
  const near: RankedRow[] = [];
  for (const rowid of all) {
    const tier = tiers.get(rowid);
    if (tier !== undefined) near.push({ rowid, exact: isExact(rowid), near: tier === 0 ? 'inHouse' : 'soon' });
  }
  near.sort(
    (a, b) =>
      Number(a.near === 'soon') - Number(b.near === 'soon') ||
      Number(b.exact) - Number(a.exact) ||
      kindRank(a.rowid) - kindRank(b.rowid) ||
      a.rowid - b.rowid,
  );
  const rows: RankedRow[] = near.slice(0, q.limit);
  const seen = new Set(near.map((r) => r.rowid));
  // The rest by relevance: exact matches, then (room left) the similar ones.
  for (const [query, exact] of [[q.match, true], ...(q.similar ? [[q.similar, false]] : [])] as [string, boolean][]) {
    if (rows.length >= q.limit) break;
    const want = q.limit - rows.length + seen.size;
    const ids = db.pluck<number>(
      `SELECT rowid FROM search WHERE search MATCH ? ${kindFilter} ORDER BY bm25(search, 4.0, 1.0) LIMIT ?`,
      [query, ...kindParams, want],
    );
    for (const rowid of ids) {
      if (rows.length >= q.limit) break;
      if (seen.has(rowid)) continue;
      seen.add(rowid);
      rows.push({ rowid, exact, near: null });
    }
  }
  return { rows, total: all.length };
}

/** People before bookings before messages (guest 4, customer 3, booking 2, then the rest). */
function kindRank(rowid: number): number {
  const kind = ((rowid % 8) + 8) % 8;
  return kind === 4 ? 0 : kind === 3 ? 1 : kind === 2 ? 2 : 3;
}

const nearMemo = new WeakMap<ReadableDB, { key: string; tiers: Map<number, number> }>();

/**
 * Search rowids of the records tied to a live booking in house today
 * (departing today counts: 0) or arriving within SEARCH_NEAR_DAYS (1): the
 * booking, its guests, its customer, its messages; the lower tier wins. Kept
 * per connection until any write (this connection's changes or another's
 * commit) or another day; rebuilt inside a transaction, whose rollback would
 * otherwise leave it stale.
 */
function nearTiers(db: ReadableDB, today: string): Map<number, number> {
  const key = db.inTransaction
    ? null
    : `${today}|${db.get<{ v: number }>('SELECT total_changes() AS v')?.v}|${db.get<{ data_version: number }>('PRAGMA data_version')?.data_version}`;
  const hit = nearMemo.get(db);
  if (key !== null && hit?.key === key) return hit.tiers;
  const soon = addDays(today, SEARCH_NEAR_DAYS);
  const earliest = addDays(today, -longestStay(db));
  const rows = db.rows(
    // nb reads only columns of the covering (start_date, end_date, state) index; customers are looked up for the few near ones.
    `WITH nb AS MATERIALIZED (
       SELECT booking_number AS bn, CASE WHEN start_date <= ? THEN 0 ELSE 1 END AS tier
       FROM bookings WHERE start_date BETWEEN ? AND ? AND end_date >= ? AND state IN ${LIVE_STATES_SQL}
     )
     SELECT bn * 8 + 2, tier FROM nb
     UNION ALL SELECT b.customer_id * 8 + 3, tier FROM nb JOIN bookings b ON b.booking_number = nb.bn
       WHERE b.customer_id IS NOT NULL
     UNION ALL SELECT g.id * 8 + 4, tier FROM nb JOIN guests g ON g.booking_number = nb.bn
     UNION ALL SELECT m.id * 8 + 5, tier FROM nb JOIN messages m ON m.booking_number = nb.bn`,
    [today, earliest, soon, today],
  );
  const tiers = new Map<number, number>();
  for (const [rowid, tier] of rows as [number, number][]) {
    const had = tiers.get(rowid);
    if (had === undefined || tier < had) tiers.set(rowid, tier);
  }
  if (key !== null) nearMemo.set(db, { key, tiers });
  return tiers;
}
