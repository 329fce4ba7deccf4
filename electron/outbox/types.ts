// The outbox's own vocabulary: the names of the kinds of record, an entry as the
// code uses it (row.ts reads it from the table), the states and their urgency,
// and what the trace hook reports. What each kind does is kinds/index.ts.
import type { ChangeSubject, ContractError, OutboxState } from '../../shared/contract';

/**
 * The kinds of record the outbox edits, written out (kinds/index.ts checks it
 * equals its registry's keys): the kinds and the outbox's vocabulary use the
 * name, so deriving it from the registry would make each kind depend on itself.
 * Add a kind here and in the registry.
 */
export type Kind =
  | ('cleaning' | 'maintenance' | 'incidents' | 'bookings' | 'guests' | 'customers' | 'messages' | 'blocks')
  | ('listings' | 'photos' | 'rates' | 'prices')
  | ('owners' | 'costs' | 'destinations' | 'admins');

/** What an entry does to its record (its `op`; the record's type is its `resource`, a Kind). */
export type EntryOp = 'update' | 'delete' | 'create';

/** A record as the cache stores it in `data` (the contract shape without the mark), plus context columns. */
export type Rec = Record<string, unknown>;

/** Values per field: changes in write form, bases in canonical form. */
export type Values = Record<string, unknown>;

export interface ConflictValue {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** Extra facts an entry needs besides its record id (the booking of a guest, the thread of a message…). */
export interface EntryContext {
  bookingNumber?: number;
  threadId?: number;
  listingId?: number;
  /** Creates: the local id the record had before it was matched (kept for display and the id map). */
  localId?: number;
}

export interface Entry {
  id: number;
  operation: string;
  op: EntryOp;
  resource: Kind;
  recordId: number;
  parent: string | null;
  context: EntryContext;
  /** What the change is about, as data; null only on a row an earlier build wrote, until upgrade.ts re-derives it. */
  subject: ChangeSubject | null;
  payload: Values;
  base: Values | null;
  state: OutboxState;
  attempts: number;
  checks: number;
  nextAttemptAt: number | null;
  error: ContractError | null;
  conflicts: ConflictValue[] | null;
  batch: number | null;
  fingerprint: Values | null;
  snapshot: number[] | null;
  accepted: boolean;
  serverId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** States in which an entry still waits for something (everything but confirmed). */
export const UNSETTLED: readonly OutboxState[] = ['pending', 'sending', 'unknown', 'conflict', 'rejected'];

/** Most urgent first: the mark of a record shows the first state any of its entries is in. */
export const URGENCY: readonly OutboxState[] = ['conflict', 'rejected', 'unknown', 'sending', 'pending', 'confirmed'];

/** What a trace hook sees (tests and the benchmark; never needed by the app). */
export type TraceEvent =
  | {
      type: 'send';
      entryIds: number[];
      op: EntryOp;
      resource: Kind;
      id: number;
      body: unknown;
      base: Values | null;
    }
  | { type: 'answered'; entryIds: number[]; ok: boolean }
  | { type: 'conflict'; entryIds: number[]; conflicts: ConflictValue[] }
  | { type: 'adopted'; entryIds: number[]; localId: number; serverId: number; resent: boolean };
