// What belongs to one account in the cache: every cached record table and the
// sync bookkeeping. Cleared when a cache is reused for another account (only
// when no unsent edit would be lost — the engine checks first).
import type { ReadableDB, WritableDB } from '../cache/db';
import { ident } from '../cache/db';
import { RECORD_TABLES } from '../cache/tables';

/** Tables with an outbox_mark column (records the outbox may change): every record table cache/tables.ts specifies. */
export const MARKED_TABLES = RECORD_TABLES;

const OTHER_TABLES = ['prices', 'availability', 'incident_listings', 'sync_state', 'quarantine'] as const;

/** Records carrying an unsent-change mark (a fallback count until the outbox answers it). */
export function countUnsentMarks(db: ReadableDB): number {
  let n = 0;
  for (const t of MARKED_TABLES) {
    n += db.get<{ n: number }>(`SELECT count(*) AS n FROM ${ident(t)} WHERE outbox_mark IS NOT NULL`)?.n ?? 0;
  }
  return n;
}

/** Empties every account table (call inside a transaction). */
export function clearAccountData(db: WritableDB): void {
  for (const t of [...OTHER_TABLES, ...MARKED_TABLES]) db.run(`DELETE FROM ${ident(t)}`);
  db.run("DELETE FROM meta WHERE key LIKE 'sync.%'");
}
