// The day board's answers over the bridge (shared/contract/board-answer.ts):
// whole the first time, then only the rows not in the answer the asker holds.
// Main remembers the rows of the last `ANSWERS_REMEMBERED` answers it gave per
// cache; the board keeps its rows between reads and replaces only a changed
// listing's (cache/queries/board.ts), so a row is in an answer when it is the
// same object. An id main does not remember (given by an earlier run, another
// account, or long ago) gets a whole answer.
//
// A date the asker does not hold may come in windows: its first answer is the
// rows of the day's first listings (`more`), read at once; asked again since an
// answer of that date, the board comes read `REST_WINDOW` listings further
// (cache/queries/board.ts), until it is whole.
import { randomBytes } from 'node:crypto';
import type { BoardAnswer, BoardRow } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import * as q from '../cache/queries';

/** Answers whose rows are remembered per cache (one per screen showing a board, and a few in flight). */
export const ANSWERS_REMEMBERED = 8;

/** Ids are unique to this run: an asker still holding an answer of an earlier run gets a whole one. */
const RUN = randomBytes(4).toString('hex');
let counter = 0;
/** An answer given: its date and its rows. */
interface Given {
  date: string;
  rows: ReadonlySet<BoardRow>;
  /** How many of the day's listings it had read (in display order). */
  readTo: number;
}
const given = new WeakMap<ReadableDB, Map<string, Given>>();

export function boardAnswerOf(db: ReadableDB, filter: q.BoardFilter, since: string | undefined): BoardAnswer {
  let answers = given.get(db);
  if (!answers) given.set(db, (answers = new Map<string, Given>()));
  const base = since === undefined ? undefined : answers.get(since);
  const resumed = base?.date === filter.date;
  const { day, more, readTo } = q.boardDayPart(
    db,
    filter,
    resumed ? base.readTo + q.REST_WINDOW : q.FIRST_WINDOW,
    resumed,
  );
  const id = `${RUN}.${++counter}`;
  answers.set(id, { date: day.date, rows: new Set(day.rows), readTo });
  for (const oldest of answers.keys()) {
    if (answers.size <= ANSWERS_REMEMBERED) break;
    answers.delete(oldest);
  }
  if (!base) return { ...day, id, base: null, order: null, more };
  return {
    date: day.date,
    rows: day.rows.filter((row) => !base.rows.has(row)),
    totals: day.totals,
    id,
    base: since!,
    order: day.rows.map((row) => row.listing.id),
    more,
  };
}
