// A destination's names per language as written on this computer (table destination_texts, migration
// 13; the outbox keeps them in the edit's own transaction, kinds/destinations.ts). The server reads back
// ONE name, so the record the screens read carries the names written here as `name_texts` — while the
// change is unsent (the outbox's optimistic record has them) and after it, as long as the server still
// shows one of them (else they are stale: the server's name changed since, or my change was dropped).
// Structure only: which language to show is the renderer's (and a document's) choice (shared textIn).
import type { DestinationRecord } from '../../../shared/contract';
import { languageShown } from '../../../shared/domain/lang-text';
import type { ReadableDB } from '../db';
import { parsed } from './common';

type Destination = Pick<DestinationRecord, 'id' | 'name' | 'name_texts'>;

/**
 * The names written here per destination id: a row kept under a local id counts for the server id it
 * was matched to; a row under the server id (a later edit) wins over it.
 */
function namesWritten(db: ReadableDB, ids: readonly number[]): Map<number, Record<string, string>> {
  // A cache opened without the outbox (read-only tools) has no local ids to follow.
  const withOutbox = db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`);
  const rows = db.all<{ id: number; texts: string }>(
    withOutbox
      ? `SELECT coalesce(i.server_id, t.destination_id) AS id, t.texts FROM destination_texts t
           LEFT JOIN outbox_ids i ON i.resource = 'destinations' AND i.local_id = t.destination_id
         WHERE t.field = 'name' AND coalesce(i.server_id, t.destination_id) IN (SELECT value FROM json_each(?))
         ORDER BY t.destination_id DESC`
      : `SELECT destination_id AS id, texts FROM destination_texts
         WHERE field = 'name' AND destination_id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(ids)],
  );
  const out = new Map<number, Record<string, string>>();
  for (const r of rows) if (!out.has(r.id)) out.set(r.id, parsed<Record<string, string>>(r.texts));
  return out;
}

/** The destinations with the names written here (in place; those the outbox already marks keep theirs). */
export function withNameTexts<T extends Destination>(db: ReadableDB, destinations: T[]): T[] {
  const need = destinations.filter((d) => !d.name_texts);
  if (!need.length) return destinations;
  const written = namesWritten(
    db,
    need.map((d) => d.id),
  );
  for (const d of need) {
    const texts = written.get(d.id);
    if (texts && languageShown(texts, d.name) !== null) d.name_texts = texts;
  }
  return destinations;
}

/** One destination (or null) with the names written here. */
export const withNameTextsOf = <T extends Destination>(db: ReadableDB, d: T | null): T | null =>
  d ? withNameTexts(db, [d])[0]! : null;
