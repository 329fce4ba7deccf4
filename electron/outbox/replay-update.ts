// Replaying the edits of one existing record: successive updates coalesced
// into one request (latest value per field, earliest base), checked against
// the server's current version field by field before sending — theirs where
// only they changed, mine where only I did (a value of my own earlier edits
// on the server is mine, never a conflict), a conflict where both did — then
// confirmed from the answer or by reading back. A delete after updates makes
// them moot: one DELETE, and 404 counts as done.
import type { WritableDB } from '../cache/db';
import { countAttempt, getEntry, patchEntries } from './entries';
import { currentRecord } from './enqueue';
import { canonIn, canonOf, sameValue, showsWritten } from './kinds/fields';
import { KIND_SPECS, type Kind } from './kinds';
import { failed, reject, type StepDeps } from './outcome';
import { fromResponse, type ServerVersion } from './remote';
import { dropRecord, keepServerVersion, refreshView } from './view';
import type { ConflictValue, Entry, Values } from './types';
import { REFUSED } from './refusals';

/** The leading entries that go out in one request: updates, possibly ending with a delete. */
export function takeBatch(chain: readonly Entry[]): Entry[] {
  const out: Entry[] = [];
  for (const e of chain) {
    if (e.state !== 'pending' && e.state !== 'unknown') break;
    if (e.op === 'create') break;
    out.push(e);
    if (e.op === 'delete') break;
  }
  return out;
}

/** What the coalesced entries of one record send and what they are checked against. */
export interface Merged {
  /** Union of the changes, latest value wins (write form). */
  payload: Values;
  /** The earliest base of each field: what the person first saw (canonical). */
  base: Values;
  /**
   * Per field, every value the batch's entries were made from or set
   * (canonical): the server showing any of them means nobody else changed the
   * field — it is this app's own earlier write (an entry whose answer was lost
   * included), or a value the person saw and then edited.
   */
  own: Record<string, unknown[]>;
}

export function mergeUpdates(batch: readonly Entry[]): Merged {
  const payload: Values = {};
  const base: Values = {};
  const own: Record<string, unknown[]> = {};
  for (const e of batch) {
    if (e.op !== 'update') continue;
    for (const [f, v] of Object.entries(e.payload)) {
      payload[f] = v;
      if (!(f in base)) base[f] = e.base?.[f] ?? null;
      // A field the server shows less of keeps the written value (its `agrees` is asked with it).
      const c = KIND_SPECS[e.resource].fields[f];
      (own[f] ??= []).push(e.base?.[f] ?? null, c?.agrees ? v : canonOf(KIND_SPECS[e.resource].fields, f, v));
    }
  }
  return { payload, base, own };
}

/** True when the entries are still exactly as the step read them (not discarded, resolved or retried meanwhile). */
export function unchanged(db: WritableDB, batch: readonly Entry[]): boolean {
  return batch.every((e) => {
    const now = getEntry(db, e.id);
    return now !== null && now.state === e.state && now.updatedAt === e.updatedAt;
  });
}

/**
 * Base / server-now / mine, field by field. The server showing mine → already
 * there; showing a value of my own chain (`own`, the base included) → nobody
 * else changed it: send mine; anything else → a conflict. Another person
 * setting exactly one of my own earlier values is indistinguishable from my
 * write arriving, and harmless: my newest value replaces it either way.
 */
export function compare(
  kind: Entry['resource'],
  payload: Values,
  base: Values,
  server: ServerVersion,
  own: Record<string, unknown[]> = {},
): { toSend: Values; conflicts: ConflictValue[] } {
  const toSend: Values = {};
  const conflicts: ConflictValue[] = [];
  for (const [f, v] of Object.entries(payload)) {
    const theirs = canonIn(KIND_SPECS[kind].fields, f, server.value);
    const mine = canonOf(KIND_SPECS[kind].fields, f, v);
    const c = KIND_SPECS[kind].fields[f];
    // Already there (sent before, or the same change made twice) — never said of a field the server shows less of.
    if (!c?.agrees && sameValue(theirs, mine)) continue;
    if ([base[f], ...(own[f] ?? [])].some((x) => sameValue(theirs, x) || c?.agrees?.(theirs, x) === true))
      toSend[f] = v;
    else conflicts.push({ field: f, base: base[f] ?? null, mine, theirs });
  }
  const fields = KIND_SPECS[kind].fields;
  for (const group of KIND_SPECS[kind].together ?? []) {
    if (!conflicts.some((c) => group.includes(c.field))) continue;
    for (const f of group.filter((g) => g in toSend)) {
      const [mine, theirs] = [canonOf(fields, f, toSend[f]), canonIn(fields, f, server.value)];
      conflicts.push({ field: f, base: base[f] ?? null, mine, theirs });
      delete toSend[f];
    }
  }
  return { toSend, conflicts };
}

/** The context columns of the cached record (the booking of a guest), kept with a server version. */
function contextOfRow(kind: Kind, hint: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (hint) for (const c of KIND_SPECS[kind].contextColumns) if (c in hint) out[c] = hint[c];
  return out;
}

/** Settles the batch as confirmed with this server version (in one transaction). */
function confirmWith(d: StepDeps, batch: readonly Entry[], server: ServerVersion, ctx: Record<string, unknown>): void {
  const first = batch[0]!;
  d.db.transaction((tx) => {
    patchEntries(
      tx,
      batch.map((e) => e.id),
      { state: 'confirmed', error: null, nextAttemptAt: null, conflicts: null },
      d.now(),
    );
    keepServerVersion(tx, first.resource, first.recordId, server.raw, ctx);
  });
  d.changed(
    [first.resource],
    batch.map((e) => e.id),
  );
}

