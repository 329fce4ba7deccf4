import { describe, expect, it } from 'vitest';
import { localIdIn } from './local-ids';

describe('a local id in a request', () => {
  it('is found in the path, an id query parameter or an id field of the body', () => {
    expect(localIdIn({ path: '/api/v1/bookings/-1' })).toBe('path /api/v1/bookings/-1');
    expect(localIdIn({ path: '/api/v1/customers/guests/-12' })).toBe('path /api/v1/customers/guests/-12');
    expect(localIdIn({ path: '/api/v1/photos?listing_id=-3' })).toBe('query listing_id=-3');
    expect(localIdIn({ path: '/api/v1/customers?booking_id=-7&x=1' })).toBe('query booking_id=-7');
    expect(localIdIn({ path: '/api/v1/guests', body: { id: -4, guest: { name: 'Ana' } } })).toBe('body id');
    expect(localIdIn({ path: '/api/v1/costs', body: { owner_id: '-2', amount: 10 } })).toBe('body owner_id');
    expect(localIdIn({ path: '/api/v1/x', body: { lines: [{ concept_id: 3 }, { listing_ids: [5, -9] }] } })).toBe(
      'body lines.1.listing_ids.1',
    );
  });

  it('is not any negative number: amounts, dates and server ids pass', () => {
    expect(localIdIn({ path: '/api/v1/bookings/108562' })).toBeNull();
    expect(localIdIn({ path: '/api/v1/bookings?start_date=2026-01-01&end_date=2026-02-01' })).toBeNull();
    expect(localIdIn({ path: '/api/v1/bookings', body: { prepaid: -50, listing_id: 12, notes: '-1' } })).toBeNull();
    expect(localIdIn({ path: '/api/v1/prices/4', body: { dates: [{ price: -1 }] } })).toBeNull();
    expect(localIdIn({ path: '/api/v1/guests', body: { guest: { number_id: 'X-1' } } })).toBeNull();
  });
});
