// What reads see of a record with unsent changes: its newest server version
// with every unsettled entry applied on top, in order, and a mark saying what
// is unsent and how urgent it is. Re-derived from the entries (never patched
// incrementally), so any sequence of enqueue / confirm / discard / resolve
// leaves the cache consistent with the outbox. When nothing is unsettled any
// more the server version becomes the cached record again, unmarked.
import type { OutboxMark } from '../../shared/contract';
import type { SqlValue, WritableDB } from '../cache/db';
import {
  dropRecord as dropRow,
  keepServerVersion as keepAside,
  markGoneOnServer as markGone,
  overlayRow,
  restoreServerVersion,
  rowHolds,
  serverText,
  setOutboxMark,
  writeLocal,
} from '../cache/overlay';
import { scrubSecrets } from '../cache/scrub';
import { upsertRecords, type Incoming } from '../cache/write';
import { overlayOf } from './entries';
import type { OverlayEntry } from './row';
import { applyChanges, codec } from './kinds/fields';
import { KIND_SPECS, type Kind } from './kinds';
import { URGENCY, type Rec } from './types';

/**
 * A stored server JSON → the record as the cache keeps it, with the context
 * columns taken from the row (or the given context). Null when the JSON is
 * empty (a record that only exists locally) or no longer readable.
 */
export function normalise(kind: Kind, raw: unknown, context: Rec = {}): Rec | null {
  if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0) return null;
  const spec = KIND_SPECS[kind];
  const r = spec.read.safeParse(raw);
  if (!r.success) return null;
  const rec = r.data as Rec;
  for (const c of spec.contextColumns) rec[c] = context[c] ?? null;
  return rec;
}

/** Server versions into the cache, the way the kind stores them. */
function store(db: WritableDB, kind: Kind, items: readonly Incoming<Rec>[]): void {
  const spec = KIND_SPECS[kind];
  if (spec.store) spec.store(db, items);
  else upsertRecords(db, spec.table, items as readonly Incoming<never>[]);
}

const rowOf = (db: WritableDB, kind: Kind, id: number): Rec | undefined => overlayRow(db, KIND_SPECS[kind].table, id);

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function contextColumns(kind: Kind, row: Rec | undefined, entries: readonly OverlayEntry[]): Rec {
  const spec = KIND_SPECS[kind];
  const fromEntry = spec.columnsOf?.(entries[0]?.context ?? {}) ?? {};
  if (!row) return fromEntry;
  const out: Rec = {};
  for (const c of spec.contextColumns) out[c] = row[c] ?? fromEntry[c] ?? null;
  return out;
}

/**
 * Whether an update's values show as the record's value. A change the server
 * refused is not: the record shows the server's value and only its mark says
 * a change of it was not accepted (the entry keeps my values for "edit and
 * send again"). A refused create stays shown: there is no server value.
 */
export function shownAsValue(e: Pick<OverlayEntry, 'op' | 'state'>): boolean {
  return !(e.op === 'update' && e.state === 'rejected');
}

/** The mark of a record from its unsettled entries. */
export function markOf(kind: Kind, entries: readonly OverlayEntry[]): NonNullable<OutboxMark> {
  const fields = new Set<string>();
  for (const e of entries) {
    if (e.op === 'create') fields.add('created');
    else if (e.op === 'delete') fields.add('deleted');
    else for (const f of Object.keys(e.payload)) fields.add(codec(KIND_SPECS[kind].fields, f).read);
  }
  const state = URGENCY.find((s) => entries.some((e) => e.state === s)) ?? 'pending';
  return { state, entryIds: entries.map((e) => e.id), fields: [...fields].sort() };
}

/** Writes the server version as the cached record, unmarked (the outbox has nothing left for it). */
function writeServer(db: WritableDB, kind: Kind, id: number, server: Rec, raw: unknown): void {
  restoreServerVersion(db, KIND_SPECS[kind].table as never, id, { value: server, raw }, (items) =>
    store(db, kind, items),
  );
}

export interface ViewResult {
  /** What the record is now: marked, clean (in sync), or gone (a local record with nothing left, or no record). */
  state: 'marked' | 'clean' | 'gone';
  /** False when the cached row already was exactly this (nothing written). */
  changed: boolean;
}

/**
 * Re-derives the cached record `id` of `kind` from its server version and its
 * unsettled entries, and writes it only when it differs from what is cached.
 */
