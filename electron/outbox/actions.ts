// What a person can do with an entry: retry it now, discard it (its local
// change is undone and the record shows the server's version again),
// resolve a conflict field by field (keep mine / take theirs), or amend a
// refused change ("Edit and send again"). And the sign-out path: discard
// everything unsent, only when explicitly asked.
import { parseWith } from '../../shared/api';
import { CommandError, editCommands, type OutboxEntry } from '../../shared/contract';
import type { WritableDB } from '../cache/db';
import { chainOf, deleteEntries, getEntry, patchEntries } from './entries';
import { currentRecord, enqueueEdit } from './enqueue';
import { contractEntry, dependentsOf } from './refs';
import { KIND_SPECS, type EditName, type Kind } from './kinds';
import type { CreateAmend } from './kinds/spec';
import { refreshView } from './view';
import type { Entry, Values } from './types';

export interface ActionResult {
  entry: OutboxEntry | null;
  kinds: Kind[];
  entryIds: number[];
  /** Discarding a create: how many changes that depended on the new record went with it. */
  dependents?: number;
}

/**
 * Discards what depends on a create being discarded (a guest registered on a new
 * booking, the edits of that guest…): they could never be sent. Returns what went.
 */
function discardDependents(tx: WritableDB, create: Entry): { ids: number[]; kinds: Kind[] } {
  if (create.op !== 'create' || create.recordId >= 0) return { ids: [], kinds: [] };
  const deps = dependentsOf(tx, create.resource, create.recordId);
  if (deps.some((x) => x.state === 'sending'))
    throw new CommandError('invalid_state', 'A change that depends on this is being sent; try again in a moment.');
  return dropEntries(tx, deps);
}

/** Deletes entries and re-derives every record they touched; what went and which kinds changed. */
function dropEntries(tx: WritableDB, entries: readonly Pick<Entry, 'id' | 'resource' | 'recordId'>[]) {
  deleteEntries(
    tx,
    entries.map((x) => x.id),
  );
  const touched = new Map<string, { kind: Kind; id: number }>();
  for (const x of entries) touched.set(`${x.resource}:${x.recordId}`, { kind: x.resource, id: x.recordId });
  for (const t of touched.values()) refreshView(tx, t.kind, t.id);
  return { ids: entries.map((x) => x.id), kinds: [...new Set(entries.map((x) => x.resource))] };
}

function entryOr404(db: WritableDB, id: number): Entry {
  const e = getEntry(db, id);
  if (!e) throw new CommandError('not_found', `There is no outbox entry ${id} (it may have been discarded).`);
  return e;
}

/** Sends a rejected entry again, or a waiting one now (the whole batch it was refused with goes again). */
export function retryEntry(db: WritableDB, id: number, now: number, settleMs: number): ActionResult {
  return db.transaction((tx) => {
    const e = entryOr404(tx, id);
    if (e.state === 'confirmed') throw new CommandError('invalid_state', 'This change is already confirmed.');
    if (e.state === 'conflict')
      throw new CommandError('invalid_state', 'This change is in conflict: choose mine or theirs to resolve it first.');
    let ids = [e.id];
    if (e.state === 'rejected') {
      ids = refusedBatch(tx, e).map((x) => x.id);
      patchEntries(tx, ids, { state: 'pending', error: null, nextAttemptAt: null, checks: 0 }, now);
      // A create the server accepted but that could not be found is sent again only because the person asked.
      if (e.op === 'create') patchEntries(tx, [e.id], { accepted: false }, now);
    } else if (e.state === 'unknown') {
      // "Retry now" reads the server back as soon as it may: never before the server had time to finish the
      // request whose answer was lost (Backoff.settleMs after the failure, which the wait set then covers;
      // now + settleMs covers it too) — an absence seen sooner proves nothing. Never later than it was.
      const at = e.nextAttemptAt !== null && e.nextAttemptAt > now ? Math.min(e.nextAttemptAt, now + settleMs) : null;
      patchEntries(tx, ids, { nextAttemptAt: at }, now);
    } else if (e.state !== 'sending') {
      patchEntries(tx, ids, { nextAttemptAt: null }, now);
    }
    refreshView(tx, e.resource, e.recordId);
    return { entry: contractEntry(tx, entryOr404(tx, id)), kinds: [e.resource], entryIds: ids };
  });
}

