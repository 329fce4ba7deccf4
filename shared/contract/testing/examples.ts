// One realistic example input and output for every command and one payload
// for every event. The contract's tests check each against its schema (so the
// examples cannot drift from the contract), and renderer tests can use them
// as the answers of a fake bridge.
import type { CommandInput, CommandName, CommandOutput } from '../commands';
import type { CoverageAnswer } from '../commands/coverage';
import type { EventName, EventPayload } from '../push-events';
import type {
  AdminRecord,
  BookingRecord,
  CleaningRecord,
  CustomerRecord,
  GuestRecord,
  IncidentRecord,
  ListingRecord,
  MaintenanceRecord,
  ThreadRecord,
} from '../records';
import type { OutboxEntry, OutboxSummary, SessionInfo, Settings, SyncStatus } from '../status';
import { DEFAULT_SETTINGS } from '../status';

const NOW = '2026-05-04T09:30:00.000Z';

export const exampleListing: ListingRecord = {
  id: 12,
  active: true,
  name: 'Casa Azul',
  mu: false,
  destination: 3,
  street: 'Carrer de la Mar 4',
  floor: '2',
  door: 'B',
  city: 'Sitges',
  state: 8,
  state_name: 'Barcelona',
  country: 1,
  zipcode: '08870',
  license: 'HUTB-012345',
  lat: 41.235,
  lng: 1.811,
  person_capacity: 4,
  bathrooms: 1,
  bath: 1,
  bedrooms: 2,
  m2: 70,
  longstay: false,
  checkinfrom: '15:00',
  checkinto: '21:00',
  checkout: '11:00',
  latecheckinfrom: null,
  latecheckinto: null,
  price_latecheckin: null,
  entry_limit_time: null,
  deposit: 200,
  intercom_number: null,
  key_number: 'K12',
  wifi_network: 'CasaAzul',
  wifi_password: null,
  tourist_tax: 1.5,
  description: 'Bright flat by the sea.',
  short_description: 'Sea view',
  property_type: 1,
  url: 'casa-azul',
  num_sofa_beds: 0,
  fees: [],
  services: [1, 4],
  owner_id: 7,
  rooms: { '1': [{ type: 'Double', num_beds: 1 }] },
  synchronization_category: 'none',
  outbox: null,
};

const summary = {
  id: exampleListing.id,
  active: true,
  name: exampleListing.name,
  mu: false,
  destination: 3,
  city: 'Sitges',
  person_capacity: 4,
  bedrooms: 2,
  checkinfrom: '15:00',
  checkinto: '21:00',
  checkout: '11:00',
  owner_id: 7,
};

export const exampleBooking: BookingRecord = {
  booking_number: 1042,
  listing_id: 12,
  start_date: '2026-05-04',
  end_date: '2026-05-08',
  customer_id: 501,
  state: 3,
  adults: 2,
  children: 1,
  infants: 0,
  paid: 300,
  prepaid: 100,
  total: 640,
  deposit: 200,
  tourist_tax: 12,
  arrival_time: '16:00',
  arrival_time_until: '18:00',
  departure_time: '10:00',
  departure_time_until: '11:00',
  source_id: 2,
  opening_code: '4821',
  checkin_completed: false,
  key_numbers: '2',
  notes: null,
  services: [{ id: 3, qty: 1, price: 2500 }],
  extras: [],
  created_at: '2026-04-01 10:00:00',
  updated_at: '2026-04-20 12:00:00',
  outbox: null,
};

const listItem = {
  ...exampleBooking,
  listing_name: 'Casa Azul',
  customer_name: 'Ana García',
  guests_registered: 1,
  overbooked: false,
};

const person = {
  name: 'Ana',
  lastname: 'García',
  email: 'ana@example.com',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  zip_code: '28001',
  number_id: '12345678Z',
  document_type: 'DNI',
  nationality: 'Spain',
  sex: 'F' as const,
  date_issue: '2020-01-01',
  date_birth: '1985-06-15',
  outbox: null,
};
export const exampleCustomer: CustomerRecord = {
  id: 501,
  ...person,
  customer_type: { id: 2, name: 'VIP' },
  country: 'Spain',
};
export const exampleGuest: GuestRecord = { id: 9001, ...person, country: 1, booking_number: 1042 };

