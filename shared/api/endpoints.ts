// The endpoint table: every one of the 66 operations of spec/interface.md, with
// method, path (keeping the spec's quirks), query parameters, body schema and
// response wrapper. Where the spec says "not shown" the choice made here is
// marked in `assumed`, and this is the ONE place to change it when the real
// server disagrees: the client, the simulator and the tests all read this table.
import { z } from 'zod';
import {
  bookingCreate,
  bookingRead,
  bookingUpdate,
  customerBundleRead,
  customerUpdate,
  guestCreate,
  guestRead,
  guestUpdate,
} from './bookings';
import {
  availabilityMURead,
  availabilityRead,
  blockCreate,
  blockRead,
  blockUpdate,
  checkAvailabilityMURead,
  checkAvailabilityRead,
  listingRead,
  listingWrite,
  photoCreate,
  photoRead,
  photoUpdate,
  priceRead,
  priceUpdate,
  rateRead,
  rateUpdate,
} from './listings';
import {
  adminRead,
  adminWrite,
  costRead,
  costWrite,
  customerTypeRead,
  destinationRead,
  destinationWrite,
  loginResponse,
  messageSend,
  originRead,
  ownerRead,
  ownerWrite,
  threadRead,
} from './organisation';
import {
  cleaningRead,
  cleaningUpdate,
  incidentRead,
  incidentUpdate,
  maintenanceRead,
  maintenanceUpdate,
} from './tasks';

export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the useful value sits in the response body:
 * - `data`, `Listings`, `User`: under that key;
 * - `none`: the body itself is the value (owner get, cost get, MU availability, check);
 * - `empty`: an empty object or nothing useful (deletes, creates whose body is not shown).
 */
export type Wrapper = 'data' | 'Listings' | 'User' | 'none' | 'empty';

export interface Endpoint {
  /** `resource.verb`, stable, used by the client, the simulator and the budget log. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under /api/v1 with `{id}`-style parameters. */
  readonly path: string;
  readonly auth: 'basic' | 'bearer';
  /** Query parameters the operation understands (all optional on the wire). */
  readonly query?: readonly string[];
  /** Strict schema of the request body, for operations that send one. */
  readonly body?: z.ZodType;
  readonly response: {
    readonly wrapper: Wrapper;
    /** `many`: the wrapped value is an array of `item`; `one`: it is one `item`. */
    readonly shape: 'many' | 'one' | 'nothing';
    readonly item?: z.ZodType;
  };
  /** HTTP statuses the spec lists for this operation (beyond 200), when it lists them. */
  readonly statuses?: readonly number[];
  /** The "not shown" gaps this row fills by convention, said in words. */
  readonly assumed?: readonly string[];
}

const WINDOW = ['listing_id', 'start_date', 'end_date'] as const;
const FROM_TO = ['listing_id', 'from', 'to'] as const;
const S_LIST_STD = [400, 401, 500] as const;
const S_GET_STD = [401, 404, 500] as const;
const S_403 = [400, 403, 404] as const;

const get = <N extends string>(
  name: N,
  path: string,
  wrapper: Wrapper,
  shape: 'many' | 'one',
  item: z.ZodType,
  extra: Partial<Endpoint> = {},
): Endpoint & { name: N } => ({
  ...extra,
  name,
  method: 'GET',
  path,
  auth: 'bearer',
  response: { wrapper, shape, item },
});

const write = <N extends string>(
  name: N,
  method: HttpMethod,
  path: string,
  body: z.ZodType | undefined,
  response: Endpoint['response'],
  assumed: readonly string[],
  extra: Partial<Endpoint> = {},
): Endpoint & { name: N } => ({
  ...extra,
  name,
  method,
  path,
  auth: 'bearer',
  ...(body ? { body } : {}),
  response,
  ...(assumed.length ? { assumed } : {}),
});

const NOTHING = { wrapper: 'empty', shape: 'nothing' } as const;
const CREATE_METHOD = 'create method not shown: POST';
const UPDATE_METHOD = 'update method not shown: PUT';
const RESPONSE_NOT_SHOWN = 'response body not shown: ignored; the change is confirmed by reading back';
const GUEST_DOCUMENT_TYPE =
  'document type not listed for this payload: sent as document_type_id, the name the booking-create guest object uses';

