// Fetchers: run one job against the API — the request(s) its kind makes, the
// per-listing fallback when the server refuses a request for every listing at
// once, a per-booking read answered 404 taken as the booking gone — and hand
// what came back to store-answer.ts, which stores it (one transaction per
// page, deletions only for a complete answer). Throws ApiError when the
// request fails, IncompleteList when the answer cannot say what is gone.
import { customerTypeRead } from '../../shared/api';
import { CUSTOMER_TYPES } from '../../shared/codes';
import { isApiError } from '../api/errors';
import type { ListResult, ReadName, Rejected } from '../api/reads';
import type { SqlValue } from '../cache/db';
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
import { deleteMissing, upsertRecords, type Incoming } from '../cache/write';
import {
  replaceAvailability,
  replaceBundleOfBooking,
  replacePrices,
  replaceThreadsOfBooking,
  upsertIncidents,
} from '../cache/write-compound';
import { observed } from './ingest';
import { identify, type JobSpec, type WindowResource } from './jobs';
import type { Capabilities } from './sources';
import {
  Completeness,
  markFetched,
  Outcome,
  quarantine,
  storeList,
  type FetchDeps,
  type JobResult,
} from './store-answer';

/** The server refused a request for every listing at once: use per-listing requests from now on. */
export class CapabilityMissing extends Error {
  constructor(readonly capability: keyof Capabilities) {
    super(`the server does not support ${capability}`);
  }
}

const WINDOW: Record<WindowResource, { endpoint: ReadName; spec: TableSpec<never>; key: string }> = {
  bookings: { endpoint: 'bookings.list', spec: bookingsTable, key: 'booking_number' },
  cleaning: { endpoint: 'cleanings.list', spec: cleaningTable, key: 'id' },
  maintenance: { endpoint: 'maintenance.list', spec: maintenanceTable, key: 'id' },
  incidents: { endpoint: 'incidents.list', spec: incidentsTable, key: 'id' },
  blocks: { endpoint: 'blocks.list', spec: blocksTable, key: 'id' },
};

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

const WRONG_SCOPE = new Set(['bad_request', 'not_found', 'invalid']);

type JobOf<K extends JobSpec['kind']> = Extract<JobSpec, { kind: K }>;

export async function runJob(deps: FetchDeps, job: JobSpec): Promise<JobResult> {
  const out = new Outcome();
  switch (job.kind) {
    case 'listings':
      return listings(deps, out, job);
    case 'reference':
      return reference(deps, out, job);
    case 'rates':
      return rates(deps, out, job);
    case 'window':
      return windowList(deps, out, job);
    case 'photos':
      return photos(deps, out, job);
    case 'availability':
      return availability(deps, out, job);
    case 'prices':
      return prices(deps, out, job);
    case 'bundle':
    case 'booking':
      return bookingPeople(deps, out, job);
    case 'threads':
      return threads(deps, out, job);
  }
}

/** The request options every call of a job carries: its slice of the budget and its abort signal. */
function callOf(deps: FetchDeps): { priority: FetchDeps['priority']; signal: FetchDeps['signal'] } {
  return { priority: deps.priority, signal: deps.signal };
}

async function listings(deps: FetchDeps, out: Outcome, job: JobOf<'listings'>): Promise<JobResult> {
  const { client, db } = deps;
  const call = callOf(deps);
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

async function rates(deps: FetchDeps, out: Outcome, job: JobOf<'rates'>): Promise<JobResult> {
  const { resource, scope } = identify(job);
  const query = job.listingId === null ? {} : { id: job.listingId, type: 'property' };
  const r = await deps.client
    .list('rates.list', { ...callOf(deps), query })
    .catch(rethrowScope(job.listingId === null, 'globalRates'));
  const items = r.items.map((i) => ({
    ...i,
    value: { ...i.value, listing_id: i.value.listing_id ?? job.listingId },
  }));
  await storeList(
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
  deps.db.transaction(() => markFetched(deps, job, items.length));
  return out;
}

async function windowList(deps: FetchDeps, out: Outcome, job: JobOf<'window'>): Promise<JobResult> {
  const { db } = deps;
  const { resource, scope } = identify(job);
  const w = WINDOW[job.resource];
  const query = { listing_id: job.listingId ?? undefined, start_date: job.from, end_date: job.to };
  const r = await deps.client
    .list(w.endpoint, { ...callOf(deps), query })
    .catch(rethrowScope(job.listingId === null, 'globalLists'));
  const [where, params] = windowScope(job.resource, job.listingId, job.from, job.to);
  await storeList(
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

async function photos(deps: FetchDeps, out: Outcome, job: JobOf<'photos'>): Promise<JobResult> {
  const { resource, scope } = identify(job);
  const r = await deps.client.list('photos.list', { ...callOf(deps), query: { listing_id: job.listingId } });
  await storeList(deps, out, photosTable, r, {
    resource,
    name: scope,
    endpoint: 'photos.list',
    key: 'id',
    where: 'listing_id = ?',
    params: [job.listingId],
  });
  deps.db.transaction(() => markFetched(deps, job, r.items.length));
  return out;
}

async function availability(deps: FetchDeps, out: Outcome, job: JobOf<'availability'>): Promise<JobResult> {
  const { client, db } = deps;
  const call = callOf(deps);
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

async function prices(deps: FetchDeps, out: Outcome, job: JobOf<'prices'>): Promise<JobResult> {
  const { db } = deps;
  const { scope } = identify(job);
  const r = await deps.client.list('prices.get', {
    ...callOf(deps),
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

async function threads(deps: FetchDeps, out: Outcome, job: JobOf<'threads'>): Promise<JobResult> {
  const { db } = deps;
  const { scope } = identify(job);
  const r = await gone(deps.client.list('threads.ofBooking', { ...callOf(deps), id: job.bookingNumber }));
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
    await storeList(
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
  await storeList(deps, out, ref.spec, r, {
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
