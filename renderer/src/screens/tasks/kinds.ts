// The three task screens as specs (see task-kind.ts): Cleaning, Maintenance
// and Incidents — their columns, their panel's facts and fields, and the
// commands an edit and a delete go out as. TaskScreen and TaskDetail draw them.
import type { CleaningRecord, IncidentRecord, MaintenanceRecord } from '../../../../shared/contract';
import { CLEANING_STATUSES } from '../../../../shared/api/tasks';
import {
  cleaningStatusClass,
  cleaningStatusLabel,
  maintenanceTypeLabel,
  priorityClass,
  priorityLabel,
} from '../../i18n/labels';
import { today } from '../../state/dates';
import { formatDateInput } from '../../state/fields';
import {
  CLEANING_SPECS,
  INCIDENT_SPECS,
  MAINTENANCE_SPECS,
  cleaningRecordForm,
  incidentChanges,
  incidentRecordForm,
  maintenanceRecordForm,
} from '../../state/task-forms';
import type { Cell, Column, Fact, KindContext, TaskKind } from './task-kind';

const inspectedCell = (inspected: boolean, c: KindContext): Cell =>
  inspected ? { text: `✓ ${c.i18n.t('common.inspected')}`, pill: 'ok' } : { text: '—', muted: true };

/** The columns a cleaning and a maintenance row share, around the one that tells them apart. */
function workColumns<T extends CleaningRecord | MaintenanceRecord>(
  time: (row: T) => string | null,
  middle: Column<T>,
): Column<T>[] {
  return [
    { label: 'common.date', width: '96px', class: 'num', mark: true, cell: (r, c) => c.i18n.date(r.date, 'weekday') },
    { label: 'common.time', width: '58px', class: 'num', cell: (r, c) => c.i18n.time(time(r)) },
    {
      label: 'common.listing',
      width: 'minmax(110px, 1.3fr)',
      cell: (r, c) => ({ listing: c.listingName(r.listing_id) }),
    },
    middle,
    {
      label: 'common.duration',
      width: '76px',
      class: 'num',
      fold: true,
      cell: (r, c) => c.i18n.duration(r.duration, true),
    },
    { label: 'common.inspected', width: '86px', cell: (r, c) => inspectedCell(r.inspected, c) },
    { label: 'lists.booking', width: '72px', class: 'num', fold: true, cell: (r) => String(r.booking_id ?? '—') },
    {
      label: 'common.notes',
      width: 'minmax(60px, 1fr)',
      class: 'muted',
      titled: true,
      fold: true,
      cell: (r) => r.notes,
    },
  ];
}

/** Where a task is done and for which stay (the booking opens its page). */
function placeFacts(r: { listing_id: number | null; booking_id: number | null }, c: KindContext): Fact[] {
  const facts: Fact[] = [{ label: 'common.listing', text: c.listingName(r.listing_id) }];
  if (r.booking_id)
    facts.push({ label: 'lists.booking', text: String(r.booking_id), href: `#/booking/${r.booking_id}` });
  return facts;
}

export const CLEANING: TaskKind<CleaningRecord, 'cleaning.get', typeof CLEANING_SPECS> = {
  route: 'cleaning',
  title: 'cleaning.title',
  rowAttr: 'data-task',
  columns: workColumns<CleaningRecord>((r) => r.time, {
    label: 'common.status',
    width: '100px',
    cell: (r, c) => ({ text: cleaningStatusLabel(c.i18n, r.status), pill: cleaningStatusClass(r.status) }),
  }),
  detailTitle: 'cleaning.detail',
  get: 'cleaning.get',
  resources: ['cleaning'],
  specs: CLEANING_SPECS,
  toForm: cleaningRecordForm,
  idPrefix: 'cleaning',
  facts: placeFacts,
  grid: [
    {
      name: 'status',
      label: 'common.status',
      // A status Stayboard has no word for stays choosable as its number.
      options: (c, r) => {
        const known = Object.keys(CLEANING_STATUSES).map(Number);
        if (!known.includes(r.status)) known.push(r.status);
        return known.map((s) => ({ value: String(s), label: cleaningStatusLabel(c.i18n, s) }));
      },
    },
    { name: 'date', label: 'common.date' },
    { name: 'time', label: 'common.time' },
    { name: 'duration', label: 'common.duration' },
  ],
  wide: [
    { name: 'inspected', label: 'common.inspected' },
    { name: 'notes', label: 'common.notes', multiline: true },
  ],
  send: (app, id, changes, _parsed, amending) => app.save('cleaning.update', { id, changes }, amending),
  remove: (app, id) => app.edit('cleaning.delete', { id }),
};

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

