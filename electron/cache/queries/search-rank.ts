// Which search matches come first, and how many there are: one SQL pass over
// every FTS match that ranks people and bookings in house today first, then
// those arriving in the next SEARCH_NEAR_DAYS days, then the rest; within
// each, exact matches before similar ones ("Andersen" → "Andersson"), then
// bm25. The similar match is a shorter prefix of each long word — no trigram
// index, no extra table, one more FTS query only when a word was shortened.
import type { ReadableDB, SqlValue } from '../db';
import { LIVE_STATES_SQL, addDays } from './common';

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

/** Today in local time, as the desk's calendar reads it. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
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
  const soon = addDays(q.today, SEARCH_NEAR_DAYS);
  const params: SqlValue[] = [q.today, soon, q.similar ?? q.match];
  let kindFilter = '';
  if (q.kindCodes) {
    // The kind is the rowid modulo 8 (see SEARCH_KIND_CODES); ids may be negative (local records).
    kindFilter = 'AND ((rowid % 8) + 8) % 8 IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(q.kindCodes));
  }
  const exact = q.similar ? 'r IN (SELECT rowid FROM search WHERE search MATCH ?)' : '1';
  if (q.similar) params.push(q.match);
  params.push(q.limit);
  // 0 in house (arrived, not yet gone: departing today counts), 1 arriving soon, NULL otherwise.
  const tier = 'CASE WHEN bk.start_date <= p.today THEN 0 ELSE 1 END';
  const near = `bk.state IN ${LIVE_STATES_SQL} AND bk.end_date >= p.today AND bk.start_date <= p.soon`;
  const rows = db.all<{ r: number; exact: number; total: number; tier: number | null }>(
    `WITH p AS (SELECT ? AS today, ? AS soon),
    m AS MATERIALIZED (
      SELECT rowid AS r, bm25(search, 4.0, 1.0) AS score FROM search WHERE search MATCH ? ${kindFilter}
    ),
    k AS (SELECT r, score, ((r % 8) + 8) % 8 AS kind, ${exact} AS exact FROM m),
    b AS (
      SELECT r, score, kind, exact,
        CASE kind
          WHEN 2 THEN (r - kind) / 8
          WHEN 4 THEN (SELECT booking_number FROM guests WHERE id = (r - kind) / 8)
          WHEN 5 THEN (SELECT booking_number FROM messages WHERE id = (r - kind) / 8)
        END AS bn
      FROM k
    )
    SELECT r, exact, count(*) OVER () AS total,
      CASE
        WHEN kind = 3 THEN (SELECT min(${tier}) FROM bookings bk WHERE bk.customer_id = (r - kind) / 8 AND ${near})
        WHEN bn IS NOT NULL THEN (SELECT ${tier} FROM bookings bk WHERE bk.booking_number = bn AND ${near})
      END AS tier
    FROM b, p
    ORDER BY coalesce(tier, 2), exact DESC, score
    LIMIT ?`,
    params,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((x) => ({
      rowid: x.r,
      exact: x.exact === 1,
      near: x.tier === 0 ? 'inHouse' : x.tier === 1 ? 'soon' : null,
    })),
  };
}