/** Drops an unsent entry and undoes its local change; a create takes the new record's other edits with it. */
export function discardEntry(db: WritableDB, id: number): ActionResult {
  return db.transaction((tx) => {
    const e = entryOr404(tx, id);
    if (e.state === 'confirmed') throw new CommandError('invalid_state', 'This change is already on the server.');
    if (e.state === 'sending')
      throw new CommandError('invalid_state', 'This change is being sent right now; try again in a moment.');
    const chain = chainOf(tx, e.resource, e.recordId);
    const ids = e.op === 'create' ? chain.filter((x) => x.state !== 'sending').map((x) => x.id) : [e.id];
    if (e.op === 'create' && ids.length !== chain.length)
      throw new CommandError('invalid_state', 'An edit of this new record is being sent; try again in a moment.');
    return dropWithDependents(tx, e, ids);
  });
}

/**
 * Drops the entries `ids` of `e`'s record, and (when `e` is a create) every entry that depends on the new
 * record, then re-derives the view: the answer of a discard.
 */
function dropWithDependents(tx: WritableDB, e: Entry, ids: number[]): ActionResult & { dependents: number } {
  const deps = discardDependents(tx, e);
  deleteEntries(tx, ids);
  refreshView(tx, e.resource, e.recordId);
  return {
    entry: null,
    kinds: [e.resource, ...deps.kinds],
    entryIds: [...ids, ...deps.ids],
    dependents: deps.ids.length,
  };
}

/** The refused entry and the entries refused with it (one request, one refusal). */
function refusedBatch(db: WritableDB, e: Entry): Entry[] {
  return chainOf(db, e.resource, e.recordId).filter(
    (x) => x.state === 'rejected' && (x.id === e.id || (e.batch !== null && x.batch === e.batch)),
  );
}

/** The single-record update command an amended entry is queued as (a bulk edit's item becomes a plain update). */
function amendCommand(e: Entry, changes: Values): { name: EditName; input: unknown } {
  const name = e.operation.replace(/\.updateMany$/, '.update') as EditName;
  const idKey = KIND_SPECS[e.resource].update?.idKey ?? 'id';
  return { name, input: { [idKey]: e.recordId, changes } };
}

/**
 * "Edit and send again": drops a refused update (and the entries refused with
 * it) and queues `changes` as a new edit of the same record, in one
 * transaction — the new edit's base is the server's value the record shows,
 * and a bad value throws with nothing changed. Empty `changes` just drops it.
 * A refused new guest is amended in place (see amendCreate).
 */
export function amendEntry(
  db: WritableDB,
  id: number,
  changes: Values,
  now: number,
): ActionResult & { newEntryId: number | null } {
  return db.transaction((tx) => {
    const e = entryOr404(tx, id);
    if (e.state !== 'rejected')
      throw new CommandError('invalid_state', 'Only a change that was not accepted can be edited and sent again.');
    const amendable = e.op === 'create' ? KIND_SPECS[e.resource].create?.amend : undefined;
    if (amendable) return amendCreate(tx, e, changes, amendable, now);
    if (e.op !== 'update')
      throw new CommandError('invalid_state', 'Only an edit of a record can be edited and sent again.');
    const ids = refusedBatch(tx, e).map((x) => x.id);
    deleteEntries(tx, ids);
    refreshView(tx, e.resource, e.recordId);
    let newEntryId: number | null = null;
    if (Object.keys(changes).length) {
      const { name, input } = amendCommand(e, changes);
      newEntryId = enqueueEdit(tx, name, input, now).receipts[0]?.entryId ?? null;
    }
    return { entry: null, kinds: [e.resource], entryIds: newEntryId === null ? ids : [...ids, newEntryId], newEntryId };
  });
}

/**
 * A refused create of a kind that allows it (a new guest: its spec's
 * `create.amend`), amended: the server never created it, so the create
 * itself takes my values (its payload, the edits refused with it, then
 * `changes`) and goes again as it would after "Retry" — the same entry, so the
 * new record keeps its local id and the edits queued behind it; the replay
 * reads the booking's guests again before sending changed content. Bad values
 * throw with nothing changed; empty `changes` drops it like "Discard".
 */
function amendCreate(
  tx: WritableDB,
  e: Entry,
  changes: Values,
  amend: CreateAmend,
  now: number,
): ActionResult & { newEntryId: number | null } {
  const batch = refusedBatch(tx, e);
  if (!Object.keys(changes).length) {
    const chain = chainOf(tx, e.resource, e.recordId).map((x) => x.id);
    return { ...dropWithDependents(tx, e, chain), newEntryId: null };
  }
  const values: Values = Object.assign({}, ...batch.map((x) => x.payload), changes) as Values;
  const parsed = parseWith(editCommands[amend.command].input, amend.input(e.context, values));
  if (!parsed.ok) {
    // The person's form sent `changes`: name the fields as they were sent.
    const fields = Object.fromEntries(
      Object.entries(parsed.errors).map(([path, m]) => [
        path.startsWith(`${amend.key}.`) ? `changes.${path.slice(amend.key.length + 1)}` : path,
        m,
      ]),
    );
    throw new CommandError('invalid_input', parsed.message, fields);
  }
  const others = batch.filter((x) => x.id !== e.id).map((x) => x.id);
  deleteEntries(tx, others);
  patchEntries(
    tx,
    [e.id],
    {
      payload: (parsed.value as Record<string, Values>)[amend.key],
      state: 'pending',
      error: null,
      nextAttemptAt: null,
      accepted: false,
      checks: 0,
    },
    now,
  );
  refreshView(tx, e.resource, e.recordId);
  return { entry: null, kinds: [e.resource], entryIds: [...others, e.id], newEntryId: e.id };
}

