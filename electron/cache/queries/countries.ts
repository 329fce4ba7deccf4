// The business's most used countries: the countries and nationalities of its
// latest customers and guests in the cache, counted per country (duplicate
// code-table ids count as one), most used first. Pickers offer these first.
import { countryChoiceFrom } from '../../../shared/codes';
import type { ReadableDB } from '../db';

/** How many of the latest customers and of the latest guests are counted (a bounded, rowid-ordered read). */
const SAMPLE = 2000;

/** How many countries pickers offer first (the rest follow by name). */
const MOST_USED = 8;

export function countryUsage(db: ReadableDB, limit = MOST_USED): number[] {
  const counts = new Map<number, number>();
  for (const [value] of db.rows(
    `SELECT v FROM (
       SELECT data ->> 'nationality' AS v FROM (SELECT data FROM guests ORDER BY id DESC LIMIT ${SAMPLE})
       UNION ALL SELECT data ->> 'country' FROM (SELECT data FROM guests ORDER BY id DESC LIMIT ${SAMPLE})
       UNION ALL SELECT data ->> 'nationality' FROM (SELECT data FROM customers ORDER BY id DESC LIMIT ${SAMPLE})
       UNION ALL SELECT data ->> 'country' FROM (SELECT data FROM customers ORDER BY id DESC LIMIT ${SAMPLE})
     ) WHERE v IS NOT NULL AND v <> ''`,
  )) {
    const id = countryChoiceFrom(value as string | number);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
}
