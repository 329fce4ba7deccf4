// Fetchers: run one job against the API and write what came back, ONE
// transaction per page: valid records upserted (unsent local edits kept),
// invalid ones quarantined with their error (the rest of the page is still
// stored), and — because a job asks for a complete scope and window — cached
// records the answer lacks are deleted. Throws ApiError when the request fails.
import { F, customerTypeRead } from '../../shared/api';
import { CUSTOMER_TYPES } from '../../shared/codes';
import type { ResourceName } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { Priority } from '../api/governor';
import type { ListResult, ReadName, Rejected } from '../api/reads';
import type { SqlValue, WritableDB } from '../cache/db';
import { recordFetched } from '../cache/state';
import {
  adminsTable,
  blocksTable,
  bookingsTable,
  cleaningTable,
  costsTable,
  customerTypesTable,
  destinationsTable,
  incidentsTable,
  listingsTable,
  maintenanceTable,
  originsTable,
  ownersTable,
  photosTable,
  ratesTable,
  type TableSpec,
} from '../cache/tables';
import {
  deleteMissing,
  quarantineRecords,
  releaseQuarantine,
  upsertRecords,
  type Incoming,
  type UpsertResult,
} from '../cache/write';
import {
  replaceAvailability,
  replaceBundleOfBooking,
  replacePrices,
  replaceThreadsOfBooking,
  upsertIncidents,
} from '../cache/write-compound';
import { observed, type IngestObserver } from './ingest';
import { identify, type JobSpec, type WindowResource } from './jobs';
import type { Capabilities } from './sources';

export interface FetchDeps {
  db: WritableDB;
  client: ApiClient;
  now: () => number;
  priority: Priority;
  signal?: AbortSignal;
  /** Sees what sync writes to each table (the notifier). */
  observe?: IngestObserver;
}

export interface JobResult {
  /** Rows written per table. */
  written: Record<string, number>;
  deleted: Record<string, number>;
  quarantined: number;
  /** Resources whose cached records changed (for cache.changed). */
  changed: Set<ResourceName>;
}

/** The server refused a request for every listing at once: use per-listing requests from now on. */
export class CapabilityMissing extends Error {
  constructor(readonly capability: keyof Capabilities) {
    super(`the server does not support ${capability}`);
  }
}

class Outcome implements JobResult {
  written: Record<string, number> = {};
  deleted: Record<string, number> = {};
  quarantined = 0;
  changed = new Set<ResourceName>();
  add(table: string, resource: ResourceName, r: { written: number } | number, deleted = 0): void {
    const n = typeof r === 'number' ? r : r.written;
    if (n) this.written[table] = (this.written[table] ?? 0) + n;
    if (deleted) this.deleted[table] = (this.deleted[table] ?? 0) + deleted;
    if (n || deleted || (typeof r !== 'number' && (r as UpsertResult).keptLocal)) this.changed.add(resource);
  }
}

const WINDOW: Record<WindowResource, { endpoint: ReadName; spec: TableSpec<never>; key: string }> = {
  bookings: { endpoint: 'bookings.list', spec: bookingsTable, key: 'booking_number' },
  cleaning: { endpoint: 'cleanings.list', spec: cleaningTable, key: 'id' },
  maintenance: { endpoint: 'maintenance.list', spec: maintenanceTable, key: 'id' },
  incidents: { endpoint: 'incidents.list', spec: incidentsTable, key: 'id' },
  blocks: { endpoint: 'blocks.list', spec: blocksTable, key: 'id' },
};

/** The id of a record that failed validation, when it can be read (so it still counts as "seen"). */
function rawKey(raw: unknown, key: string): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const v = F.int((raw as Record<string, unknown>)[key]);
  return typeof v === 'number' ? String(v) : null;
}

/** The table key a rejected record would have had (admins are keyed "id:<n>"). */
function tableKey(spec: TableSpec<unknown>, k: string): number | string {
  return spec.table === 'admins' ? `id:${k}` : Number(k);
}

