// Conformance to the spec's TEXT, not to our reading of it: the bodies of
// spec-examples.ts were typed out from shared/spec/interface.md by hand. The
// client's read path (endpoint table + read schemas + unwrap) must accept every
// one of them and normalise each documented variant to one form; the
// simulator's answers must have the spec's wrapper and carry every field the
// spec lists, in the forms the spec gives where it gives two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, loginResponse, type EndpointName } from '../../shared/api';
import { validateList, validateOne } from '../../electron/api/reads';
import { connect, type Answer, type Api } from './client';
import * as X from './spec-examples';
import { KEYS, WRAPPERS } from './spec-shapes';

type Row = Record<string, unknown>;

/** Reads a body through the client's own path; returns the normalised item(s). */
function read(name: EndpointName, body: unknown): Row[] {
  const e = endpoint(name);
  const item = e.response.item;
  if (!item) throw new Error(`${name} has no read schema`);
  if (e.response.shape === 'many') {
    const r = validateList(item, e, body);
    if (!r.ok) throw new Error(`${name}: ${r.why}`);
    expect(r.result.rejected, `${name} rejected a spec example`).toEqual([]);
    return r.result.items.map((i) => i.value as Row);
  }
  const r = validateOne(item, e, body);
  if (!r.ok) throw new Error(`${name}: ${r.why}`);
  return [r.value as Row];
}

