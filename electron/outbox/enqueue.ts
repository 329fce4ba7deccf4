// Edit commands → outbox entries. Every edit is ONE transaction: the entry
// (operation, record, the changed fields in write form, the values they were
// changed from) and the optimistic change with its mark, so a read right after
// shows it, and a crash can never leave one without the other.
import type { AdmittedEdit, EditReceipt } from '../../shared/contract';
import { CommandError, admitEdit, editCommands } from '../../shared/contract';
import { ident, type WritableDB } from '../cache/db';
import { isLocalId } from '../../shared/api/local-ids';
import { deletePending, insertEntry, nextLocalId, resolveId, type NewEntry } from './entries';
import { updateOf } from './kinds/fields';
import { COMMANDS, KIND_SPECS, type EditName, type Kind } from './kinds';
import { notCached } from './kinds/parts';
import type { CreateStep } from './kinds/spec';
import { resolveRefs } from './refs';
import { subjectOf } from './names';
import { refreshView, showNewUpdate, type Shown } from './view';
import type { Rec, Values } from './types';

export type { EditName } from './kinds';

export interface EnqueueResult {
  receipts: EditReceipt[];
  /** Kinds whose cached records changed (for cache.changed). */
  kinds: Set<Kind>;
}

/** A cached record as reads see it now (optimistic), with its context columns, and its mark (null when none). */
function readCurrent(db: WritableDB, kind: Kind, id: number): { rec: Rec; mark: unknown } | null {
  const a = KIND_SPECS[kind];
  const cols = ['outbox_mark', ...a.contextColumns].map(ident).join(', ');
  const row = db.get<Rec>(
    `SELECT ${a.table.wholeSql} AS data, ${cols} FROM ${ident(a.table.table)} WHERE ${ident(a.table.key)} = ?`,
    [id],
  );
  if (!row) return null;
  const rec = JSON.parse(row['data'] as string) as Rec;
  for (const c of a.contextColumns) rec[c] = row[c] ?? null;
  return { rec, mark: typeof row['outbox_mark'] === 'string' ? (JSON.parse(row['outbox_mark']) as unknown) : null };
}

/**
 * Whether a record's mark says a delete of it is unsent. The mark is derived
 * from the record's unsettled entries in the same transaction that writes them
 * (view.ts markOf: 'deleted' among its fields exactly while a delete entry is
 * not confirmed), so the record answers without asking the outbox table again.
 */
function markedDeleted(mark: unknown): boolean {
  const fields = (mark as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) && fields.includes('deleted');
}

/** The record as reads see it now (optimistic), with its context columns; null when not cached. */
export function currentRecord(db: WritableDB, kind: Kind, id: number): Rec | null {
  return readCurrent(db, kind, id)?.rec ?? null;
}

interface Step {
  entry: Omit<NewEntry, 'now'>;
  /** An update's record as it shows with the change, and the mark it had before (the view adds this entry). */
  shown?: Shown;
}

function updateStep(db: WritableDB, operation: string, kind: Kind, rawId: number, input: Values, what: string): Step {
  // A local id names the server's record once its create is matched; a server id names itself.
  const id = isLocalId(rawId) ? resolveId(db, kind, rawId) : rawId;
  const spec = KIND_SPECS[kind];
  const changes = spec.expand?.(input) ?? input;
  spec.prepare?.(db, id, changes);
  const current = readCurrent(db, kind, id);
  if (!current) throw notCached(what);
  const { rec, mark } = current;
  if (markedDeleted(mark))
    throw new CommandError('invalid_state', `${what} is being deleted; discard the delete first to edit it.`);
  spec.check?.(db, rec, changes);
  const context = spec.entryContext?.(rec) ?? {};
  // Refs to local records already matched take the server ids (a kind without refs has none to take).
  if (spec.refs) resolveRefs(db, kind, { context, payload: changes });
  // The base is read from the record as shown before the change; the change shows with its refs resolved.
  const { base, after } = updateOf(spec.fields, rec, changes);
  return {
    entry: {
      operation,
      op: 'update',
      resource: kind,
      recordId: id,
      context,
      subject: subjectOf(db, spec.subject, rec, context),
      payload: changes,
      base,
    },
    shown: { view: after, mark },
  };
}