export const exampleCleaning: CleaningRecord = {
  id: 300,
  listing_id: 12,
  status: 0,
  date: '2026-05-04',
  inspected: false,
  time: '11:30',
  duration: '02:00',
  booking_id: 1041,
  notes: '',
  outbox: { state: 'pending', entryIds: [17], fields: ['inspected'] },
};
export const exampleMaintenance: MaintenanceRecord = {
  id: 400,
  listing_id: 12,
  booking_id: 1042,
  type: 0,
  date: '2026-05-04',
  hour: '12:00',
  inspected: false,
  inspection_date: null,
  duration: '00:30',
  start: null,
  end: null,
  pending: 1,
  notes: 'Check boiler',
  outbox: null,
};
export const exampleIncident: IncidentRecord = {
  id: 77,
  priority: 4,
  date: '2026-05-03 18:20:00',
  subtitle: 'Leak',
  note: 'Water under the sink',
  images: [],
  properties: [{ listing_id: 12, finished: false, finish_date: null }],
  outbox: null,
};
export const exampleThread: ThreadRecord = {
  id: 55,
  listing_id: 12,
  booking_id: 1042,
  customer_id: 501,
  origin: 'email',
  external_id: null,
  type: 'booking',
  created_at: '2026-04-01T10:00:00.000Z',
  messages: [
    {
      id: 1,
      thread_id: 55,
      in_out: 0,
      message: 'What time can we arrive?',
      external_id: null,
      type: null,
      created_at: '2026-04-02T08:00:00.000Z',
      outbox: null,
    },
  ],
};

const outboxSummary: OutboxSummary = {
  unsent: 1,
  pending: 1,
  sending: 0,
  rejected: 0,
  conflict: 0,
  unknown: 0,
  confirmed: 3,
};
export const exampleOutboxEntry: OutboxEntry = {
  id: 17,
  operation: 'cleaning.update',
  resource: 'cleaning',
  recordId: 300,
  subject: { name: null, booking: null, listing: 'Casa Azul', owner: null, rate: null, from: '2026-05-04', to: null },
  names: {},
  state: 'conflict',
  changes: { notes: 'Extra towels' },
  base: { notes: '' },
  attempts: 1,
  createdAt: NOW,
  updatedAt: NOW,
  nextAttemptAt: null,
  error: null,
  conflicts: [{ field: 'notes', base: '', mine: 'Extra towels', theirs: 'Towels done' }],
  waitingFor: null,
};
const session: SessionInfo = {
  state: 'signedIn',
  account: { baseUrl: 'http://127.0.0.1:40123', environment: 'demo', user: 'demo' },
  remembered: false,
  keychain: { available: false, message: 'No keychain on this machine: credentials are kept for this session only.' },
};
const budget = {
  limit: 5000,
  serverLimit: 5000,
  used: 120,
  remaining: 4880,
  reserve: 1000,
  nextFreeAt: null,
  throttledUntil: null,
  rateLimited: 0,
  slices: {
    user: { cap: 1000, used: 12 },
    probe: { cap: 300, used: 8 },
    today: { cap: 500, used: 60 },
    deep: { cap: 3150, used: 40 },
  },
  others: 0,
  deepPace: { cap: 52, used: 40, minutes: 1 },
};
const plan = {
  pausedUntil: null,
  today: { complete: true, fresh: true, listsAt: NOW, overdue: 0 },
  fortnight: { done: 120, total: 300 },
  deep: { left: 2400, perHour: 3150, doneAt: NOW },
  short: null,
};
const freshness = [
  { resource: 'bookings' as const, scope: 'all', from: '2026-05-04', to: '2026-05-06', fetchedAt: NOW, stale: false },
];
const syncStatus: SyncStatus = {
  state: 'idle',
  connectivity: { kind: 'online', since: NOW, until: null, lastAnswerAt: NOW, nextProbeAt: null },
  lastSuccessAt: NOW,
  lastDataAt: NOW,
  stoppedFor: null,
  lastError: null,
  lastErrorAt: null,
  stall: null,
  current: null,
  budget,
  freshness,
  plan,
  quarantined: 0,
  outbox: outboxSummary,
};
const settings: Settings = { ...DEFAULT_SETTINGS, locale: 'es' };
const exampleOwner = {
  id: 7,
  company_name: 'Mar SL',
  name: 'Jordi',
  email: 'j@example.com',
  phone: '600000000',
  document_number: 'B1234567',
  tourist_tax: null,
  fiscal_address: null,
  fiscal_city: 'Girona',
  fiscal_phone: null,
  fiscal_postal_code: null,
  outbox: null,
};