describe("the client reads every response body the spec shows (sample bodies typed from the spec's text)", () => {
  const names = Object.keys(WRAPPERS) as (keyof typeof WRAPPERS)[];

  it.each(names)('%s: the endpoint table has the wrapper the spec gives', (name) => {
    expect(endpoint(name).response.wrapper).toBe(WRAPPERS[name]);
  });

  const bodies = Object.keys(X.BODIES) as (keyof typeof X.BODIES)[];
  it.each(bodies.filter((n) => !X.DISAGREEMENTS[n]))('%s: the read schema accepts the example', (name) => {
    expect(read(name, X.BODIES[name]).length).toBeGreaterThan(0);
  });
  // Known gaps between the spec's text and the client (spec-examples.ts, DISAGREEMENTS): expected to fail.
  for (const [name, why] of Object.entries(X.DISAGREEMENTS) as [keyof typeof X.BODIES, string][])
    it.fails(`${name}: NOT YET read as the spec allows (${why})`, () => {
      read(name, X.BODIES[name]);
    });

  it('guests.get: {data: {guest: guest}}', () => {
    expect(read('guests.get', { data: { guest: X.GUEST } })[0]).toMatchObject({ id: 901, country: 73 });
  });

  it('login: {token} ', () => {
    expect(loginResponse.parse(X.LOGIN_RESPONSE).token).toBe(X.LOGIN_RESPONSE.token);
  });

  it('listing state: the object of the list and the integer of the single read become one id', () => {
    const [list] = read('listings.list', X.BODIES['listings.list']);
    const [single] = read('listings.get', X.BODIES['listings.get']);
    expect(list).toMatchObject({ state: 8, state_name: 'Barcelona', mu: true, longstay: false, active: true });
    expect(single).toMatchObject({ state: 8, mu: false, longstay: true, price_latecheckin: 25.5 });
    expect(single!['latecheckinto']).toBe('23:30');
  });

  it('booking money, times, keys and flags in each documented form', () => {
    const [list] = read('bookings.list', X.BODIES['bookings.list']);
    const [single] = read('bookings.get', X.BODIES['bookings.get']);
    expect(list).toMatchObject({
      tourist_tax: 15.75,
      prepaid: -20,
      arrival_time: '16:00',
      departure_time_until: '11:00',
      key_numbers: '2',
      checkin_completed: false,
    });
    expect(single).toMatchObject({
      tourist_tax: 15.75,
      key_numbers: '2',
      checkin_completed: true,
      created_at: '2026-05-02 09:14:00',
      updated_at: '2026-05-03 18:40:12',
    });
    const customers = single!['customers'] as { user: Row; guests: Row[] };
    expect(customers.user['customer_type']).toEqual({ id: 1, name: 'Particular' });
    expect(customers.user['country']).toBe('Spain');
    expect(customers.guests[0]!['country']).toBe(73);
  });

  it('a customer without a country reads as null', () => {
    const [bundle] = read('customers.get', X.BODIES['customers.get']);
    expect((bundle!['user'] as Row)['country']).toBeNull();
  });

  it('task flags as integer or boolean, and empty hour/duration, read the same way', () => {
    // List rows that do carry an id (see DISAGREEMENTS), so the other fields are read.
    const [mList] = read('maintenance.list', { data: [{ ...X.MAINTENANCE_OF_LIST, id: 70 }] });
    const [mOne] = read('maintenance.get', X.BODIES['maintenance.get']);
    expect(mList).toMatchObject({ inspected: false, hour: null, duration: null });
    expect(mOne).toMatchObject({ id: 71, listing_id: 12, inspected: true, hour: '10:30', duration: '01:15' });
    const [cList] = read('cleanings.list', { data: [{ ...X.CLEANING_OF_LIST, id: 80 }] });
    const [cOne] = read('cleanings.get', X.BODIES['cleanings.get']);
    expect(cList).toMatchObject({ inspected: false, time: '11:00', duration: '02:30' });
    expect(cOne).toMatchObject({ id: 81, inspected: true });
  });

  it('prices, availability and checks: 0/1 flags and booleans, integers for multi-unit', () => {
    const prices = read('prices.get', X.BODIES['prices.get']);
    expect(prices[0]).toMatchObject({ active: true, cta: false, ctd: true, price: 120 });
    expect(prices[1]).toMatchObject({ active: false, cta: true, ctd: false });
    const [avail] = read('availability.get', X.BODIES['availability.get']);
    expect(avail).toMatchObject({ listing_id: 12 });
    expect(read('availability.getMU', X.BODIES['availability.getMU'])[0]).toMatchObject({ category_id: 3 });
    expect(read('availability.check', X.BODIES['availability.check'])[0]).toEqual({ availability: true });
    expect(read('availability.checkMU', X.BODIES['availability.checkMU'])[0]).toEqual({ availability: 2 });
  });

  it('strings where numbers are meant (destinations, owners, costs) become numbers', () => {
    expect(read('destinations.list', X.BODIES['destinations.list'])[0]).toMatchObject({
      tourist_tax: 2.25,
      max_days: 31,
    });
    expect(read('owners.get', X.BODIES['owners.get'])[0]).toMatchObject({ id: 15, tourist_tax: 1.5 });
    expect(read('costs.list', X.BODIES['costs.list'])[0]).toMatchObject({ id: 9, owner_id: 15, amount: 120.4 });
    expect(read('costs.get', X.BODIES['costs.get'])[0]).toMatchObject({ id: 9 });
  });

  it('admins: YYYY/MM/DD birth dates and "true"/"false" strings', () => {
    const [on, off] = read('admins.list', X.BODIES['admins.list']);
    expect(on).toMatchObject({ date_of_birth: '1990-04-12', active: true });
    expect(off).toMatchObject({ active: false });
    // The admin table lists a password: the client never keeps it (no secrets in the cache).
    expect(on).not.toHaveProperty('password');
  });

  it('thread timestamps in ISO 8601 UTC with microseconds, incident date-times as written', () => {
    const [thread] = read('threads.ofBooking', X.BODIES['threads.ofBooking']);
    expect(thread!['created_at']).toBe('2026-05-02T09:14:00.123Z');
    expect((thread!['messages'] as Row[]).map((m) => m['thread_id'])).toEqual([5, null]);
    const [incident] = read('incidents.list', X.BODIES['incidents.list']);
    expect(incident).toMatchObject({ priority: 4, date: '2026-06-14 08:30:00' });
  });
});

// ── The simulator against the spec ──

let api: Api;
const answers = new Map<string, Answer>();
const WIDE = 'start_date=2024-01-01&end_date=2027-12-31';

async function ask(name: string, path: string): Promise<Row> {
  const a = await api.get(path);
  expect(a.status, `${name} ${path}: ${a.text.slice(0, 200)}`).toBe(200);
  answers.set(name, a);
  return a.json as Row;
}
const first = (body: Row, key = 'data'): Row => (body[key] as Row[])[0]!;

/** The value under the spec's wrapper, after checking the wrapper is there. */
function unwrapped(name: keyof typeof WRAPPERS): unknown {
  const body = answers.get(name)!.json as Row;
  const w = WRAPPERS[name];
  if (w === 'none') return body;
  expect(Object.keys(body), `${name} wraps its value in ${w}`).toContain(w);
  return body[w];
}

function expectKeys(what: string, row: unknown, keys: readonly string[]): void {
  expect(row, what).toBeTypeOf('object');
  const missing = keys.filter((k) => !(k in (row as Row)));
  expect(missing, `${what} lacks fields the spec lists`).toEqual([]);
}

