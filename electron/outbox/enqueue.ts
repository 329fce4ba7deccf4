// Edit commands → outbox entries. Every edit is ONE transaction: the entry
// (operation, record, the changed fields in write form, the values they were
// changed from) and the optimistic change with its mark, so a read right after
// shows it, and a crash can never leave one without the other.
import type { EditReceipt } from '../../shared/contract';
import { CommandError, editCommands } from '../../shared/contract';
import { parseWith } from '../../shared/api';
import { ident, type WritableDB } from '../cache/db';
import { ADAPTERS, labelOf } from './adapters';
import { deletePending, insertEntry, nextLocalId, resolveId, type NewEntry } from './entries';
import { checkBeforeQueueing } from './checks';
import { canonIn } from './fields';
import { refreshView, showNewUpdate } from './view';
import type { EntryContext, Kind, Rec, Values } from './types';

export type EditName = keyof typeof editCommands;
export const EDIT_NAMES = Object.keys(editCommands) as EditName[];

export interface EnqueueResult {
  receipts: EditReceipt[];
  /** Kinds whose cached records changed (for cache.changed). */
  kinds: Set<Kind>;
}

/** The record as reads see it now (optimistic), with its context columns; null when not cached. */
export function currentRecord(db: WritableDB, kind: Kind, id: number): Rec | null {
  const a = ADAPTERS[kind];
  const cols = ['data', ...a.contextColumns].map(ident).join(', ');
  const row = db.get<Rec>(`SELECT ${cols} FROM ${ident(a.table.table)} WHERE ${ident(a.table.key)} = ?`, [id]);
  if (!row) return null;
  const rec = JSON.parse(row['data'] as string) as Rec;
  for (const c of a.contextColumns) rec[c] = row[c] ?? null;
  return rec;
}

const NOT_CACHED = (what: string) =>
  new CommandError('not_found', `${what} is not in the local data (it may have been deleted); refresh and try again.`);

interface Step {
  entry: Omit<NewEntry, 'now'>;
}

function updateStep(db: WritableDB, operation: string, kind: Kind, rawId: number, changes: Values, what: string): Step {
  const id = resolveId(db, kind, rawId);
  const rec = currentRecord(db, kind, id);
  if (!rec) throw NOT_CACHED(what);
  if (deletePending(db, kind, id))
    throw new CommandError('invalid_state', `${what} is being deleted; discard the delete first to edit it.`);
  checkBeforeQueueing(db, kind, rec, changes);
  const base: Values = {};
  for (const f of Object.keys(changes)) base[f] = canonIn(kind, f, rec);
  const context: EntryContext = kind === 'guests' ? { bookingNumber: rec['booking_number'] as number } : {};
  return {
    entry: {
      operation,
      kind: 'update',
      resource: kind,
      recordId: id,
      context,
      label: labelOf(db, kind, rec, context),
      payload: changes,
      base,
    },
  };
}

function deleteStep(db: WritableDB, operation: string, kind: Kind, rawId: number, what: string): Step {
  const id = resolveId(db, kind, rawId);
  const rec = currentRecord(db, kind, id);
  if (!rec) throw NOT_CACHED(what);
  if (deletePending(db, kind, id)) throw new CommandError('invalid_state', `${what} is already being deleted.`);
  return {
    entry: {
      operation,
      kind: 'delete',
      resource: kind,
      recordId: id,
      label: labelOf(db, kind, rec, {}),
      payload: {},
      base: null,
    },
  };
}

function createStep(
  db: WritableDB,
  operation: string,
  kind: Kind,
  payload: Values,
  context: EntryContext,
  parent: string,
  labelRec: Rec,
): Step {
  const localId = nextLocalId(db);
  return {
    entry: {
      operation,
      kind: 'create',
      resource: kind,
      recordId: localId,
      parent,
      context: { ...context, localId },
      label: labelOf(db, kind, labelRec, context),
      payload,
      base: null,
    },
  };
}

/**
 * The entries one command makes, one at a time (a generator, so each step sees
 * the ones before it written: two items on the same task in one bulk edit
 * chain properly). Throws CommandError on bad input or a record that cannot be edited.
 */
