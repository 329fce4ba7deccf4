// Replaying a create exactly once without idempotency keys. Before the first
// send the target collection is read and the ids of records that already look
// the same are kept (snapshot). A create whose outcome is unknown (timeout,
// reset after sending, 5xx, or found `sending` after a crash) is never resent
// blindly: the collection is read back, a record with the same content that
// was not there before and is not already matched is adopted; only when none
// is there is it sent again. After a 2xx the record is found the same way.
// Updates made to the new record before it left ride along in the create.
import type { WritableDB } from '../cache/db';
import { adoptedIds, countAttempt, mapLocalId, patchEntries } from './entries';
import { sameValue } from './kinds/fields';
import { KIND_SPECS } from './kinds';
import { backoffDelay, failed, reject, transition, type StepDeps } from './outcome';
import { unchanged } from './replay-update';
import { fingerprintOf, findCreated, idOf, idsMatching, type Collection, type ServerVersion } from './remote';
import { repoint } from './refs';
import { dropRecord, refreshView } from './view';
import type { Entry, Kind, Values } from './types';
import { REFUSED } from './refusals';

/** After a 2xx, how many read-backs may miss the new record before the person is told. */
const MAX_CHECKS = 3;

/** The create and the updates of the new record that can ride along with it. */
function createBatch(chain: readonly Entry[]): { batch: Entry[]; payload: Values } {
  const head = chain[0]!;
  const batch = [head];
  const payload: Values = { ...head.payload };
  for (const e of chain.slice(1)) {
    if (e.op !== 'update' || (e.state !== 'pending' && e.state !== 'unknown')) break;
    batch.push(e);
    Object.assign(payload, e.payload);
  }
  return { batch, payload };
}

/** The server record is ours: map the local id, confirm, move the rest of the chain onto the server id. */
function adopt(
  d: StepDeps,
  head: Entry,
  batch: readonly Entry[],
  found: ServerVersion,
  coll: Collection,
  resent: boolean,
) {
  const kind = head.resource;
  const localId = head.recordId;
  const serverId = idOf(kind, found.value);
  const ids = batch.map((e) => e.id);
  let dependents: Kind[] = [];
  d.db.transaction((tx: WritableDB) => {
    mapLocalId(tx, kind, localId, serverId);
    patchEntries(tx, ids, { state: 'confirmed', error: null, nextAttemptAt: null, recordId: serverId }, d.now());
    patchEntries(tx, [head.id], { serverId }, d.now());
    // Edits made to the new record meanwhile now belong to the server's record, in the same order.
    tx.run(`UPDATE outbox SET record_id = ? WHERE resource = ? AND record_id = ?`, [serverId, kind, localId]);
    dropRecord(tx, kind, localId);
    coll.store(tx);
    refreshView(tx, kind, serverId);
    // Whatever points at the new record (a guest of a new booking) now points at the server's.
    dependents = repoint(tx, kind, localId, serverId);
  });
  d.changed([kind, ...dependents], ids);
  d.trace({ type: 'adopted', entryIds: ids, localId, serverId, resent });
}

/**
 * The collection a create lands in, read now with what `entries` send (`sent`). Undefined when this step
 * ends here: the read failed (the entries are told so), they changed meanwhile, or the server no longer
 * has what the collection belongs to (they are refused).
 */
async function readCollection(
  d: StepDeps,
  read: (sent: Values) => Promise<Collection | null>,
  entries: readonly Entry[],
  sent: Values,
): Promise<Collection | undefined> {
  let coll: Collection | null;
  try {
    coll = await read(sent);
  } catch (err) {
    if (unchanged(d.db, entries)) failed(d, entries, err, 'read', 'create');
    return undefined;
  }
  if (!unchanged(d.db, entries)) return undefined;
  if (!coll) {
    reject(d, entries, REFUSED.parentGone());
    return undefined;
  }
  return coll;
}

