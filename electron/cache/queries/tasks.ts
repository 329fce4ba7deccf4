// Operations reads: cleaning and maintenance tasks, incidents and calendar
// blocks over a date window, filtered the way the task screens filter.
import type { BlockRecord, CleaningRecord, IncidentRecord, MaintenanceRecord } from '../../../shared/contract';
import type { ReadableDB, SqlValue } from '../db';
import { idsParam, withMark } from './common';

export interface TaskWindow {
  from: string;
  to: string;
  listingIds?: readonly number[];
}

interface Row {
  data: string;
  outbox_mark: string | null;
}

function windowWhere(w: TaskWindow, dateCol = 'date'): { where: string[]; params: SqlValue[] } {
  const where = [`${dateCol} BETWEEN ? AND ?`];
  const params: SqlValue[] = [w.from, w.to];
  if (w.listingIds) {
    where.push('listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.listingIds));
  }
  return { where, params };
}

export function listCleaning(
  db: ReadableDB,
  w: TaskWindow & { status?: readonly number[]; inspected?: boolean },
): CleaningRecord[] {
  const { where, params } = windowWhere(w);
  if (w.status) {
    where.push('status IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.status));
  }
  if (w.inspected !== undefined) {
    where.push('inspected = ?');
    params.push(w.inspected ? 1 : 0);
  }
  return db
    .all<Row>(
      `SELECT data, outbox_mark FROM cleaning WHERE ${where.join(' AND ')} ORDER BY date, time IS NULL, time, id`,
      params,
    )
    .map((r) => withMark<CleaningRecord>(r.data, r.outbox_mark));
}

export function getCleaning(db: ReadableDB, id: number): CleaningRecord | null {
  const r = db.get<Row>('SELECT data, outbox_mark FROM cleaning WHERE id = ?', [id]);
  return r ? withMark<CleaningRecord>(r.data, r.outbox_mark) : null;
}

export function listMaintenance(
  db: ReadableDB,
  w: TaskWindow & { type?: 0 | 1; inspected?: boolean },
): MaintenanceRecord[] {
  const { where, params } = windowWhere(w);
  if (w.type !== undefined) {
    where.push('type = ?');
    params.push(w.type);
  }
  if (w.inspected !== undefined) {
    where.push('inspected = ?');
    params.push(w.inspected ? 1 : 0);
  }
  return db
    .all<Row>(
      `SELECT data, outbox_mark FROM maintenance WHERE ${where.join(' AND ')} ORDER BY date, hour IS NULL, hour, id`,
      params,
    )
    .map((r) => withMark<MaintenanceRecord>(r.data, r.outbox_mark));
}

export function getMaintenance(db: ReadableDB, id: number): MaintenanceRecord | null {
  const r = db.get<Row>('SELECT data, outbox_mark FROM maintenance WHERE id = ?', [id]);
  return r ? withMark<MaintenanceRecord>(r.data, r.outbox_mark) : null;
}

/** Incidents dated in the window (date-times compared by their day), most urgent first, then newest. */
export function listIncidents(
  db: ReadableDB,
  w: TaskWindow & { priorities?: readonly number[]; open?: boolean },
): IncidentRecord[] {
  const where = ['i.date >= ?', 'i.date < ?'];
  const params: SqlValue[] = [w.from, `${w.to}~`]; // '~' sorts after any time on that day
  if (w.listingIds) {
    where.push(
      'i.id IN (SELECT incident_id FROM incident_listings WHERE listing_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(idsParam(w.listingIds));
  }
  if (w.priorities) {
    where.push('i.priority IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.priorities));
  }
  if (w.open !== undefined) {
    where.push('i.open = ?');
    params.push(w.open ? 1 : 0);
  }
  return db
    .all<Row>(
      `SELECT i.data, i.outbox_mark FROM incidents i WHERE ${where.join(' AND ')} ORDER BY i.priority DESC, i.date DESC, i.id`,
      params,
    )
    .map((r) => withMark<IncidentRecord>(r.data, r.outbox_mark));
}

/**
 * Every open incident whatever its date (an incident cannot hide behind a
 * date window): most urgent first, then the oldest — the one waiting longest.
 */
export function listOpenIncidents(
  db: ReadableDB,
  f: { listingIds?: readonly number[]; priorities?: readonly number[] },
): IncidentRecord[] {
  const where = ['i.open = 1'];
  const params: SqlValue[] = [];
  if (f.listingIds) {
    where.push(
      'i.id IN (SELECT incident_id FROM incident_listings WHERE listing_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(idsParam(f.listingIds));
  }
  if (f.priorities) {
    where.push('i.priority IN (SELECT value FROM json_each(?))');
    params.push(idsParam(f.priorities));
  }
  return db
    .all<Row>(
      `SELECT i.data, i.outbox_mark FROM incidents i WHERE ${where.join(' AND ')} ORDER BY i.priority DESC, i.date, i.id`,
      params,
    )
    .map((r) => withMark<IncidentRecord>(r.data, r.outbox_mark));
}

export function getIncident(db: ReadableDB, id: number): IncidentRecord | null {
  const r = db.get<Row>('SELECT data, outbox_mark FROM incidents WHERE id = ?', [id]);
  return r ? withMark<IncidentRecord>(r.data, r.outbox_mark) : null;
}

/** Blocks overlapping the window (inclusive). */
export function listBlocks(db: ReadableDB, w: TaskWindow): BlockRecord[] {
  const where = ['start_date <= ?', 'end_date >= ?'];
  const params: SqlValue[] = [w.to, w.from];
  if (w.listingIds) {
    where.push('listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.listingIds));
  }
  return db
    .all<Row>(`SELECT data, outbox_mark FROM blocks WHERE ${where.join(' AND ')} ORDER BY start_date, id`, params)
    .map((r) => withMark<BlockRecord>(r.data, r.outbox_mark));
}
