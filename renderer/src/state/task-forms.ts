// The edit forms of cleaning tasks, maintenance tasks and incidents: every
// field their outbox update carries, how a record fills the form, and how the
// form's changes become the update payload.
import { cleaningUpdate, incidentUpdate, maintenanceUpdate, wDate, wTime } from '../../../shared/api';
import type { CleaningRecord, IncidentRecord, MaintenanceRecord } from '../../../shared/contract';
import { writeSpecs } from './form.svelte';

export const CLEANING_SPECS = writeSpecs(cleaningUpdate.shape, {
  status: { kind: 'id', required: true },
  date: { kind: 'date', required: true },
  time: { kind: 'time' },
  duration: { kind: 'duration' },
  inspected: { kind: 'flag01' },
  notes: { kind: 'text' },
});

export const MAINTENANCE_SPECS = writeSpecs(maintenanceUpdate.shape, {
  type: { kind: 'id', required: true },
  date: { kind: 'date', required: true },
  hour: { kind: 'timeOrEmpty' },
  duration: { kind: 'durationOrEmpty' },
  inspected: { kind: 'flag01' },
  inspection_date: { kind: 'dateOrNull' },
  notes: { kind: 'text' },
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