const receipt = { entryId: 17, state: 'pending' as const };
const window = { from: '2026-05-04', to: '2026-05-10' };

/** A two-week check of the cache against the server that stopped on nothing and needs no more requests. */
const checkedFortnight = { stopped: null, from: '2026-05-04', to: '2026-05-17', requests: 3, need: null, left: null };

type Examples = { [N in CommandName]: { input: CommandInput<N>; output: CommandOutput<N> } };

const updateReady = {
  kind: 'ready' as const,
  reason: null,
  version: '0.2.0',
  percent: 100,
  checkedAt: NOW,
  message: null,
};

export const exampleAdmin: AdminRecord = {
  id: 31,
  username: 'marta.desk',
  department: 'Reception',
  name: 'Marta',
  last_name: 'Puig',
  date_of_birth: '1991-03-02',
  address: '',
  city: 'Sitges',
  zip_code: '',
  email: 'marta@example.com',
  phone: '',
  active: true,
  notes: '',
  iso_lang: 'ES',
  user_type: 'Internal',
  outbox: null,
};

/** An owner statement's October, never fetched: the answer of coverage.check. */
const octoberMissing: CoverageAnswer = {
  complete: false,
  asOf: null,
  resources: [
    { resource: 'bookings', complete: false, asOf: null },
    { resource: 'costs', complete: true, asOf: NOW },
  ],
  gaps: [{ resource: 'bookings', from: '2025-10-01', to: '2025-10-31', listingIds: [12, 14], bookingNumbers: null }],
  requests: 1,
  more: false,
  estimateMs: 400,
  fetch: 'ready',
  until: null,
  room: 4210,
};

