// Maintenance tasks: a task of the board (kinds/parts.ts boardTask) — edited one by one or in bulk,
// deleted; the update answers the record.
import { F, maintenanceRead, type MaintenanceUpdate } from '../../../shared/api';
import { maintenanceTable } from '../../cache/tables';
import { same, TASK } from './fields';
import { boardTask } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<MaintenanceUpdate> = {
  ...TASK,
  type: same('type'),
  hour: same('hour', F.time),
  inspection_date: same('inspection_date', F.dateOrNull),
};

export const maintenance = boardTask('maintenance', maintenanceTable, maintenanceRead, fields, {
  resource: 'maintenance',
  noun: 'maintenance task',
}) satisfies KindSpec<'maintenance'>;
