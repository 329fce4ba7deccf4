// Fetchers: run one job against the API and write what came back, ONE
// transaction per page: valid records upserted (unsent local edits kept),
// invalid ones quarantined with their error (the rest of the page is still
// stored), and — because a job asks for a complete scope and window — cached
// records the answer lacks are deleted. Throws ApiError when the request fails.
// An answer that cannot say which records it holds — a record whose key cannot
// be read (a string that is no number, a negative id: see F.id) or two records
// under one key — deletes NOTHING: what it did hold is stored, then the job
// fails with IncompleteList, so the scope stays due and the Sync page and
// `lastError` say which list was refused and why.
import { F, customerTypeRead } from '../../shared/api';
import { CUSTOMER_TYPES } from '../../shared/codes';
import type { ResourceName } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { ApiError, isApiError } from '../api/errors';
import type { Priority } from '../api/governor';
import type { ListResult, ReadName, Rejected } from '../api/reads';
import type { SqlValue, WritableDB } from '../cache/db';
import { recordFetched } from '../cache/state';
import { timedWork } from '../log/long-tasks';
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

/** The id of a record that failed validation, when it can be read as a server id (so it still counts as "seen"). */
function rawKey(raw: unknown, key: string): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const v = F.id((raw as Record<string, unknown>)[key]);
  return typeof v === 'number' ? String(v) : null;
}

/** Why a list answer cannot tell what is gone (the reason codes the Sync page words). */
export type IncompleteReason = 'unreadable_key' | 'duplicate_key';

/**
 * A list answer that cannot be compared with the cache: nothing was deleted
 * for it. `fields` names the list and the reason ({incidents: ['unreadable_key']}),
 * so the contract error the Sync page shows says which list and why, in words of its own.
 */
export class IncompleteList extends ApiError {
  constructor(
    readonly resource: ResourceName,
    readonly scope: string,
    readonly reason: IncompleteReason,
    readonly count: number,
    endpoint: string,
  ) {
    super({
      kind: 'unexpected_body',
      endpoint,
      method: 'GET',
      path: endpoint,
      message:
        reason === 'unreadable_key'
          ? `the server's ${resource} list (${scope}) held ${count} record(s) whose id cannot be read; nothing was removed for it`
          : `the server's ${resource} list (${scope}) named ${count} record(s) by an id another record has; nothing was removed for it`,
      fields: { [resource]: [reason] },
    });
    this.name = 'IncompleteList';
  }
}

