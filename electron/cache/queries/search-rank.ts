// Which search matches come first, and how many there are: people and
// bookings in house today first, then those arriving in the next
// SEARCH_NEAR_DAYS days, then the rest by bm25; exact matches before similar
// ones ("Andersen" → "Andersson") at each level. The similar match is a shorter prefix of each long word — no trigram
// index, no extra table, one more FTS query only when a word was shortened.
import type { ReadableDB, SqlValue } from '../db';
import { longestStay } from './bookings';
import { LIVE_STATES_SQL, addDays } from './common';

/** "The next days": bookings starting within this many days after today rank just below the in-house ones. */
export const SEARCH_NEAR_DAYS = 7;
/** A word of this length or more is also looked for with its last SIMILAR_DROP letters cut off… */
export const SIMILAR_MIN_LENGTH = 6;
export const SIMILAR_DROP = 2;

/**
 * Up to this many matches, each match's booking is looked up (cheap for few);
 * beyond, the near bookings' records are intersected with the match (a fixed
 * few milliseconds at 1,000 listings, whatever the number of matches).
 */
export const FEW_MATCHES = 300;

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
 * total number of matches. Cost stays near the bare FTS match: the near
 * records (a few thousand at most) are intersected with the match's rowids,
 * and bm25 ranks only the rest, only when the near ones leave room.
 */
export function rankedMatches(
  db: ReadableDB,
  q: {
    match: string;
    similar: string | null;
    kindCodes: readonly number[] | null;
    today: string;
    limit: number;
    /** Tests set it to walk either way. */
    fewMatches?: number;
  },
): { rows: RankedRow[]; total: number } {
  const broad = q.similar ?? q.match;
  // The kind is the rowid modulo 8 (see SEARCH_KIND_CODES); ids may be negative (local records).
  const kindFilter = q.kindCodes ? 'AND ((rowid % 8) + 8) % 8 IN (SELECT value FROM json_each(?))' : '';
  const kindParams: SqlValue[] = q.kindCodes ? [JSON.stringify(q.kindCodes)] : [];
  const total =
    db.get<{ c: number }>(`SELECT count(*) AS c FROM search WHERE search MATCH ? ${kindFilter}`, [broad, ...kindParams])
      ?.c ?? 0;
  if (total === 0 || q.limit === 0) return { rows: [], total };

  const near =
    total <= (q.fewMatches ?? FEW_MATCHES)
      ? nearAmongMatches(db, q, broad, kindFilter, kindParams)
      : nearMatches(db, q, broad, kindFilter, kindParams);
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
  return { rows, total };
}

const TIER = 'CASE WHEN bk.start_date <= p.today THEN 0 ELSE 1 END';
const NEAR = `bk.state IN ${LIVE_STATES_SQL} AND bk.end_date >= p.today AND bk.start_date <= p.soon`;
const ORDER =
  'ORDER BY tier, exact DESC, CASE ((r % 8) + 8) % 8 WHEN 4 THEN 0 WHEN 3 THEN 1 WHEN 2 THEN 2 ELSE 3 END, r';

/** The same as nearMatches, by looking up each match's booking (for few matches). */
function nearAmongMatches(
  db: ReadableDB,
  q: { match: string; similar: string | null; today: string },
  broad: string,
  kindFilter: string,
  kindParams: SqlValue[],
): RankedRow[] {
  const exact = q.similar ? 'r IN (SELECT rowid FROM search WHERE search MATCH ?)' : '1';
  const rows = db.all<{ r: number; tier: number; exact: number }>(
    `WITH p AS (SELECT ? AS today, ? AS soon),
     m AS (SELECT rowid AS r, ((rowid % 8) + 8) % 8 AS kind FROM search WHERE search MATCH ? ${kindFilter}),
     b AS (SELECT r, kind, CASE kind
         WHEN 2 THEN (r - kind) / 8
         WHEN 4 THEN (SELECT booking_number FROM guests WHERE id = (r - kind) / 8)
         WHEN 5 THEN (SELECT booking_number FROM messages WHERE id = (r - kind) / 8)
       END AS bn FROM m),
     t AS (SELECT r, CASE
         WHEN kind = 3 THEN (SELECT min(${TIER}) FROM bookings bk WHERE bk.customer_id = (r - kind) / 8 AND ${NEAR})
         WHEN bn IS NOT NULL THEN (SELECT ${TIER} FROM bookings bk WHERE bk.booking_number = bn AND ${NEAR})
       END AS tier FROM b, p)
     SELECT r, tier, ${exact} AS exact FROM t WHERE tier IS NOT NULL ${ORDER}`,
    [q.today, addDays(q.today, SEARCH_NEAR_DAYS), broad, ...kindParams, ...(q.similar ? [q.match] : [])],
  );
  return rows.map((x) => ({ rowid: x.r, exact: x.exact === 1, near: x.tier === 0 ? 'inHouse' : 'soon' }));
}

/**
 * Matches tied to a live booking in house today (departing today counts) or
 * arriving within SEARCH_NEAR_DAYS: the booking itself, its guests, its
 * customer, its messages. In house first, exact before similar, people before
 * messages.
 */
function nearMatches(
  db: ReadableDB,
  q: { match: string; similar: string | null; today: string },
  broad: string,
  kindFilter: string,
  kindParams: SqlValue[],
): RankedRow[] {
  const soon = addDays(q.today, SEARCH_NEAR_DAYS);
  const earliest = addDays(q.today, -longestStay(db));
  const exact = q.similar ? 'r IN (SELECT rowid FROM search WHERE search MATCH ?)' : '1';
  const rows = db.all<{ r: number; tier: number; exact: number }>(
    // nb reads only columns of the covering (start_date, end_date, state) index; customers are looked up for the few near ones.
    `WITH nb AS MATERIALIZED (
       SELECT booking_number AS bn, CASE WHEN start_date <= ? THEN 0 ELSE 1 END AS tier
       FROM bookings
       WHERE start_date BETWEEN ? AND ? AND end_date >= ? AND state IN ${LIVE_STATES_SQL}
     ),
     nr AS (
       SELECT bn * 8 + 2 AS r, tier FROM nb
       UNION ALL SELECT b.customer_id * 8 + 3, tier FROM nb JOIN bookings b ON b.booking_number = nb.bn
         WHERE b.customer_id IS NOT NULL
       UNION ALL SELECT g.id * 8 + 4, tier FROM nb JOIN guests g ON g.booking_number = nb.bn
       UNION ALL SELECT m.id * 8 + 5, tier FROM nb JOIN messages m ON m.booking_number = nb.bn
     ),
     hit AS (SELECT r, min(tier) AS tier FROM nr
       WHERE r IN (SELECT rowid FROM search WHERE search MATCH ? ${kindFilter}) GROUP BY r)
     SELECT r, tier, ${exact} AS exact FROM hit ${ORDER}`,
    [q.today, earliest, soon, q.today, broad, ...kindParams, ...(q.similar ? [q.match] : [])],
  );
  return rows.map((x) => ({ rowid: x.r, exact: x.exact === 1, near: x.tier === 0 ? 'inHouse' : 'soon' }));
}
