// Response bodies typed out by hand from the text of shared/spec/interface.md
// (its field tables, conventions and endpoint rows) — NOT produced by
// shared/api, the simulator or the endpoint table, so a misreading of the spec
// in that code cannot leak in here. Every two-typed field appears in each of
// its documented forms. Used by spec-examples.test.ts.
// See spec-shapes.ts for the wrappers and field lists.

type Json = Record<string, unknown>;

// ── Example bodies ──

const listingBase: Json = {
  id: 12,
  active: 1,
  name: 'Casa Mar',
  destination: 3,
  street: 'Carrer Major 4',
  floor: '2',
  door: 'B',
  city: 'Sitges',
  country: 73,
  zipcode: '08870',
  license: 'HUTB-012345',
  lat: 41.2351,
  lng: 1.8113,
  person_capacity: 6,
  bathrooms: 2,
  bath: 1,
  bedrooms: 3,
  m2: 95,
  checkinfrom: '15:00',
  checkinto: '20:00',
  checkout: '11:00',
  latecheckinfrom: null,
  latecheckinto: null,
  price_latecheckin: null,
  entry_limit_time: null,
  deposit: 300,
  intercom_number: null,
  key_number: 'K12',
  wifi_network: 'CasaMar',
  wifi_password: null,
  tourist_tax: 2.25,
  description: 'Bright flat by the sea',
  short_description: 'By the sea',
  property_type: 1,
  url: 'casa-mar',
  num_sofa_beds: null,
  fees: [1, 4],
  services: [2, 7, 11],
  rooms: { '1': [{ type: 'Double', num_beds: 1 }], '2': [{ type: 'Single', num_beds: 2 }] },
  synchronization_category: 'none',
};

export const LISTING_OF_LIST: Json = {
  ...listingBase,
  // The list endpoint returns the state as an object; mu and longstay as strings.
  state: { id: 8, nombre: 'Barcelona' },
  mu: '1',
  longstay: '0',
};
export const LISTING_SINGLE: Json = {
  ...listingBase,
  // The single-record endpoint returns the state as an integer; mu and longstay as integers.
  state: 8,
  mu: 0,
  longstay: 1,
  latecheckinfrom: '20:00',
  latecheckinto: '23:30',
  price_latecheckin: 25.5,
};

export const PHOTO: Json = {
  id: 501,
  listing_id: 12,
  name: 'https://img.example/12/501.jpg',
  zone: 'interior',
  type: 1,
  position: 0,
  alt_text: 'Living room',
  title: 'Living room',
};

export const RATES: Json[] = [
  {
    rate_id: 40,
    name: 'Standard',
    parent_rate: null,
    increment_by_person: null,
    modify_price: null,
    modify: null,
    listing_id: 12,
    category_id: null,
  },
  {
    rate_id: 41,
    name: 'Non refundable',
    parent_rate: 40,
    // "all four are strings in responses"
    increment_by_person: [{ maximum_people: '6', minimum_people: '4', increment_type: 'fixed', increment_price: '10' }],
    modify_price: '-10',
    modify: 'percent',
    listing_id: null,
    category_id: 3,
    policy: {
      name: 'Strict',
      description: 'Paid at booking',
      prepaid: { percent: 100, less_than_days: '30', percent2: '0' },
    },
  },
];

export const PRICE: Json = {
  rate_id: 40,
  date: '2026-07-01',
  min_days: 3,
  max_days: 30,
  price: 120,
  active: 1,
  cta: 0,
  ctd: 1,
};

export const BLOCK: Json = {
  id: 77,
  start_date: '2026-08-01',
  end_date: '2026-08-05',
  listing_id: 12,
  // "values seen in responses may lie outside that table"
  block_type: 3,
  reason: 'Painting',
};

export const CUSTOMER: Json = {
  id: 900,
  name: 'Marta',
  lastname: 'Puig',
  email: 'marta@example.com',
  address: 'Via Augusta 10',
  city: 'Barcelona',
  zip_code: '08006',
  number_id: '12345678Z',
  customer_type: { id: 1, nombre: 'Particular', created_at: '2024-01-01 10:00:00', updated_at: '2024-01-01 10:00:00' },
  country: 'Spain',
  document_type: 'DNI',
  nationality: 'Spanish',
  sex: 'F',
  date_issue: '2020-05-04',
  date_birth: '1985-09-30',
};
export const GUEST: Json = {
  id: 901,
  name: 'Joan',
  lastname: 'Puig',
  email: '',
  address: '',
  city: 'Barcelona',
  zip_code: '08006',
  number_id: '87654321X',
  country: 73,
  document_type: null,
  nationality: 'Spanish',
  sex: 'M',
  date_issue: '2019-02-01',
  date_birth: '1984-01-15',
};
/** The customer as a customer can also have no country ("string name or null"). */
export const CUSTOMER_NO_COUNTRY: Json = { ...CUSTOMER, id: 902, country: null, document_type: null };

