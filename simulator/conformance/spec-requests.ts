// Request bodies typed out by hand from the text of shared/spec/interface.md
// (the Endpoints rows, the resource tables and "Update payloads for customers
// and guests use: …") — NOT produced by shared/api. Each takes the ids of
// records that exist, so the simulator can be sent the same body. The method of
// every update but the booking's is "not shown" by the spec: the test uses the
// endpoint table's choice for it. Used by spec-requests.test.ts.

type Json = Record<string, unknown>;

export interface Ids {
  listing: number;
  booking: number;
  cleaning: number;
  maintenance: number;
  incident: number;
  block: number;
  rate: number;
  photo: number;
  thread: number;
  customer: number;
  guest: number;
  owner: number;
  admin: number;
  destination: number;
}

export interface RequestExample {
  /** The endpoint table's name of the operation. */
  name: string;
  /** The spec's path (under /api/v1), with its quirks (/cleaning, /mainteance, /incidences). */
  path: (ids: Ids) => string;
  body: (ids: Ids) => Json;
}

// Country and nationality codes are document 2's (73: Spain).
const language = (en: string, es: string) => ({ en, es });

export const REQUESTS: Record<string, RequestExample> = {
  'bookings.update (status confirmed)': {
    name: 'bookings.update',
    path: (i) => `/bookings/${i.booking}`,
    body: () => ({ status: 'confirmed' }),
  },
  'bookings.update (arrival, keys, money)': {
    name: 'bookings.update',
    path: (i) => `/bookings/${i.booking}`,
    body: () => ({
      checkin_online: 1,
      adults: 2,
      children: 1,
      infants: 0,
      arrival_time: '17:00',
      arrival_time_until: '19:00',
      departure_time: '10:00',
      departure_time_until: '11:00',
      paid: 150.5,
      tourist_tax: 4.4,
      opening_code: '4821',
      key_numbers: 2,
      notes: 'Late arrival',
    }),
  },
  'cleanings.update': {
    name: 'cleanings.update',
    path: (i) => `/cleaning/${i.cleaning}`,
    body: () => ({ status: 1, time: '11:00', inspected: 1, duration: '02:30', notes: 'Extra towels' }),
  },
  'maintenance.update': {
    name: 'maintenance.update',
    path: (i) => `/mainteance/${i.maintenance}`,
    body: () => ({
      type: 1,
      hour: '10:30',
      inspected: 1,
      inspection_date: '2026-06-15',
      duration: '01:15',
      notes: 'Boiler',
    }),
  },
  'incidents.update': {
    name: 'incidents.update',
    path: (i) => `/incidences/${i.incident}`,
    body: () => ({ priority: 3, date: '2026-06-15 09:30:00', subtitle: 'Kitchen', note: 'Water leak under the sink' }),
  },
  'blocks.create (listing_id a string, as on write)': {
    name: 'blocks.create',
    path: () => '/blocks',
    body: (i) => ({
      listing_id: String(i.listing),
      block_type: 2,
      start_date: '2027-02-01',
      end_date: '2027-02-03',
      reason: 'Painting',
    }),
  },
  'blocks.update (listing_id a string, as on write)': {
    name: 'blocks.update',
    path: (i) => `/blocks/${i.block}`,
    body: (i) => ({
      start_date: '2027-03-01',
      end_date: '2027-03-02',
      listing_id: String(i.listing),
      block_type: 1,
      reason: 'Owner stay',
    }),
  },
  'prices.update (an element with only date and price; a date range)': {
    name: 'prices.update',
    path: (i) => `/prices/${i.rate}`,
    body: () => ({
      dates: [
        { date: '2026-09-01', price: 130 },
        { date: ['2026-09-02', '2026-09-05'], price: 120, min_days: 2, max_days: 14, active: 1, cta: 0, ctd: 1 },
      ],
    }),
  },
  'customers.update': {
    name: 'customers.update',
    path: (i) => `/customers/${i.customer}`,
    body: () => ({
      name: 'Marta',
      lastname: 'Puig',
      email: 'marta@example.com',
      address: 'Via Augusta 10',
      city: 'Barcelona',
      customer_type: 1,
      country: 73,
      zip_code: '08006',
      number_id: '12345678Z',
      nationality: 73,
      sex: 'F',
      date_issue: '2020-05-04',
      date_birth: '1985-09-30',
    }),
  },
  'guests.update': {
    name: 'guests.update',
    path: (i) => `/guests/${i.guest}`,
    body: () => ({
      name: 'Joan',
      lastname: 'Puig',
      country: 73,
      nationality: 73,
      sex: 'M',
      date_birth: '1984-01-15',
    }),
  },
  'guests.create ({id: booking id, guest: {…}})': {
    name: 'guests.create',
    path: () => '/guests',
    body: (i) => ({
      id: i.booking,
      guest: { name: 'Laia', lastname: 'Puig', country: 73, nationality: 73, sex: 'F', date_birth: '2015-03-02' },
    }),
  },
  'threads.send': {
    name: 'threads.send',
    path: () => '/threads',
    body: (i) => ({ thread_id: i.thread, message: 'From 15:00' }),
  },
  'photos.update (language objects)': {
    name: 'photos.update',
    path: (i) => `/photos/${i.photo}`,
    body: () => ({
      type: 1,
      position: 2,
      alt_text: language('Terrace', 'Terraza'),
      title: language('Terrace', 'Terraza'),
    }),
  },
  'owners.update': {
    name: 'owners.update',
    path: (i) => `/owners/${i.owner}`,
    body: () => ({
      company_name: 'Mar SL',
      name: 'Pere Mar',
      email: 'pere@example.com',
      phone: '+34611111111',
      document_number: 'B12345678',
      fiscal_address: 'Carrer Major 4',
      fiscal_city: 'Sitges',
      fiscal_phone: '+34611111111',
      fiscal_postal_code: '08870',
    }),
  },
  'admins.update (YYYY/MM/DD, active "true")': {
    name: 'admins.update',
    path: (i) => `/admins/${i.admin}`,
    body: () => ({
      department: 'Cleaning',
      name: 'Anna',
      last_name: 'Serra',
      date_of_birth: '1990/04/12',
      address: 'Carrer Nou 1',
      city: 'Sitges',
      zip_code: '08870',
      email: 'anna@example.com',
      phone: '+34600000000',
      active: 'true',
      notes: '',
      iso_lang: 'ES',
      user_type: 'Internal',
    }),
  },
  'destinations.update (language objects)': {
    name: 'destinations.update',
    path: (i) => `/destinations/${i.destination}`,
    body: () => ({
      name: language('Sitges', 'Sitges'),
      tax: 2.25,
      min_days_long_stay: 30,
      lat: 41.2372,
      lng: 1.8059,
      order: 1,
      exempt_age: 16,
      max_days: 31,
      text: language('By the sea', 'Junto al mar'),
      dinamic_url: language('sitges', 'sitges'),
      menu_name: language('Sitges', 'Sitges'),
    }),
  },
};

/**
 * Where the client's write schema or the simulator does not (yet) take what the
 * spec's text allows; the test marks these as expected failures, so a fix turns
 * them red until the entry is removed here. Empty: none known.
 */
export const REQUEST_DISAGREEMENTS: Record<string, string> = {};