export const COMMAND_EXAMPLES: Examples = {
  'session.get': { input: {}, output: session },
  'session.signIn': {
    input: {
      baseUrl: 'https://pms.example.com',
      user: 'api-user',
      password: 'pw',
      remember: true,
    },
    output: { ...session, remembered: true },
  },
  'session.unlock': {
    input: { baseUrl: 'https://pms.example.com', user: 'api-user', password: 'pw' },
    output: { ...session, account: { baseUrl: 'https://pms.example.com', environment: 'custom', user: 'api-user' } },
  },
  'session.openDemo': { input: {}, output: session },
  'session.signOut': { input: { discardUnsent: false }, output: { ...session, state: 'signedOut', account: null } },
  'session.accounts': {
    input: {},
    output: [{ baseUrl: 'https://pms.example.com', environment: 'custom', user: 'api-user', offline: true }],
  },
  'session.servers': { input: {}, output: ['https://pms.example.com'] },
  'board.day': {
    input: { date: '2026-05-04', inspected: false },
    output: {
      date: '2026-05-04',
      rows: [
        {
          listing: summary,
          departures: [{ ...listItem, booking_number: 1041, guests_registered: 0 }],
          cleaning: [exampleCleaning],
          maintenance: [exampleMaintenance],
          arrivals: [listItem],
          incidents: [exampleIncident],
          readiness: { ready: false, blockers: ['cleaning_not_done', 'urgent_incident'] },
        },
      ],
      totals: {
        listings: 1,
        departures: 1,
        arrivals: 1,
        cleaningOpen: 1,
        notInspected: 1,
        incidentsOpen: 1,
        readyForCheckin: 0,
      },
      id: 'a1b2c3d4.7',
      base: null,
      order: null,
      more: false,
    },
  },
  'listings.list': { input: { text: 'azul' }, output: [summary] },
  'listings.get': {
    input: { id: 12 },
    output: { listing: exampleListing, photos: [], rates: [], owner: null, destination: null },
  },
  'prices.list': {
    input: { rateId: 5, ...window },
    output: [
      { rate_id: 5, date: '2026-05-04', min_days: 2, max_days: null, price: 120, active: true, cta: false, ctd: false },
    ],
  },
  'prices.grid': {
    input: { listingId: 12, ...window },
    output: {
      listing: { id: 12, name: 'Casa Azul' },
      rates: [
        {
          rate_id: 5,
          name: 'Standard',
          parent_rate: null,
          increment_by_person: null,
          modify_price: null,
          modify: null,
          listing_id: 12,
          category_id: null,
          policy: null,
          outbox: { state: 'pending', entryIds: [41], fields: ['2026-05-04.price'] },
        },
      ],
      days: [
        [
          {
            date: '2026-05-04',
            price: 135,
            min_days: 2,
            max_days: null,
            active: true,
            cta: false,
            ctd: false,
            changed: ['price'],
            state: 'pending',
            conflicts: [],
            entryIds: [41],
          },
        ],
      ],
      receivedAt: [1777900000000],
    },
  },
  'calendar.range': {
    input: { ...window, listingIds: [12] },
    output: {
      ...window,
      bookings: [
        {
          booking_number: 1042,
          listing_id: 12,
          start_date: '2026-05-04',
          end_date: '2026-05-08',
          state: 3,
          adults: 2,
          children: 1,
          outbox: null,
          customer_name: 'Ana García',
          overbooked: false,
        },
      ],
      blocks: [
        {
          id: 8,
          start_date: '2026-05-09',
          end_date: '2026-05-10',
          listing_id: 12,
          block_type: 2,
          reason: 'Painting',
          outbox: null,
        },
      ],
      availability: [{ listing_id: 12, mu: false, days: { '2026-05-04': 0, '2026-05-09': 1 } }],
    },
  },
  'bookings.list': { input: { ...window, kind: 'arrivals' }, output: [listItem] },
  'bookings.get': {
    input: { bookingNumber: 1042 },
    output: {
      booking: exampleBooking,
      listing: summary,
      customer: exampleCustomer,
      guests: [exampleGuest],
      guestsExpected: 3,
      guestsComplete: false,
      overbooked: false,
      sharesNightsWith: [],
      threads: [exampleThread],
      cleaning: [],
      maintenance: [exampleMaintenance],
    },
  },
  'customers.get': { input: { id: 501 }, output: exampleCustomer },
  'guests.list': { input: { bookingNumber: 1042 }, output: [exampleGuest] },
  'threads.list': { input: { bookingNumber: 1042 }, output: [exampleThread] },
  'cleaning.list': { input: { ...window, inspected: false }, output: [exampleCleaning] },
  'cleaning.get': { input: { id: 300 }, output: exampleCleaning },
  'maintenance.list': { input: { ...window, type: 0 }, output: [exampleMaintenance] },
  'maintenance.get': { input: { id: 400 }, output: exampleMaintenance },
  'incidents.list': { input: { ...window, open: true, priorities: [3, 4] }, output: [exampleIncident] },
  'incidents.open': { input: { priorities: [3, 4] }, output: [exampleIncident] },
  'stays.check': {
    input: { listingId: 12, from: '2026-05-04', to: '2026-05-06', adults: 2, children: 0 },
    output: {
      listing: { id: 12, name: 'Casa Azul', city: 'Sitges', person_capacity: 4, mu: false },
      fits: false,
      reasons: [
        {
          kind: 'booking',
          booking_number: 1042,
          start_date: '2026-05-04',
          end_date: '2026-05-08',
          customer_name: 'Ana García',
        },
      ],
      asOf: 1777000000000,
      quotes: [
        {
          rateId: 7,
          name: 'Standard',
          nights: [
            { date: '2026-05-04', price: 120, increment: 0 },
            { date: '2026-05-05', price: 120, increment: 0 },
          ],
          total: 240,
          problems: [],
        },
      ],
      alternatives: [{ id: 14, name: 'Casa Verde', person_capacity: 4 }],
    },
  },
  'stays.checkLive': {
    input: { listingId: 12, from: '2026-05-04', to: '2026-05-06' },
    output: { available: true, freeUnits: null, rateId: 7, checkedAt: 1777000000000 },
  },
  'bookings.createWithCard': {
    input: {
      booking: {
        listing_id: 12,
        start_date: '2026-05-04',
        end_date: '2026-05-07',
        adults: 2,
        customer: {
          name: 'Marta',
          surname: 'Soler',
          cardholder: 'MARTA SOLER',
          card_number: '4000000000000002',
          card_expiration: '09/28',
          card_cvv: '123',
        },
      },
    },
    output: { outcome: 'created', bookingNumber: 1043 },
  },
  'registration.due': {
    input: { date: '2026-05-04' },
    output: [
      {
        booking_number: 1042,
        listing_id: 12,
        state: 3,
        start_date: '2026-05-04',
        end_date: '2026-05-08',
        adults: 2,
        children: 1,
        arrival_time: '16:00',
        outbox: null,
        listing_name: 'Casa Azul',
        customer_name: 'Ana García',
        expected: 3,
        registered: 1,
        guestsKnown: true,
        deadline: '2026-05-05T16:00',
        guests: [{ id: 9001, name: 'Ana', lastname: 'García', missing: ['date_issue'], outbox: null }],
      },
    ],
  },
  'incidents.get': { input: { id: 77 }, output: exampleIncident },
  'blocks.list': { input: window, output: [] },
  'destinations.list': {
    input: {},
    output: [{ id: 3, name: 'Sitges', tourist_tax: 1.5, latitude: 41.2, longitude: 1.8, max_days: 30, outbox: null }],
  },
  'origins.list': { input: {}, output: [{ id: 2, name: 'Direct', active: true, tourist_tax: null }] },
  'owners.list': {
    input: {},
    output: [{ ...exampleOwner, fiscal_address: 'C/ Major 1', fiscal_postal_code: '17001' }],
  },
  'costs.list': {
    input: { ownerId: 7 },
    output: [{ id: 1, owner_id: 7, concept: 'Cleaning', amount: 40, outbox: null }],
  },
  'owners.get': { input: { id: 7 }, output: exampleOwner },
  'owners.account': {
    input: { id: 7 },
    output: {
      listings: [{ id: 12, name: 'Casa Mar', city: 'Sitges' }],
      costs: [{ id: 1, owner_id: 7, concept: 'Cleaning', amount: 40, outbox: null }],
      byConcept: [{ concept: 'Cleaning', count: 1, total: 40 }],
      total: 40,
    },
  },
  'owners.statement': {
    input: { id: 7, month: '2026-06' },
    output: {
      owner: exampleOwner,
      month: '2026-06',
      listings: [{ id: 12, name: 'Casa Mar', city: 'Sitges', nights: 21, stays: 4 }],
      nights: 21,
      bookingsAsOf: 1781500000000,
      costs: [{ id: 1, owner_id: 7, concept: 'Cleaning', amount: 40, outbox: null }],
      costsTotal: 40,
    },
  },
  'costs.get': { input: { id: 1 }, output: { id: 1, owner_id: 7, concept: 'Cleaning', amount: 40, outbox: null } },
  'destinations.get': {
    input: { id: 3 },
    output: { id: 3, name: 'Sitges', tourist_tax: 1.5, latitude: 41.2, longitude: 1.8, max_days: 30, outbox: null },
  },
  'admins.list': { input: { department: 'Reception', active: true }, output: [exampleAdmin] },
  'admins.get': { input: { id: 31 }, output: exampleAdmin },
  'countries.mostUsed': { input: {}, output: [66, 4] },
  'search.query': {
    input: { text: 'garcia' },
    output: {
      hits: [
        {
          kind: 'guest',
          id: 9001,
          name: 'Ana García',
          detail: 'ana@example.com',
          stay: { number: 1042, listing: 'Casa Azul', from: '2026-06-10', to: '2026-06-14' },
          at: null,
          snippet: 'Ana García · 12345678Z',
          ranges: [[4, 10]],
          bookingNumber: 1042,
          listingId: 12,
          outbox: null,
          near: 'inHouse',
          similar: false,
        },
      ],
      tookMs: 0.4,
      more: 0,
    },
  },
  'cleaning.update': { input: { id: 300, changes: { inspected: 1 } }, output: receipt },
  'cleaning.updateMany': {
    input: {
      items: [
        { id: 300, changes: { status: 2 } },
        { id: 301, changes: { notes: 'Extra towels' } },
      ],
    },
    output: [receipt, { entryId: 18, state: 'pending' }],
  },
  'cleaning.delete': { input: { id: 300 }, output: receipt },
  'maintenance.update': {
    input: { id: 400, changes: { inspected: 1, inspection_date: '2026-05-04' } },
    output: receipt,
  },
  'maintenance.updateMany': { input: { items: [{ id: 400, changes: { notes: 'Done' } }] }, output: [receipt] },
  'maintenance.delete': { input: { id: 400 }, output: receipt },
  'incidents.update': { input: { id: 77, changes: { priority: 2 } }, output: receipt },
  'incidents.delete': { input: { id: 77 }, output: receipt },
  'bookings.update': {
    input: { bookingNumber: 1042, changes: { status: 'confirmed', opening_code: '9931', key_numbers: 2 } },
    output: receipt,
  },
  'bookings.create': {
    input: {
      booking: {
        listing_id: 12,
        status: 'confirmed',
        start_date: '2026-05-04',
        end_date: '2026-05-07',
        adults: 2,
        children: 1,
        arrival_time: '16:00',
        total: 540,
        customer: { name: 'Marta', surname: 'Soler', email: 'marta@example.org', phone: '+34 600 000 000' },
        guests: [{ name: 'Marta', surname: 'Soler', number_id: 'X1234567L', document_type_id: 4 }],
        lines: [{ concept_id: 3, price: 4500, pay_date: '2026-05-04', type_pay: 1 }],
      },
    },
    output: { entryId: 31, state: 'pending', recordId: -4 },
  },
  'guests.create': {
    input: { bookingNumber: 1042, guest: { name: 'Luis', lastname: 'Pérez', number_id: 'X1234567L', country: 1 } },
    output: receipt,
  },
  'guests.update': { input: { id: 9001, changes: { date_birth: '1985-06-15' } }, output: receipt },
  'customers.update': { input: { id: 501, changes: { email: 'ana@example.org' } }, output: receipt },
  'messages.send': { input: { bookingNumber: 1042, threadId: 55, message: 'From 16:00.' }, output: receipt },
  'blocks.create': {
    input: {
      block: { listing_id: '12', block_type: 2, start_date: '2026-05-09', end_date: '2026-05-10', reason: 'Paint' },
    },
    output: receipt,
  },
  'blocks.update': { input: { id: 8, changes: { reason: 'Painting' } }, output: receipt },
  'blocks.delete': { input: { id: 8 }, output: receipt },
  'listings.create': {
    input: {
      listing: {
        name: 'Sea View 4B',
        city: 'Sitges',
        person_capacity: 4,
        description: { en: 'Bright flat by the sea.', es: 'Piso luminoso junto al mar.' },
        rooms: { '1': [{ type: 'Double', num_beds: 1 }], '2': [{ type: 'Single', num_beds: 2 }] },
      },
    },
    output: receipt,
  },
  'listings.update': {
    input: { id: 12, changes: { checkinfrom: '16:00', wifi_password: 'new-pass-2026' } },
    output: receipt,
  },
  'photos.create': {
    input: { photo: { listing_id: 12, image: '/9j/4AAQSkZJRgABAQ…', type: 'internal', title: { en: 'Kitchen' } } },
    output: receipt,
  },
  'photos.update': { input: { id: 501, changes: { title: { en: 'Kitchen', es: 'Cocina' } } }, output: receipt },
  'photos.updateMany': {
    input: {
      items: [
        { id: 501, changes: { position: 2 } },
        { id: 502, changes: { position: 1 } },
      ],
    },
    output: [receipt, { entryId: 18, state: 'pending' }],
  },
  'photos.delete': { input: { id: 501 }, output: receipt },
  'photos.image': { input: { id: 501 }, output: { dataUrl: 'data:image/png;base64,iVBORw0KGgo…' } },
  'rates.update': { input: { id: 31, changes: { name: 'Summer', modify_price: 10 } }, output: receipt },
  'prices.update': {
    input: { id: 31, changes: { dates: [{ date: ['2026-07-01', '2026-07-14'], price: 120, min_days: 3 }] } },
    output: receipt,
  },
  'owners.create': { input: { owner: { name: 'Marta Vidal', email: 'marta@example.org' } }, output: receipt },
  'owners.update': { input: { id: 14, changes: { fiscal_city: 'Girona' } }, output: receipt },
  'costs.create': { input: { cost: { owner_id: 14, concept: 'Plumber', amount: 85.5 } }, output: receipt },
  'costs.update': { input: { id: 9, changes: { amount: 90 } }, output: receipt },
  'destinations.create': { input: { destination: { name: { en: 'Coast', es: 'Costa' }, tax: 1.1 } }, output: receipt },
  'destinations.update': {
    input: { id: 3, changes: { name: { en: 'Old town', es: 'Casco antiguo' } } },
    output: receipt,
  },
  'admins.update': { input: { id: 4, changes: { department: 'Reception', active: 'false' } }, output: receipt },
  'admins.create': {
    input: { admin: { username: 'marta.desk', password: 'correct horse battery', department: 'Reception' } },
    output: {
      outcome: 'created',
      admin: exampleAdmin,
    },
  },
  'admins.setPassword': { input: { id: 31, password: 'correct horse battery' }, output: { outcome: 'set' } },
  'outbox.list': { input: { states: ['conflict'] }, output: [exampleOutboxEntry] },
  'outbox.summary': { input: {}, output: outboxSummary },
  'outbox.retry': { input: { id: 17 }, output: { ...exampleOutboxEntry, state: 'pending', conflicts: [] } },
  'outbox.discard': { input: { id: 17 }, output: { discarded: true, dependents: 0 } },
  'outbox.amend': { input: { id: 17, changes: { adults: 3 } }, output: { entryId: 18 } },
  'outbox.resolve': {
    input: { id: 17, choice: 'mine' },
    output: { ...exampleOutboxEntry, state: 'pending', conflicts: [] },
  },
  'sync.status': { input: {}, output: syncStatus },
  'sync.now': { input: { full: false }, output: { started: true, action: 'sync', reason: null, until: null } },
  'sync.check': {
    input: {},
    output: {
      ...checkedFortnight,
      diffs: [{ kind: 'cleaning', day: '2026-05-06', listingId: 12, local: 1, server: 2 }],
      fixRequests: null,
    },
  },
  // The same fortnight once fixed: nothing differs any more, after one request that fixed it.
  'sync.fix': { input: {}, output: { ...checkedFortnight, diffs: [], fixRequests: 1 } },
  'sync.setInterest': {
    input: { screen: 'today', from: '2026-05-04', to: '2026-05-04', listingIds: [12] },
    output: { accepted: true },
  },
  'settings.get': { input: {}, output: settings },
  'settings.update': { input: { locale: 'es' }, output: settings },
  'settings.storage': {
    input: { historyMonths: 12 },
    output: { bytes: 18_481_152, bookings: 2_310, olderBookings: 412, keepsFrom: '2025-11-28' },
  },
  'app.info': { input: {}, output: { name: 'Stayboard', version: '0.1.0', demo: true } },
  // Up to date: the fake bridges of renderer tests answer these, and most tests want no update notice.
  'updates.status': { input: {}, output: { ...updateReady, kind: 'upToDate', version: null, percent: null } },
  'updates.check': { input: {}, output: updateReady },
  'updates.install': { input: { force: false }, output: { kind: 'unsent', count: 3 } },
  'app.diagnostics': {
    input: {},
    output: { text: 'Stayboard 0.1.0 · Electron 45.4.1 · linux 6.8 x64\nOutbox: 3 unsent (3 waiting to send)' },
  },
  'documents.daySheet': {
    input: { date: '2026-05-04', city: 'Sitges', includeSecrets: false, locale: 'es' },
    // "%PDF-1.7\n" — a real answer is a whole PDF.
    output: { filename: 'hoja-del-dia-2026-05-04.pdf', mime: 'application/pdf', base64: 'JVBERi0xLjcK' },
  },
  'documents.registration': {
    input: { document: 'cards', bookingNumber: 88123, locale: 'es' },
    output: { filename: 'partes-de-entrada-88123.pdf', mime: 'application/pdf', base64: 'JVBERi0xLjcK' },
  },
  'documents.exportCsv': {
    input: { list: 'board', query: { date: '2026-05-04', onlyActive: true }, locale: 'en' },
    // BOM + "Listing,City\r\n" — a real answer has every column and row.
    output: { filename: 'board-2026-05-04.csv', mime: 'text/csv;charset=utf-8', base64: '77u/TGlzdGluZyxDaXR5DQo=' },
  },
  'documents.ownerStatement': {
    input: { id: 7, month: '2026-06', format: 'pdf', locale: 'en' },
    output: { filename: 'owner-statement-Jordi-Mar-SL-2026-06.pdf', mime: 'application/pdf', base64: 'JVBERi0xLjcK' },
  },
  // October never fetched for the owner's two listings: one request (all listings at once), about 0.4 s.
  'coverage.check': {
    input: { of: 'documents.ownerStatement', input: { id: 7, month: '2025-10', format: 'pdf', locale: 'en' } },
    output: octoberMissing,
  },
  'coverage.fetch': {
    input: { of: 'documents.ownerStatement', input: { id: 7, month: '2025-10', format: 'pdf', locale: 'en' } },
    output: {
      parts: [{ gap: octoberMissing.gaps[0]!, outcome: 'fetched', reason: null }],
      requests: 1,
      ms: 380,
      after: {
        ...octoberMissing,
        complete: true,
        asOf: NOW,
        resources: [
          { resource: 'bookings', complete: true, asOf: NOW },
          { resource: 'costs', complete: true, asOf: NOW },
        ],
        gaps: [],
        requests: 0,
        estimateMs: 0,
      },
    },
  },
};