function quarantine(
  db: WritableDB,
  out: Outcome,
  resource: string,
  scope: string,
  rejected: readonly Rejected[],
  key: string,
  now: number,
) {
  if (!rejected.length) return;
  quarantineRecords(
    db,
    resource,
    scope,
    rejected.map((r) => ({ raw: r.raw, error: r.error, key: rawKey(r.raw, key) })),
    now,
  );
  out.quarantined += rejected.length;
}

/** Cached rows of a window scope that a complete answer must contain (records fully inside the window). */
function windowScope(
  resource: WindowResource,
  listingId: number | null,
  from: string,
  to: string,
): [string, SqlValue[]] {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (resource === 'bookings' || resource === 'blocks') {
    // Whatever the server means by the window (overlap or arrival), a stay
    // entirely inside it is always in the answer.
    where.push('start_date >= ?', 'end_date <= ?');
    params.push(from, to);
  } else if (resource === 'incidents') {
    where.push('date >= ?', 'date < ?');
    params.push(from, `${to}~`);
  } else {
    where.push('date BETWEEN ? AND ?');
    params.push(from, to);
  }
  if (listingId !== null) {
    if (resource === 'incidents') where.push('id IN (SELECT incident_id FROM incident_listings WHERE listing_id = ?)');
    else where.push('listing_id = ?');
    params.push(listingId);
  }
  return [where.join(' AND '), params];
}

/** A complete list answer for one scope: upsert, quarantine, release, delete missing — one transaction. */
function storeList<T>(
  deps: FetchDeps,
  out: Outcome,
  spec: TableSpec<T>,
  result: ListResult<T>,
  scope: { resource: ResourceName; name: string; key: string; where: string | null; params: SqlValue[] },
  upsert: (items: Incoming<T>[]) => UpsertResult = (items) => upsertRecords(deps.db, spec, items),
): void {
  const { db } = deps;
  const now = deps.now();
  db.transaction(() => {
    const keys = result.items.map((i) => spec.keyOf(i.value));
    const r = observed(deps.observe, db, spec.table, keys, () => upsert(result.items));
    quarantine(db, out, scope.resource, scope.name, result.rejected, scope.key, now);
    const seen = new Set<number | string>(result.items.map((i) => spec.keyOf(i.value)));
    releaseQuarantine(db, scope.resource, [...seen]);
    for (const rej of result.rejected) {
      const k = rawKey(rej.raw, scope.key);
      if (k !== null) seen.add(tableKey(spec, k));
    }
    const gone = scope.where === null ? [] : deleteMissing(db, spec, scope.where, scope.params, seen);
    out.add(spec.table, scope.resource, r, gone.length);
  });
}

function markFetched(deps: FetchDeps, job: JobSpec, records: number): void {
  recordFetched(deps.db, { ...identify(job), at: deps.now(), records });
}

const WRONG_SCOPE = new Set(['bad_request', 'not_found', 'invalid']);

