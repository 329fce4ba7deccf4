// Building blocks the kind specs are made of besides their field codecs
// (kinds/fields.ts): the parts most kinds share (their record, their edit
// commands, the update read back with its own get, a create of a record
// given as it is), user-priority server reads, a record's words (text, a
// person's name, a day), and the refusal of an edit whose record is not cached.
import type { z } from 'zod';
import { CommandError, type EditName } from '../../../shared/contract';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import type { WritableDB } from '../../cache/db';
import type { TableSpec } from '../../cache/tables';
import { upsertRecords, type Incoming } from '../../cache/write';
import type { Rec, Values } from '../types';
import type { Kind } from '../types';
import type { Collection, CreateStep, EditCommand, FieldCodec, ServerVersion } from './spec';

// ───────────────────────── the parts most kinds share ─────────────────────────

/**
 * What every kind starts with: its name, its cache table, its read schema and its field codecs.
 * No context columns unless the kind adds them after this part.
 */
export function record<const K extends Kind, T>(
  kind: K,
  table: TableSpec<T>,
  read: z.ZodType,
  fields: Readonly<Record<string, FieldCodec>>,
) {
  // The machinery reads any kind's table by its names and key, never by its typed values.
  return { kind, table: table as TableSpec<never>, contextColumns: [] as readonly string[], read, fields };
}

/** The first part of the contract's edit command names (`cleaning` of `cleaning.update`). */
type Prefix<N> = N extends `${infer P}.${string}` ? P : never;
type Commands<N extends string> = { readonly [C in N & EditName]: EditCommand };

/**
 * A kind's `<kind>.update` command, and with `many` its bulk `<kind>.updateMany`, with `remove` its
 * `<kind>.delete`. `what` names the record in the refusals the person reads ("This block is being deleted").
 */
export function edits<
  const K extends Prefix<EditName>,
  const O extends { many?: (id: number) => string; remove?: true },
>(
  kind: K,
  what: string,
  also?: O,
): Commands<
  | `${K}.update`
  | (O extends { many: unknown } ? `${K}.updateMany` : never)
  | (O extends { remove: true } ? `${K}.delete` : never)
> {
  const out: Record<string, EditCommand> = { [`${kind}.update`]: { op: 'update', what } };
  if (also?.many) out[`${kind}.updateMany`] = { op: 'updateMany', what: also.many };
  if (also?.remove) out[`${kind}.delete`] = { op: 'delete', what };
  return out as never;
}

/**
 * A task of the board (cleaning, maintenance): edited one by one or in bulk (`noun` names it in the
 * refusals the person reads), deleted; its update answers the record; about its listing and day.
 */
export function boardTask<const K extends 'cleaning' | 'maintenance', T>(
  kind: K,
  table: TableSpec<T>,
  read: z.ZodType,
  fields: Readonly<Record<string, FieldCodec>>,
  t: { resource: 'cleanings' | 'maintenance'; noun: string },
) {
  return {
    ...record(kind, table, read, fields),
    commands: edits(kind, `This ${t.noun}`, { many: (id: number) => `The ${t.noun} ${id}`, remove: true }),
    subject: { listing: 'listing_id', from: 'date' } as const,
    // Several waiting tasks of a listing are read ahead with one list (read-ahead.ts).
    update: { ...updatedByGet(t.resource), readMany: { endpoint: `${t.resource}.list` as const, day: 'date' } },
    remove: { endpoint: `${t.resource}.delete` as const },
  };
}

/** The resources whose records are read one by one with their own get (`GET /x/{id}`). */
type ReadOne =
  | ('cleanings' | 'maintenance' | 'bookings' | 'blocks' | 'listings' | 'photos')
  | ('rates' | 'owners' | 'costs' | 'destinations' | 'admins');

/**
 * The usual update: `<resource>.update`, addressed by `id` (bookings: their number), its server version
 * read with `<resource>.get` before it is sent and, where the answer does not show the record, after.
 */
