// The day board as it crosses the bridge. A first answer is whole (`base`
// null). Asked `since` an answer the asker holds, main sends only the rows
// that are not in that one, and every row's listing in display order; the
// asker rebuilds the whole board with `mergeBoardAnswer`. Main keeps its
// board's rows between reads (electron/cache/queries/board.ts), so a row is
// "in" an answer when it is the same row: at 5,000 listings a whole board is
// ≈ 730 KB of JSON to write, send, read and check on every change of the day;
// after one change, it is one row and the order (≈ 7 KB).
//
// A date the asker does not hold may come in windows: the first answer holds
// the rows of the day's first listings in display order (`more`), so the top
// of the board paints at once; asked again since it, the board comes whole.
import { z } from 'zod';
import { nullable, recordId } from './primitives';
import { boardDay, type BoardRow } from './views';

export const boardAnswer = boardDay.extend({
  /** This answer's id: ask the next one `since` it. */
  id: z.string(),
  /** Null: `rows` is the whole board. Otherwise the id of the answer whose rows the missing ones are. */
  base: nullable(z.string()),
  /** With a base: every row's listing, in display order (a row not in `rows` is the base's row of that listing). */
  order: nullable(z.array(recordId)),
  /**
   * True: the rows of the day's first listings only, and totals counting those
   * rows alone (never to be shown as the day's); ask again since this answer.
   */
  more: z.boolean(),
});
export type BoardAnswer = z.output<typeof boardAnswer>;

/**
 * The whole board from the answer held and the next one: the next one itself
 * when it is whole; null when it builds on an answer other than the one held,
 * or names a row neither has (then ask again, whole).
 */
export function mergeBoardAnswer(held: BoardAnswer | undefined, next: BoardAnswer): BoardAnswer | null {
  if (next.base === null) return next;
  if (!held || held.id !== next.base || next.order === null) return null;
  const byListing = new Map<number, BoardRow>();
  for (const row of held.rows) byListing.set(row.listing.id, row);
  for (const row of next.rows) byListing.set(row.listing.id, row);
  const rows: BoardRow[] = [];
  for (const id of next.order) {
    const row = byListing.get(id);
    if (!row) return null;
    rows.push(row);
  }
  return { date: next.date, rows, totals: next.totals, id: next.id, base: null, order: null, more: next.more };
}
