// Every record of the demo business, fetched over HTTP, parses with the shared
// read schema of its endpoint; and every documented wire variant really occurs
// (both forms of each two-typed field), so a client that handles only one form
// fails against the simulator exactly as it would against the real API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../shared/api/endpoints';
import { connect, type Answer, type Api } from './client';
import { expectShape } from './shapes';

type Row = Record<string, unknown>;
let api: Api;
const raw: Record<string, Row[]> = {};
const WIDE = 'start_date=2024-01-01&end_date=2027-12-31';

async function sweep(name: EndpointName, path: string, pick?: (a: Answer) => Row[]): Promise<Row[]> {
  const a = await api.get(path);
  expectShape(name, a);
  const rows = pick ? pick(a) : ((a.json as { data: Row[] | Row }).data as Row[]);
  const list = Array.isArray(rows) ? rows : [rows];
  (raw[name] ??= []).push(...list);
  return list;
}

beforeAll(async () => {
  api = await connect({ seed: 11, listings: 40 });
  const listings = await sweep('listings.list', '/listings');
  for (const l of listings) {
    const id = l['id'] as number;
    await sweep('listings.get', `/listings/${id}`, (a) => [(a.json as { Listings: Row }).Listings]);
    await sweep('photos.list', `/photos?listing_id=${id}`);
    const rates = await sweep('rates.list', `/rates?id=${id}&type=property`);
    for (const r of rates) await sweep('prices.get', `/prices/${r['rate_id'] as number}`);
    await sweep('blocks.list', `/blocks?listing_id=${id}&${WIDE}`);
    await sweep('cleanings.list', `/cleanings?listing_id=${id}&${WIDE}`);
    await sweep('maintenance.list', `/mainteance?listing_id=${id}&${WIDE}`);
    await sweep('incidents.list', `/incidents?listing_id=${id}&${WIDE}`);
    await sweep('availability.get', `/availability?listing_id=${id}`, (a) => [(a.json as { data: Row }).data]);
    await sweep('availability.getMU', `/availabilityMU?listing_id=${id}`, (a) => [a.json as Row]);
  }
  const bookings = await sweep('bookings.list', `/bookings?${WIDE}`);
  // Single reads of a spread of bookings (every 20th), with their customers and threads.
  for (const b of bookings.filter((_, i) => i % 20 === 0)) {
    const id = b['booking_number'] as number;
    await sweep('bookings.get', `/bookings/${id}`, (a) => [(a.json as { data: Row }).data]);
    await sweep('customers.ofBooking', `/customers?booking_id=${id}`, (a) => [(a.json as { data: Row }).data]);
    await sweep('threads.ofBooking', `/threads/${id}`);
  }
  for (const [list, get, path] of [
    ['admins.list', 'admins.get', '/admins'],
    ['owners.list', 'owners.get', '/owner'],
    ['costs.list', 'costs.get', '/costs'],
    ['destinations.list', 'destinations.get', '/destinations'],
  ] as const) {
    const rows = await sweep(list, list === 'owners.list' ? '/owners' : path);
    for (const r of rows) await sweep(get, `${path}/${r['id'] as number}`, (a) => [a.json as Row]);
  }
  await sweep('origins.list', '/origins');
}, 60_000);
afterAll(async () => {
  await api.sim.close();
});

const forms = (rows: Row[] | undefined, key: string) => new Set((rows ?? []).map((r) => typeof r[key]));