export async function runJob(deps: FetchDeps, job: JobSpec): Promise<JobResult> {
  const out = new Outcome();
  const { client, db } = deps;
  const call = { priority: deps.priority, signal: deps.signal };
  const { resource, scope } = identify(job);
  switch (job.kind) {
    case 'listings': {
      let page = await client.list('listings.list', { ...call, query: { per_page: 100 } });
      const seen = new Set<number | string>();
      let records = 0;
      for (let pages = 1; ; pages++) {
        const current = page;
        db.transaction(() => {
          out.add('listings', 'listings', upsertRecords(db, listingsTable, current.items));
          quarantine(db, out, 'listings', 'all', current.rejected, 'id', deps.now());
        });
        for (const i of current.items) seen.add(i.value.id);
        for (const r of current.rejected) if (rawKey(r.raw, 'id')) seen.add(Number(rawKey(r.raw, 'id')));
        records += current.items.length;
        if (!current.next || pages >= 10_000) break;
        page = await client.listNext('listings.list', current.next, call);
      }
      db.transaction(() => {
        out.add('listings', 'listings', 0, deleteMissing(db, listingsTable, '1 = 1', [], seen).length);
        markFetched(deps, job, records);
      });
      return out;
    }
    case 'reference':
      return reference(deps, out, job);
    case 'rates': {
      const query = job.listingId === null ? {} : { id: job.listingId, type: 'property' };
      const r = await client
        .list('rates.list', { ...call, query })
        .catch(rethrowScope(job.listingId === null, 'globalRates'));
      const items = r.items.map((i) => ({
        ...i,
        value: { ...i.value, listing_id: i.value.listing_id ?? job.listingId },
      }));
      storeList(
        deps,
        out,
        ratesTable,
        { ...r, items },
        {
          resource,
          name: scope,
          key: 'rate_id',
          where: job.listingId === null ? '1 = 1' : 'listing_id = ?',
          params: job.listingId === null ? [] : [job.listingId],
        },
      );
      db.transaction(() => markFetched(deps, job, items.length));
      return out;
    }
    case 'window': {
      const w = WINDOW[job.resource];
      const query = { listing_id: job.listingId ?? undefined, start_date: job.from, end_date: job.to };
      const r = await client
        .list(w.endpoint, { ...call, query })
        .catch(rethrowScope(job.listingId === null, 'globalLists'));
      const [where, params] = windowScope(job.resource, job.listingId, job.from, job.to);
      storeList(
        deps,
        out,
        w.spec,
        r as ListResult<never>,
        { resource, name: `${scope} ${job.from}..${job.to}`, key: w.key, where, params },
        job.resource === 'incidents' ? (items) => upsertIncidents(db, items as never) : undefined,
      );
      db.transaction(() => markFetched(deps, job, r.items.length));
      return out;
    }
    case 'photos': {
      const r = await client.list('photos.list', { ...call, query: { listing_id: job.listingId } });
      storeList(deps, out, photosTable, r, {
        resource,
        name: scope,
        key: 'id',
        where: 'listing_id = ?',
        params: [job.listingId],
      });
      db.transaction(() => markFetched(deps, job, r.items.length));
      return out;
    }
    case 'availability': {
      const query = { listing_id: job.listingId, from: job.from, to: job.to };
      const answer = job.mu
        ? { mu: true as const, ...(await client.one('availability.getMU', { ...call, query })) }
        : { mu: false as const, ...(await client.one('availability.get', { ...call, query })) };
      db.transaction(() => {
        const r = replaceAvailability(db, job.listingId, job.from, job.to, answer);
        out.add('availability', 'availability', r.written, r.deleted);
        markFetched(deps, job, r.written);
      });
      return out;
    }
    case 'prices': {
      const r = await client.list('prices.get', {
        ...call,
        id: job.rateId,
        query: { start_date: job.from, end_date: job.to },
      });
      db.transaction(() => {
        const w = replacePrices(db, job.rateId, job.listingId, job.from, job.to, r.items);
        quarantine(db, out, 'prices', scope, r.rejected, 'rate_id', deps.now());
        out.add('prices', 'prices', w.written, w.deleted);
        markFetched(deps, job, r.items.length);
      });
      return out;
    }
    case 'bundle':
    case 'booking':
      return bookingPeople(deps, out, job);
    case 'threads': {
      const r = await gone(client.list('threads.ofBooking', { ...call, id: job.bookingNumber }));
      db.transaction(() => {
        if (r) {
          const w = replaceThreadsOfBooking(db, job.bookingNumber, r.items);
          quarantine(db, out, 'threads', scope, r.rejected, 'id', deps.now());
          out.add('threads', 'threads', w.threads.written + w.messages.written, w.deleted);
        }
        markFetched(deps, job, r?.items.length ?? 0);
      });
      return out;
    }
  }
}

/** A 404 for a per-booking read means the booking is gone: nothing to store, and not an error to retry. */
async function gone<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (isApiError(e) && e.kind === 'not_found') return null;
    throw e;
  }
}

function rethrowScope(global: boolean, capability: keyof Capabilities) {
  return (e: unknown): never => {
    if (global && isApiError(e) && WRONG_SCOPE.has(e.kind)) throw new CapabilityMissing(capability);
    throw e;
  };
}

