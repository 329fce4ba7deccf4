// A look at what sync itself writes (records received from the server, never
// the person's own edits, which the outbox writes): the notifier uses it to
// tell "someone else changed this" from "I changed this". Called inside each
// page's transaction: `before` reads what it needs of the rows about to be
// written, and the function it returns gets the keys sync really changed
// (rows with an unsent local edit are never among them).
import type { ReadableDB } from '../cache/db';

export type RecordKey = number | string;

export interface IngestObserver {
  /** Null: nothing to watch in this table (the common case costs nothing more). */
  before(db: ReadableDB, table: string, keys: readonly RecordKey[]): ((changed: readonly RecordKey[]) => void) | null;
}

/** Runs `write` between the observer's two looks. */
export function observed<R extends { changed: RecordKey[] }>(
  observer: IngestObserver | undefined,
  db: ReadableDB,
  table: string,
  keys: readonly RecordKey[],
  write: () => R,
): R {
  const after = keys.length ? observer?.before(db, table, keys) : null;
  const r = write();
  after?.(r.changed);
  return r;
}
