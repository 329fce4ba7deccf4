// Cleaning tasks: a task of the board (kinds/parts.ts boardTask) — edited one by one or in bulk,
// deleted; the update answers the record.
import { cleaningRead, F, type CleaningUpdate } from '../../../shared/api';
import { cleaningTable } from '../../cache/tables';
import { same, TASK } from './fields';
import { boardTask } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<CleaningUpdate> = {
  ...TASK,
  status: same('status'),
  time: same('time', F.time),
};

export const cleaning = boardTask('cleaning', cleaningTable, cleaningRead, fields, {
  resource: 'cleanings',
  noun: 'cleaning task',
}) satisfies KindSpec<'cleaning'>;