/** Counts what makes an answer incomplete: rejected records without a readable key, keys given twice. */
class Completeness {
  private readonly keys = new Set<number | string>();
  unreadable = 0;
  duplicated = 0;
  add(key: number | string): void {
    if (this.keys.has(key)) this.duplicated++;
    else this.keys.add(key);
  }
  addRejected(rejected: readonly Rejected[], key: string, tableKeyOf: (k: string) => number | string): void {
    for (const r of rejected) {
      const k = rawKey(r.raw, key);
      if (k === null) this.unreadable++;
      else this.add(tableKeyOf(k));
    }
  }
  get seen(): ReadonlySet<number | string> {
    return this.keys;
  }
  /** The refusal to throw once what came is stored, or null when the answer is complete. */
  refusal(resource: ResourceName, scope: string, endpoint: string): IncompleteList | null {
    if (this.unreadable) return new IncompleteList(resource, scope, 'unreadable_key', this.unreadable, endpoint);
    if (this.duplicated) return new IncompleteList(resource, scope, 'duplicate_key', this.duplicated, endpoint);
    return null;
  }
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

/**
 * A list answer for one scope: upsert, quarantine, release, and — when the
 * answer is complete — delete what it lacks, in one transaction. An incomplete
 * answer (Completeness) deletes nothing and throws IncompleteList once stored.
 */
function storeList<T>(
  deps: FetchDeps,
  out: Outcome,
  spec: TableSpec<T>,
  result: ListResult<T>,
  scope: {
    resource: ResourceName;
    name: string;
    key: string;
    where: string | null;
    params: SqlValue[];
    endpoint: string;
  },
  upsert: (items: Incoming<T>[]) => UpsertResult = (items) => upsertRecords(deps.db, spec, items),
): void {
  const { db } = deps;
  const now = deps.now();
  const complete = new Completeness();
  for (const i of result.items) complete.add(spec.keyOf(i.value));
  complete.addRejected(result.rejected, scope.key, (k) => tableKey(spec, k));
  const refused = complete.refusal(scope.resource, scope.name, scope.endpoint);
  // Named for the long-task watch: an answer of thousands of records is one transaction on the main process.
  timedWork(`sync ${scope.endpoint} ingest`, () =>
    db.transaction(() => {
      const keys = result.items.map((i) => spec.keyOf(i.value));
      const r = observed(deps.observe, db, spec.table, keys, () => upsert(result.items));
      quarantine(db, out, scope.resource, scope.name, result.rejected, scope.key, now);
      releaseQuarantine(db, scope.resource, [...new Set(keys)]);
      const gone =
        scope.where === null || refused ? [] : deleteMissing(db, spec, scope.where, scope.params, complete.seen);
      out.add(spec.table, scope.resource, r, gone.length);
    }),
  );
  if (refused) throw refused;
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
      const complete = new Completeness();
      let records = 0;
      for (let pages = 1; ; pages++) {
        const current = page;
        db.transaction(() => {
          out.add('listings', 'listings', upsertRecords(db, listingsTable, current.items));
          quarantine(db, out, 'listings', 'all', current.rejected, 'id', deps.now());
        });
        for (const i of current.items) complete.add(i.value.id);
        complete.addRejected(current.rejected, 'id', Number);
        records += current.items.length;
        if (!current.next || pages >= 10_000) break;
        page = await client.listNext('listings.list', current.next, call);
      }
      const refused = complete.refusal('listings', 'all', 'listings.list');
      if (refused) throw refused;
      db.transaction(() => {
        out.add('listings', 'listings', 0, deleteMissing(db, listingsTable, '1 = 1', [], complete.seen).length);
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
          endpoint: 'rates.list',
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
        { resource, name: `${scope} ${job.from}..${job.to}`, endpoint: w.endpoint, key: w.key, where, params },
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
        endpoint: 'photos.list',
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
      // A day that could not be read is not a day gone: nothing is deleted for such an answer.
      const complete = new Completeness();
      for (const p of r.items) complete.add(p.value.date);
      complete.unreadable = r.rejected.length;
      const refused = complete.refusal('prices', scope, 'prices.get');
      db.transaction(() => {
        const w = replacePrices(db, job.rateId, job.listingId, job.from, job.to, r.items, !refused);
        quarantine(db, out, 'prices', scope, r.rejected, 'rate_id', deps.now());
        out.add('prices', 'prices', w.written, w.deleted);
        if (!refused) markFetched(deps, job, r.items.length);
      });
      if (refused) throw refused;
      return out;
    }
    case 'bundle':
    case 'booking':
      return bookingPeople(deps, out, job);
    case 'threads': {
      const r = await gone(client.list('threads.ofBooking', { ...call, id: job.bookingNumber }));
      const complete = new Completeness();
      for (const t of r?.items ?? []) complete.add(t.value.id);
      complete.addRejected(r?.rejected ?? [], 'id', Number);
      const refused = complete.refusal('threads', scope, 'threads.ofBooking');
      db.transaction(() => {
        if (r) {
          const w = replaceThreadsOfBooking(db, job.bookingNumber, r.items, !refused);
          quarantine(db, out, 'threads', scope, r.rejected, 'id', deps.now());
          out.add('threads', 'threads', w.threads.written + w.messages.written, w.deleted);
        }
        if (!refused) markFetched(deps, job, r?.items.length ?? 0);
      });
      if (refused) throw refused;
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
        endpoint: 'customerTypes.list',
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
  storeList(deps, out, ref.spec, r, {
    resource: job.resource,
    name: 'all',
    endpoint: ref.endpoint,
    key: ref.key,
    where: '1 = 1',
    params: [],
  });
  db.transaction(() => markFetched(deps, job, r.items.length));
  return out;
}
