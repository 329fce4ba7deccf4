// The outbox rows an earlier build wrote, brought to this build's words once:
// their subject (what the change is about) re-derived as data from the cache,
// the payload and the context — the English label they had is gone with
// migration 102 — and their last error given back its structure (the
// outbox's own refusals their reason keys, a server's answer its status and
// words: refusals.ts). Runs when the outbox opens; a row done is never
// touched again (its subject is set), so it costs one indexed look per start.
import type { ContractError } from '../../shared/contract';
import type { WritableDB } from '../cache/db';
import { currentRecord } from './enqueue';
import { KIND_SPECS } from './kinds';
import { NO_SUBJECT, subjectOf } from './names';
import { restructured } from './refusals';
import { parseEntry } from './row';
import { storedError } from './entries';

/** Re-derives what earlier builds stored as English; answers how many rows it brought up to date. */
export function rederiveStoredWords(db: WritableDB): number {
  return db.transaction((tx) => {
    const rows = tx.all<unknown>('SELECT * FROM outbox WHERE subject IS NULL ORDER BY id');
    for (const row of rows) {
      const e = parseEntry(row);
      const spec = KIND_SPECS[e.resource];
      // The record as the cache shows it (with my changes), else what the change itself says of it.
      const rec = currentRecord(tx, e.resource, e.recordId) ?? { ...e.payload };
      let subject = NO_SUBJECT;
      try {
        subject = subjectOf(tx, spec.subject, rec, e.context);
      } catch {
        // A record too damaged to name: the change is still listed, by its kind.
      }
      const error = e.error ? restructured(e.error) : null;
      tx.run('UPDATE outbox SET subject = ?, error = ? WHERE id = ?', [
        JSON.stringify(subject),
        error ? JSON.stringify(storedError(error satisfies ContractError)) : null,
        e.id,
      ]);
    }
    return rows.length;
  });
}