describe('the whole demo business is readable and realistic', () => {
  it('served thousands of records, all parsed by the shared read schemas', () => {
    const total = Object.values(raw).reduce((n, rows) => n + rows.length, 0);
    expect(total).toBeGreaterThan(5000);
    expect(raw['bookings.list']!.length).toBeGreaterThan(2000);
  });

  it('has every booking status, block type and incident priority, and cleaning on departure days', () => {
    expect(new Set(raw['bookings.list']!.map((b) => b['state']))).toEqual(new Set([1, 2, 3, 4, 5, 6, 8, 9]));
    const blockTypes = new Set(raw['blocks.list']!.map((b) => b['block_type']));
    for (const t of [1, 2, 4]) expect(blockTypes).toContain(t);
    expect(new Set(raw['incidents.list']!.map((i) => i['priority']))).toEqual(new Set([1, 2, 3, 4]));
    const ends = new Map(raw['bookings.list']!.map((b) => [b['booking_number'], b['end_date']]));
    const cleanings = raw['cleanings.list']!;
    expect(cleanings.length).toBeGreaterThan(100);
    expect(cleanings.every((c) => ends.get(c['booking_id']) === c['date'])).toBe(true);
    expect(new Set(raw['maintenance.list']!.map((m) => m['type']))).toEqual(new Set([0, 1]));
  });

  it('listing state is {id, nombre} in the list and an integer in the single read', () => {
    expect(raw['listings.list']!.every((l) => typeof l['state'] === 'object')).toBe(true);
    expect(raw['listings.get']!.every((l) => typeof l['state'] === 'number')).toBe(true);
  });

  it('two-typed fields arrive in both forms', () => {
    expect(forms(raw['listings.list'], 'mu')).toEqual(new Set(['number', 'string']));
    expect(forms(raw['listings.list'], 'longstay')).toEqual(new Set(['number', 'string']));
    expect(forms(raw['bookings.list'], 'tourist_tax')).toEqual(new Set(['number', 'string']));
    expect(forms(raw['bookings.list'], 'checkin_completed')).toEqual(new Set(['boolean', 'string']));
    expect(forms(raw['bookings.list'], 'key_numbers')).toEqual(new Set(['number', 'string']));
    expect(forms(raw['cleanings.list'], 'inspected')).toEqual(new Set(['number', 'boolean']));
    expect(forms(raw['maintenance.list'], 'inspected')).toEqual(new Set(['number', 'boolean']));
    const times = new Set(raw['bookings.list']!.map((b) => String(b['arrival_time']).length));
    expect(times).toEqual(new Set([5, 8]));
  });

  it('multi-unit listings exist and answer integer counts above one', () => {
    const mu = raw['availability.getMU']!.filter((a) =>
      (a['availabilities'] as { availability: number }[]).some((d) => d.availability > 1),
    );
    expect(mu.length).toBeGreaterThan(0);
  });

  it('rates carry increments as strings and some have policies; owners and destinations use strings', () => {
    const rates = raw['rates.list']!;
    const inc = rates.find((r) => Array.isArray(r['increment_by_person']));
    expect((inc!['increment_by_person'] as Row[])[0]!['maximum_people']).toBeTypeOf('string');
    expect(rates.some((r) => 'policy' in r)).toBe(true);
    expect(rates.some((r) => !('policy' in r))).toBe(true);
    expect(raw['owners.list']!.every((o) => typeof o['id'] === 'string' && typeof o['tourist_tax'] === 'string')).toBe(
      true,
    );
    expect(raw['destinations.list']!.every((d) => typeof d['tourist_tax'] === 'string')).toBe(true);
    expect(raw['admins.list']!.every((a) => a['active'] === 'true' || a['active'] === 'false')).toBe(true);
  });

  it('guests carry documents and nationalities; customers carry country names', () => {
    const bundles = raw['customers.ofBooking']! as { user: Row | null; guests: Row[] }[];
    const guests = bundles.flatMap((b) => b.guests);
    expect(guests.length).toBeGreaterThan(20);
    expect(new Set(guests.map((g) => g['document_type'])).size).toBeGreaterThan(2);
    expect(guests.every((g) => g['country'] === null || typeof g['country'] === 'number')).toBe(true);
    expect(new Set(bundles.map((b) => b.user?.['nationality'])).size).toBeGreaterThan(3);
    expect(bundles.every((b) => b.user === null || typeof b.user['country'] !== 'number')).toBe(true);
  });

  it('thread timestamps are ISO with microseconds and some messages have a null thread_id', () => {
    const threads = raw['threads.ofBooking']!;
    expect(threads.length).toBeGreaterThan(0);
    expect(String(threads[0]!['created_at'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const messages = threads.flatMap((t) => t['messages'] as Row[]);
    expect(messages.some((m) => m['thread_id'] === null)).toBe(true);
    expect(messages.some((m) => typeof m['thread_id'] === 'number')).toBe(true);
  });
});
