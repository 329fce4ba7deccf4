// The day board's answers over the bridge (shared/contract/board-answer.ts):
// whole the first time, then only the rows not in the answer the asker holds.
// Main remembers the rows of the last `ANSWERS_REMEMBERED` answers it gave per
// cache; the board keeps its rows between reads and replaces only a changed
// listing's (cache/queries/board.ts), so a row is in an answer when it is the
// same object. An id main does not remember (given by an earlier run, another
// account, or long ago) gets a whole answer.
import { randomBytes } from 'node:crypto';
import type { BoardAnswer, BoardDay, BoardRow } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';

/** Answers whose rows are remembered per cache (one per screen showing a board, and a few in flight). */
export const ANSWERS_REMEMBERED = 8;

/** Ids are unique to this run: an asker still holding an answer of an earlier run gets a whole one. */
const RUN = randomBytes(4).toString('hex');
let counter = 0;
const given = new WeakMap<ReadableDB, Map<string, ReadonlySet<BoardRow>>>();

export function boardAnswerOf(db: ReadableDB, day: BoardDay, since: string | undefined): BoardAnswer {
  let answers = given.get(db);
  if (!answers) given.set(db, (answers = new Map<string, ReadonlySet<BoardRow>>()));
  const base = since === undefined ? undefined : answers.get(since);
  const id = `${RUN}.${++counter}`;
  answers.set(id, new Set(day.rows));
  for (const oldest of answers.keys()) {
    if (answers.size <= ANSWERS_REMEMBERED) break;
    answers.delete(oldest);
  }
  if (!base) return { ...day, id, base: null, order: null };
  return {
    date: day.date,
    rows: day.rows.filter((row) => !base.has(row)),
    totals: day.totals,
    id,
    base: since!,
    order: day.rows.map((row) => row.listing.id),
  };
}
