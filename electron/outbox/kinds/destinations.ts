// Destinations: created offline (matched on the server by content in the destinations list), edited;
// confirmed by reading back (`destinations.get`). The read shows a name as ONE text and the tax,
// position and maximum stay; the write takes a language object per text and more: names agree when
// the server shows one of the names sent, and the fields it never shows (long-stay minimum, order,
// exempt age, text, dynamic URL, menu name) are sent whenever changed and cannot be read back
// (kinds/fields.ts `langShown`, `unseen`). The names written per language are kept beside the cache
// (`keepNames`), the only place they live once the server has the change.
import { destinationRead, F, type DestinationWrite } from '../../../shared/api';
import type { WritableDB } from '../../cache/db';
import { destinationsTable } from '../../cache/tables';
import type { Values } from '../types';
import { applyChanges, langShown, money, newRecord, same, unseen } from './fields';
import { comingLocalId, createAsGiven, edits, isObj, listedCollection, record, updatedByGet } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<DestinationWrite> = {
  name: langShown('name'),
  tax: money('tourist_tax'),
  lat: same('latitude', F.numOrNull),
  lng: same('longitude', F.numOrNull),
  max_days: same('max_days', F.numOrNull),
  min_days_long_stay: unseen('min_days_long_stay'),
  order: unseen('order'),
  exempt_age: unseen('exempt_age'),
  text: unseen('text'),
  dinamic_url: unseen('dinamic_url'),
  menu_name: unseen('menu_name'),
};

/**
 * The names I wrote per language (table destination_texts, read by cache/queries/destination-texts.ts):
 * the server reads back one of them, so this computer is the only place the others live. Written in the
 * edit's own transaction; a later edit of the name replaces them (the server replaces the language object).
 */
function keepNames(db: WritableDB, id: number, payload: Values): void {
  if (isObj(payload['name']))
    db.run(`INSERT OR REPLACE INTO destination_texts (destination_id, field, texts) VALUES (?, 'name', ?)`, [
      id,
      JSON.stringify(payload['name']),
    ]);
}

export const destinations = {
  ...record('destinations', destinationsTable, destinationRead, fields),
  commands: {
    ...edits('destinations', 'This destination'),
    // Labelled by the name it will show (one text of the names sent).
    'destinations.create': createAsGiven('destination', 'destinations', {
      check: (db, destination) => keepNames(db, comingLocalId(db), destination),
      subjectRec: (destination) => applyChanges(fields, {}, destination),
    }),
  },
  // The edit being valid (the contract's schema checked it), its names per language are kept with it.
  check: (db, rec, changes) => keepNames(db, rec['id'] as number, changes),
  subject: { name: 'name' },
  update: updatedByGet('destinations'),
  create: {
    endpoint: 'destinations.create',
    local: newRecord(fields, { name: '', tourist_tax: null, latitude: null, longitude: null, max_days: null }),
    collection: (client) => listedCollection(client, 'destinations.list', destinationsTable),
  },
} satisfies KindSpec<'destinations'>;
