// Maintenance tasks: edited one by one or in bulk (the board), deleted; the update answers the record.
import { F, maintenanceRead, type MaintenanceUpdate } from '../../../shared/api';
import { maintenanceTable, type TableSpec } from '../../cache/tables';
import { flag, same } from './fields';
import { listingName, readOne } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<MaintenanceUpdate> = {
  type: same('type'),
  date: same('date', F.date),
  hour: same('hour', F.time),
  inspected: flag('inspected'),
  inspection_date: same('inspection_date', F.dateOrNull),
  duration: same('duration', F.duration),
  notes: same('notes', F.text),
};

export const maintenance = {
  kind: 'maintenance',
  table: maintenanceTable as TableSpec<never>,
  contextColumns: [],
  read: maintenanceRead,
  fields,
  commands: {
    'maintenance.update': { op: 'update', what: 'This maintenance task' },
    'maintenance.updateMany': { op: 'updateMany', what: (id) => `The maintenance task ${id}` },
    'maintenance.delete': { op: 'delete', what: 'This maintenance task' },
  },
  label: (db, rec) => `Maintenance · ${listingName(db, rec['listing_id'])} · ${String(rec['date'])}`,
  update: {
    endpoint: 'maintenance.update',
    idKey: 'id',
    fetch: readOne('maintenance.get'),
    readMany: { endpoint: 'maintenance.list', day: 'date' },
  },
  remove: { endpoint: 'maintenance.delete' },
} satisfies KindSpec<'maintenance'>;
