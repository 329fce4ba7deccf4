// Operations reads: cleaning and maintenance tasks, incidents and calendar
// blocks over a date window, filtered the way the task screens filter.
import type { BlockRecord, CleaningRecord, IncidentRecord, MaintenanceRecord } from '../../../shared/contract';
import type { ReadableDB } from '../db';
import { recordOf } from '../tables';
import { Where, idsParam, marked, markedById } from './common';

export interface TaskWindow {
  from: string;
  to: string;
  listingIds?: readonly number[];
}

/** The window's days on `dateCol`, and its listings when named. */
function windowWhere(w: TaskWindow, dateCol = 'date'): Where {
  return new Where().add(`${dateCol} BETWEEN ? AND ?`, w.from, w.to).among('listing_id', w.listingIds);
}

/** Tasks of a day-dated table in day order, untimed last within a day. */
function tasks<T>(db: ReadableDB, table: 'cleaning' | 'maintenance', timeCol: 'time' | 'hour', where: Where): T[] {
  const order = `date, ${timeCol} IS NULL, ${timeCol}, id`;
  return marked<T>(
    db,
    `SELECT ${recordOf(table)} AS data, outbox_mark FROM ${table} WHERE ${where.sql} ORDER BY ${order}`,
    where.params,
  );
}

export function listCleaning(
  db: ReadableDB,
  w: TaskWindow & { status?: readonly number[]; inspected?: boolean },
): CleaningRecord[] {
  const where = windowWhere(w).among('status', w.status).equals('inspected', w.inspected);
  return tasks(db, 'cleaning', 'time', where);
}

export function getCleaning(db: ReadableDB, id: number): CleaningRecord | null {
  return markedById(db, 'cleaning', id);
}

export function listMaintenance(
  db: ReadableDB,
  w: TaskWindow & { type?: 0 | 1; inspected?: boolean },
): MaintenanceRecord[] {
  const where = windowWhere(w).equals('type', w.type).equals('inspected', w.inspected);
  return tasks(db, 'maintenance', 'hour', where);
}

export function getMaintenance(db: ReadableDB, id: number): MaintenanceRecord | null {
  return markedById(db, 'maintenance', id);
}

/** Incidents with `where` at the listings and priorities asked for, most urgent first, then by `dateOrder`. */
function incidents(
  db: ReadableDB,
  where: Where,
  f: { listingIds?: readonly number[]; priorities?: readonly number[] },
  dateOrder: 'i.date' | 'i.date DESC',
): IncidentRecord[] {
  if (f.listingIds)
    where.add(
      'i.id IN (SELECT incident_id FROM incident_listings WHERE listing_id IN (SELECT value FROM json_each(?)))',
      idsParam(f.listingIds),
    );
  where.among('i.priority', f.priorities);
  const order = `i.priority DESC, ${dateOrder}, i.id`;
  return marked(
    db,
    `SELECT ${recordOf('incidents', 'i.')} AS data, i.outbox_mark FROM incidents i WHERE ${where.sql} ORDER BY ${order}`,
    where.params,
  );
}

/** Incidents dated in the window (date-times compared by their day), most urgent first, then newest. */
export function listIncidents(
  db: ReadableDB,
  w: TaskWindow & { priorities?: readonly number[]; open?: boolean },
): IncidentRecord[] {
  // '~' sorts after any time on that day
  const where = new Where().add('i.date >= ?', w.from).add('i.date < ?', `${w.to}~`).equals('i.open', w.open);
  return incidents(db, where, w, 'i.date DESC');
}

/**
 * Every open incident whatever its date (an incident cannot hide behind a
 * date window): most urgent first, then the oldest — the one waiting longest.
 */
export function listOpenIncidents(
  db: ReadableDB,
  f: { listingIds?: readonly number[]; priorities?: readonly number[] },
): IncidentRecord[] {
  return incidents(db, new Where().add('i.open = 1'), f, 'i.date');
}

export function getIncident(db: ReadableDB, id: number): IncidentRecord | null {
  return markedById(db, 'incidents', id);
}

/** Blocks overlapping the window (inclusive). */
export function listBlocks(db: ReadableDB, w: TaskWindow): BlockRecord[] {
  const where = new Where().add('start_date <= ?', w.to).add('end_date >= ?', w.from).among('listing_id', w.listingIds);
  return marked(
    db,
    `SELECT ${recordOf('blocks')} AS data, outbox_mark FROM blocks WHERE ${where.sql} ORDER BY start_date, id`,
    where.params,
  );
}
