// Reading an outbox row: every column is checked from `unknown` when loaded,
// so a damaged row is reported (DamagedEntryError) rather than trusted. Plain
// checks rather than a zod schema: the worker reads every record's chain on
// each step, and this runs thousands of times per drain.
import {
  changeSubject,
  OUTBOX_STATES,
  type ChangeSubject,
  type ContractError,
  type OutboxState,
} from '../../shared/contract';
import { KINDS } from './kinds';
import { type ConflictValue, type Entry, type EntryContext, type EntryOp, type Kind, type Values } from './types';

export class DamagedEntryError extends Error {
  constructor(id: unknown, why: string) {
    super(`outbox entry ${String(id)} is damaged: ${why}`);
    this.name = 'DamagedEntryError';
  }
}

type Row = Record<string, unknown>;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const STATES: ReadonlySet<string> = new Set(OUTBOX_STATES);
const KIND_SET: ReadonlySet<string> = new Set(KINDS);
const ENTRY_OPS: ReadonlySet<string> = new Set(['update', 'delete', 'create']);

class Reader {
  constructor(
    private readonly row: Row,
    private readonly id: unknown,
  ) {}
  private bad(col: string, why: string): never {
    throw new DamagedEntryError(this.id, `${col} ${why}`);
  }
  int(col: string): number {
    const v = this.row[col];
    if (typeof v !== 'number' || !Number.isInteger(v)) this.bad(col, 'is not an integer');
    return v;
  }
  intOrNull(col: string): number | null {
    return this.row[col] === null ? null : this.int(col);
  }
  text(col: string): string {
    const v = this.row[col];
    if (typeof v !== 'string') this.bad(col, 'is not text');
    return v;
  }
  oneOf<T extends string>(col: string, allowed: ReadonlySet<string>): T {
    const v = this.text(col);
    if (!allowed.has(v)) this.bad(col, `has the unknown value "${v}"`);
    return v as T;
  }
  /** A JSON column that must hold an object (or be NULL when allowed). */
  json(col: string): unknown {
    const v = this.row[col];
    if (v === null) return null;
    if (typeof v !== 'string') this.bad(col, 'is not text');
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return this.bad(col, 'is not JSON');
    }
  }
  values(col: string): Values | null {
    const v = this.json(col);
    if (v !== null && !isObj(v)) this.bad(col, 'is not an object');
    return v;
  }
}

function context(r: Reader): EntryContext {
  const v = r.values('context') ?? {};
  const out: EntryContext = {};
  for (const k of ['bookingNumber', 'threadId', 'listingId', 'localId'] as const) {
    const x = v[k];
    if (Number.isInteger(x)) out[k] = x as number;
  }
  return out;
}

function contractError(r: Reader, id: unknown): ContractError | null {
  const v = r.json('error');
  if (v === null) return null;
  if (!isObj(v) || typeof v['code'] !== 'string' || typeof v['message'] !== 'string')
    throw new DamagedEntryError(id, 'error has the wrong shape');
  return v as unknown as ContractError;
}

function subject(r: Reader, id: unknown): ChangeSubject | null {
  const v = r.json('subject');
  if (v === null) return null;
  const parsed = changeSubject.safeParse(v);
  if (!parsed.success) throw new DamagedEntryError(id, 'subject has the wrong shape');
  return parsed.data;
}

function conflicts(r: Reader, id: unknown): ConflictValue[] | null {
  const v = r.json('conflicts');
  if (v === null) return null;
  if (!Array.isArray(v) || !v.every((c) => isObj(c) && typeof c['field'] === 'string'))
    throw new DamagedEntryError(id, 'conflicts have the wrong shape');
  return (v as Record<string, unknown>[]).map((c) => ({
    field: c['field'] as string,
    base: c['base'] ?? null,
    mine: c['mine'] ?? null,
    theirs: c['theirs'] ?? null,
  }));
}

function snapshot(r: Reader, id: unknown): number[] | null {
  const v = r.json('snapshot');
  if (v === null) return null;
  if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x)))
    throw new DamagedEntryError(id, 'snapshot is not a list of ids');
  return v as number[];
}

/** What the cached view of a record needs of an entry (read on every edit: only these columns). */
export type OverlayEntry = Pick<Entry, 'id' | 'op' | 'state' | 'payload' | 'context' | 'createdAt'>;

export function parseOverlay(row: unknown): OverlayEntry {
  if (!isObj(row)) throw new DamagedEntryError('?', 'not a row');
  const r = new Reader(row, row['id']);
  return {
    id: r.int('id'),
    op: r.oneOf<EntryOp>('kind', ENTRY_OPS), // the column keeps its first name
    state: r.oneOf<OutboxState>('state', STATES),
    payload: r.values('payload') ?? {},
    context: context(r),
    createdAt: r.int('created_at'),
  };
}

/** A stored row → an entry; throws DamagedEntryError when the row cannot be trusted. */
export function parseEntry(row: unknown): Entry {
  if (!isObj(row)) throw new DamagedEntryError('?', 'not a row');
  const id = row['id'];
  const r = new Reader(row, id);
  return {
    id: r.int('id'),
    operation: r.text('operation'),
    op: r.oneOf<EntryOp>('kind', ENTRY_OPS), // the column keeps its first name
    resource: r.oneOf<Kind>('resource', KIND_SET),
    recordId: r.int('record_id'),
    parent: row['parent'] === null ? null : r.text('parent'),
    context: context(r),
    subject: subject(r, id),
    payload: r.values('payload') ?? {},
    base: r.values('base'),
    state: r.oneOf<OutboxState>('state', STATES),
    attempts: r.int('attempts'),
    checks: r.int('checks'),
    nextAttemptAt: r.intOrNull('next_attempt_at'),
    error: contractError(r, id),
    conflicts: conflicts(r, id),
    batch: r.intOrNull('batch'),
    fingerprint: r.values('fingerprint'),
    snapshot: snapshot(r, id),
    accepted: r.int('accepted') === 1,
    serverId: r.intOrNull('server_id'),
    createdAt: r.int('created_at'),
    updatedAt: r.int('updated_at'),
  };
}
