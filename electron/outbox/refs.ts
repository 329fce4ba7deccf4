// Cross-kind references: an edit may point at a record created offline that the
// server does not have yet (a guest of a new booking, a block of a new listing).
// Each kind declares where it holds such ids (`KindSpec.refs`: a context key
// and/or a payload field, and the kind they point at). The one mechanism:
// - an entry that points at a local (negative) id waits — it is never sent with
//   a negative id — and says what it waits for (`waitingOf`, the contract's
//   `OutboxEntry.waitingFor`); a refused create leaves its dependents waiting,
//   with the refusal as the reason;
// - a ref to a local id already matched is resolved when the edit is made
//   (`resolveRefs`);
// - when a create is adopted, in the adoption's own transaction every entry's
//   ref, every cached row's context column and every record holding the local id
//   is re-pointed to the server id, and their views re-derived (`repoint`);
// - discarding a create discards every entry that depends on it (`dependentsOf`).
// Local ids come from the one shared counter, so a negative id names one record.
import type { ChangeSubject, ContractError, OutboxEntry } from '../../shared/contract';
import { ident, type ReadableDB, type WritableDB } from '../cache/db';
import { toContract } from './entries';
import { KIND_SPECS, KINDS, type Kind } from './kinds';
import { namesOf, shownSubject } from './names';
import type { KindRef } from './kinds/spec';
import { parseEntry } from './row';
import type { Entry, EntryContext, Values } from './types';
import { REFUSED } from './refusals';
import { refreshView } from './view';

/** What an entry waits for: the create of the record it points at. */
export interface Waiting {
  resource: Kind;
  /** The local id it points at. */
  localId: number;
  /** What the create is about (its listing, its name…). */
  subject: ChangeSubject;
  /** The create's refusal, when the server refused it (the dependents wait for the person). */
  refused: ContractError | null;
}

const refsOf = (kind: Kind): readonly KindRef[] => KIND_SPECS[kind].refs ?? [];

/** Every (kind, ref) pair that points at `target`. */
function refsTo(target: Kind): { kind: Kind; ref: KindRef }[] {
  return KINDS.flatMap((kind) =>
    refsOf(kind)
      .filter((r) => r.kind === target)
      .map((ref) => ({ kind, ref })),
  );
}

const isLocal = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v < 0;

/** The values an entry's refs hold (context first, then payload). */
function refValues(e: Pick<Entry, 'resource' | 'context' | 'payload'>): { ref: KindRef; value: unknown }[] {
  const out: { ref: KindRef; value: unknown }[] = [];
  for (const ref of refsOf(e.resource)) {
    if (ref.context) out.push({ ref, value: e.context[ref.context] });
    if (ref.payload) out.push({ ref, value: e.payload[ref.payload] });
  }
  return out;
}

/** The local ids an entry points at (its refs holding a negative id). */
export function localRefs(e: Pick<Entry, 'resource' | 'context' | 'payload'>): { kind: Kind; localId: number }[] {
  return refValues(e)
    .filter((x): x is { ref: KindRef; value: number } => isLocal(x.value))
    .map((x) => ({ kind: x.ref.kind, localId: x.value }));
}

/** The unsettled create of a local record, if any. */
function createOf(db: ReadableDB, kind: Kind, localId: number): Entry | null {
  const row = db.get<unknown>(
    `SELECT * FROM outbox WHERE resource = ? AND record_id = ? AND kind = 'create' AND state <> 'confirmed'
     ORDER BY id LIMIT 1`,
    [kind, localId],
  );
  return row ? parseEntry(row) : null;
}

/**
 * What an entry waits for, or null when it may go. An entry pointing at a local
 * record whose create is gone (discarded without its dependents) does not wait:
 * replay refuses it (`orphanRefusal`).
 */
export function waitingOf(db: ReadableDB, e: Pick<Entry, 'resource' | 'context' | 'payload'>): Waiting | null {
  for (const { kind, localId } of localRefs(e)) {
    const c = createOf(db, kind, localId);
    if (c)
      return {
        resource: kind,
        localId,
        subject: shownSubject(db, c),
        refused: c.state === 'rejected' ? c.error : null,
      };
  }
  return null;
}

/** The contract's entry with what it waits for (the Sync screen says it). */
export function contractEntry(db: ReadableDB, e: Entry): OutboxEntry {
  const w = e.state === 'confirmed' ? null : waitingOf(db, e);
  return toContract(
    e,
    { subject: shownSubject(db, e), names: namesOf(db, e) },
    w && {
      resource: KIND_SPECS[w.resource].table.resource,
      recordId: w.localId,
      subject: w.subject,
      refused: w.refused,
    },
  );
}

/** Why an entry pointing at a record that will never exist is refused (null when it points at none). */
export function orphanRefusal(e: Pick<Entry, 'resource' | 'context' | 'payload'>): ContractError | null {
  const r = localRefs(e)[0];
  if (!r) return null;
  return REFUSED.parentDiscarded(KIND_SPECS[r.kind].table.resource);
}

/** The server id a local id became, or null while it has none. */
function serverIdOf(db: ReadableDB, kind: Kind, localId: number): number | null {
  return (
    db.get<{ server_id: number }>('SELECT server_id FROM outbox_ids WHERE resource = ? AND local_id = ?', [
      kind,
      localId,
    ])?.server_id ?? null
  );
}

/**
 * At enqueue: refs to local records already matched to server records take the
 * server ids (context and payload changed in place; the collection key too).
 */
