// Read schemas accept every documented variant and normalise it to one domain
// form; junk is rejected with errors a person can read.
import { describe, expect, it } from 'vitest';
import { bookingRead, customerBundleRead, customerRead, guestRead } from './bookings';
import {
  availabilityMURead,
  availabilityRead,
  blockCreate,
  blockRead,
  listingRead,
  priceRead,
  rateRead,
} from './listings';
import { adminRead, destinationRead, messageRead, originRead, ownerRead, threadRead } from './organisation';
import { date, dateTime, flag, numLike, timeOrNull } from './primitives';
import { cleaningRead, incidentRead, maintenanceRead } from './tasks';
import { parseWith } from './validation';

const listingBase = {
  id: 12,
  active: 1,
  name: 'Casa Azul',
  destination: 3,
  street: 'Calle Mayor 1',
  city: 'Málaga',
  country: 73,
  zipcode: '29001',
  lat: 36.7,
  lng: -4.4,
  person_capacity: 4,
  description: 'Bright flat',
  fees: [1, 2],
  services: [77, 87],
  rooms: { '1': [{ type: 'Double', num_beds: 1 }] },
};

describe('listing read', () => {
  it('normalises state given as {id, nombre} (list) and as an integer (get) to the same id', () => {
    const fromList = listingRead.parse({ ...listingBase, state: { id: 33, nombre: 'Malaga' }, mu: '1', longstay: '0' });
    const fromGet = listingRead.parse({ ...listingBase, state: 33, mu: 1, longstay: 0 });
    expect(fromList.state).toBe(33);
    expect(fromGet.state).toBe(33);
    expect(fromList.state_name).toBe('Malaga');
    expect(fromList.mu).toBe(true);
    expect(fromGet.mu).toBe(true);
    expect(fromList.longstay).toBe(false);
  });

  it('keeps unknown extra fields instead of rejecting the record', () => {
    const l = listingRead.parse({ ...listingBase, state: 1, brand_new_field: { x: 1 } }) as Record<string, unknown>;
    expect(l['brand_new_field']).toEqual({ x: 1 });
  });

  it('accepts tourist_tax as a number or a numeric string (with a decimal comma too)', () => {
    expect(listingRead.parse({ ...listingBase, state: 1, tourist_tax: '1.50' }).tourist_tax).toBe(1.5);
    expect(listingRead.parse({ ...listingBase, state: 1, tourist_tax: '2,25' }).tourist_tax).toBe(2.25);
    expect(listingRead.parse({ ...listingBase, state: 1, tourist_tax: 3 }).tourist_tax).toBe(3);
  });

  it('reads times HH:MM:SS as HH:MM and empty times as null', () => {
    const l = listingRead.parse({ ...listingBase, state: 1, checkinfrom: '15:00:00', checkinto: '', checkout: null });
    expect(l.checkinfrom).toBe('15:00');
    expect(l.checkinto).toBeNull();
    expect(l.checkout).toBeNull();
  });

  it('reads a language object description as text', () => {
    expect(listingRead.parse({ ...listingBase, state: 1, description: { es: 'Hola', en: 'Hello' } }).description).toBe(
      'Hello',
    );
  });

  it('rejects junk with a readable message naming the field', () => {
    const r = parseWith(listingRead, { ...listingBase, id: 'abc', state: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^id: /);
    expect(parseWith(listingRead, 'not an object').ok).toBe(false);
    expect(parseWith(listingRead, null).ok).toBe(false);
  });
});

describe('primitives', () => {
  it.each([
    [0, false],
    [1, true],
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['TRUE', true],
  ])('flag %j → %j', (input, out) => {
    expect(flag.parse(input)).toBe(out);
  });

  it('rejects flags that are not flags', () => {
    expect(flag.safeParse(2).success).toBe(false);
    expect(flag.safeParse('maybe').success).toBe(false);
  });

  it('reads the four date/time formats', () => {
    expect(date.parse('2026-11-21')).toBe('2026-11-21');
    expect(date.parse('1980/02/29')).toBe('1980-02-29'); // admin birth date format
    expect(dateTime.parse('2026-11-21 08:30:00')).toBe('2026-11-21 08:30:00');
    expect(dateTime.parse('2026-11-21T08:30:00.123456Z')).toBe('2026-11-21T08:30:00.123Z');
    expect(timeOrNull.parse('09:05:00')).toBe('09:05');
    expect(timeOrNull.parse('9:05')).toBe('09:05');
  });

  it('rejects impossible dates and times', () => {
    expect(date.safeParse('2026-02-30').success).toBe(false);
    expect(date.safeParse('2026-13-01').success).toBe(false);
    expect(date.safeParse('yesterday').success).toBe(false);
    expect(timeOrNull.safeParse('25:00').success).toBe(false);
    expect(dateTime.safeParse('2026-11-21 8h').success).toBe(false);
  });

  it('reads numbers given as strings and rejects words', () => {
    expect(numLike.parse('-12.5')).toBe(-12.5);
    expect(numLike.safeParse('twelve').success).toBe(false);
    expect(numLike.safeParse(Number.NaN).success).toBe(false);
  });
});

describe('tasks read', () => {
  it('cleaning inspected as integer or boolean → boolean', () => {
    const base = {
      id: 1,
      listing_id: 2,
      status: 0,
      date: '2026-11-21',
      time: '11:00',
      duration: '02:00',
      booking_id: 9,
      notes: '',
    };
    expect(cleaningRead.parse({ ...base, inspected: 1 }).inspected).toBe(true);
    expect(cleaningRead.parse({ ...base, inspected: false }).inspected).toBe(false);
  });

  it('maintenance with empty hour and duration, inspected true', () => {
    const m = maintenanceRead.parse({
      id: 4,
      listing_id: 2,
      booking_id: 9,
      type: 1,
      date: '2026-11-21',
      hour: '',
      inspected: true,
      inspection_date: null,
      duration: '',
      start: null,
      end: null,
      pending: 1,
      notes: 'leak',
    });
    expect(m).toMatchObject({ hour: null, duration: null, inspected: true, inspection_date: null });
  });

  it('incident with date-time and properties', () => {
    const i = incidentRead.parse({
      id: 7,
      priority: 4,
      date: '2026-11-21 10:00:00',
      subtitle: null,
      note: 'No hot water',
      images: [],
      properties: [{ listing_id: 2, finished: 0, finish_date: null }],
    });
    expect(i.properties[0]).toEqual({ listing_id: 2, finished: false, finish_date: null });
  });
});

describe('bookings and people read', () => {
  const booking = {
    booking_number: 1001,
    listing_id: 2,
    start_date: '2026-11-20',
    end_date: '2026-11-23',
    customer_id: 5,
    state: 3,
    adults: 2,
    children: 1,
    infants: 0,
    paid: 100,
    prepaid: -20,
    total: 450.5,
    deposit: 200,
    tourist_tax: '6.60',
    arrival_time: '16:00:00',
    arrival_time_until: '20:00',
    departure_time: '10:00',
    departure_time_until: '11:00:00',
    source_id: 1,
    opening_code: null,
    checkin_completed: 'true',
    key_numbers: '2',
    notes: null,
    services: [{ id: 5, qty: 1, price: 3000 }],
    extras: [],
  };

  it('normalises tourist_tax string, times, checkin flag and key numbers', () => {
    const b = bookingRead.parse(booking);
    expect(b.tourist_tax).toBe(6.6);
    expect(b.arrival_time).toBe('16:00');
    expect(b.departure_time_until).toBe('11:00');
    expect(b.checkin_completed).toBe(true);
    expect(b.key_numbers).toBe('2');
    expect(bookingRead.parse({ ...booking, key_numbers: 3 }).key_numbers).toBe('3');
    expect(b.prepaid).toBe(-20);
  });

  it('reads the single-record shape with audit fields and customers', () => {
    const b = bookingRead.parse({
      ...booking,
      created_at: '2026-10-01 12:00:00',
      updated_at: '2026-10-02 12:00:00',
      customers: {
        user: { id: 5, name: 'Ana', lastname: 'García', customer_type: { id: 2, nombre: 'VIP' } },
        guests: [],
      },
    });
    expect(b.customers?.user?.customer_type).toEqual({ id: 2, name: 'VIP' });
  });

  it('customer country is a name, guest country an id', () => {
    expect(customerRead.parse({ id: 1, country: 'Spain' }).country).toBe('Spain');
    expect(guestRead.parse({ id: 1, country: 73 }).country).toBe(73);
    expect(guestRead.parse({ id: 1, country: '73' }).country).toBe(73);
  });

  it('customers bundle with null guests', () => {
    expect(customerBundleRead.parse({ user: null, guests: null })).toEqual({ user: null, guests: [] });
  });
});

describe('reference read', () => {
  it('owner id as a string, admin active as "true"/"false", admin birth date YYYY/MM/DD', () => {
    expect(ownerRead.parse({ id: '14', company_name: 'X', tourist_tax: '0' }).id).toBe(14);
    const admin = adminRead.parse({ username: 'u', password: 'secret', active: 'false', date_of_birth: '1990/05/17' });
    expect(admin.active).toBe(false);
    expect(admin.date_of_birth).toBe('1990-05-17');
    expect('password' in admin).toBe(false);
  });

  it('destination numeric strings, origin', () => {
    expect(
      destinationRead.parse({ id: 1, name: 'Costa', tourist_tax: '1.1', latitude: 1, longitude: 2, max_days: '30' })
        .max_days,
    ).toBe(30);
    expect(originRead.parse({ id: 1, name: 'Direct', active: 1, tourist_tax: 0 }).active).toBe(true);
  });

  it('rate increment_by_person members as strings, policy prepaid', () => {
    const r = rateRead.parse({
      rate_id: 1,
      name: 'Standard',
      parent_rate: null,
      increment_by_person: [
        { maximum_people: '6', minimum_people: '4', increment_type: 'fixed', increment_price: '10.5' },
      ],
      listing_id: 2,
      category_id: null,
      policy: { name: 'Flexible', description: 'x', prepaid: { percent: 30, less_than_days: '7', percent2: '100' } },
    });
    expect(r.increment_by_person?.[0]).toMatchObject({ maximum_people: 6, increment_price: 10.5 });
    expect(r.policy?.prepaid).toMatchObject({ less_than_days: 7, percent2: 100 });
  });

  it('prices, availability single and multi-unit, blocks with out-of-table types', () => {
    expect(priceRead.parse({ rate_id: 1, date: '2026-11-21', price: 120, active: 1, cta: 0, ctd: 1 }).ctd).toBe(true);
    const a = availabilityRead.parse({
      listing_id: 2,
      rates: [{ rate_id: 1, dates: [{ date: '2026-11-21', availability: true }] }],
    });
    expect(a.rates[0]?.dates[0]?.availability).toBe(true);
    const mu = availabilityMURead.parse({ category_id: 3, availabilities: [{ date: '2026-11-21', availability: 4 }] });
    expect(mu.availabilities[0]?.availability).toBe(4);
    expect(
      blockRead.parse({
        id: 1,
        start_date: '2026-11-21',
        end_date: '2026-11-22',
        listing_id: '2',
        block_type: 7,
        reason: '',
      }).block_type,
    ).toBe(7);
  });

  it('threads with ISO microsecond timestamps and message type null', () => {
    const t = threadRead.parse({
      id: 1,
      listing_id: 2,
      booking_id: 1001,
      customer_id: 5,
      origin: 'web',
      external_id: 'x',
      type: 'chat',
      created_at: '2026-11-20T10:11:12.345678Z',
      messages: [
        {
          id: 1,
          thread_id: null,
          in_out: 1,
          message: 'Hola',
          external_id: '',
          type: null,
          created_at: '2026-11-20T10:11:12.345678Z',
        },
      ],
    });
    expect(t.created_at).toBe('2026-11-20T10:11:12.345Z');
    expect(t.messages[0]?.thread_id).toBeNull();
    expect(messageRead.parse({ id: 2, in_out: 0, message: 'x' }).type).toBeNull();
  });
});

describe('write schemas', () => {
  it('block create: strict, with readable errors', () => {
    const r = parseWith(blockCreate, {
      listing_id: 2,
      block_type: 3,
      start_date: '2026-02-30',
      end_date: '2026-01-01',
      reason: 'x',
      extra: 1,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors['listing_id']).toBeDefined();
      expect(r.errors['block_type']?.[0]).toMatch(/closing sales/);
      expect(r.errors['start_date']?.[0]).toMatch(/real date/);
      expect(r.errors['_']?.[0]).toMatch(/unknown field: extra/);
    }
  });

  it('block create: end before start is refused', () => {
    const r = parseWith(blockCreate, {
      listing_id: '2',
      block_type: 1,
      start_date: '2026-03-02',
      end_date: '2026-03-01',
      reason: '',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors['end_date']?.[0]).toMatch(/before the start/);
  });
});