export function refreshView(db: WritableDB, kind: Kind, id: number): ViewResult {
  const row = rowOf(db, kind, id);
  const entries = overlayOf(db, kind, id);
  const ctx = contextColumns(kind, row, entries);
  const spec = KIND_SPECS[kind].table;
  const serverRaw = row ? parseJson(serverText(row)) : null;
  const server = normalise(kind, serverRaw, ctx);

  if (entries.length === 0) {
    if (!row) return { state: 'gone', changed: false };
    if (!server) {
      // Never on the server (a local create that was discarded or cancelled), or gone from it.
      dropRow(db, spec, id);
      return { state: 'gone', changed: true };
    }
    if (row['outbox_mark'] === null && row['server_raw'] === null) return { state: 'clean', changed: false };
    writeServer(db, kind, id, server, serverRaw);
    return { state: 'clean', changed: true };
  }

  let view: Rec | null = server ? structuredClone(server) : null;
  let created: OverlayEntry | null = null;
  for (const e of entries) {
    if (e.op === 'create' && !view) {
      view = localRecord(kind, id, e);
      created = e;
    } else if (e.op === 'update' && view && shownAsValue(e)) applyChanges(KIND_SPECS[kind].fields, view, e.payload);
  }
  const mark = markOf(kind, entries);
  const markJson = JSON.stringify(mark);
  if (!view) {
    // The server no longer has the record (its edits were refused with 404): keep what the
    // person sees, with the mark; discarding the edits then removes it.
    if (!row || row['outbox_mark'] === markJson) return { state: row ? 'marked' : 'gone', changed: false };
    setOutboxMark(db, spec, id, mark);
    return { state: 'marked', changed: true };
  }
  if (row && row['outbox_mark'] === markJson && rowHolds(spec, row, view as never))
    return { state: 'marked', changed: false };
  const shown = created && KIND_SPECS[kind].create?.shownColumns?.(created.payload);
  writeLocal(db, spec, view as never, mark, (shown ?? {}) as Record<string, SqlValue>);
  return { state: 'marked', changed: true };
}

/** What a record created offline looks like until the server has it. */
function localRecord(kind: Kind, id: number, e: OverlayEntry): Rec {
  const create = KIND_SPECS[kind].create;
  if (!create) throw new Error(`${kind} records cannot be created offline`);
  return create.local(id, e.context, e.payload, e.createdAt);
}

const isMark = (v: unknown): v is NonNullable<OutboxMark> =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { state?: unknown }).state === 'string' &&
  Array.isArray((v as { entryIds?: unknown }).entryIds) &&
  Array.isArray((v as { fields?: unknown }).fields);

/** An update's record as it shows with the change, and the mark the record had before it (as stored). */
export interface Shown {
  view: Rec;
  /** The record's mark before this change, parsed (null when it had none). */
  mark: unknown;
}

/**
 * Shows a new update of a record at once. When the record already has unsent
 * changes, its cached view is exactly "server version + those entries" (every
 * write of a marked row goes through refreshView), so the new view is that
 * plus this one change — `shown.view`, made by the enqueue from the record as
 * it showed — and the mark gains this entry: O(1) however many edits wait,
 * instead of re-applying them all. Anything unusual falls back to refreshView.
 */
export function showNewUpdate(
  db: WritableDB,
  kind: Kind,
  id: number,
  entryId: number,
  changes: Rec,
  shown: Shown,
): void {
  const mark = shown.mark;
  if (!isMark(mark)) {
    refreshView(db, kind, id);
    return;
  }
  const spec = KIND_SPECS[kind];
  const fields = new Set(mark.fields);
  // The enqueue just applied each of these fields through its codec.
  for (const f of Object.keys(changes)) fields.add(spec.fields[f]!.read);
  const state = URGENCY.find((s) => s === mark.state || s === 'pending') ?? 'pending';
  writeLocal(db, spec.table, shown.view as never, {
    state,
    entryIds: [...mark.entryIds, entryId],
    fields: [...fields].sort(),
  });
}

/**
 * Keeps a fresh server version of a record (from a pre-read, an update's
 * answer or a read-back) beside its local changes, and re-derives what reads
 * see: fields the server changed and I did not now show the server's values.
 */
export function keepServerVersion(db: WritableDB, kind: Kind, id: number, raw: unknown, context: Rec = {}): void {
  const spec = KIND_SPECS[kind].table;
  const clean = scrubSecrets(raw);
  if (!keepAside(db, spec, id, clean)) {
    const value = normalise(kind, clean, context);
    if (!value) return;
    store(db, kind, [{ value, raw: clean }]);
  }
  refreshView(db, kind, id);
}

/** Notes that the server has no such record any more (answered 404), so discarding its edits removes it. */
export function markGoneOnServer(db: WritableDB, kind: Kind, id: number): void {
  markGone(db, KIND_SPECS[kind].table, id);
}

/** Removes a record from the cache (a delete the server confirmed). */
export function dropRecord(db: WritableDB, kind: Kind, id: number): void {
  dropRow(db, KIND_SPECS[kind].table, id);
}