function deleteStep(db: WritableDB, operation: string, kind: Kind, rawId: number, what: string): Step {
  const id = resolveId(db, kind, rawId);
  const rec = currentRecord(db, kind, id);
  if (!rec) throw notCached(what);
  if (deletePending(db, kind, id)) throw new CommandError('invalid_state', `${what} is already being deleted.`);
  return {
    entry: {
      operation,
      op: 'delete',
      resource: kind,
      recordId: id,
      subject: subjectOf(db, KIND_SPECS[kind].subject, rec, {}),
      payload: {},
      base: null,
    },
  };
}

function createStep(db: WritableDB, operation: string, kind: Kind, c: CreateStep): Step {
  const resolved = { context: { ...c.context }, payload: { ...c.payload }, parent: c.parent };
  resolveRefs(db, kind, resolved);
  c = { ...c, ...resolved };
  const localId = nextLocalId(db);
  return {
    entry: {
      operation,
      op: 'create',
      resource: kind,
      recordId: localId,
      parent: c.parent,
      context: { ...c.context, localId },
      subject: subjectOf(db, KIND_SPECS[kind].subject, c.subjectRec, { ...c.context, localId }),
      payload: c.payload,
      base: null,
    },
  };
}

/**
 * The entries one command makes, one at a time (a generator, so each step sees
 * the ones before it written: two items on the same task in one bulk edit
 * chain properly). The input was admitted at the door (shared/contract/admitted-edit.ts).
 * Throws CommandError on a record that cannot be edited.
 */
function* stepsOf(db: WritableDB, name: EditName, input: AdmittedEdit): Generator<Step> {
  const v = input as Record<string, unknown>;
  const { kind, command } = COMMANDS[name];
  // The record's id: `bookingNumber` for bookings, `id` for the rest (the single-record update's key).
  const id = v[KIND_SPECS[kind].update?.idKey ?? 'id'] as number;
  switch (command.op) {
    case 'update':
      yield updateStep(db, name, kind, id, v['changes'] as Values, command.what);
      return;
    case 'updateMany':
      for (const i of v['items'] as { id: number; changes: Values }[])
        yield updateStep(db, name, kind, i.id, i.changes, command.what(i.id));
      return;
    case 'delete':
      yield deleteStep(db, name, kind, id, command.what);
      return;
    case 'create':
      yield createStep(db, name, kind, command.step(db, v));
      return;
  }
}

/**
 * An edit's input from a caller other than the dispatcher (which admits at the
 * door), admitted here: throws CommandError when the name is not an edit or
 * the input is refused.
 */
function admit<N extends EditName>(name: N, input: unknown): AdmittedEdit<N> {
  if (!Object.hasOwn(editCommands, name))
    throw new CommandError('unknown_command', `"${String(name)}" is not an edit.`);
  const a = admitEdit(name, input);
  if (!a.ok) throw new CommandError('invalid_input', a.message, a.fields);
  return a.value;
}

/** Validates one edit command (admit) and writes it (enqueueAdmitted). Throws CommandError (nothing written) when it cannot. */
export function enqueueEdit(db: WritableDB, name: EditName, input: unknown, now: number): EnqueueResult {
  return enqueueAdmitted(db, name, admit(name, input), now);
}

/**
 * Writes one admitted edit's entries and optimistic changes in one
 * transaction. Throws CommandError (nothing written) when it cannot.
 */
export function enqueueAdmitted<N extends EditName>(
  db: WritableDB,
  name: N,
  input: AdmittedEdit<N>,
  now: number,
): EnqueueResult {
  return db.transaction((tx) => {
    const receipts: EditReceipt[] = [];
    const kinds = new Set<Kind>();
    for (const step of stepsOf(tx, name, input)) {
      const entryId = insertEntry(tx, { ...step.entry, now });
      if (step.shown)
        showNewUpdate(tx, step.entry.resource, step.entry.recordId, entryId, step.entry.payload, step.shown);
      else refreshView(tx, step.entry.resource, step.entry.recordId);
      // A create's receipt names the new record's local id (the form opens it).
      receipts.push(
        step.entry.op === 'create'
          ? { entryId, state: 'pending', recordId: step.entry.recordId }
          : { entryId, state: 'pending' },
      );
      kinds.add(step.entry.resource);
    }
    return { receipts, kinds };
  });
}