beforeAll(async () => {
  api = await connect({ seed: 5, listings: 12 });
  const listing = first(await ask('listings.list', '/listings'));
  const lid = listing['id'] as number;
  await ask('listings.get', `/listings/${lid}`);
  const photos = await ask('photos.list', `/photos?listing_id=${lid}`);
  await ask('photos.get', `/photos/${first(photos)['id'] as number}`);
  const rate = first(await ask('rates.list', `/rates?id=${lid}&type=property`));
  await ask('rates.get', `/rates/${rate['rate_id'] as number}`);
  await ask('prices.get', `/prices/${rate['rate_id'] as number}`);
  await ask('availability.get', `/availability?listing_id=${lid}`);
  await ask('availability.getMU', `/availabilityMU?listing_id=${lid}`);
  const window = `listing_id=${lid}&from=2026-07-01&to=2026-07-05&rate_id=${rate['rate_id'] as number}`;
  await ask('availability.check', `/checkavailability?${window}`);
  await ask('availability.checkMU', `/checkavailabilityMU?${window}`);
  await ask('blocks.list', `/blocks?${WIDE}`);
  const blocks = answers.get('blocks.list')!.json as { data: Row[] };
  if (blocks.data.length) await ask('blocks.get', `/blocks/${blocks.data[0]!['id'] as number}`);
  const bookings = (await ask('bookings.list', `/bookings?${WIDE}`))['data'] as Row[];
  // A booking with a message thread, so the thread shapes are seen.
  let bn = 0;
  for (const b of bookings) {
    bn = b['booking_number'] as number;
    if (((await ask('threads.ofBooking', `/threads/${bn}`))['data'] as Row[]).length) break;
  }
  await ask('bookings.get', `/bookings/${bn}`);
  const bundle = (await ask('customers.ofBooking', `/customers?booking_id=${bn}`))['data'] as Row;
  await ask('customers.get', `/customers/${(bundle['user'] as Row)['id'] as number}`);
  const guests = ((await ask('guests.ofBooking', `/customers/guests/${bn}`))['data'] as Row)['guests'] as Row[];
  if (guests.length) await ask('guests.get', `/guests/${guests[0]!['id'] as number}`);
  await ask('incidents.list', `/incidents?${WIDE}`);
  const task = first(await ask('maintenance.list', `/mainteance?${WIDE}`));
  await ask('maintenance.get', `/mainteance/${task['id'] as number}`);
  const cleaning = first(await ask('cleanings.list', `/cleanings?${WIDE}`));
  await ask('cleanings.get', `/cleanings/${cleaning['id'] as number}`);
  await ask('destinations.list', '/destinations');
  await ask('origins.list', '/origins');
  await ask('admins.get', `/admins/${first(await ask('admins.list', '/admins'))['id'] as number}`);
  await ask('owners.get', `/owner/${first(await ask('owners.list', '/owners'))['id'] as number}`);
  await ask('costs.get', `/costs/${first(await ask('costs.list', '/costs'))['id'] as number}`);
}, 60_000);
afterAll(async () => {
  await api.sim.close();
});

