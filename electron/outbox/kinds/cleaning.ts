// Cleaning tasks: edited one by one or in bulk (the board), deleted; the update answers the record.
import { cleaningRead, F, type CleaningUpdate } from '../../../shared/api';
import { cleaningTable, type TableSpec } from '../../cache/tables';
import { flag, same } from './fields';
import { listingName, readOne } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<CleaningUpdate> = {
  status: same('status'),
  date: same('date', F.date),
  time: same('time', F.time),
  inspected: flag('inspected'),
  duration: same('duration', F.duration),
  notes: same('notes', F.text),
};

export const cleaning = {
  kind: 'cleaning',
  table: cleaningTable as TableSpec<never>,
  contextColumns: [],
  read: cleaningRead,
  fields,
  commands: {
    'cleaning.update': { op: 'update', what: 'This cleaning task' },
    'cleaning.updateMany': { op: 'updateMany', what: (id) => `The cleaning task ${id}` },
    'cleaning.delete': { op: 'delete', what: 'This cleaning task' },
  },
  label: (db, rec) => `Cleaning · ${listingName(db, rec['listing_id'])} · ${String(rec['date'])}`,
  update: {
    endpoint: 'cleanings.update',
    idKey: 'id',
    fetch: readOne('cleanings.get'),
    readMany: { endpoint: 'cleanings.list', day: 'date' },
  },
  remove: { endpoint: 'cleanings.delete' },
} satisfies KindSpec<'cleaning'>;
