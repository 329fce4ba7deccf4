// The outbox table, read and written: inserting an entry, reading a record's
// chain and the heads the worker may start, changing states, the id map of
// records created offline, and the shapes the contract shows (entry, summary).
import type { ChangeSubject, ContractError, OutboxEntry, OutboxState, OutboxSummary } from '../../shared/contract';
import type { ReadableDB, SqlValue, WritableDB } from '../cache/db';
import { parseEntry, parseOverlay, type OverlayEntry } from './row';
import { KIND_SPECS } from './kinds';
import { type ConflictValue, type Entry, type EntryContext, type EntryOp, type Kind, type Values } from './types';

export interface NewEntry {
  operation: string;
  op: EntryOp;
  resource: Kind;
  recordId: number;
  parent?: string | null;
  context?: EntryContext;
  subject: ChangeSubject;
  payload: Values;
  base: Values | null;
  now: number;
}

export function insertEntry(db: WritableDB, e: NewEntry): number {
  const r = db.run(
    `INSERT INTO outbox (operation, kind, resource, record_id, parent, context, subject, payload, base, state,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    [
      e.operation,
      e.op,
      e.resource,
      e.recordId,
      e.parent ?? null,
      JSON.stringify(e.context ?? {}),
      JSON.stringify(e.subject),
      JSON.stringify(e.payload),
      e.base === null ? null : JSON.stringify(e.base),
      e.now,
      e.now,
    ],
  );
  return Number(r.lastInsertRowid);
}

export function getEntry(db: ReadableDB, id: number): Entry | null {
  const row = db.get<unknown>('SELECT * FROM outbox WHERE id = ?', [id]);
  return row ? parseEntry(row) : null;
}

/** The unsettled entries of one record as the cached view needs them (the columns it uses only), oldest first. */
export function overlayOf(db: ReadableDB, kind: Kind, recordId: number): OverlayEntry[] {
  return db
    .all<unknown>(
      `SELECT id, kind, state, payload, context, created_at FROM outbox
       WHERE resource = ? AND record_id = ? AND state <> 'confirmed' ORDER BY id`,
      [kind, recordId],
    )
    .map(parseOverlay);
}

/** True while a delete of the record is unsent (further edits of it are refused). */
export function deletePending(db: ReadableDB, kind: Kind, recordId: number): boolean {
  return (
    db.get(
      `SELECT 1 FROM outbox WHERE resource = ? AND record_id = ? AND kind = 'delete' AND state <> 'confirmed' LIMIT 1`,
      [kind, recordId],
    ) !== undefined
  );
}

/** The unsettled entries of one record, oldest first: what must happen to it, in order. */
export function chainOf(db: ReadableDB, kind: Kind, recordId: number): Entry[] {
  return db
    .all<unknown>(`SELECT * FROM outbox WHERE resource = ? AND record_id = ? AND state <> 'confirmed' ORDER BY id`, [
      kind,
      recordId,
    ])
    .map(parseEntry);
}

export interface Head {
  id: number;
  resource: Kind;
  recordId: number;
}

/**
 * Records whose head entry may be replayed now: the head is pending or
 * unknown, its back-off is over, and — for a create — no earlier create of the
 * same collection is still open (creates go one at a time per collection, in
 * order, so read-back matching is never ambiguous). Plain columns only: the
 * worker asks this after every step. (`p.state <> 'confirmed'` says nothing the
 * IN list does not; it is what lets SQLite use the partial index outbox_parent.)
 */
export function readyHeads(db: ReadableDB, now: number): Head[] {
  return db
    .rows(
      `SELECT o.id, o.resource, o.record_id FROM outbox o
       WHERE o.state IN ('pending', 'unknown') AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
         AND o.id = (SELECT min(i.id) FROM outbox i
                     WHERE i.resource = o.resource AND i.record_id = o.record_id AND i.state <> 'confirmed')
         AND NOT (o.kind = 'create' AND EXISTS (
               SELECT 1 FROM outbox p WHERE p.parent = o.parent AND p.kind = 'create' AND p.id < o.id
                 AND p.state IN ('pending', 'sending', 'unknown') AND p.state <> 'confirmed'))
       ORDER BY o.id`,
      [now],
    )
    .map(([id, resource, recordId]) => ({
      id: id as number,
      resource: resource as Kind,
      recordId: recordId as number,
    }));
}

/** The earliest moment a waiting head may go, or null when none waits on a back-off. */
export function nextWake(db: ReadableDB): number | null {
  const v = db.get<{ at: number | null }>(
    `SELECT min(o.next_attempt_at) AS at FROM outbox o
     WHERE o.state IN ('pending', 'unknown') AND o.next_attempt_at IS NOT NULL
       AND o.id = (SELECT min(i.id) FROM outbox i
                   WHERE i.resource = o.resource AND i.record_id = o.record_id AND i.state <> 'confirmed')`,
  );
  return v?.at ?? null;
}

export interface Patch {
  state?: OutboxState;
  attempts?: number;
  checks?: number;
  nextAttemptAt?: number | null;
  error?: ContractError | null;
  conflicts?: ConflictValue[] | null;
  batch?: number | null;
  fingerprint?: Values | null;
  snapshot?: number[] | null;
  accepted?: boolean;
  serverId?: number | null;
  payload?: Values;
  base?: Values | null;
  recordId?: number;
}

const COLUMNS: Record<keyof Patch, string> = {
  state: 'state',
  attempts: 'attempts',
  checks: 'checks',
  nextAttemptAt: 'next_attempt_at',
  error: 'error',
  conflicts: 'conflicts',
  batch: 'batch',
  fingerprint: 'fingerprint',
  snapshot: 'snapshot',
  accepted: 'accepted',
  serverId: 'server_id',
  payload: 'payload',
  base: 'base',
  recordId: 'record_id',
};

/** An error as the outbox keeps it: its code and structure, never its English sentence (the log has that). */
export const storedError = (e: ContractError): ContractError => ({ ...e, message: '' });

function sqlValue(key: keyof Patch, v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (key === 'accepted') return v ? 1 : 0;
  if (key === 'error') return JSON.stringify(storedError(v as ContractError));
  if (typeof v === 'object') return JSON.stringify(v);
  return v as SqlValue;
}

/** Changes the given entries (one statement per entry; call inside a transaction). */
export function patchEntries(db: WritableDB, ids: readonly number[], patch: Patch, now: number): void {
  const keys = Object.keys(patch) as (keyof Patch)[];
  const sets = [...keys.map((k) => `${COLUMNS[k]} = ?`), 'updated_at = ?'];
  const values = [...keys.map((k) => sqlValue(k, patch[k])), now];
  for (const id of ids) db.run(`UPDATE outbox SET ${sets.join(', ')} WHERE id = ?`, [...values, id]);
}

/** attempts + 1 for each entry (the request is about to leave). */
export function countAttempt(db: WritableDB, ids: readonly number[]): void {
  for (const id of ids) db.run('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?', [id]);
}

export function deleteEntries(db: WritableDB, ids: readonly number[]): void {
  for (const id of ids) db.run('DELETE FROM outbox WHERE id = ?', [id]);
}

// ───────────────────────── local ids ─────────────────────────

export function nextLocalId(db: WritableDB): number {
  const id = db.get<{ value: number }>(`SELECT value FROM outbox_counter WHERE name = 'local_id'`)?.value ?? -1;
  db.run(`UPDATE outbox_counter SET value = ? WHERE name = 'local_id'`, [id - 1]);
  return id;
}

/** The server id a local id was matched to, or the id itself. */
export function resolveId(db: ReadableDB, kind: Kind, id: number): number {
  if (id >= 0) return id;
  return (
    db.get<{ server_id: number }>('SELECT server_id FROM outbox_ids WHERE resource = ? AND local_id = ?', [kind, id])
      ?.server_id ?? id
  );
}

export function mapLocalId(db: WritableDB, kind: Kind, localId: number, serverId: number): void {
  db.run('INSERT OR REPLACE INTO outbox_ids (resource, local_id, server_id) VALUES (?, ?, ?)', [
    kind,
    localId,
    serverId,
  ]);
}

/** Server ids already matched to a create of this kind (never matched twice). */
export function adoptedIds(db: ReadableDB, kind: Kind): Set<number> {
  return new Set(db.pluck<number>('SELECT server_id FROM outbox_ids WHERE resource = ?', [kind]));
}

// ───────────────────────── contract shapes ─────────────────────────

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The contract's entry; `waitingFor` from refs.ts (what it waits for, when it points at a new
 * record), `subject` and `names` from names.ts (data the renderer words).
 */
export function toContract(
  e: Entry,
  shown: Pick<OutboxEntry, 'subject' | 'names'>,
  waitingFor: OutboxEntry['waitingFor'] = null,
): OutboxEntry {
  return {
    id: e.id,
    operation: e.operation,
    resource: KIND_SPECS[e.resource].table.resource,
    recordId: e.recordId,
    ...shown,
    state: e.state,
    changes: e.payload,
    base: e.op === 'update' ? e.base : null,
    attempts: e.attempts,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    nextAttemptAt: e.nextAttemptAt === null ? null : iso(e.nextAttemptAt),
    error: e.error,
    conflicts: e.conflicts ?? [],
    waitingFor,
  };
}

export function summaryOf(db: ReadableDB): OutboxSummary {
  const counts: Record<string, number> = {};
  for (const [state, n] of db.rows('SELECT state, count(*) FROM outbox GROUP BY state'))
    counts[String(state)] = Number(n);
  const c = (s: OutboxState) => counts[s] ?? 0;
  return {
    unsent: c('pending') + c('sending') + c('rejected') + c('conflict') + c('unknown'),
    pending: c('pending'),
    sending: c('sending'),
    rejected: c('rejected'),
    conflict: c('conflict'),
    unknown: c('unknown'),
    confirmed: c('confirmed'),
  };
}

export function listEntries(
  db: ReadableDB,
  states: readonly OutboxState[] | null,
  limit: number,
  since: number,
): Entry[] {
  const rows = states
    ? db.all<unknown>('SELECT * FROM outbox WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?', [
        JSON.stringify(states),
        limit,
      ])
    : db.all<unknown>(`SELECT * FROM outbox WHERE state <> 'confirmed' OR updated_at >= ? ORDER BY id DESC LIMIT ?`, [
        since,
        limit,
      ]);
  return rows.map(parseEntry);
}

/** Confirmed entries older than `before` go (their outcome was shown); the newest `keep` stay regardless. */
export function pruneConfirmed(db: WritableDB, before: number, keep: number): number {
  return db.run(
    `DELETE FROM outbox WHERE state = 'confirmed' AND updated_at < ? AND id NOT IN (
       SELECT id FROM outbox WHERE state = 'confirmed' ORDER BY id DESC LIMIT ?)`,
    [before, keep],
  ).changes;
}
