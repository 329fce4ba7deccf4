// How each cached resource maps onto its table: key column, typed columns
// (what the queries filter and sort on) and the stored `data` (exactly the
// contract's record shape, minus the local `outbox` mark, so reads hand it
// over without reshaping). One spec per table; the writer (write.ts) and the
// outbox use these, so the mapping lives in one place.
import type {
  Admin,
  Block,
  Booking,
  CleaningTask,
  Cost,
  Customer,
  Destination,
  Guest,
  Incident,
  Listing,
  MaintenanceTask,
  Message,
  Origin,
  Owner,
  Photo,
  Rate,
  Thread,
} from '../../shared/api';
import {
  adminRecord,
  blockRecord,
  bookingRecord,
  cleaningRecord,
  costRecord,
  customerRecord,
  destinationRecord,
  guestRecord,
  incidentRecord,
  listingRecord,
  maintenanceRecord,
  messageRecord,
  originRecord,
  ownerRecord,
  photoRecord,
  rateRecord,
  threadRecord,
  type ResourceName,
} from '../../shared/contract';
import { daysBetween } from '../../shared/dates';
import type { SqlValue } from './db';
import { sortKey } from './queries/common';

export interface TableSpec<T> {
  resource: ResourceName;
  table: string;
  key: string;
  keyOf(v: T): number | string;
  /** Typed columns besides the key, in the order `values` returns them. */
  columns: readonly string[];
  values(v: T): SqlValue[];
  /** The stored record (contract shape without `outbox`). */
  data(v: T): Record<string, unknown>;
  /** Records that may carry card data or passwords: scrubbed before anything is stored. */
  scrub: boolean;
}

/** Keys of a contract record minus the local mark: what `data` keeps of a normalised record. */
function keysOf(schema: { shape: Record<string, unknown> }, ...extra: string[]): string[] {
  return [...Object.keys(schema.shape).filter((k) => k !== 'outbox'), ...extra];
}

/** A copy with only these keys (missing ones become null so stored JSON is always complete). */
export function pick(v: object, keys: readonly string[]): Record<string, unknown> {
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = src[k] ?? null;
  return out;
}

/**
 * `pick` for a fixed key list, compiled to one object literal: V8 then builds
 * every copy with the same fixed shape, which JSON.stringify walks ~3× faster
 * than a copy grown key by key (sync serialises every record it stores).
 * DANGEROUS-LOOKING BUT SAFE: the code is generated from the contract's own
 * field names (checked to be plain identifiers), never from data.
 */
