// The endpoint table is complete (66 operations), keeps the spec's quirks,
// marks every "not shown" choice, and its path helpers round-trip.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath, endpoint, matchEndpoint, type Endpoint } from './endpoints';

const byGroup = (prefix: string) => ENDPOINTS.filter((e) => e.name.startsWith(prefix)).length;

describe('endpoint table', () => {
  it('has the 66 operations of the spec, each named once', () => {
    expect(ENDPOINTS).toHaveLength(66);
    expect(new Set(ENDPOINTS.map((e) => e.name)).size).toBe(66);
    expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(66);
  });

  it('counts per group as the spec lists them', () => {
    expect({
      login: byGroup('auth.'),
      listings: byGroup('listings.'),
      photos: byGroup('photos.'),
      ratesAndPrices: byGroup('rates.') + byGroup('prices.'),
      availability: byGroup('availability.'),
      blocks: byGroup('blocks.'),
      bookings: byGroup('bookings.'),
      customersGuests: byGroup('customers.') + byGroup('guests.'),
      customerTypes: byGroup('customerTypes.'),
      incidents: byGroup('incidents.'),
      maintenance: byGroup('maintenance.'),
      cleaning: byGroup('cleanings.'),
      destinations: byGroup('destinations.'),
      origins: byGroup('origins.'),
      admins: byGroup('admins.'),
      owners: byGroup('owners.'),
      costs: byGroup('costs.'),
      threads: byGroup('threads.'),
    }).toEqual({
      login: 1,
      listings: 4,
      photos: 5,
      ratesAndPrices: 5,
      availability: 4,
      blocks: 5,
      bookings: 4,
      customersGuests: 7,
      customerTypes: 1,
      incidents: 3,
      maintenance: 4,
      cleaning: 4,
      destinations: 4,
      origins: 1,
      admins: 4,
      owners: 4,
      costs: 4,
      threads: 2,
    });
  });

  it('keeps the spec’s path quirks', () => {
    expect(endpoint('maintenance.list').path).toBe('/mainteance');
    expect(endpoint('incidents.list').path).toBe('/incidents');
    expect(endpoint('incidents.update').path).toBe('/incidences/{id}');
    expect(endpoint('incidents.delete').path).toBe('/incidences/{id}');
    expect(endpoint('cleanings.list').path).toBe('/cleanings');
    expect(endpoint('cleanings.get').path).toBe('/cleanings/{id}');
    expect(endpoint('cleanings.update').path).toBe('/cleaning/{id}');
    expect(endpoint('cleanings.delete').path).toBe('/cleaning/{id}');
    expect(endpoint('owners.get').path).toBe('/owner/{id}');
    expect(endpoint('customerTypes.list').path).toBe('/customersTypes');
  });

  it('documents the wrappers the spec shows', () => {
    expect(endpoint('listings.get').response.wrapper).toBe('Listings');
    expect(endpoint('admins.get').response.wrapper).toBe('User');
    expect(endpoint('owners.get').response.wrapper).toBe('none');
    expect(endpoint('costs.get').response.wrapper).toBe('none');
    expect(endpoint('availability.getMU').response.wrapper).toBe('none');
  });

  it('uses the spec’s methods and marks every conventional choice', () => {
    expect(endpoint('bookings.update').method).toBe('PUT');
    expect(endpoint('auth.login')).toMatchObject({ method: 'POST', auth: 'basic' });
    for (const e of ENDPOINTS as readonly Endpoint[]) {
      if (e.name === 'auth.login') continue;
      expect(e.auth).toBe('bearer');
      if (e.method === 'GET') expect(e.body).toBeUndefined();
      if (e.method === 'DELETE') expect(e.response.shape).toBe('nothing');
      // Every write other than the booking update has a method the spec does not show.
      if ((e.method === 'POST' || e.method === 'PUT') && e.name !== 'bookings.update') {
        expect(e.body, e.name).toBeDefined();
        expect((e.assumed ?? []).join(' '), e.name).toMatch(/method not shown/);
      }
    }
    expect(endpoint('photos.create').path).toBe('/photos');
    expect(endpoint('destinations.get').path).toBe('/destinations/{id}');
    expect(endpoint('admins.create').path).toBe('/admins');
  });

  it('names are checked at compile time', () => {
    // @ts-expect-error — not an endpoint name: a typo must not compile.
    expect(() => endpoint('cleanings.updat').path).toThrow();
  });

  it('builds paths with ids and only defined query values', () => {
    expect(buildPath(endpoint('cleanings.update'), { id: 7 })).toBe('/api/v1/cleaning/7');
    expect(
      buildPath(endpoint('bookings.list'), {}, { listing_id: 2, start_date: '2026-11-21', end_date: undefined }),
    ).toBe('/api/v1/bookings?listing_id=2&start_date=2026-11-21');
    expect(() => buildPath(endpoint('blocks.get'))).toThrow(/needs an id/);
  });

  it('matches every endpoint from its own path, and nothing else', () => {
    for (const e of ENDPOINTS) {
      const path = buildPath(e, { id: 42 });
      const m = matchEndpoint(e.method, path);
      expect(m?.endpoint.name, `${e.method} ${path}`).toBe(e.name);
      if (e.path.includes('{id}')) expect(m?.id).toBe('42');
    }
    expect(matchEndpoint('GET', '/api/v1/customers/guests/5')?.endpoint.name).toBe('guests.ofBooking');
    expect(matchEndpoint('GET', '/api/v1/customers/5')?.endpoint.name).toBe('customers.get');
    expect(matchEndpoint('GET', '/api/v1/nope')).toBeNull();
    expect(matchEndpoint('PATCH', '/api/v1/cleaning/1')).toBeNull();
    expect(matchEndpoint('GET', '/api/v2/listings')).toBeNull();
  });
});
