// Cleaning tasks: a task of the board (kinds/parts.ts boardTask) — edited one by one or in bulk,
// deleted; the update answers the record.
import { cleaningRead, F, type CleaningUpdate } from '../../../shared/api';
import { cleaningTable } from '../../cache/tables';
import { flag, same } from './fields';
import { boardTask } from './parts';
import type { FieldCodecs, KindSpec } from './spec';

const fields: FieldCodecs<CleaningUpdate> = {
  status: same('status'),
  date: same('date', F.date),
  time: same('time', F.time),
  inspected: flag('inspected'),
  duration: same('duration', F.duration),
  notes: same('notes', F.text),
};

export const cleaning = boardTask('cleaning', cleaningTable, cleaningRead, fields, {
  resource: 'cleanings',
  title: 'Cleaning',
  noun: 'cleaning task',
}) satisfies KindSpec<'cleaning'>;