export function resolveRefs(
  db: ReadableDB,
  kind: Kind,
  entry: { context?: EntryContext; payload: Values; parent?: string | null },
): void {
  const ctx = entry.context ?? {};
  for (const ref of refsOf(kind)) {
    for (const [holder, key] of [
      [ctx as Values, ref.context],
      [entry.payload, ref.payload],
    ] as const) {
      if (!key) continue;
      const v = holder[key];
      if (!isLocal(v)) continue;
      const server = serverIdOf(db, ref.kind, v);
      if (server === null) continue;
      holder[key] = server;
      if (entry.parent?.endsWith(`@${v}`)) entry.parent = `${entry.parent.slice(0, -String(v).length)}${server}`;
    }
  }
}

/** The cached row's column that holds a context key (found through the kind's `columnsOf`). */
function contextColumn(kind: Kind, key: keyof EntryContext): string | null {
  const probe = -0.5; // never an id
  const cols = KIND_SPECS[kind].columnsOf?.({ [key]: probe }) ?? {};
  return Object.keys(cols).find((c) => cols[c] === probe) ?? null;
}

function replaceIn(values: Values | null, key: string | undefined, from: number, to: number): boolean {
  if (!values || !key || values[key] !== from) return false;
  values[key] = to;
  return true;
}

/**
 * A create was adopted: `localId` of `target` is `serverId` now. Re-points, in the
 * caller's transaction, every unsettled entry's refs (context, payload, base,
 * fingerprint, collection key), every cached row's context column and every cached
 * record whose data holds the local id in a ref field, then re-derives their
 * views. Returns the kinds whose cached records changed.
 */
export function repoint(tx: WritableDB, target: Kind, localId: number, serverId: number): Kind[] {
  const touched = new Map<string, { kind: Kind; id: number }>();
  const kinds = new Set<Kind>();
  for (const { kind, ref } of refsTo(target)) {
    const rows = tx.all<unknown>(`SELECT * FROM outbox WHERE resource = ? AND state <> 'confirmed'`, [kind]);
    for (const e of rows.map(parseEntry)) {
      const ctx = e.context as Values;
      const hit = [
        replaceIn(ctx, ref.context, localId, serverId),
        replaceIn(e.payload, ref.payload, localId, serverId),
        replaceIn(e.base, ref.payload, localId, serverId),
        replaceIn(e.fingerprint, ref.payload, localId, serverId),
      ].some(Boolean);
      if (!hit) continue;
      const parent = e.parent?.endsWith(`@${localId}`)
        ? `${e.parent.slice(0, -String(localId).length)}${serverId}`
        : e.parent;
      tx.run(`UPDATE outbox SET context = ?, payload = ?, base = ?, fingerprint = ?, parent = ? WHERE id = ?`, [
        JSON.stringify(ctx),
        JSON.stringify(e.payload),
        e.base === null ? null : JSON.stringify(e.base),
        e.fingerprint === null ? null : JSON.stringify(e.fingerprint),
        parent,
        e.id,
      ]);
      touched.set(`${kind}:${e.recordId}`, { kind, id: e.recordId });
    }
    const table = KIND_SPECS[kind].table;
    const t = ident(table.table);
    const key = ident(table.key);
    const columns: string[] = [];
    if (ref.context) {
      const c = contextColumn(kind, ref.context);
      if (c) columns.push(c);
    }
    if (ref.payload) {
      const read = KIND_SPECS[kind].fields[ref.payload]?.read;
      if (read && table.columns.includes(read)) columns.push(read);
    }
    for (const c of new Set(columns)) {
      for (const id of tx.pluck<number>(`SELECT ${key} FROM ${t} WHERE ${ident(c)} = ?`, [localId]))
        touched.set(`${kind}:${id}`, { kind, id });
      // The data JSON keeps the same field when the record has it (a block's listing_id).
      tx.run(
        `UPDATE ${t} SET ${ident(c)} = ?,
           data = CASE WHEN json_extract(data, '$.' || ?) = ? THEN json_set(data, '$.' || ?, ?) ELSE data END
         WHERE ${ident(c)} = ?`,
        [serverId, c, localId, c, serverId, localId],
      );
      kinds.add(kind);
    }
  }
  for (const t of touched.values()) {
    refreshView(tx, t.kind, t.id);
    kinds.add(t.kind);
  }
  return [...kinds];
}

/**
 * Every unsettled entry that depends on the local record `localId` of `target`,
 * and — for a dependent create — its whole chain and what depends on it in turn.
 */
export function dependentsOf(db: ReadableDB, target: Kind, localId: number): Entry[] {
  const out = new Map<number, Entry>();
  const queue: { kind: Kind; localId: number }[] = [{ kind: target, localId }];
  const seen = new Set<string>();
  while (queue.length) {
    const t = queue.shift()!;
    const key = `${t.kind}:${t.localId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const { kind } of refsTo(t.kind)) {
      const rows = db.all<unknown>(`SELECT * FROM outbox WHERE resource = ? AND state <> 'confirmed'`, [kind]);
      for (const e of rows.map(parseEntry)) {
        if (out.has(e.id) || !localRefs(e).some((r) => r.kind === t.kind && r.localId === t.localId)) continue;
        out.set(e.id, e);
        if (e.op !== 'create') continue;
        const chain = db.all<unknown>(
          `SELECT * FROM outbox WHERE resource = ? AND record_id = ? AND state <> 'confirmed'`,
          [kind, e.recordId],
        );
        for (const x of chain.map(parseEntry)) out.set(x.id, x);
        queue.push({ kind, localId: e.recordId });
      }
    }
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}