function* stepsOf(db: WritableDB, name: EditName, input: unknown): Generator<Step> {
  const parsed = parseWith(editCommands[name].input, input);
  if (!parsed.ok) throw new CommandError('invalid_input', parsed.message, parsed.errors);
  const v = parsed.value as Record<string, unknown>;
  const changes = v['changes'] as Values;
  const id = v['id'] as number;
  switch (name) {
    case 'cleaning.update':
      yield updateStep(db, name, 'cleaning', id, changes, 'This cleaning task');
      return;
    case 'maintenance.update':
      yield updateStep(db, name, 'maintenance', id, changes, 'This maintenance task');
      return;
    case 'cleaning.updateMany':
    case 'maintenance.updateMany': {
      const kind: Kind = name === 'cleaning.updateMany' ? 'cleaning' : 'maintenance';
      const items = v['items'] as { id: number; changes: Values }[];
      for (const i of items) yield updateStep(db, name, kind, i.id, i.changes, `The ${kind} task ${i.id}`);
      return;
    }
    case 'cleaning.delete':
      yield deleteStep(db, name, 'cleaning', id, 'This cleaning task');
      return;
    case 'maintenance.delete':
      yield deleteStep(db, name, 'maintenance', id, 'This maintenance task');
      return;
    case 'incidents.update':
      yield updateStep(db, name, 'incidents', id, changes, 'This incident');
      return;
    case 'incidents.delete':
      yield deleteStep(db, name, 'incidents', id, 'This incident');
      return;
    case 'bookings.update':
      yield updateStep(db, name, 'bookings', v['bookingNumber'] as number, changes, 'This booking');
      return;
    case 'guests.update':
      yield updateStep(db, name, 'guests', id, changes, 'This guest');
      return;
    case 'customers.update':
      yield updateStep(db, name, 'customers', id, changes, 'This customer');
      return;
    case 'blocks.update':
      yield updateStep(db, name, 'blocks', id, changes, 'This block');
      return;
    case 'blocks.delete':
      yield deleteStep(db, name, 'blocks', id, 'This block');
      return;
    case 'guests.create': {
      const bookingNumber = v['bookingNumber'] as number;
      if (!currentRecord(db, 'bookings', bookingNumber)) throw NOT_CACHED(`Booking ${bookingNumber}`);
      const guest = v['guest'] as Values;
      yield createStep(db, name, 'guests', guest, { bookingNumber }, `guests@${bookingNumber}`, guest);
      return;
    }
    case 'messages.send': {
      const bookingNumber = v['bookingNumber'] as number;
      const threadId = v['threadId'] as number;
      const thread = db.get<{ booking_number: number | null }>('SELECT booking_number FROM threads WHERE id = ?', [
        threadId,
      ]);
      if (!thread) throw NOT_CACHED(`Thread ${threadId}`);
      if (thread.booking_number !== bookingNumber)
        throw new CommandError('invalid_input', `Thread ${threadId} does not belong to booking ${bookingNumber}.`, {
          threadId: ['is not a thread of this booking'],
        });
      const payload = { thread_id: threadId, message: v['message'] as string };
      yield createStep(db, name, 'messages', payload, { bookingNumber, threadId }, `thread@${threadId}`, {});
      return;
    }
    case 'blocks.create': {
      const block = v['block'] as Values;
      const listingId = Number(block['listing_id']);
      yield createStep(db, name, 'blocks', block, { listingId }, `blocks@${listingId}`, {
        ...block,
        listing_id: listingId,
      });
      return;
    }
  }
}

/**
 * Validates one edit command and writes its entries and optimistic changes in
 * one transaction. Throws CommandError (nothing written) when it cannot.
 */
export function enqueueEdit(db: WritableDB, name: EditName, input: unknown, now: number): EnqueueResult {
  if (!Object.hasOwn(editCommands, name))
    throw new CommandError('unknown_command', `"${String(name)}" is not an edit.`);
  return db.transaction((tx) => {
    const receipts: EditReceipt[] = [];
    const kinds = new Set<Kind>();
    for (const step of stepsOf(tx, name, input)) {
      const entryId = insertEntry(tx, { ...step.entry, now });
      if (step.entry.kind === 'update')
        showNewUpdate(tx, step.entry.resource, step.entry.recordId, entryId, step.entry.payload);
      else refreshView(tx, step.entry.resource, step.entry.recordId);
      receipts.push({ entryId, state: 'pending' });
      kinds.add(step.entry.resource);
    }
    return { receipts, kinds };
  });
}
