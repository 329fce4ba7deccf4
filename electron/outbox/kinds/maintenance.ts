// Maintenance tasks: a task of the board (kinds/parts.ts boardTask) — edited one by one or in bulk,
// deleted; the update answers the record.
import { F, maintenanceRead, type MaintenanceUpdate } from '../../../shared/api';
import { maintenanceTable } from '../../cache/tables';
import { flag, same } from './fields';
import { boardTask } from './parts';
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

export const maintenance = boardTask('maintenance', maintenanceTable, maintenanceRead, fields, {
  resource: 'maintenance',
  title: 'Maintenance',
  noun: 'maintenance task',
}) satisfies KindSpec<'maintenance'>;