/**
 * A value of my own for fields in conflict, checked as an edit of the record would be (the
 * record's update command's schema, then its kind's checks before queueing): bad values throw
 * with nothing changed. A kind whose commands expand (prices by day) takes mine or theirs only.
 */
function checkedValues(db: WritableDB, e: Entry, values: Values): void {
  const spec = KIND_SPECS[e.resource];
  if (spec.expand)
    throw new CommandError('invalid_input', 'This change takes mine or theirs only.', {
      values: ['takes mine or theirs only'],
    });
  const { name, input } = amendCommand(e, values);
  const parsed = parseWith(editCommands[name].input, input);
  if (!parsed.ok) {
    const fields = Object.fromEntries(
      Object.entries(parsed.errors).map(([path, m]) => [path.replace(/^changes\./, 'values.'), m]),
    );
    throw new CommandError('invalid_input', parsed.message, fields);
  }
  const rec = currentRecord(db, e.resource, e.recordId);
  if (rec) spec.check?.(db, rec, values);
}

/**
 * Resolves the conflict of an entry and of the entries it was sent with (one
 * conflict of the record): per field, "mine" keeps my value and makes the
 * server's value the new base (so it is sent next), "theirs" drops my change
 * of that field, and a value of my own (`values`) replaces mine, over theirs.
 * Entries left with nothing to send are settled. One mechanism for the Sync
 * page and the record's own page.
 */
export function resolveEntry(
  db: WritableDB,
  id: number,
  choice: 'mine' | 'theirs',
  fields: Record<string, 'mine' | 'theirs'> | undefined,
  now: number,
  values: Values = {},
): ActionResult {
  return db.transaction((tx) => {
    const e = entryOr404(tx, id);
    if (e.state !== 'conflict') throw new CommandError('invalid_state', 'This change is not in conflict.');
    const conflicts = e.conflicts ?? [];
    const known = new Set(conflicts.map((c) => c.field));
    const unknown = [...Object.keys(fields ?? {}), ...Object.keys(values)].filter((f) => !known.has(f));
    if (unknown.length)
      throw new CommandError(
        'invalid_input',
        `Not in conflict: ${unknown.join(', ')}.`,
        Object.fromEntries(unknown.map((f) => [`fields.${f}`, ['is not in conflict']])),
      );
    if (Object.keys(values).length) checkedValues(tx, e, values);
    const siblings = chainOf(tx, e.resource, e.recordId).filter((x) => x.state === 'conflict');
    for (const s of siblings) {
      const payload: Values = { ...s.payload };
      const base: Values = { ...(s.base ?? {}) };
      for (const c of conflicts) {
        if (!(c.field in payload)) continue;
        if (c.field in values) {
          payload[c.field] = values[c.field];
          base[c.field] = c.theirs;
        } else if ((fields?.[c.field] ?? choice) === 'mine') base[c.field] = c.theirs;
        else {
          delete payload[c.field];
          delete base[c.field];
        }
      }
      const empty = Object.keys(payload).length === 0;
      patchEntries(
        tx,
        [s.id],
        { payload, base, conflicts: null, error: null, nextAttemptAt: null, state: empty ? 'confirmed' : 'pending' },
        now,
      );
    }
    refreshView(tx, e.resource, e.recordId);
    return { entry: contractEntry(tx, entryOr404(tx, id)), kinds: [e.resource], entryIds: siblings.map((s) => s.id) };
  });
}

/** Sign-out with "discard unsent": every unsettled entry goes and every touched record shows the server again. */
export function discardAllEntries(db: WritableDB): ActionResult {
  return db.transaction((tx) => {
    const rows = tx.all<{ id: number; resource: Kind; recordId: number }>(
      `SELECT id, resource, record_id AS recordId FROM outbox WHERE state <> 'confirmed' ORDER BY id`,
    );
    const r = dropEntries(tx, rows);
    return { entry: null, kinds: r.kinds, entryIds: r.ids };
  });
}
