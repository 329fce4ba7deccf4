// What the outbox reads from the server: the current version of a record
// before an update (for the base / server-now / mine comparison) and after it
// (to confirm), and the collection a create lands in (guests of a booking,
// messages of a thread, blocks of a listing) to match a create by its content.
// Every read is a 'user' priority request: replay may use the budget reserve.
import { endpoint } from '../../shared/api';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import { validateOne } from '../api/reads';
import type { WritableDB } from '../cache/db';
import { blocksTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { replaceBundleOfBooking, replaceThreadsOfBooking } from '../cache/write-compound';
import { addDays } from '../cache/queries/common';
import { normalise } from './adapters';
import { canonIn, canonOf, sameValue } from './fields';
import type { EntryContext, Kind, Rec, Values } from './types';

export interface ServerVersion {
  value: Rec;
  /** The record's JSON as the server sent it (what the cache keeps as raw / server_raw). */
  raw: unknown;
}

const USER = { priority: 'user' } as const;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** null when the server answers 404 for the record; other failures throw ApiError. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (isApiError(err) && err.kind === 'not_found') return null;
    throw err;
  }
}

async function incidentNow(
  client: ApiClient,
  id: number,
  hint: Rec | null,
  mine: Values,
  base: Values,
): Promise<ServerVersion | null> {
  // No single-incident read exists: list the incident's listing around its dates.
  const props = Array.isArray(hint?.['properties']) ? (hint['properties'] as { listing_id?: unknown }[]) : [];
  const listing = typeof props[0]?.listing_id === 'number' ? props[0].listing_id : undefined;
  const days = [hint?.['date'], mine['date'], base['date']]
    .filter((d): d is string => typeof d === 'string' && d.length >= 10)
    .map((d) => d.slice(0, 10))
    .sort();
  const windows: [string, string][] = [];
  if (days.length) windows.push([days[0]!, days[days.length - 1]!]);
  // Moved by someone else: look a year either side before calling it gone.
  const centre = days[0] ?? new Date().toISOString().slice(0, 10);
  windows.push([addDays(centre, -400), addDays(centre, 400)]);
  for (const [from, to] of windows) {
    const r = await orNull(
      client.list('incidents.list', { ...USER, query: { listing_id: listing, start_date: from, end_date: to } }),
    );
    if (r === null) return null;
    const hit = r.items.find((i) => i.value.id === id);
    if (hit) return { value: hit.value as unknown as Rec, raw: hit.raw };
  }
  return null;
}

/**
 * The server's current version of a record, or null when it no longer has it.
 * `hint` is the cached record (dates, listing, context); `mine` the changes
 * and `base` the values they were made against (an incident is looked for
 * around every date it may have now).
 */
export async function fetchRecord(
  client: ApiClient,
  kind: Kind,
  id: number,
  hint: Rec | null,
  mine: Values = {},
  base: Values = {},
): Promise<ServerVersion | null> {
  const one = async (name: 'cleanings.get' | 'maintenance.get' | 'bookings.get' | 'blocks.get') => {
    const r = await orNull(client.one(name, { ...USER, id }));
    return r && { value: r.value as unknown as Rec, raw: r.raw };
  };
  switch (kind) {
    case 'cleaning':
      return one('cleanings.get');
    case 'maintenance':
      return one('maintenance.get');
    case 'bookings':
      return one('bookings.get');
    case 'blocks':
      return one('blocks.get');
    case 'incidents':
      return incidentNow(client, id, hint, mine, base);
    case 'customers': {
      const r = await orNull(client.one('customers.get', { ...USER, id }));
      if (!r?.value.user || !isObj(r.raw)) return null;
      return { value: r.value.user as unknown as Rec, raw: r.raw['user'] };
    }
    case 'guests': {
      const e = endpoint('guests.get');
      const res = await orNull(client.request('guests.get', { ...USER, id }));
      if (!res) return null;
      const v = validateOne(e.response.item!, e, res.body);
      if (!v.ok || !isObj(v.raw)) return null;
      const value = normalise('guests', v.raw['guest'], { booking_number: hint?.['booking_number'] ?? null });
      return value && { value, raw: v.raw['guest'] };
    }
    case 'messages':
      throw new Error('messages are never updated');
  }
}

/** A create's target collection as the server has it now, and how to store that answer in the cache. */
export interface Collection {
  items: ServerVersion[];
  store(db: WritableDB): void;
}

