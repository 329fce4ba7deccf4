// The outbox's own vocabulary: the kinds of record it edits, the entry as
// stored (a row) and as used (parsed and checked from `unknown` when loaded,
// so a damaged row is reported rather than trusted), and the options the
// outbox is created with.
import { z } from 'zod';
import type { ContractError, OutboxState, ResourceName } from '../../shared/contract';

/** What the outbox edits. `messages` live in threads (contract resource `threads`). */
export const KINDS = [
  'cleaning',
  'maintenance',
  'incidents',
  'bookings',
  'guests',
  'customers',
  'messages',
  'blocks',
] as const;
export type Kind = (typeof KINDS)[number];

export const CONTRACT_RESOURCE: Record<Kind, ResourceName> = {
  cleaning: 'cleaning',
  maintenance: 'maintenance',
  incidents: 'incidents',
  bookings: 'bookings',
  guests: 'guests',
  customers: 'customers',
  messages: 'threads',
  blocks: 'blocks',
};

export type EntryKind = 'update' | 'delete' | 'create';

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
  kind: EntryKind;
  resource: Kind;
  recordId: number;
  parent: string | null;
  context: EntryContext;
  label: string;
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

const values = z.record(z.string(), z.unknown());
const contractErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
const rowSchema = z.object({
  id: z.number().int(),
  operation: z.string(),
  kind: z.enum(['update', 'delete', 'create']),
  resource: z.enum(KINDS),
  record_id: z.number().int(),
  parent: z.string().nullable(),
  context: z.string(),
  label: z.string(),
  payload: z.string(),
  base: z.string().nullable(),
  state: z.enum(['pending', 'sending', 'confirmed', 'rejected', 'conflict', 'unknown']),
  attempts: z.number().int(),
  checks: z.number().int(),
  next_attempt_at: z.number().int().nullable(),
  error: z.string().nullable(),
  conflicts: z.string().nullable(),
  batch: z.number().int().nullable(),
  fingerprint: z.string().nullable(),
  snapshot: z.string().nullable(),
  accepted: z.number().int(),
  server_id: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
const contextSchema = z.object({
  bookingNumber: z.number().int().optional(),
  threadId: z.number().int().optional(),
  listingId: z.number().int().optional(),
  localId: z.number().int().optional(),
});
const conflictsSchema = z.array(
  z.object({ field: z.string(), base: z.unknown(), mine: z.unknown(), theirs: z.unknown() }),
);

export class DamagedEntryError extends Error {
  constructor(id: unknown, why: string) {
    super(`outbox entry ${String(id)} is damaged: ${why}`);
    this.name = 'DamagedEntryError';
  }
}

function json<T>(text: string | null, schema: z.ZodType<T>, id: unknown, what: string): T | null {
  if (text === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new DamagedEntryError(id, `${what} is not JSON`);
  }
  const r = schema.safeParse(v);
  if (!r.success) throw new DamagedEntryError(id, `${what} has the wrong shape`);
  return r.data;
}

/** A stored row → an entry; throws DamagedEntryError when the row cannot be trusted. */
export function parseEntry(row: unknown): Entry {
  const r = rowSchema.safeParse(row);
  if (!r.success) throw new DamagedEntryError((row as { id?: unknown } | null)?.id, r.error.issues[0]?.message ?? '');
  const x = r.data;
  return {
    id: x.id,
    operation: x.operation,
    kind: x.kind,
    resource: x.resource,
    recordId: x.record_id,
    parent: x.parent,
    context: json(x.context, contextSchema, x.id, 'context') ?? {},
    label: x.label,
    payload: json(x.payload, values, x.id, 'payload') ?? {},
    base: json(x.base, values, x.id, 'base'),
    state: x.state,
    attempts: x.attempts,
    checks: x.checks,
    nextAttemptAt: x.next_attempt_at,
    error: json(x.error, contractErrorShape, x.id, 'error') as ContractError | null,
    conflicts: json<ConflictValue[]>(x.conflicts, conflictsSchema, x.id, 'conflicts'),
    batch: x.batch,
    fingerprint: json(x.fingerprint, values, x.id, 'fingerprint'),
    snapshot: json(x.snapshot, z.array(z.number().int()), x.id, 'snapshot'),
    accepted: x.accepted === 1,
    serverId: x.server_id,
    createdAt: x.created_at,
    updatedAt: x.updated_at,
  };
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
      kind: EntryKind;
      resource: Kind;
      id: number;
      body: unknown;
      base: Values | null;
    }
  | { type: 'answered'; entryIds: number[]; ok: boolean }
  | { type: 'conflict'; entryIds: number[]; conflicts: ConflictValue[] }
  | { type: 'adopted'; entryIds: number[]; localId: number; serverId: number; resent: boolean };