export function updatedByGet<const R extends ReadOne>(resource: R, idKey: 'id' | 'bookingNumber' = 'id') {
  return { endpoint: `${resource}.update` as const, idKey, fetch: readOne(`${resource}.get`) };
}

/** The local id the create being queued will get (read in the same transaction, before it is taken). */
export const comingLocalId = (db: WritableDB): number =>
  db.get<{ value: number }>(`SELECT value FROM outbox_counter WHERE name = 'local_id'`)?.value ?? -1;

/**
 * A create command that queues the record given under `key` of its input as it is: `parent` names the
 * collection it lands in (creates of one collection go one at a time), `check` refuses (or keeps aside)
 * what it must before anything is queued, `subjectRec` is what its subject is taken from (default the record).
 */
export function createAsGiven(
  key: string,
  parent: string | ((rec: Values) => string),
  opts: { check?(db: WritableDB, rec: Values): void; subjectRec?(rec: Values): Rec } = {},
): EditCommand {
  return {
    op: 'create',
    step: (db, v) => {
      const rec = v[key] as Values;
      opts.check?.(db, rec);
      const subjectRec = opts.subjectRec?.(rec) ?? rec;
      return { payload: rec, context: {}, parent: typeof parent === 'string' ? parent : parent(rec), subjectRec };
    },
  };
}

// ───────────────────────── server reads ─────────────────────────

/** Replay's reads are the person's work: 'user' priority, the budget reserve included. */
export const USER = { priority: 'user' } as const;

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** null when the server answers 404; other failures throw ApiError. */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (isApiError(err) && err.kind === 'not_found') return null;
    throw err;
  }
}

/** A record read with its own endpoint (`GET /x/{id}`), null on 404. */
export function readOne(name: `${ReadOne}.get`) {
  return async (client: ApiClient, id: number): Promise<ServerVersion | null> => {
    const r = await orNull(client.one(name, { ...USER, id }));
    return r && { value: r.value as unknown as Rec, raw: r.raw };
  };
}

/** A create's collection from a list answer (null: its owner is gone), stored into the kind's table as read. */
export function listed<T>(table: TableSpec<T>, r: { items: Incoming<T>[] } | null): Collection | null {
  if (!r) return null;
  return {
    items: r.items.map((i) => ({ value: i.value as Rec, raw: i.raw })),
    store: (db) => {
      upsertRecords(db, table, r.items);
    },
  };
}

/** A create's collection read as a whole list (owners, destinations, an owner's costs); null on 404. */
export async function listedCollection(
  client: ApiClient,
  name: 'owners.list' | 'destinations.list' | 'costs.list',
  table: TableSpec<never>,
  query?: Record<string, number>,
): Promise<Collection | null> {
  return listed(table, await orNull(client.list(name, { ...USER, ...(query ? { query } : {}) })));
}

// ───────────────────────── creates ─────────────────────────

/** A create that lands among a listing's records (blocks, bookings): one at a time per listing and kind. */
export function onListing(kind: string, payload: Values, subjectRec: Rec): CreateStep {
  const listingId = Number(payload['listing_id']);
  return { payload, context: { listingId }, parent: `${kind}@${listingId}`, subjectRec };
}

// ───────────────────────── words of a record ─────────────────────────

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** Text, or null when there is none. */
export const text = (v: unknown): string | null => str(v).trim() || null;
/** A person's full name, or null. */
export const fullName = (r: Rec): string | null =>
  [text(r['name']), text(r['lastname'])].filter((p) => p !== null).join(' ') || null;
/** A calendar day "YYYY-MM-DD" (a time after it dropped), or null. */
export const dayOf = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/** The record an edit needs is not cached (the person refreshes and tries again). */
export const notCached = (what: string) =>
  new CommandError('not_found', `${what} is not in the local data (it may have been deleted); refresh and try again.`);