async function bookingPeople(
  deps: FetchDeps,
  out: Outcome,
  job: Extract<JobSpec, { kind: 'bundle' | 'booking' }>,
): Promise<JobResult> {
  const { client, db } = deps;
  const call = { priority: deps.priority, signal: deps.signal };
  if (job.kind === 'booking') {
    const r = await gone(client.one('bookings.get', { ...call, id: job.bookingNumber }));
    db.transaction(() => {
      if (r) {
        const { customers, ...booking } = r.value;
        out.add(
          'bookings',
          'bookings',
          observed(deps.observe, db, 'bookings', [booking.booking_number], () =>
            upsertRecords(db, bookingsTable, [{ value: { ...booking, customers: null }, raw: r.raw }]),
          ),
        );
        if (customers) {
          const raw = (r.raw as Record<string, unknown>)['customers'];
          const w = replaceBundleOfBooking(db, job.bookingNumber, customers, raw);
          out.add('customers', 'customers', w.customers);
          out.add('guests', 'guests', w.guests, w.deleted);
        }
      }
      markFetched(deps, job, r ? 1 : 0);
    });
    return out;
  }
  const r = await gone(client.one('customers.ofBooking', { ...call, query: { booking_id: job.bookingNumber } }));
  db.transaction(() => {
    if (r) {
      const w = replaceBundleOfBooking(db, job.bookingNumber, r.value, r.raw);
      out.add('customers', 'customers', w.customers);
      out.add('guests', 'guests', w.guests, w.deleted);
    }
    markFetched(deps, job, r ? r.value.guests.length + (r.value.user ? 1 : 0) : 0);
  });
  return out;
}

const REFERENCE: Record<
  Exclude<Extract<JobSpec, { kind: 'reference' }>['resource'], 'customerTypes'>,
  { endpoint: ReadName; spec: TableSpec<never>; key: string }
> = {
  destinations: { endpoint: 'destinations.list', spec: destinationsTable, key: 'id' },
  origins: { endpoint: 'origins.list', spec: originsTable, key: 'id' },
  owners: { endpoint: 'owners.list', spec: ownersTable, key: 'id' },
  costs: { endpoint: 'costs.list', spec: costsTable, key: 'id' },
  admins: { endpoint: 'admins.list', spec: adminsTable, key: 'id' },
};

async function reference(
  deps: FetchDeps,
  out: Outcome,
  job: Extract<JobSpec, { kind: 'reference' }>,
): Promise<JobResult> {
  const { client, db } = deps;
  const call = { priority: deps.priority, signal: deps.signal };
  if (job.resource === 'customerTypes') {
    // The documented sample answer is `{}`: then Stayboard's own code table is the truth.
    const raw = await client.request('customerTypes.list', call);
    const body = raw.body as { data?: unknown } | undefined;
    const list = Array.isArray(body?.data) ? body.data : Array.isArray(raw.body) ? (raw.body as unknown[]) : null;
    const items: Incoming<{ id: number; name: string }>[] = [];
    const rejected: Rejected[] = [];
    for (const [index, rawItem] of (list ?? CUSTOMER_TYPES).entries()) {
      const r = customerTypeRead.safeParse(rawItem);
      if (r.success) items.push({ value: { id: r.data.id, name: r.data.name || r.data.nombre }, raw: rawItem });
      else rejected.push({ index, raw: rawItem, error: r.error.issues[0]?.message ?? 'invalid' });
    }
    storeList(
      deps,
      out,
      customerTypesTable,
      { items, rejected, next: null },
      {
        resource: 'customerTypes',
        name: 'all',
        key: 'id',
        where: '1 = 1',
        params: [],
      },
    );
    db.transaction(() => markFetched(deps, job, items.length));
    return out;
  }
  const ref = REFERENCE[job.resource];
  const r = (await client.list(ref.endpoint, call)) as ListResult<never>;
  storeList(deps, out, ref.spec, r, { resource: job.resource, name: 'all', key: ref.key, where: '1 = 1', params: [] });
  db.transaction(() => markFetched(deps, job, r.items.length));
  return out;
}