export function picker(keys: readonly string[]): (v: object) => Record<string, unknown> {
  for (const k of keys) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new Error(`not a plain field name: ${k}`);
  const body = `return {${keys.map((k) => `${k}: s.${k} ?? null`).join(', ')}};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from field names only (see above)
  return new Function('s', body) as (v: object) => Record<string, unknown>;
}

const b = (x: boolean) => (x ? 1 : 0);

function spec<T>(s: Omit<TableSpec<T>, 'scrub'> & { scrub?: boolean }): TableSpec<T> {
  return { scrub: false, ...s };
}

const LISTING_KEYS = keysOf(listingRecord);
const listingData = picker(LISTING_KEYS);
export const listingsTable = spec<Listing>({
  resource: 'listings',
  table: 'listings',
  key: 'id',
  keyOf: (v) => v.id,
  columns: [
    'name',
    'sort_key',
    'city',
    'active',
    'mu',
    'destination',
    'owner_id',
    'person_capacity',
    'bedrooms',
    'checkinfrom',
    'checkinto',
    'checkout',
  ],
  values: (v) => [
    v.name,
    sortKey(v.name),
    v.city,
    b(v.active),
    b(v.mu),
    v.destination,
    v.owner_id,
    v.person_capacity,
    v.bedrooms,
    v.checkinfrom,
    v.checkinto,
    v.checkout,
  ],
  data: listingData,
});

const PHOTO_KEYS = keysOf(photoRecord);
const photoData = picker(PHOTO_KEYS);
export const photosTable = spec<Photo>({
  resource: 'photos',
  table: 'photos',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['listing_id', 'position'],
  values: (v) => [v.listing_id, v.position],
  data: photoData,
});

const RATE_KEYS = keysOf(rateRecord);
const rateData = picker(RATE_KEYS);
export const ratesTable = spec<Rate>({
  resource: 'rates',
  table: 'rates',
  key: 'rate_id',
  keyOf: (v) => v.rate_id,
  columns: ['listing_id', 'category_id', 'name'],
  values: (v) => [v.listing_id, v.category_id, v.name],
  data: rateData,
});

const BLOCK_KEYS = keysOf(blockRecord);
const blockData = picker(BLOCK_KEYS);
export const blocksTable = spec<Block>({
  resource: 'blocks',
  table: 'blocks',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['listing_id', 'start_date', 'end_date', 'block_type'],
  values: (v) => [v.listing_id, v.start_date, v.end_date, v.block_type],
  data: blockData,
});

const BOOKING_KEYS = keysOf(bookingRecord);
const bookingData = picker(BOOKING_KEYS);
export const bookingsTable = spec<Booking>({
  resource: 'bookings',
  table: 'bookings',
  key: 'booking_number',
  keyOf: (v) => v.booking_number,
  // The last four are what the day board shows of a booking (migration 004): it reads no JSON.
  columns: [
    'listing_id',
    'start_date',
    'end_date',
    'stay_days',
    'customer_id',
    'state',
    'arrival_time',
    'departure_time',
    'adults',
    'children',
  ],
  values: (v) => [
    v.listing_id,
    v.start_date,
    v.end_date,
    Math.max(0, daysBetween(v.start_date, v.end_date)),
    v.customer_id,
    v.state,
    v.arrival_time,
    v.departure_time,
    v.adults,
    v.children,
  ],
  data: bookingData,
  scrub: true,
});

const CUSTOMER_KEYS = keysOf(customerRecord);
const customerData = picker(CUSTOMER_KEYS);
export const customersTable = spec<Customer>({
  resource: 'customers',
  table: 'customers',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['name', 'lastname', 'email'],
  values: (v) => [v.name, v.lastname, v.email],
  data: customerData,
  scrub: true,
});

/** A guest as cached: the API record plus the booking it was read from. */
export type GuestRow = Guest & { booking_number: number | null };
const GUEST_KEYS = keysOf(guestRecord);
const guestData = picker(GUEST_KEYS);
export const guestsTable = spec<GuestRow>({
  resource: 'guests',
  table: 'guests',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['booking_number', 'name', 'lastname', 'email'],
  values: (v) => [v.booking_number, v.name, v.lastname, v.email],
  data: guestData,
  scrub: true,
});

const INCIDENT_KEYS = keysOf(incidentRecord);
const incidentData = picker(INCIDENT_KEYS);
export const incidentsTable = spec<Incident>({
  resource: 'incidents',
  table: 'incidents',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['priority', 'date', 'open'],
  values: (v) => [v.priority, v.date, b(v.properties.length === 0 || v.properties.some((p) => !p.finished))],
  data: incidentData,
});

const MAINTENANCE_KEYS = keysOf(maintenanceRecord);
const maintenanceData = picker(MAINTENANCE_KEYS);
export const maintenanceTable = spec<MaintenanceTask>({
  resource: 'maintenance',
  table: 'maintenance',
  key: 'id',
  keyOf: (v) => v.id,
  // notes: shown on the day board, read from the column (migration 008).
  columns: ['listing_id', 'booking_id', 'type', 'date', 'hour', 'inspected', 'notes'],
  values: (v) => [v.listing_id, v.booking_id, v.type, v.date, v.hour, b(v.inspected), v.notes],
  data: maintenanceData,
});

const CLEANING_KEYS = keysOf(cleaningRecord);
const cleaningData = picker(CLEANING_KEYS);
export const cleaningTable = spec<CleaningTask>({
  resource: 'cleaning',
  table: 'cleaning',
  key: 'id',
  keyOf: (v) => v.id,
  // Every field is a column: the day board reads cleaning tasks without JSON (migration 008).
  columns: ['listing_id', 'booking_id', 'status', 'date', 'time', 'inspected', 'duration', 'notes'],
  values: (v) => [v.listing_id, v.booking_id, v.status, v.date, v.time, b(v.inspected), v.duration, v.notes],
  data: cleaningData,
});

/** A thread as cached: messages live in their own table. */
const THREAD_KEYS = keysOf(threadRecord).filter((k) => k !== 'messages');
const threadData = picker(THREAD_KEYS);
export const threadsTable = spec<Thread>({
  resource: 'threads',
  table: 'threads',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['booking_number', 'listing_id', 'customer_id'],
  values: (v) => [v.booking_id, v.listing_id, v.customer_id],
  data: threadData,
});

export type MessageRow = Message & { thread_ref: number; booking_number: number | null };
const MESSAGE_KEYS = keysOf(messageRecord);
const messageData = picker(MESSAGE_KEYS);
export const messagesTable = spec<MessageRow>({
  resource: 'threads',
  table: 'messages',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['thread_ref', 'booking_number', 'created_at', 'message'],
  values: (v) => [v.thread_ref, v.booking_number, v.created_at, v.message],
  data: messageData,
});

const simple = <T extends { id: number; name: string }>(
  resource: ResourceName,
  table: string,
  keys: string[],
  keysData = picker(keys),
): TableSpec<T> =>
  spec<T>({
    resource,
    table,
    key: 'id',
    keyOf: (v) => v.id,
    columns: ['name'],
    values: (v) => [v.name],
    data: keysData,
  });

export const destinationsTable = simple<Destination>('destinations', 'destinations', keysOf(destinationRecord));
export const originsTable = simple<Origin>('origins', 'origins', keysOf(originRecord));
export const ownersTable = simple<Owner>('owners', 'owners', keysOf(ownerRecord));
export const customerTypesTable = simple<{ id: number; name: string }>('customerTypes', 'customer_types', [
  'id',
  'name',
]);

const costData = picker(keysOf(costRecord));
export const costsTable = spec<Cost>({
  resource: 'costs',
  table: 'costs',
  key: 'id',
  keyOf: (v) => v.id,
  columns: ['owner_id'],
  values: (v) => [v.owner_id],
  data: costData,
});

const ADMIN_KEYS = keysOf(adminRecord);
const adminData = picker(ADMIN_KEYS);
export const adminsTable = spec<Admin>({
  resource: 'admins',
  table: 'admins',
  key: 'key',
  keyOf: (v) => (v.id !== null ? `id:${v.id}` : `user:${v.username}`),
  columns: ['username'],
  values: (v) => [v.username],
  data: adminData,
  scrub: true,
});

/** A rate's days with unsent price edits (migration 010): the outbox's record of kind `prices`. */
export interface PriceCalendar {
  rate_id: number;
  listing_id: number | null;
  /** Per day (YYYY-MM-DD), the values shown: write vocabulary (price, min_days, max_days; active/cta/ctd 0/1). */
  days: Record<string, Partial<Record<'price' | 'min_days' | 'max_days' | 'active' | 'cta' | 'ctd', number | null>>>;
  /** True when these days were read from the server (not copied from the cached prices). */
  read?: boolean;
}
export const priceEditsTable = spec<PriceCalendar>({
  resource: 'prices',
  table: 'price_edits',
  key: 'rate_id',
  keyOf: (v) => v.rate_id,
  columns: ['listing_id'],
  values: (v) => [v.listing_id],
  data: (v) => ({ rate_id: v.rate_id, listing_id: v.listing_id, days: v.days }),
});
