// Listing pagination (per_page, opaque cursor, absolute links.next, filters
// kept across pages, per_page clamped to the maximum) and the default date
// windows (today … today + 1 year) of every window operation, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM } from '../config';
import { TODAY, connect, data, type Api } from './client';

type Row = Record<string, unknown>;
type Page = { data: Row[]; links: { next: string | null } };
let api: Api;
const YEAR_LATER = '2027-06-15';

beforeAll(async () => {
  api = await connect({ seed: 5, listings: 130 });
});
afterAll(async () => {
  await api.sim.close();
});

async function follow(first: string): Promise<{ pages: Row[][]; links: (string | null)[] }> {
  const pages: Row[][] = [];
  const links: (string | null)[] = [];
  let next: string | null = `${api.sim.url}/api/v1${first}`;
  while (next) {
    const res = await fetch(next, { headers: { Authorization: `Bearer ${api.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    pages.push(body.data);
    links.push(body.links.next);
    next = body.links.next;
    if (pages.length > 100) throw new Error('pagination does not end');
  }
  return { pages, links };
}

describe('listing pagination', () => {
  it('without per_page answers everything with links.next null', async () => {
    const body = (await api.get('/listings')).json as Page;
    expect(body.data).toHaveLength(130);
    expect(body.links).toEqual({ next: null });
  });

  it('per_page pages through every listing once, in order, with absolute next links', async () => {
    const { pages, links } = await follow('/listings?per_page=25');
    expect(pages.map((p) => p.length)).toEqual([25, 25, 25, 25, 25, 5]);
    const ids = pages.flat().map((l) => l['id'] as number);
    expect(new Set(ids).size).toBe(130);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const link of links.slice(0, -1)) expect(link).toMatch(new RegExp(`^${api.sim.url}/api/v1/listings\\?`));
    expect(links.at(-1)).toBeNull();
  });

  it('an exact multiple ends with next null on the last full page', async () => {
    const { pages } = await follow('/listings?per_page=65');
    expect(pages.map((p) => p.length)).toEqual([65, 65]);
  });

  it('clamps per_page to the maximum', async () => {
    const body = (await api.get('/listings?per_page=100000')).json as Page;
    expect(body.data).toHaveLength(SIM.perPageMax);
    expect(body.links.next).not.toBeNull();
  });

  it('keeps the filters on the next link', async () => {
    const all = data<Row[]>(await api.get('/listings'));
    const owner = all[0]!['owner_id'] as number;
    const city = all[0]!['city'] as string;
    const { pages } = await follow(`/listings?per_page=1&owner_id=${owner}`);
    const expected = all.filter((l) => l['owner_id'] === owner).map((l) => l['id']);
    expect(pages.flat().map((l) => l['id'])).toEqual(expected);
    const byCity = data<Row[]>(await api.get(`/listings?city=${encodeURIComponent(city.toUpperCase())}`));
    expect(byCity.length).toBe(all.filter((l) => l['city'] === city).length);
    expect(data<Row[]>(await api.get('/listings?country_id=82'))).toEqual([]);
  });

  it('a cursor is opaque but stable: the same link gives the same page', async () => {
    const first = (await api.get('/listings?per_page=10')).json as Page;
    const a = await fetch(first.links.next!, { headers: { Authorization: `Bearer ${api.token}` } });
    const b = await fetch(first.links.next!, { headers: { Authorization: `Bearer ${api.token}` } });
    expect(await a.json()).toEqual(await b.json());
  });
});

describe('default date windows: today … today + 1 year', () => {
  it.each([
    ['/bookings', 'start_date', 'end_date'],
    ['/cleanings', 'start_date', 'end_date'],
    ['/mainteance', 'start_date', 'end_date'],
    ['/incidents', 'start_date', 'end_date'],
    ['/blocks', 'start_date', 'end_date'],
  ])('%s without dates equals the explicit window', async (path, s, e) => {
    const implicit = (await api.get(path)).json;
    const explicit = (await api.get(`${path}?${s}=${TODAY}&${e}=${YEAR_LATER}`)).json;
    expect(implicit).toEqual(explicit);
    // Each end defaults on its own.
    expect((await api.get(`${path}?${s}=${TODAY}`)).json).toEqual(explicit);
    expect((await api.get(`${path}?${e}=${YEAR_LATER}`)).json).toEqual(explicit);
  });

  it('the booking window holds stays that overlap it, not only arrivals inside it', async () => {
    const rows = data<Row[]>(await api.get('/bookings'));
    expect(rows.some((b) => (b['start_date'] as string) < TODAY && (b['end_date'] as string) >= TODAY)).toBe(true);
    expect(rows.every((b) => (b['end_date'] as string) >= TODAY && (b['start_date'] as string) <= YEAR_LATER)).toBe(
      true,
    );
    const past = data<Row[]>(await api.get('/bookings?start_date=2025-01-01&end_date=2025-01-31'));
    expect(past.length).toBeGreaterThan(0);
  });

  it('task windows hold tasks dated inside them', async () => {
    const rows = data<Row[]>(await api.get('/cleanings?start_date=2026-07-01&end_date=2026-07-07'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((c) => (c['date'] as string) >= '2026-07-01' && (c['date'] as string) <= '2026-07-07')).toBe(
      true,
    );
  });

  it('availability, MU availability and prices default to the same year, one record per day', async () => {
    const listings = data<Row[]>(await api.get('/listings'));
    const single = listings.find((l) => Number(l['mu']) === 0)!['id'] as number;
    const multi = listings.find((l) => Number(l['mu']) === 1)!['id'] as number;
    const av = data(await api.get(`/availability?listing_id=${single}`));
    const dates = (av['rates'] as { dates: { date: string }[] }[])[0]!.dates;
    expect(dates).toHaveLength(366);
    expect([dates[0]!.date, dates.at(-1)!.date]).toEqual([TODAY, YEAR_LATER]);
    const mu = (await api.get(`/availabilityMU?listing_id=${multi}`)).json as { availabilities: { date: string }[] };
    expect(mu.availabilities).toHaveLength(366);
    const rate = data<Row[]>(await api.get(`/rates?id=${single}`))[0]!['rate_id'] as number;
    const prices = data<Row[]>(await api.get(`/prices/${rate}`));
    expect(prices[0]!['date']).toBe(TODAY);
    expect(prices.length).toBeGreaterThan(360);
    const check = (await api.get(`/checkavailabilityMU?listing_id=${multi}`)).json as Row;
    expect(Number.isInteger(check['availability'])).toBe(true);
  });
});
