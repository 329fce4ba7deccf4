// How each cached resource maps onto its table: key column, typed columns
// (what the queries filter and sort on) and the stored `data`. A record is
// stored once: a field held as it is in a typed column of the same name (its
// `verbatim` fields: dates, ids, names, times) is kept there only, the rest in
// `data`; reads select `wholeSql` (recordOf), the contract's record shape
// minus the local `outbox` mark, put back together by SQLite. One spec per
// table; the writer (write.ts) and the outbox use these, so the mapping lives
// in one place.
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
import { messageRecord, RESOURCE_RECORDS, type ResourceName } from '../../shared/contract';
import { daysBetween } from '../../shared/dates';
import type { SqlValue } from './db';
import { sortKey } from './sort-key';

export interface TableSpec<T> {
  resource: ResourceName;
  table: string;
  key: string;
  keyOf(v: T): number | string;
  /** Typed columns besides the key, in the order `values` returns them. */
  columns: readonly string[];
  values(v: T): SqlValue[];
  /**
   * Fields of the record held as they are in a column of the same name (the key among them): the
   * record's one stored form keeps them there only, not again in `data` (wholeSql).
   */
  verbatim: readonly string[];
  /** The record a row holds, as JSON text, in SQL: `data` with the verbatim columns set back in (recordOf). */
  wholeSql: string;
  /** What `data` stores of a record: its contract fields (without `outbox`) except the verbatim ones. */
  data(v: T): Record<string, unknown>;
  /** The record a row holds, whole (`data` and the verbatim columns), in the contract's key order. */
  record(v: object): Record<string, unknown>;
  /** Scrubbed of SECRET_KEYS before anything is stored: every table but those in SCRUB_OPT_OUT. */
  scrub: boolean;
}

/**
 * The record a row holds, as JSON text, in SQL: `data` with the verbatim columns set back in
 * (`alias` names the table in a join: 'b.'). A row an earlier build wrote has them in `data` as
 * well; the columns' values are the same.
 */
function wholeSqlOf(verbatim: readonly string[], alias = ''): string {
  if (verbatim.length === 0) return `${alias}data`;
  return `json_set(${alias}data, ${verbatim.map((c) => `'$.${c}', ${alias}"${c}"`).join(', ')})`;
}

/** What a record puts in its row: key, typed column values (in `columns` order) and the stored data. */
export function rowOf<T>(
  spec: TableSpec<T>,
  value: T,
): { key: number | string; values: SqlValue[]; data: Record<string, unknown> } {
  return { key: spec.keyOf(value), values: spec.values(value), data: spec.data(value) };
}

/** A contract record's schema: its keys are what a table stores of the record. */
type RecordSchema = { shape: Record<string, unknown> };