export const MAINTENANCE: TaskKind<MaintenanceRecord, 'maintenance.get', typeof MAINTENANCE_SPECS> = {
  route: 'maintenance',
  title: 'maintenance.title',
  rowAttr: 'data-task',
  columns: workColumns<MaintenanceRecord>((r) => r.hour, {
    label: 'maintenance.type',
    width: '80px',
    cell: (r, c) => maintenanceTypeLabel(c.i18n, r.type),
  }),
  detailTitle: 'maintenance.detail',
  get: 'maintenance.get',
  resources: ['maintenance'],
  specs: MAINTENANCE_SPECS,
  toForm: maintenanceRecordForm,
  idPrefix: 'maint',
  facts: (r, c) => [
    ...placeFacts(r, c),
    { label: 'maintenance.pendingCount', text: String(r.pending), num: true },
    { label: 'lists.start', text: show(r.start) },
    { label: 'lists.end', text: show(r.end) },
  ],
  grid: [
    {
      name: 'type',
      label: 'maintenance.type',
      options: (c) => [0, 1].map((v) => ({ value: String(v), label: maintenanceTypeLabel(c.i18n, v) })),
    },
    { name: 'date', label: 'common.date' },
    { name: 'hour', label: 'maintenance.hour' },
    { name: 'duration', label: 'common.duration' },
    { name: 'inspected', label: 'common.inspected', flag: true },
    { name: 'inspection_date', label: 'maintenance.inspectionDate' },
  ],
  wide: [{ name: 'notes', label: 'common.notes', multiline: true }],
  // Ticking "inspected" fills today's inspection date if there is none (the person can change it).
  onInput(form) {
    if (form.values.inspected === true && form.values.inspection_date === '')
      form.values.inspection_date = formatDateInput(today());
  },
  send: (app, id, changes, _parsed, amending) => app.save('maintenance.update', { id, changes }, amending),
  remove: (app, id) => app.edit('maintenance.delete', { id }),
};

export const INCIDENTS: TaskKind<IncidentRecord, 'incidents.get', typeof INCIDENT_SPECS> = {
  route: 'incidents',
  title: 'incidents.title',
  rowAttr: 'data-incident',
  columns: [
    {
      label: 'incidents.priority',
      width: '100px',
      mark: true,
      cell: (r, c) => ({ text: priorityLabel(c.i18n, r.priority), pill: priorityClass(r.priority) }),
    },
    // Wide enough for the longest date and time of every language ("28 de des., 21:10", "16/01/2027, 09:21").
    // Open incidents span years: a date of another year carries it ("03/01/2027, 12:47").
    {
      label: 'common.date',
      width: '150px',
      class: 'num',
      cell: (r, c) => c.i18n.dateTime(r.date),
    },
    { label: 'incidents.subtitle', width: 'minmax(100px, 1fr)', class: 'strong', cell: (r) => r.subtitle ?? '—' },
    {
      label: 'incidents.note',
      width: 'minmax(110px, 1.3fr)',
      class: 'muted',
      titled: true,
      fold: true,
      cell: (r) => r.note,
    },
    {
      label: 'incidents.listings',
      width: 'minmax(100px, 1fr)',
      cell: (r, c) => r.properties.map((p) => c.listingName(p.listing_id)).join(', '),
    },
  ],
  rowClass: (r) => `prio-row-${r.priority}`,
  detailTitle: 'incidents.detail',
  get: 'incidents.get',
  resources: ['incidents'],
  specs: INCIDENT_SPECS,
  toForm: incidentRecordForm,
  idPrefix: 'inc',
  facts: () => [],
  grid: [
    {
      name: 'priority',
      label: 'incidents.priority',
      options: (c) => [1, 2, 3, 4].map((p) => ({ value: String(p), label: priorityLabel(c.i18n, p) })),
    },
    null,
    { name: 'day', label: 'common.date' },
    { name: 'time', label: 'common.time' },
  ],
  wide: [
    { name: 'subtitle', label: 'incidents.subtitle' },
    { name: 'note', label: 'incidents.note', multiline: true },
  ],
  send: (app, id, changes, parsed, amending) =>
    app.save(
      'incidents.update',
      { id, changes: incidentChanges(changes, { day: String(parsed['day']), time: String(parsed['time']) }) },
      amending,
    ),
  remove: (app, id) => app.edit('incidents.delete', { id }),
};
