// The documented error statuses over HTTP: 401 with the spec's body, 400 for
// malformed parameters and bodies, 403 for records of another host (the
// operations whose spec rows list it), 404 for unknown ids and paths, 405 for a
// wrong method, 422 with {message, errors: {field: [..]}} for invalid writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM } from '../config';
import { basic, connect, data, type Api } from './client';

type Row = Record<string, unknown>;
let api: Api;
let listingId: number;
let bookingId: number;
const FOREIGN = SIM.foreignIds.from + 1;
const MISSING = 8_888_888;

beforeAll(async () => {
  api = await connect({ seed: 3, listings: 40 });
  // A single-unit listing, so a second stay on the same nights cannot fit.
  listingId = data<Row[]>(await api.get('/listings')).find((l) => Number(l['mu']) === 0)!['id'] as number;
  bookingId = data<Row[]>(await api.get(`/bookings?listing_id=${listingId}`)).find((b) => b['state'] === 3)![
    'booking_number'
  ] as number;
});
afterAll(async () => {
  await api.sim.close();
});

describe('401 Unauthenticated', () => {
  it('answers every bearer operation without a valid token with the documented body', async () => {
    for (const token of [null, 'not-a-token', '']) {
      for (const path of [
        '/listings',
        '/photos/1',
        '/admins',
        '/owner/1',
        '/costs',
        `/threads/${bookingId}`,
        '/cleanings',
      ]) {
        const a = await api.call('GET', path, undefined, { token });
        expect(a.status).toBe(401);
        expect(a.json).toEqual({ message: 'Unauthenticated.' });
      }
    }
    const put = await api.call('PUT', `/cleaning/1`, { notes: 'x' }, { token: null });
    expect(put.status).toBe(401);
  });
  it('refuses a login with wrong or missing credentials, and Basic on a bearer route', async () => {
    for (const auth of [basic('demo', 'wrong'), basic('nobody', 'demo'), 'Basic !!!', undefined]) {
      const res = await fetch(`${api.sim.url}/api/v1/login`, {
        method: 'POST',
        headers: auth ? { Authorization: auth } : {},
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const res = await fetch(`${api.sim.url}/api/v1/listings`, { headers: { Authorization: basic('demo', 'demo') } });
    expect(res.status).toBe(401);
  });
});

describe('400 Bad request', () => {
  it('rejects malformed dates, ids and paging parameters', async () => {
    const bad = [
      '/bookings?start_date=2026-02-30',
      '/bookings?end_date=tomorrow',
      '/cleanings?listing_id=abc',
      '/mainteance?start_date=2026/06/01',
      '/incidents?listing_id=-3',
      '/blocks?start_date=2026-07-01&end_date=2026-06-01',
      '/listings?per_page=0',
      '/listings?per_page=ten',
      '/listings?cursor=garbage',
      '/listings?owner_id=1.5',
      '/photos',
      '/photos?listing_id=x',
      '/photos/abc',
      '/availability',
      `/availability?listing_id=${listingId}&from=2026-13-01`,
      `/checkavailability?listing_id=${listingId}`,
      `/checkavailability?listing_id=${listingId}&from=2026-07-05&to=2026-07-05`,
      `/availabilityMU?listing_id=${listingId}&from=2026-01-01&to=2031-01-01`,
      '/rates?type=hotel',
      '/rates/0',
      '/customers',
      '/costs?owner_id=x',
    ];
    for (const path of bad) {
      const a = await api.get(path);
      expect(a.status, path).toBe(400);
      expect(typeof (a.json as Row)['message'], path).toBe('string');
    }
  });
  it.each([
    ['DELETE', '/photos/abc'],
    ['GET', '/prices/x1'],
    ['GET', '/blocks/abc'],
    ['DELETE', '/blocks/1.5'],
    ['GET', '/rates/-2'],
    ['GET', '/bookings/12abc'],
  ])('rejects the malformed path id of %s %s', async (method, path) => {
    expect((await api.call(method, path)).status).toBe(400);
  });
  it('rejects a body that is not JSON', async () => {
    const a = await api.call('PUT', `/bookings/${bookingId}`, '{"notes": "unterminated');
    expect(a.status).toBe(400);
    expect(api.sim.mutations().at(-1)).toMatchObject({ endpoint: 'bookings.update', result: 'rejected' });
  });
});

describe('403 Forbidden (ids of another host) on the operations that list it', () => {
  it.each([
    ['DELETE', `/photos/${FOREIGN}`],
    ['GET', `/rates?id=${FOREIGN}`],
    ['GET', `/rates/${FOREIGN}`],
    ['GET', `/prices/${FOREIGN}`],
    ['GET', `/availability?listing_id=${FOREIGN}`],
    ['GET', `/availabilityMU?listing_id=${FOREIGN}`],
    ['GET', `/checkavailability?listing_id=${FOREIGN}&from=2026-07-01&to=2026-07-03`],
    ['GET', `/checkavailabilityMU?listing_id=${FOREIGN}`],
    ['GET', `/blocks/${FOREIGN}`],
    ['GET', `/blocks?listing_id=${FOREIGN}`],
    ['DELETE', `/blocks/${FOREIGN}`],
  ])('%s %s', async (method, path) => {
    const a = await api.call(method, path);
    expect(a.status).toBe(403);
    expect((a.json as Row)['message']).toMatch(/unauthorized/i);
  });
  it('a foreign id on an operation without 403 is simply not found', async () => {
    expect((await api.get(`/listings/${FOREIGN}`)).status).toBe(404);
  });
});

describe('404 Not found', () => {
  it.each([
    ['GET', `/listings/${MISSING}`],
    ['GET', `/photos/${MISSING}`],
    ['DELETE', `/photos/${MISSING}`],
    ['GET', `/rates/${MISSING}`],
    ['GET', `/rates?id=${MISSING}&type=category`],
    ['GET', `/prices/${MISSING}`],
    ['GET', `/availability?listing_id=${MISSING}`],
    ['GET', `/availabilityMU?listing_id=${MISSING}`],
    ['GET', `/checkavailabilityMU?listing_id=${MISSING}`],
    ['GET', `/blocks/${MISSING}`],
    ['GET', `/blocks?listing_id=${MISSING}`],
    ['DELETE', `/blocks/${MISSING}`],
    ['GET', `/bookings/${MISSING}`],
    ['GET', `/customers?booking_id=${MISSING}`],
    ['GET', `/customers/${MISSING}`],
    ['GET', `/customers/guests/${MISSING}`],
    ['GET', `/guests/${MISSING}`],
    ['DELETE', `/incidences/${MISSING}`],
    ['GET', `/mainteance/${MISSING}`],
    ['DELETE', `/mainteance/${MISSING}`],
    ['GET', `/cleanings/${MISSING}`],
    ['DELETE', `/cleaning/${MISSING}`],
    ['GET', `/destinations/${MISSING}`],
    ['GET', `/admins/${MISSING}`],
    ['GET', `/owner/${MISSING}`],
    ['GET', `/costs/${MISSING}`],
    ['GET', `/threads/${MISSING}`],
    ['GET', '/no-such-thing'],
  ])('%s %s', async (method, path) => {
    expect((await api.call(method, path)).status).toBe(404);
  });
  it('updates of unknown ids are 404 and logged as rejected', async () => {
    const a = await api.call('PUT', `/cleaning/${MISSING}`, { notes: 'x' });
    expect(a.status).toBe(404);
    expect(api.sim.mutations().at(-1)).toMatchObject({ endpoint: 'cleanings.update', id: MISSING, result: 'rejected' });
  });
  it('a known path with the wrong method is 405', async () => {
    expect((await api.call('POST', `/listings/${listingId}`, {})).status).toBe(405);
    expect((await api.call('GET', '/threads')).status).toBe(405);
  });
});

describe('422 validation errors carry {message, errors: {field: [..]}}', () => {
  const cases: [string, string, unknown, string][] = [
    ['PUT', '/bookings/{b}', { status: 'cancelled' }, 'status'],
    ['PUT', '/bookings/{b}', { status: 'confirm' }, 'status'],
    ['PUT', '/bookings/{b}', { adults: -1 }, 'adults'],
    ['PUT', '/bookings/{b}', { adults: 99 }, 'adults'],
    ['PUT', '/bookings/{b}', { start_date: '2026-07-10', end_date: '2026-07-01' }, 'end_date'],
    ['PUT', '/bookings/{b}', { arrival_time: '25:00' }, 'arrival_time'],
    ['PUT', '/bookings/{b}', { colour: 'blue' }, '_'],
    ['POST', '/guests', { id: 1, guest: { lastname: 'Sin Nombre' } }, 'guest.name'],
    ['POST', '/guests', { id: MISSING, guest: { name: 'A', lastname: 'B' } }, 'id'],
    ['POST', '/threads', { thread_id: MISSING, message: 'Hola' }, 'thread_id'],
    ['POST', '/threads', { thread_id: 1, message: '   ' }, 'message'],
    [
      'POST',
      '/blocks',
      { listing_id: '{l}', block_type: 3, start_date: '2026-07-01', end_date: '2026-07-02', reason: '' },
      'block_type',
    ],
    [
      'POST',
      '/blocks',
      { listing_id: String(MISSING), block_type: 1, start_date: '2026-07-01', end_date: '2026-07-02', reason: '' },
      'listing_id',
    ],
    ['PUT', '/customers/{c}', { nationality: 9999 }, 'nationality'],
    ['PUT', '/customers/{c}', { sex: 'X' }, 'sex'],
    ['PUT', '/prices/{r}', { dates: [{ price: 10 }] }, 'dates.0.date'],
    ['POST', '/photos', { listing_id: '{n}', image: 'aGVsbG8=', type: 'internal' }, 'image'],
  ];
  it.each(cases)('%s %s %j → 422 on %s', async (method, pathTemplate, bodyTemplate, field) => {
    const booking = data(await api.get(`/bookings/${bookingId}`));
    const rate = data<Row[]>(await api.get(`/rates?id=${listingId}`))[0]!['rate_id'] as number;
    const fill = (s: string) =>
      s
        .replace('{b}', String(bookingId))
        .replace('{c}', String(booking['customer_id']))
        .replace('{r}', String(rate))
        .replace('{l}', String(listingId));
    const body = JSON.parse(fill(JSON.stringify(bodyTemplate)).replace('"{n}"', String(listingId))) as unknown;
    const a = await api.call(method, fill(pathTemplate), body);
    expect(a.status, a.text).toBe(422);
    const json = a.json as { message: string; errors: Record<string, string[]> };
    expect(typeof json.message).toBe('string');
    expect(Object.keys(json.errors)).toContain(field);
    expect(json.errors[field]!.length).toBeGreaterThan(0);
  });
  it('a rejected update changes nothing', async () => {
    const before = data(await api.get(`/bookings/${bookingId}`));
    await api.call('PUT', `/bookings/${bookingId}`, { notes: 'x', status: 'cancelled' });
    expect(data(await api.get(`/bookings/${bookingId}`))).toEqual(before);
  });
  it('a booking that does not fit the calendar is refused', async () => {
    const b = data(await api.get(`/bookings/${bookingId}`));
    const a = await api.call('POST', '/bookings', {
      listing_id: b['listing_id'],
      start_date: b['start_date'],
      end_date: b['end_date'],
      adults: 1,
      customer: { name: 'Doble', surname: 'Reserva' },
    });
    expect(a.status).toBe(422);
    expect((a.json as { errors: Row }).errors).toHaveProperty('start_date');
  });
});