/** Keys of a contract record minus the local mark: what `data` keeps of a normalised record. */
function keysOf(schema: RecordSchema): string[] {
  return Object.keys(schema.shape).filter((k) => k !== 'outbox');
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

/** Every spec below by its table, in the order they are made (RECORD_TABLES at the end of the file). */
const specByTable = new Map<string, TableSpec<never>>();

/** The record a row of this table holds, in SQL (`alias` as the query names the table): what reads select as `data`. */
export function recordOf(table: string, alias = ''): string {
  const spec = specByTable.get(table);
  if (!spec) throw new Error(`not a record table: ${table}`);
  return alias ? wholeSqlOf(spec.verbatim, alias) : spec.wholeSql;
}

/** What a table's spec says of its own: its typed columns, and where it departs from the usual. */
type Own<T> = Pick<TableSpec<T>, 'columns' | 'values'> & {
  table?: string;
  stored?: readonly string[];
  /** Columns named like a field whose field `data` keeps too: one held in another form (a flag as 0/1), or a table read whole. */
  alsoInData?: readonly string[];
};

/**
 * Tables whose records are stored WITHOUT the scrub (scrub.ts), each with its
 * reason. Every other table is scrubbed: a server that adds a password or card
 * data to any kind of record stores none of it here.
 */
export const SCRUB_OPT_OUT: Readonly<Record<string, string>> = {
  price_edits:
    "written by this computer only, from the prices write vocabulary (price, min/max days, 0/1 flags): no key of a server's record reaches it",
};
type Keyed<T> = Pick<TableSpec<T>, 'key' | 'keyOf'>;

/**
 * A table spec: the table is named like its resource, keyed by the record's
 * `id` (unless `key` and `keyOf` say otherwise) and stores the fields of the
 * resource's contract record (unless `stored` lists the keys kept).
 */
function tableOf<T extends { id: number }>(resource: ResourceName, own: Own<T>): TableSpec<T>;
function tableOf<T extends object>(resource: ResourceName, own: Own<T> & Keyed<T>): TableSpec<T>;
function tableOf<T extends object>(resource: ResourceName, own: Own<T> & Partial<Keyed<T>>): TableSpec<T> {
  const record: RecordSchema | undefined = (RESOURCE_RECORDS as Partial<Record<ResourceName, RecordSchema>>)[resource];
  const stored = own.stored ?? (record && keysOf(record));
  if (!stored) throw new Error(`the ${resource} table needs the keys it stores`);
  const table = own.table ?? resource;
  const key = own.key ?? 'id';
  const verbatim = [key, ...own.columns].filter((c) => stored.includes(c) && !own.alsoInData?.includes(c));
  const spec: TableSpec<T> = {
    resource,
    table,
    key,
    keyOf: own.keyOf ?? ((v) => (v as { id: number }).id),
    columns: own.columns,
    values: own.values,
    verbatim,
    wholeSql: wholeSqlOf(verbatim),
    data: picker(stored.filter((k) => !verbatim.includes(k))),
    record: picker(stored),
    scrub: !Object.hasOwn(SCRUB_OPT_OUT, table),
  };
  specByTable.set(table, spec);
  return spec;
}

export const listingsTable = tableOf<Listing>('listings', {
  alsoInData: ['active', 'mu'],
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
});

export const photosTable = tableOf<Photo>('photos', {
  columns: ['listing_id', 'position'],
  values: (v) => [v.listing_id, v.position],
});

export const ratesTable = tableOf<Rate>('rates', {
  key: 'rate_id',
  keyOf: (v) => v.rate_id,
  columns: ['listing_id', 'category_id', 'name'],
  values: (v) => [v.listing_id, v.category_id, v.name],
});

export const blocksTable = tableOf<Block>('blocks', {
  columns: ['listing_id', 'start_date', 'end_date', 'block_type'],
  values: (v) => [v.listing_id, v.start_date, v.end_date, v.block_type],
});

export const bookingsTable = tableOf<Booking>('bookings', {
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
});

export const customersTable = tableOf<Customer>('customers', {
  columns: ['name', 'lastname', 'email'],
  values: (v) => [v.name, v.lastname, v.email],
});

/** A guest as cached: the API record plus the booking it was read from. */
export type GuestRow = Guest & { booking_number: number | null };
export const guestsTable = tableOf<GuestRow>('guests', {
  columns: ['booking_number', 'name', 'lastname', 'email'],
  values: (v) => [v.booking_number, v.name, v.lastname, v.email],
});

export const incidentsTable = tableOf<Incident>('incidents', {
  columns: ['priority', 'date', 'open'],
  values: (v) => [v.priority, v.date, b(v.properties.length === 0 || v.properties.some((p) => !p.finished))],
});

export const maintenanceTable = tableOf<MaintenanceTask>('maintenance', {
  alsoInData: ['inspected'],
  // notes: shown on the day board, read from the column (migration 008).
  columns: ['listing_id', 'booking_id', 'type', 'date', 'hour', 'inspected', 'notes'],
  values: (v) => [v.listing_id, v.booking_id, v.type, v.date, v.hour, b(v.inspected), v.notes],
});

export const cleaningTable = tableOf<CleaningTask>('cleaning', {
  alsoInData: ['inspected'],
  // Every field is a column: the day board reads cleaning tasks without JSON (migration 008).
  columns: ['listing_id', 'booking_id', 'status', 'date', 'time', 'inspected', 'duration', 'notes'],
  values: (v) => [v.listing_id, v.booking_id, v.status, v.date, v.time, b(v.inspected), v.duration, v.notes],
});

/** A thread as cached: messages live in their own table. */
export const threadsTable = tableOf<Thread>('threads', {
  stored: keysOf(RESOURCE_RECORDS.threads).filter((k) => k !== 'messages'),
  columns: ['booking_number', 'listing_id', 'customer_id'],
  values: (v) => [v.booking_id, v.listing_id, v.customer_id],
});

export type MessageRow = Message & { thread_ref: number; booking_number: number | null };
export const messagesTable = tableOf<MessageRow>('threads', {
  table: 'messages',
  stored: keysOf(messageRecord),
  columns: ['thread_ref', 'booking_number', 'created_at', 'message'],
  values: (v) => [v.thread_ref, v.booking_number, v.created_at, v.message],
});

/** A table of named things, sorted and searched by name only. */
const named = <T extends { id: number; name: string }>(resource: ResourceName, own: Partial<Own<T>> = {}) =>
  tableOf<T>(resource, { columns: ['name'], values: (v) => [v.name], ...own });

export const destinationsTable = named<Destination>('destinations');
export const originsTable = named<Origin>('origins');
export const ownersTable = named<Owner>('owners');
export const customerTypesTable = named<{ id: number; name: string }>('customerTypes', {
  table: 'customer_types',
  stored: ['id', 'name'],
});

export const costsTable = tableOf<Cost>('costs', {
  columns: ['owner_id'],
  values: (v) => [v.owner_id],
});

export const adminsTable = tableOf<Admin>('admins', {
  key: 'key',
  keyOf: (v) => (v.id !== null ? `id:${v.id}` : `user:${v.username}`),
  columns: ['username'],
  values: (v) => [v.username],
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
export const priceEditsTable = tableOf<PriceCalendar>('prices', {
  table: 'price_edits',
  // Read whole by the prices kind and the price grid (its own table, a few rows).
  alsoInData: ['rate_id', 'listing_id'],
  stored: ['rate_id', 'listing_id', 'days'],
  key: 'rate_id',
  keyOf: (v) => v.rate_id,
  columns: ['listing_id'],
  values: (v) => [v.listing_id],
});

/** The cache's record tables (each with an outbox_mark column), in the order their specs are made. */
export const RECORD_TABLES: readonly string[] = [...specByTable.keys()];
