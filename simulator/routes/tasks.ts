// Handlers of incidents, maintenance tasks and cleaning tasks: window lists
// (by listing), single reads, deletes, and updates whose effect the next GET
// and list show. Note the spec's paths: incidents/incidences, mainteance,
// cleanings (list, get) / cleaning (update, delete).
import { cleaningUpdate, incidentUpdate, maintenanceUpdate } from '../../shared/api/tasks';
import { isIsoDate } from '../../shared/api/primitives';
import { SIM } from '../config';
import { dayOf } from '../days';
import type { DayTable } from '../table';
import { cleaningWire, incidentWire, maintenanceWire } from '../wire/operations';
import { intParam, invalid, ok, pathRecord, updated, validBody, window, type Ctx, type Handler } from './context';

/** "YYYY-MM-DD HH:MM:SS" (format already checked by the schema) → day and seconds; 422 when not a real moment. */
function dateTimeParts(value: string): { day: number; seconds: number } {
  const [h, m, sec] = value.slice(11).split(':').map(Number) as [number, number, number];
  if (!isIsoDate(value.slice(0, 10)) || h > 23 || m > 59 || sec > 59) invalid('date', 'must be a real date and time');
  return { day: dayOf(value.slice(0, 10)), seconds: h * 3600 + m * 60 + sec };
}

function listOf<T extends { id: number }>(ctx: Ctx, table: DayTable<T>, wire: (row: T) => unknown) {
  const listingId = intParam(ctx, 'listing_id');
  const { from, to } = window(ctx, 'start_date', 'end_date');
  return ok({ data: table.query(from, to, listingId).map(wire) });
}

function remove<T extends { id: number }>(ctx: Ctx, table: DayTable<T>, what: string) {
  const row = pathRecord(ctx, table, what);
  table.remove(row.id);
  ctx.resultId = row.id;
  return ok({});
}

/** The list, get and delete of a task kind: the same for maintenance and cleaning. */
function reads<P extends string, T extends { id: number }>(
  prefix: P,
  tableOf: (ctx: Ctx) => DayTable<T>,
  wire: (row: T) => unknown,
  what: string,
): Record<`${P}.${'list' | 'get' | 'delete'}`, Handler> {
  const handlers: Record<string, Handler> = {
    [`${prefix}.list`]: (ctx) => listOf(ctx, tableOf(ctx), wire),
    [`${prefix}.get`]: (ctx) => ok({ data: wire(pathRecord(ctx, tableOf(ctx), what)) }),
    [`${prefix}.delete`]: (ctx) => remove(ctx, tableOf(ctx), what),
  };
  return handlers;
}

export const taskHandlers = {
  'incidents.list': (ctx) => listOf(ctx, ctx.store.incidents, incidentWire),
  'incidents.delete': (ctx) => remove(ctx, ctx.store.incidents, 'Incident'),
  'incidents.update': (ctx) => {
    const incident = pathRecord(ctx, ctx.store.incidents, 'Incident');
    const b = validBody(ctx, incidentUpdate);
    const at = b.date === undefined ? undefined : dateTimeParts(b.date);
    ctx.store.incidents.update(incident.id, (row) => {
      if (b.priority !== undefined) row.priority = b.priority;
      if (at) {
        row.day = at.day;
        row.seconds = at.seconds;
      }
      if (b.subtitle !== undefined) row.subtitle = b.subtitle;
      if (b.note !== undefined) row.note = b.note;
      row.updatedAt = ctx.now;
    });
    ctx.resultId = incident.id;
    return updated(() => incidentWire(incident));
  },

  ...reads('maintenance', (ctx) => ctx.store.maintenance, maintenanceWire, 'Maintenance task'),
  'maintenance.update': (ctx) => {
    const task = pathRecord(ctx, ctx.store.maintenance, 'Maintenance task');
    const b = validBody(ctx, maintenanceUpdate);
    ctx.store.maintenance.update(task.id, (row) => {
      if (b.type !== undefined) row.type = b.type;
      if (b.date !== undefined) row.day = dayOf(b.date);
      if (b.hour !== undefined) row.hour = b.hour;
      if (b.inspected !== undefined) row.inspected = b.inspected === 1;
      if (b.inspection_date !== undefined)
        row.inspection_date = b.inspection_date === null ? null : dayOf(b.inspection_date);
      if (b.duration !== undefined) row.duration = b.duration;
      if (b.notes !== undefined) row.notes = b.notes;
      row.updatedAt = ctx.now;
    });
    ctx.resultId = task.id;
    return ok({ data: maintenanceWire(task) });
  },

  ...reads('cleanings', (ctx) => ctx.store.cleanings, cleaningWire, 'Cleaning task'),
  'cleanings.update': (ctx) => {
    const task = pathRecord(ctx, ctx.store.cleanings, 'Cleaning task');
    const b = validBody(ctx, cleaningUpdate);
    if (b.status !== undefined && !SIM.cleaningStatuses.includes(b.status))
      invalid('status', `must be one of ${SIM.cleaningStatuses.join(', ')}`);
    ctx.store.cleanings.update(task.id, (row) => {
      if (b.status !== undefined) row.status = b.status;
      if (b.date !== undefined) row.day = dayOf(b.date);
      if (b.time !== undefined) row.time = b.time;
      if (b.inspected !== undefined) row.inspected = b.inspected === 1;
      if (b.duration !== undefined) row.duration = b.duration;
      if (b.notes !== undefined) row.notes = b.notes;
      row.updatedAt = ctx.now;
    });
    ctx.resultId = task.id;
    return ok({ data: cleaningWire(task) });
  },
} satisfies Record<string, Handler>;
