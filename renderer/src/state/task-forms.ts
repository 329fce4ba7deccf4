// The edit forms of cleaning tasks, maintenance tasks and incidents: every
// field their outbox update carries, how a record fills the form, and how the
// form's changes become the update payload.
import { cleaningUpdate, incidentUpdate, maintenanceUpdate, wDate, wTime } from '../../../shared/api';
import type { CleaningRecord, IncidentRecord, MaintenanceRecord } from '../../../shared/contract';
import { writeSpecs, type LocalSpec } from './form.svelte';

/** What a cleaning and a maintenance task both carry, alike: its day, whether it was inspected, notes. */
const TASK_FIELDS = {
  date: { kind: 'date', required: true },
  inspected: { kind: 'flag01' },
  notes: { kind: 'text' },
} as const satisfies Record<string, LocalSpec>;

export const CLEANING_SPECS = writeSpecs(cleaningUpdate.shape, {
  ...TASK_FIELDS,
  status: { kind: 'id', required: true },
  time: { kind: 'time' },
  duration: { kind: 'duration' },
});

export const MAINTENANCE_SPECS = writeSpecs(maintenanceUpdate.shape, {
  ...TASK_FIELDS,
  type: { kind: 'id', required: true },
  hour: { kind: 'timeOrEmpty' },
  duration: { kind: 'durationOrEmpty' },
  inspection_date: { kind: 'dateOrNull' },
});

/** The wire's one `date` ("YYYY-MM-DD HH:MM:SS") is edited as a day and a time, each checked by its write piece. */
export const INCIDENT_SPECS = writeSpecs(incidentUpdate.shape, {
  priority: { kind: 'id', required: true },
  day: { kind: 'date', required: true, schema: wDate },
  time: { kind: 'time', required: true, schema: wTime },
  subtitle: { kind: 'textOrNull' },
  note: { kind: 'text' },
});

export const cleaningRecordForm = (c: CleaningRecord) => ({ ...c });
export const maintenanceRecordForm = (m: MaintenanceRecord) => ({ ...m });

/** Incidents carry one date-time ("YYYY-MM-DD HH:MM:SS"); the form edits day and time apart. */
export function incidentRecordForm(i: IncidentRecord) {
  return { ...i, day: i.date.slice(0, 10), time: i.date.slice(11, 16) };
}

/** The incident update from the form's changes: day and time join back into `date`. */
export function incidentChanges(
  changes: Record<string, unknown>,
  parsed: { day: string; time: string },
): Record<string, unknown> {
  const { day, time, ...rest } = changes;
  if (day !== undefined || time !== undefined) rest['date'] = `${parsed.day} ${parsed.time}:00`;
  return rest;
}