describe('the simulator answers in the shapes of the spec', () => {
  const manyOf = (name: keyof typeof WRAPPERS) => unwrapped(name) as Row[];
  const oneOf = (name: keyof typeof WRAPPERS) => unwrapped(name) as Row;

  it('listings: {data, links} with the state object; {Listings} with the state integer', () => {
    const body = answers.get('listings.list')!.json as Row;
    expect(body['links']).toHaveProperty('next');
    for (const l of manyOf('listings.list')) {
      expectKeys('a listing of the list', l, KEYS.listing);
      expect(l['state']).toMatchObject({ id: expect.any(Number) as number, nombre: expect.any(String) as string });
    }
    expectKeys('the single listing', oneOf('listings.get'), KEYS.listing);
    expect(oneOf('listings.get')['state']).toBeTypeOf('number');
  });

  it('photos, rates, prices and blocks carry the fields of their tables', () => {
    expectKeys('a photo', manyOf('photos.list')[0], KEYS.photo);
    expectKeys('the single photo', oneOf('photos.get'), KEYS.photo);
    expectKeys('a rate', manyOf('rates.list')[0], KEYS.rate);
    expectKeys('the single rate', oneOf('rates.get'), KEYS.rate);
    expectKeys('a price', manyOf('prices.get')[0], KEYS.price);
    expectKeys('a block', manyOf('blocks.list')[0], KEYS.block);
    if (answers.has('blocks.get')) expectKeys('the single block', oneOf('blocks.get'), KEYS.block);
  });

  it('availability: {data: {listing_id, rates}}, {category_id, availabilities}, {availability}', () => {
    expectKeys('availability', oneOf('availability.get'), ['listing_id', 'rates']);
    expectKeys('multi-unit availability', oneOf('availability.getMU'), ['category_id', 'availabilities']);
    expect(oneOf('availability.check')['availability']).toBeTypeOf('boolean');
    expect(oneOf('availability.checkMU')['availability']).toBeTypeOf('number');
  });

  it('bookings: the list fields; the single read adds created_at, updated_at and customers', () => {
    for (const b of manyOf('bookings.list').slice(0, 50)) expectKeys('a booking of the list', b, KEYS.bookingOfList);
    const single = oneOf('bookings.get');
    const listed = KEYS.bookingOfList.filter((k) => k !== 'listing_id');
    expectKeys('the single booking', single, [...listed, ...KEYS.bookingSingleAdds]);
    expect(single['checkin_completed']).toBeTypeOf('boolean');
    expect(single['created_at']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('customers and guests: {data: {user, guests}}, {data: {user}}, {data: {guest}}', () => {
    const bundle = oneOf('customers.ofBooking');
    expectKeys('the customer of a booking', bundle['user'], KEYS.customer);
    expectKeys('its customer type', (bundle['user'] as Row)['customer_type'], KEYS.customerType);
    for (const g of bundle['guests'] as Row[]) {
      expectKeys('a guest', g, KEYS.guest);
      expect(g['country']).toBeTypeOf('number');
    }
    expectKeys('a customer', oneOf('customers.get')['user'], KEYS.customer);
    expectKeys('guests of a booking', oneOf('guests.ofBooking'), ['user', 'guests']);
    if (answers.has('guests.get')) expectKeys('a guest', oneOf('guests.get')['guest'], KEYS.guest);
  });

  it('incidents, maintenance and cleaning carry the fields of their tables', () => {
    const incident = manyOf('incidents.list')[0];
    expectKeys('an incident', incident, KEYS.incident);
    expectKeys('an incident listing', (incident!['properties'] as Row[])[0], KEYS.incidentProperty);
    expect(incident!['date']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expectKeys('a maintenance task', manyOf('maintenance.list')[0], KEYS.maintenanceOfList);
    expectKeys('the single maintenance task', oneOf('maintenance.get'), [
      ...KEYS.maintenanceOfList,
      ...KEYS.maintenanceSingleAdds,
    ]);
    expectKeys('a cleaning task', manyOf('cleanings.list')[0], KEYS.cleaningOfList);
    expectKeys('the single cleaning task', oneOf('cleanings.get'), [
      ...KEYS.cleaningOfList,
      ...KEYS.cleaningSingleAdds,
    ]);
  });

  it('destinations, origins, admins, owners and costs: fields, and the forms the spec gives', () => {
    const destination = manyOf('destinations.list')[0];
    expectKeys('a destination', destination, KEYS.destination);
    expect(destination!['tourist_tax']).toBeTypeOf('string');
    expectKeys('an origin', manyOf('origins.list')[0], KEYS.origin);
    for (const a of [manyOf('admins.list')[0], oneOf('admins.get')]) {
      expectKeys('an admin', a, KEYS.admin);
      expect(['true', 'false']).toContain(a!['active']);
      expect(a!['date_of_birth']).toMatch(/^\d{4}\/\d\d\/\d\d$/);
    }
    for (const o of [manyOf('owners.list')[0], oneOf('owners.get')]) {
      expectKeys('an owner', o, KEYS.owner);
      expect(o!['id']).toBeTypeOf('string');
    }
    expectKeys('a cost of the list', manyOf('costs.list')[0], KEYS.costOfList);
    expectKeys('the single cost (the owner shape)', oneOf('costs.get'), KEYS.owner);
  });

  it('threads: {data: [thread with messages]}, ISO 8601 UTC timestamps with microseconds', () => {
    const threads = manyOf('threads.ofBooking');
    expect(threads.length).toBeGreaterThan(0);
    for (const t of threads) {
      expectKeys('a thread', t, KEYS.thread);
      expect(t['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      for (const m of t['messages'] as Row[]) expectKeys('a message', m, KEYS.message);
    }
  });

  it('every answer reads through the client like the examples do', () => {
    for (const [name, a] of answers) expect(read(name as EndpointName, a.json).length, name).toBeGreaterThan(0);
  });

  it('a request without a token: 401 {message: "Unauthenticated"}', async () => {
    const a = await api.call('GET', '/listings', undefined, { token: null });
    expect(a.status).toBe(401);
    expect((a.json as Row)['message']).toMatch(X.UNAUTHENTICATED);
  });
});