export const BOOKING_OF_LIST: Json = {
  booking_number: 3001,
  listing_id: 12,
  start_date: '2026-07-01',
  end_date: '2026-07-08',
  customer_id: 900,
  state: 3,
  adults: 2,
  children: 1,
  infants: 0,
  paid: 350.5,
  prepaid: -20,
  total: 840,
  deposit: 300,
  tourist_tax: '15.75', // "tourist_tax may be a string"
  arrival_time: '16:00:00', // booking responses also show HH:MM:SS
  arrival_time_until: '18:00',
  departure_time: '10:00',
  departure_time_until: '11:00:00',
  source_id: 2,
  opening_code: null,
  checkin_completed: false,
  key_numbers: '2', // "integer or string"
  notes: null,
  services: [{ id: 5, qty: 1, price: 3000 }],
  extras: [],
};
export const BOOKING_SINGLE: Json = {
  ...BOOKING_OF_LIST,
  tourist_tax: 15.75,
  key_numbers: 2,
  checkin_completed: true,
  opening_code: '4821',
  notes: 'Late arrival',
  created_at: '2026-05-02 09:14:00',
  updated_at: '2026-05-03 18:40:12',
  customers: { user: CUSTOMER, guests: [GUEST] },
};

export const INCIDENT: Json = {
  id: 61,
  priority: 4,
  date: '2026-06-14 08:30:00',
  subtitle: null,
  note: 'Water leak under the sink',
  images: [],
  properties: [
    { listing_id: 12, finished: 0, finish_date: null },
    { listing_id: 13, finished: 1, finish_date: '2026-06-15' },
  ],
};

export const MAINTENANCE_OF_LIST: Json = {
  booking_id: 3001,
  type: 0,
  date: '2026-07-01',
  hour: '', // "HH:MM or empty"
  inspected: 0, // "integer or boolean"
  inspection_date: null,
  duration: '',
  start: null,
  end: null,
  pending: 1,
  notes: '',
};
export const MAINTENANCE_SINGLE: Json = {
  ...MAINTENANCE_OF_LIST,
  id: 71,
  listing_id: 12,
  type: 1,
  hour: '10:30',
  inspected: true,
  inspection_date: '2026-07-08',
  duration: '01:15',
  notes: 'Check the boiler',
};

export const CLEANING_OF_LIST: Json = {
  listing_id: 12,
  status: 0,
  date: '2026-07-08',
  inspected: false,
  time: '11:00',
  duration: '02:30',
  booking_id: 3001,
  notes: '',
};
export const CLEANING_SINGLE: Json = { ...CLEANING_OF_LIST, id: 81, inspected: 1, status: 2, notes: 'Extra towels' };

export const DESTINATION: Json = {
  id: 3,
  name: 'Sitges',
  tourist_tax: '2.25', // string
  latitude: 41.2372,
  longitude: 1.8059,
  max_days: '31', // string
};
export const ORIGIN: Json = { id: 2, name: 'Direct', active: 1, tourist_tax: 0.5 };

export const ADMIN: Json = {
  username: 'anna.cleaning',
  password: 'listed-in-the-admin-table',
  department: 'Cleaning',
  name: 'Anna',
  last_name: 'Serra',
  date_of_birth: '1990/04/12', // YYYY/MM/DD
  address: 'Carrer Nou 1',
  city: 'Sitges',
  zip_code: '08870',
  email: 'anna@example.com',
  phone: '+34600000000',
  active: 'true', // "string true or false"
  notes: '',
  iso_lang: 'ES',
  user_type: 'Internal',
};
export const ADMIN_INACTIVE: Json = { ...ADMIN, username: 'old.user', active: 'false' };