export async function replayUpdates(d: StepDeps, batch: readonly Entry[]): Promise<void> {
  const head = batch[0]!;
  const kind = head.resource;
  const id = head.recordId;
  const update = KIND_SPECS[kind].update;
  if (!update) throw new Error(`${kind} records are never updated`);
  const { payload, base, own } = mergeUpdates(batch);
  const hint = currentRecord(d.db, kind, id);
  const ctx = contextOfRow(kind, hint);

  let server: ServerVersion | null;
  try {
    // Read ahead with its listing's other waiting records (one list request), or alone.
    server = (await d.readAhead?.take(d, kind, id, hint)) ?? (await update.fetch(d.client, id, hint, payload, base));
  } catch (err) {
    if (unchanged(d.db, batch)) failed(d, batch, err, 'read', 'update');
    return;
  }
  if (!unchanged(d.db, batch)) return; // discarded, resolved or retried while we read: start over
  if (!server) {
    reject(d, batch, REFUSED.recordGone());
    return;
  }
  const { toSend, conflicts } = compare(kind, payload, base, server, own);
  if (conflicts.length) {
    d.db.transaction((tx) => {
      patchEntries(
        tx,
        batch.map((e) => e.id),
        { state: 'conflict', conflicts, nextAttemptAt: null, error: null },
        d.now(),
      );
      keepServerVersion(tx, kind, id, server.raw, ctx);
    });
    d.changed(
      [kind],
      batch.map((e) => e.id),
    );
    d.trace({ type: 'conflict', entryIds: batch.map((e) => e.id), conflicts });
    return;
  }
  if (Object.keys(toSend).length === 0) {
    confirmWith(d, batch, server, ctx);
    return;
  }

  // The evidence that a request is about to leave is committed first: a crash
  // from here on finds `sending` and reconciles by reading back.
  const ids = batch.map((e) => e.id);
  d.db.transaction((tx) => {
    patchEntries(tx, ids, { state: 'sending', batch: head.id, error: null, nextAttemptAt: null }, d.now());
    countAttempt(tx, ids);
    keepServerVersion(tx, kind, id, server.raw, ctx);
  });
  d.changed([kind], ids);
  // A version of this record read ahead before the write's answer may not show it (read-ahead.ts).
  d.readAhead?.wrote(kind, id, d.now());
  d.trace({ type: 'send', entryIds: ids, op: 'update', resource: kind, id, body: toSend, base });

  let confirmed: ServerVersion | null;
  try {
    const res = await d.client.write(update.endpoint, {
      id,
      body: update.body ? update.body(toSend) : toSend,
      priority: 'user',
    });
    d.readAhead?.wrote(kind, id, d.now());
    d.trace({ type: 'answered', entryIds: ids, ok: true });
    confirmed = fromResponse(update.endpoint, res.body, res.value);
  } catch (err) {
    d.readAhead?.wrote(kind, id, d.now());
    d.trace({ type: 'answered', entryIds: ids, ok: false });
    failed(d, batch, err, 'write', 'update');
    return;
  }
  if (!confirmed) {
    // The answer carries no record: read it back.
    try {
      confirmed = await update.fetch(d.client, id, hint, payload, base);
    } catch (err) {
      // Applied (2xx) but not yet seen: the next attempt starts by reading and finds it.
      failed(d, batch, err, 'write', 'update');
      return;
    }
    if (!confirmed) {
      reject(d, batch, REFUSED.acceptedThenGone());
      return;
    }
  }
  const differ = Object.keys(toSend).filter(
    (f) => !showsWritten(KIND_SPECS[kind].fields, f, confirmed.value, toSend[f]),
  );
  if (differ.length) {
    d.db.transaction((tx) => keepServerVersion(tx, kind, id, confirmed.raw, ctx));
    const shown = differ
      .map((f) => `${f} = ${JSON.stringify(canonIn(KIND_SPECS[kind].fields, f, confirmed.value))}`)
      .join(', ');
    reject(d, batch, REFUSED.acceptedShows(differ, shown));
    return;
  }
  confirmWith(d, batch, confirmed, ctx);
}

/** One DELETE for the batch (updates before it are moot); 404 means it is already gone. */
export async function replayDelete(d: StepDeps, batch: readonly Entry[]): Promise<void> {
  const head = batch[0]!;
  const kind = head.resource;
  const id = head.recordId;
  const ids = batch.map((e) => e.id);
  d.db.transaction((tx) => {
    patchEntries(tx, ids, { state: 'sending', batch: head.id, error: null, nextAttemptAt: null }, d.now());
    countAttempt(tx, ids);
    refreshView(tx, kind, id);
  });
  d.changed([kind], ids);
  d.trace({ type: 'send', entryIds: ids, op: 'delete', resource: kind, id, body: null, base: null });
  try {
    const remove = KIND_SPECS[kind].remove;
    if (!remove) throw new Error(`${kind} records are never deleted`);
    await d.client.write(remove.endpoint, { id, priority: 'user' });
    d.trace({ type: 'answered', entryIds: ids, ok: true });
  } catch (err) {
    d.trace({ type: 'answered', entryIds: ids, ok: false });
    if (failed(d, batch, err, 'write', 'delete') === 'later') return;
  }
  d.db.transaction((tx) => {
    patchEntries(tx, ids, { state: 'confirmed', error: null, nextAttemptAt: null }, d.now());
    dropRecord(tx, kind, id);
  });
  d.changed([kind], ids);
}