type EventExamples = { [E in EventName]: EventPayload<E> };

export const EVENT_EXAMPLES: EventExamples = {
  'sync.progress': {
    state: 'syncing',
    current: { resource: 'bookings', scope: 'all', done: 3, planned: 10 },
    budget,
  },
  'sync.freshness': { lastSuccessAt: NOW, freshness, plan },
  'outbox.changed': { summary: outboxSummary, entryIds: [17] },
  'outbox.upload': { entryId: 17, sent: 12_582_912, total: 34_952_533 },
  'connectivity.changed': {
    connectivity: { kind: 'unreachable', since: NOW, until: null, lastAnswerAt: NOW, nextProbeAt: NOW },
    at: NOW,
  },
  'sync.stall': {
    stall: {
      reason: 'failing',
      since: NOW,
      entryId: 17,
      resource: 'cleaning',
      subject: {
        name: null,
        booking: null,
        listing: 'Casa Azul',
        owner: null,
        rate: null,
        from: '2026-05-04',
        to: null,
      },
      operation: 'cleaning.update',
      attempts: 5,
      error: { code: 'server_error', message: 'The server had an internal error. (503)' },
      nextAttemptAt: NOW,
    },
  },
  'cache.changed': { resources: ['cleaning', 'bookings'] },
  'notification.show': {
    notice: {
      kind: 'incident',
      incidentId: 812,
      priority: 'urgent',
      subtitle: 'Water leak in the bathroom',
      listing: 'Apartamento Las Buganvillas 6A',
    },
    at: NOW,
  },
  'session.changed': session,
  'session.expired': { message: 'The server no longer accepts your password. Sign in again.' },
  'updates.changed': updateReady,
};