export async function replayCreate(d: StepDeps, chain: readonly Entry[]): Promise<void> {
  const head = chain[0]!;
  const kind = head.resource;
  const create = KIND_SPECS[kind].create;
  if (!create) throw new Error(`${kind} records are not created by the outbox`);
  // Where to look: a block's listing over the dates it was sent with (updates that rode along may have moved them).
  const read = (sent: Values) => create.collection(d.client, head.context, sent);

  // A create that never left, followed by a delete: nothing to send at all.
  if (head.state === 'pending' && !head.accepted && chain.some((e) => e.op === 'delete')) {
    transition(d, chain, { state: 'confirmed', error: null, nextAttemptAt: null });
    return;
  }

  let coll: Collection | undefined;
  if (head.state === 'unknown' || head.accepted) {
    // Reconcile before anything is sent again.
    const sent = chain.filter((e) => e === head || (e.batch === head.id && e.state === 'unknown'));
    coll = await readCollection(d, read, sent, head.fingerprint ?? head.payload);
    if (!coll) return;
    const found = findCreated(kind, coll, head.fingerprint ?? {}, head.snapshot ?? [], adoptedIds(d.db, kind));
    if (found) {
      adopt(d, head, sent, found, coll, false);
      return;
    }
    if (head.accepted) {
      const checks = head.checks + 1;
      if (checks >= MAX_CHECKS) {
        reject(d, sent, REFUSED.acceptedNotThere());
      } else {
        const later = d.now() + backoffDelay(checks, d.backoff, d.random);
        transition(d, sent, { state: 'unknown', checks, nextAttemptAt: later });
      }
      return;
    }
    // Clearly absent: it never arrived. A delete behind it makes sending moot.
    if (chain.some((e) => e.op === 'delete')) {
      transition(d, chain, { state: 'confirmed', error: null, nextAttemptAt: null });
      return;
    }
  }

  const { batch, payload } = createBatch(chain);
  const fingerprint = fingerprintOf(kind, payload);
  if (!coll && (head.snapshot === null || !sameValue(head.fingerprint, fingerprint))) {
    coll = await readCollection(d, read, batch, payload);
    if (!coll) return;
  }
  const snapshot = coll ? idsMatching(kind, coll, fingerprint) : (head.snapshot ?? []);

  const ids = batch.map((e) => e.id);
  d.db.transaction((tx) => {
    patchEntries(tx, ids, { state: 'sending', batch: head.id, error: null, nextAttemptAt: null }, d.now());
    patchEntries(tx, [head.id], { fingerprint, snapshot, accepted: false, checks: 0 }, d.now());
    countAttempt(tx, ids);
    refreshView(tx, kind, head.recordId);
  });
  d.changed([kind], ids);
  const body = create.body ? create.body(head.context, payload, d.db) : payload;
  d.trace({ type: 'send', entryIds: ids, op: 'create', resource: kind, id: head.recordId, body, base: null });
  try {
    await d.client.write(create.endpoint, { body, priority: 'user', ...upload(d, head.id, body) });
    d.trace({ type: 'answered', entryIds: ids, ok: true });
  } catch (err) {
    d.trace({ type: 'answered', entryIds: ids, ok: false });
    failed(d, batch, err, 'write', 'create');
    return;
  }
  // Accepted: committed at once, so a crash before the read-back never resends it.
  transition(d, batch, { state: 'unknown', accepted: true, nextAttemptAt: null });
  const later = () => d.now() + backoffDelay(1, d.backoff, d.random);
  let after: Collection | null;
  try {
    after = await read(payload);
  } catch {
    // Applied but not seen yet: the next attempt reads back again (never resends).
    patchLater(d, ids, later(), 0);
    return;
  }
  const found = after ? findCreated(kind, after, fingerprint, snapshot, adoptedIds(d.db, kind)) : null;
  if (after && found) {
    adopt(d, head, batch, found, after, head.attempts > 0);
    return;
  }
  patchLater(d, ids, later(), 1);
}

/** Spec-silent: an upload is given time for at least this rate, and its progress is told when it is this large. */
export const UPLOAD = { minBytesPerSecond: 64 * 1024, baseMs: 30_000, reportFromBytes: 512 * 1024 } as const;

/** A large body (a photo): a deadline its size can meet on a slow line, and its progress told as it goes. */
function upload(
  d: StepDeps,
  entryId: number,
  body: unknown,
): { timeoutMs?: number; onSent?: (s: number, t: number) => void } {
  const bytes = Buffer.byteLength(JSON.stringify(body) ?? '', 'utf8');
  if (bytes < UPLOAD.reportFromBytes) return {};
  let told = -1;
  return {
    timeoutMs: UPLOAD.baseMs + Math.ceil((bytes / UPLOAD.minBytesPerSecond) * 1000),
    onSent: (sent, total) => {
      // At most once a percent: the renderer redraws a bar, not a counter.
      const pct = Math.floor((sent / total) * 100);
      if (pct === told) return;
      told = pct;
      d.uploaded?.(entryId, sent, total);
    },
  };
}

function patchLater(d: StepDeps, ids: readonly number[], at: number, checks: number): void {
  d.db.transaction((tx) => {
    patchEntries(tx, ids, { nextAttemptAt: at }, d.now());
    if (checks) patchEntries(tx, ids.slice(0, 1), { checks }, d.now());
  });
  d.changed([], ids);
}
