// Building blocks the kind specs are made of besides their field codecs
// (kinds/fields.ts): user-priority server reads, the pieces of the Sync
// screen's labels, and the refusal of an edit whose record is not cached.
import { CommandError } from '../../../shared/contract';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import type { ReadableDB } from '../../cache/db';
import type { TableSpec } from '../../cache/tables';
import { upsertRecords, type Incoming } from '../../cache/write';
import type { Rec, Values } from '../types';
import type { Collection, CreateStep, ServerVersion } from './spec';

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
export function readOne(
  name:
    | 'cleanings.get'
    | 'maintenance.get'
    | 'bookings.get'
    | 'blocks.get'
    | 'listings.get'
    | 'photos.get'
    | 'rates.get'
    | 'owners.get'
    | 'costs.get'
    | 'destinations.get'
    | 'admins.get',
) {
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
export function onListing(kind: string, payload: Values, labelRec: Rec): CreateStep {
  const listingId = Number(payload['listing_id']);
  return { payload, context: { listingId }, parent: `${kind}@${listingId}`, labelRec };
}

// ───────────────────────── labels ─────────────────────────

export function listingName(db: ReadableDB, id: unknown): string {
  if (typeof id !== 'number') return 'no listing';
  return db.get<{ name: string }>('SELECT name FROM listings WHERE id = ?', [id])?.name ?? `listing ${id}`;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const fullName = (r: Rec) => `${str(r['name'])} ${str(r['lastname'])}`.trim() || 'no name';

/** The record an edit needs is not cached (the person refreshes and tries again). */
export const notCached = (what: string) =>
  new CommandError('not_found', `${what} is not in the local data (it may have been deleted); refresh and try again.`);