/** null when the collection's owner (booking, thread, listing) is gone; other failures throw ApiError. */
export async function readCollection(
  client: ApiClient,
  kind: Kind,
  ctx: EntryContext,
  payload: Values,
): Promise<Collection | null> {
  if (kind === 'guests') {
    const bookingNumber = ctx.bookingNumber!;
    const r = await orNull(client.one('guests.ofBooking', { ...USER, id: bookingNumber }));
    if (!r) return null;
    const bundle = r.value;
    const rawGuests = isObj(r.raw) && Array.isArray(r.raw['guests']) ? (r.raw['guests'] as unknown[]) : [];
    return {
      items: bundle.guests.map((g, i) => ({
        value: { ...(g as unknown as Rec), booking_number: bookingNumber },
        raw: rawGuests[i] ?? g,
      })),
      store: (db) => replaceBundleOfBooking(db, bookingNumber, bundle, r.raw),
    };
  }
  if (kind === 'messages') {
    const bookingNumber = ctx.bookingNumber!;
    const r = await orNull(client.list('threads.ofBooking', { ...USER, id: bookingNumber }));
    if (!r) return null;
    const thread = r.items.find((t) => t.value.id === ctx.threadId);
    if (!thread) return null;
    const rawMessages = isObj(thread.raw) && Array.isArray(thread.raw['messages']) ? thread.raw['messages'] : [];
    return {
      items: thread.value.messages.map((m, i) => ({
        value: { ...(m as unknown as Rec), thread_ref: thread.value.id, booking_number: bookingNumber },
        raw: (rawMessages as unknown[])[i] ?? m,
      })),
      store: (db) => {
        replaceThreadsOfBooking(db, bookingNumber, r.items);
      },
    };
  }
  if (kind === 'blocks') {
    const start = String(payload['start_date']);
    const end = String(payload['end_date']);
    // The listing and dates it was sent with: an edit that rode along may have changed them.
    const listing = payload['listing_id'] !== undefined ? Number(payload['listing_id']) : ctx.listingId;
    const r = await orNull(
      client.list('blocks.list', { ...USER, query: { listing_id: listing, start_date: start, end_date: end } }),
    );
    if (!r) return null;
    return {
      items: r.items.map((b) => ({ value: b.value, raw: b.raw })),
      store: (db) => {
        upsertRecords(db, blocksTable, r.items);
      },
    };
  }
  throw new Error(`${kind} records are not created by the outbox`);
}

/** The fields a create is recognised by on the server, in canonical form. */
export function fingerprintOf(kind: Kind, body: Values): Values {
  const out: Values = {};
  for (const [f, v] of Object.entries(body)) {
    // A message is found inside its thread; its own thread_id may come back null.
    if (kind === 'messages' && f !== 'message') continue;
    out[f] = canonOf(kind, f, v);
  }
  return out;
}

export function matches(kind: Kind, rec: Rec, fingerprint: Values): boolean {
  return Object.entries(fingerprint).every(([f, v]) => sameValue(canonIn(kind, f, rec), v));
}

/** Ids of the collection's records with this content. */
export function idsMatching(kind: Kind, coll: Collection, fingerprint: Values): number[] {
  return coll.items.filter((i) => matches(kind, i.value, fingerprint)).map((i) => i.value['id'] as number);
}

/**
 * The server record a create became: same content, not there before the
 * first send, not already matched to another create. Lowest id first.
 */
export function findCreated(
  kind: Kind,
  coll: Collection,
  fingerprint: Values,
  snapshot: readonly number[],
  adopted: ReadonlySet<number>,
): ServerVersion | null {
  const before = new Set(snapshot);
  const hits = coll.items
    .filter((i) => {
      const id = i.value['id'] as number;
      return !before.has(id) && !adopted.has(id) && matches(kind, i.value, fingerprint);
    })
    .sort((a, b) => (a.value['id'] as number) - (b.value['id'] as number));
  return hits[0] ?? null;
}

/** The record an update endpoint answered with, when the endpoint documents one. */
export function fromResponse(name: string, body: unknown, value: unknown): ServerVersion | null {
  const e = endpoint(name as Parameters<typeof endpoint>[0]);
  if (e.response.shape !== 'one' || value === undefined || !isObj(body) || !isObj(body['data'])) return null;
  return { value: value as Rec, raw: body['data'] };
}