export const OWNER: Json = {
  id: '15', // id (string)
  company_name: 'Mar SL',
  name: 'Pere Mar',
  email: 'pere@example.com',
  phone: '+34611111111',
  document_number: 'B12345678',
  tourist_tax: '1.50', // string
};
export const COST_OF_LIST: Json = { id: 9, owner_id: 15, concept: 'Repair', amount: 120.4 };
export const COST_SINGLE: Json = { ...OWNER, id: '9' };

export const THREAD: Json = {
  id: 5,
  listing_id: 12,
  booking_id: 3001,
  customer_id: 900,
  origin: 'airbnb',
  external_id: 'HM123',
  type: 'booking',
  created_at: '2026-05-02T09:14:00.123456Z', // ISO 8601 UTC with microseconds
  messages: [
    {
      id: 50,
      thread_id: 5,
      in_out: 1,
      message: 'What time can we arrive?',
      external_id: 'm-1',
      type: null,
      created_at: '2026-05-02T09:15:30.000001Z',
    },
    {
      id: 51,
      thread_id: null,
      in_out: 0,
      message: 'From 15:00',
      external_id: 'm-2',
      type: 'text',
      created_at: '2026-05-02T10:00:00.500000Z',
    },
  ],
};

/** Every read endpoint's body, as the spec shows it. */
export const BODIES = {
  'listings.list': { data: [LISTING_OF_LIST], links: { next: null } },
  'listings.get': { Listings: LISTING_SINGLE },
  'photos.get': { data: PHOTO },
  'photos.list': { data: [PHOTO] },
  'rates.list': { data: RATES },
  'rates.get': { data: RATES[1] },
  'prices.get': { data: [PRICE, { ...PRICE, date: '2026-07-02', active: 0, cta: 1, ctd: 0 }] },
  'availability.get': {
    data: {
      listing_id: 12,
      rates: [
        {
          rate_id: 40,
          dates: [
            { date: '2026-07-01', availability: true },
            { date: '2026-07-02', availability: false },
          ],
        },
      ],
    },
  },
  'availability.getMU': {
    category_id: 3,
    availabilities: [
      { date: '2026-07-01', availability: 4 },
      { date: '2026-07-02', availability: 0 },
    ],
  },
  'availability.check': { availability: true },
  'availability.checkMU': { availability: 2 },
  'blocks.get': { data: BLOCK },
  'blocks.list': { data: [BLOCK, { ...BLOCK, id: 78, block_type: 1 }] },
  'bookings.list': { data: [BOOKING_OF_LIST] },
  'bookings.get': { data: BOOKING_SINGLE },
  'customers.ofBooking': { data: { user: CUSTOMER, guests: [GUEST] } },
  'customers.get': { data: { user: CUSTOMER_NO_COUNTRY } },
  'guests.ofBooking': { data: { user: CUSTOMER, guests: [GUEST] } },
  'incidents.list': { data: [INCIDENT] },
  'maintenance.list': { data: [MAINTENANCE_OF_LIST] },
  'maintenance.get': { data: MAINTENANCE_SINGLE },
  'cleanings.list': { data: [CLEANING_OF_LIST] },
  'cleanings.get': { data: CLEANING_SINGLE },
  'destinations.list': { data: [DESTINATION] },
  'origins.list': { data: [ORIGIN] },
  'admins.list': { data: [ADMIN, ADMIN_INACTIVE] },
  'admins.get': { User: ADMIN },
  'owners.list': { data: [OWNER] },
  'owners.get': OWNER,
  'costs.list': { data: [COST_OF_LIST] },
  'costs.get': COST_SINGLE,
  'threads.ofBooking': { data: [THREAD] },
} as const;

/**
 * Where the client does not (yet) read what the spec's text allows: the test
 * marks these as expected failures, so fixing the client turns them red until
 * the entry is removed here.
 */
export const DISAGREEMENTS: Partial<Record<keyof typeof BODIES, string>> = {
  'maintenance.list':
    'the spec gives a maintenance task its id only on "single-record and update responses"; the client needs an id on every list item',
  'cleanings.list':
    'the spec gives a cleaning task its id only on "single-record and update responses"; the client needs an id on every list item',
};

/** Login: 200 {token: string}; without a valid token: 401 {message: "Unauthenticated"}. */
export const LOGIN_RESPONSE = { token: 'eyJ0eXAiOiJKV1Qi.example' };
/** "a body whose `message` is Unauthenticated." — the sentence's full stop may or may not belong to the message. */
export const UNAUTHENTICATED = /^Unauthenticated\.?$/;