const del = <N extends string>(name: N, path: string, extra: Partial<Endpoint> = {}): Endpoint & { name: N } => ({
  ...extra,
  name,
  method: 'DELETE',
  path,
  auth: 'bearer',
  response: NOTHING,
});

/**
 * The four rows the spec gives cleaning and maintenance alike: list (date window) and get under
 * `readPath`; delete and update (PUT, answering the record) under `writePath`, spelled as the spec has it.
 */
const taskRows = <R extends string>(
  resource: R,
  readPath: string,
  writePath: string,
  read: z.ZodType,
  update: z.ZodType,
) =>
  [
    get(`${resource}.list`, readPath, 'data', 'many', read, { query: WINDOW }),
    get(`${resource}.get`, `${readPath}/{id}`, 'data', 'one', read),
    del(`${resource}.delete`, `${writePath}/{id}`, { assumed: [RESPONSE_NOT_SHOWN] }),
    write(`${resource}.update`, 'PUT', `${writePath}/{id}`, update, { wrapper: 'data', shape: 'one', item: read }, [
      UPDATE_METHOD,
    ]),
  ] as const;

export const ENDPOINTS = [
  // Login
  {
    name: 'auth.login',
    method: 'POST',
    path: '/login',
    auth: 'basic',
    response: { wrapper: 'none', shape: 'one', item: loginResponse },
  },

  // Listings (4)
  get('listings.list', '/listings', 'data', 'many', listingRead, {
    query: ['per_page', 'cursor', 'category_id', 'city', 'country_id', 'owner_id'],
    statuses: S_LIST_STD,
    assumed: ['filter parameter names not shown: category_id, city, country_id, owner_id'],
  }),
  get('listings.get', '/listings/{id}', 'Listings', 'one', listingRead, { statuses: S_GET_STD }),
  write('listings.create', 'POST', '/listings', listingWrite, NOTHING, [CREATE_METHOD, RESPONSE_NOT_SHOWN]),
  write('listings.update', 'PUT', '/listings/{id}', listingWrite, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Photos (5)
  get('photos.get', '/photos/{id}', 'data', 'one', photoRead, { statuses: [400, 401, 500] }),
  get('photos.list', '/photos', 'data', 'many', photoRead, { query: ['listing_id'], statuses: [400, 401, 500] }),
  del('photos.delete', '/photos/{id}', { statuses: [400, 403, 404] }),
  write('photos.update', 'PUT', '/photos/{id}', photoUpdate, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),
  write('photos.create', 'POST', '/photos', photoCreate, NOTHING, [
    'path not shown: /photos',
    CREATE_METHOD,
    RESPONSE_NOT_SHOWN,
  ]),

  // Rates and prices (5)
  get('rates.list', '/rates', 'data', 'many', rateRead, { query: ['id', 'type'], statuses: S_403 }),
  get('rates.get', '/rates/{id}', 'data', 'one', rateRead, { statuses: S_403 }),
  write('rates.update', 'PUT', '/rates/{id}', rateUpdate, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),
  get('prices.get', '/prices/{id}', 'data', 'many', priceRead, {
    query: ['start_date', 'end_date'],
    statuses: S_403,
    assumed: ['date parameter names not shown: start_date and end_date (as on the other window endpoints)'],
  }),
  write('prices.update', 'PUT', '/prices/{id}', priceUpdate, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Availability (4)
  get('availability.get', '/availability', 'data', 'one', availabilityRead, { query: FROM_TO, statuses: S_403 }),
  get('availability.getMU', '/availabilityMU', 'none', 'one', availabilityMURead, { query: FROM_TO, statuses: S_403 }),
  get('availability.check', '/checkavailability', 'none', 'one', checkAvailabilityRead, {
    query: [...FROM_TO, 'rate_id'],
    statuses: S_403,
  }),
  get('availability.checkMU', '/checkavailabilityMU', 'none', 'one', checkAvailabilityMURead, {
    query: [...FROM_TO, 'rate_id'],
    statuses: S_403,
  }),

  // Blocks (5)
  get('blocks.get', '/blocks/{id}', 'data', 'one', blockRead, { statuses: S_403 }),
  get('blocks.list', '/blocks', 'data', 'many', blockRead, { query: WINDOW, statuses: S_403 }),
  del('blocks.delete', '/blocks/{id}', { statuses: S_403 }),
  write('blocks.update', 'PUT', '/blocks/{id}', blockUpdate, { wrapper: 'data', shape: 'one', item: blockRead }, [
    UPDATE_METHOD,
  ]),
  write('blocks.create', 'POST', '/blocks', blockCreate, NOTHING, [
    CREATE_METHOD,
    'the sample answers an empty object: the new id is found by reading the listing’s blocks back',
  ]),

  // Bookings (4)
  get('bookings.list', '/bookings', 'data', 'many', bookingRead, { query: WINDOW }),
  get('bookings.get', '/bookings/{id}', 'data', 'one', bookingRead),
  write(
    'bookings.update',
    'PUT',
    '/bookings/{id}',
    bookingUpdate,
    { wrapper: 'data', shape: 'one', item: bookingRead },
    [],
  ),
  write('bookings.create', 'POST', '/bookings', bookingCreate, NOTHING, [
    CREATE_METHOD,
    RESPONSE_NOT_SHOWN,
    'field names of creation date, origin name and origin code not shown: not sent',
  ]),

  // Customers and guests (7) + customer types
  get('customers.ofBooking', '/customers', 'data', 'one', customerBundleRead, { query: ['booking_id'] }),
  get('customers.get', '/customers/{id}', 'data', 'one', customerBundleRead),
  write('customers.update', 'PUT', '/customers/{id}', customerUpdate, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),
  get('guests.ofBooking', '/customers/guests/{id}', 'data', 'one', customerBundleRead),
  {
    name: 'guests.get',
    method: 'GET',
    path: '/guests/{id}',
    auth: 'bearer',
    // {data: {guest: {...}}}: the item schema unwraps the inner `guest` key.
    response: { wrapper: 'data', shape: 'one', item: z.looseObject({ guest: guestRead }).transform((v) => v.guest) },
  },
  write('guests.update', 'PUT', '/guests/{id}', guestUpdate, NOTHING, [
    UPDATE_METHOD,
    RESPONSE_NOT_SHOWN,
    GUEST_DOCUMENT_TYPE,
  ]),
  write('guests.create', 'POST', '/guests', guestCreate, NOTHING, [
    CREATE_METHOD,
    RESPONSE_NOT_SHOWN,
    GUEST_DOCUMENT_TYPE,
    'no idempotency key: an unknown outcome is resolved by reading the booking’s guests back',
  ]),
  {
    name: 'customerTypes.list',
    method: 'GET',
    path: '/customersTypes',
    auth: 'bearer',
    // The sample response is an empty object; a {data: [...]} body is accepted too.
    response: { wrapper: 'data', shape: 'many', item: customerTypeRead },
    assumed: ['response shape: sample is {}; {data: [{id, name}]} accepted, otherwise the code table is used'],
  },

  // Incidents (3)
  get('incidents.list', '/incidents', 'data', 'many', incidentRead, { query: WINDOW }),
  del('incidents.delete', '/incidences/{id}', { assumed: [RESPONSE_NOT_SHOWN] }),
  write('incidents.update', 'PUT', '/incidences/{id}', incidentUpdate, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Maintenance (4) — the path's spelling is part of the interface.
  ...taskRows('maintenance', '/mainteance', '/mainteance', maintenanceRead, maintenanceUpdate),

  // Cleaning (4) — singular path for delete/update, plural for list/get.
  ...taskRows('cleanings', '/cleanings', '/cleaning', cleaningRead, cleaningUpdate),

  // Destinations (4) + origins (1)
  get('destinations.list', '/destinations', 'data', 'many', destinationRead),
  write('destinations.create', 'POST', '/destinations', destinationWrite, NOTHING, [CREATE_METHOD, RESPONSE_NOT_SHOWN]),
  write('destinations.update', 'PUT', '/destinations/{id}', destinationWrite, NOTHING, [
    UPDATE_METHOD,
    RESPONSE_NOT_SHOWN,
  ]),
  get('destinations.get', '/destinations/{id}', 'data', 'one', destinationRead, {
    assumed: ['path not shown: /destinations/{id}', 'response not shown: {data: destination}'],
  }),
  get('origins.list', '/origins', 'data', 'many', originRead),

  // Admins (4)
  get('admins.list', '/admins', 'data', 'many', adminRead, { statuses: S_LIST_STD }),
  get('admins.get', '/admins/{id}', 'User', 'one', adminRead, { statuses: S_GET_STD }),
  write('admins.create', 'POST', '/admins', adminWrite, NOTHING, [
    'path not shown: /admins',
    CREATE_METHOD,
    RESPONSE_NOT_SHOWN,
  ]),
  write('admins.update', 'PUT', '/admins/{id}', adminWrite, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Owners (4) — get is singular and unwrapped.
  get('owners.list', '/owners', 'data', 'many', ownerRead, { statuses: S_LIST_STD }),
  get('owners.get', '/owner/{id}', 'none', 'one', ownerRead, { statuses: S_GET_STD }),
  write('owners.create', 'POST', '/owners', ownerWrite, NOTHING, [CREATE_METHOD, RESPONSE_NOT_SHOWN]),
  write('owners.update', 'PUT', '/owners/{id}', ownerWrite, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Costs (4) — get is unwrapped.
  get('costs.list', '/costs', 'data', 'many', costRead, { query: ['owner_id'], statuses: S_LIST_STD }),
  get('costs.get', '/costs/{id}', 'none', 'one', costRead, { statuses: S_GET_STD }),
  write('costs.create', 'POST', '/costs', costWrite, NOTHING, [CREATE_METHOD, RESPONSE_NOT_SHOWN]),
  write('costs.update', 'PUT', '/costs/{id}', costWrite, NOTHING, [UPDATE_METHOD, RESPONSE_NOT_SHOWN]),

  // Threads (2)
  get('threads.ofBooking', '/threads/{id}', 'data', 'many', threadRead, { statuses: S_GET_STD }),
  write('threads.send', 'POST', '/threads', messageSend, NOTHING, [
    CREATE_METHOD,
    RESPONSE_NOT_SHOWN,
    'no idempotency key: an unknown outcome is resolved by reading the booking’s thread back',
  ]),
] as const satisfies readonly Endpoint[];

export type EndpointName = (typeof ENDPOINTS)[number]['name'];

const BY_NAME = new Map<string, Endpoint>(ENDPOINTS.map((e) => [e.name, e]));

/** The endpoint of that name (names are checked at compile time). */
export function endpoint(name: EndpointName): Endpoint {
  return BY_NAME.get(name)!;
}

/**
 * The path of an endpoint with its `{id}` filled in, under /api/v1, with the
 * query string built from defined values only.
 */
export function buildPath(
  e: Endpoint,
  params: { id?: number | string } = {},
  query: Record<string, string | number | undefined | null> = {},
): string {
  let path = e.path;
  if (path.includes('{id}')) {
    if (params.id === undefined || params.id === '') throw new Error(`${e.name} needs an id`);
    path = path.replace('{id}', encodeURIComponent(String(params.id)));
  }
  const qs = Object.entries(query)
    .filter((kv): kv is [string, string | number] => kv[1] !== undefined && kv[1] !== null && kv[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

/** Finds the endpoint a method + path (under /api/v1, no query) belongs to, with its id. */
export function matchEndpoint(method: string, pathname: string): { endpoint: Endpoint; id?: string } | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  const rest = pathname.slice(API_PREFIX.length) || '/';
  for (const e of ENDPOINTS) {
    if (e.method !== method) continue;
    const [prefix, suffix] = e.path.split('{id}') as [string, string | undefined];
    if (suffix === undefined) {
      if (rest === prefix || rest === `${prefix}/`) return { endpoint: e };
      continue;
    }
    if (rest.startsWith(prefix) && rest.endsWith(suffix)) {
      const id = rest.slice(prefix.length, rest.length - suffix.length);
      if (id && !id.includes('/')) return { endpoint: e, id: decodeURIComponent(id) };
    }
  }
  return null;
}
