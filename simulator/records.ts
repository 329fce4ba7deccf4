// The canonical records of the simulated business, one type per value (the
// wire variants are chosen only when a record is sent, see wire/). Field names
// follow the API where the API has the field; camelCase fields are internal
// and never sent.

export type LangText = Record<string, string>;
export interface Bed {
  type: string;
  num_beds: number;
}

export interface Destination {
  id: number;
  name: LangText;
  tax: number;
  lat: number;
  lng: number;
  order: number;
  exempt_age: number;
  max_days: number;
  min_days_long_stay: number;
  text: LangText;
  dinamic_url: LangText;
  menu_name: LangText;
  updatedAt: number;
}

/** Internal grouping: a multi-unit listing is its own category; single units are grouped by destination and size. */
export interface Category {
  id: number;
  name: string;
  destination: number;
}

export interface Owner {
  id: number;
  company_name: string;
  name: string;
  email: string;
  phone: string;
  document_number: string;
  fiscal_address: string;
  fiscal_city: string;
  fiscal_phone: string;
  fiscal_postal_code: string;
  tourist_tax: number;
  updatedAt: number;
}

export interface Cost {
  id: number;
  /** null: a cost sent in the owner record's shape only (the spec requires no owner_id). */
  owner_id: number | null;
  concept: string;
  amount: number;
  /** Owner-shaped fields written on the cost itself (its detail shows them over the owner's). */
  details: Record<string, string>;
  updatedAt: number;
}

export interface Listing {
  id: number;
  active: 0 | 1;
  name: string;
  mu: boolean;
  /** Units of a multi-unit listing (1 for a single unit). */
  units: number;
  categoryId: number;
  destination: number;
  street: string;
  floor: string;
  door: string;
  city: string;
  state: number;
  country: number;
  zipcode: string;
  license: string;
  lat: number;
  lng: number;
  person_capacity: number;
  bathrooms: number;
  bath: number;
  bedrooms: number;
  m2: number;
  longstay: boolean;
  checkinfrom: string | null;
  checkinto: string | null;
  checkout: string | null;
  latecheckinfrom: string | null;
  latecheckinto: string | null;
  price_latecheckin: number | null;
  entry_limit_time: string | null;
  deposit: number;
  intercom_number: string | null;
  key_number: string | null;
  wifi_network: string | null;
  wifi_password: string | null;
  tourist_tax: number;
  description: LangText;
  short_description: LangText;
  property_type: number;
  url: string;
  num_sofa_beds: number | null;
  fees: number[];
  services: number[];
  owner_id: number;
  rooms: Record<string, Bed[]>;
  synchronization_category: string;
  updatedAt: number;
}

export interface Photo {
  id: number;
  listing_id: number;
  name: string;
  zone: string;
  /** 1 inside (internal), 2 outside (external). */
  type: number;
  position: number;
  alt_text: LangText;
  title: LangText;
  updatedAt: number;
}

export interface Increment {
  maximum_people: number;
  minimum_people: number;
  increment_type: string;
  increment_price: number;
}

export interface Policy {
  name: string;
  description: string;
  prepaid: { percent: number; less_than_days: number; percent2: number };
}

export interface Rate {
  id: number;
  name: string;
  parent_rate: number | null;
  increment_by_person: Increment[] | null;
  modify_price: number | null;
  modify: string | null;
  listing_id: number | null;
  category_id: number | null;
  policy: Policy | null;
  /** Internal: base nightly price the daily prices derive from. */
  basePrice: number;
  updatedAt: number;
}

/** One day of one rate, after any price update. */
export interface PriceDay {
  price: number;
  min_days: number;
  max_days: number;
  active: 0 | 1;
  cta: 0 | 1;
  ctd: 0 | 1;
}

export interface Block {
  id: number;
  listing_id: number;
  start: number;
  end: number;
  block_type: number;
  reason: string;
  updatedAt: number;
}

export interface Service {
  id: number;
  qty: number;
  price: number;
}

export interface Line {
  concept_id: number;
  extra_id?: number | undefined;
  price: number;
  pay_date: string;
  type_pay: number;
}

export interface Booking {
  id: number;
  listing_id: number;
  /** Internal: which unit of a multi-unit listing the stay occupies. */
  unit: number;
  start: number;
  end: number;
  customer_id: number;
  state: number;
  adults: number;
  children: number;
  infants: number;
  paid: number;
  prepaid: number;
  total: number;
  deposit: number;
  tourist_tax: number;
  /** Times of day as minutes since midnight. */
  arrival_time: number;
  arrival_time_until: number;
  departure_time: number;
  departure_time_until: number;
  source_id: number;
  opening_code: string | null;
  checkin_completed: boolean;
  key_numbers: number | string;
  notes: string | null;
  services: Service[];
  extras: unknown[];
  lines: Line[];
  guestIds: number[];
  createdAt: number;
  updatedAt: number;
}

/** What customers and guests both have. */
interface PersonRecord {
  id: number;
  name: string;
  lastname: string;
  email: string;
  address: string;
  city: string;
  zip_code: string;
  number_id: string;
  country: number | null;
  document_type: number | null;
  nationality: number | null;
  sex: 'M' | 'F' | null;
  date_issue: string | null;
  date_birth: string | null;
  updatedAt: number;
}

export interface Customer extends PersonRecord {
  phone: string;
  customer_type: number;
  language_id: number;
  createdAt: number;
}

export interface Guest extends PersonRecord {
  booking_id: number;
}

export interface IncidentProperty {
  listing_id: number;
  finished: 0 | 1;
  finish_date: number | null;
}

export interface Incident {
  id: number;
  priority: 1 | 2 | 3 | 4;
  day: number;
  /** Seconds since midnight of the incident's date-time. */
  seconds: number;
  subtitle: string | null;
  note: string;
  images: string[];
  properties: IncidentProperty[];
  updatedAt: number;
}

export interface Maintenance {
  id: number;
  listing_id: number;
  booking_id: number;
  type: 0 | 1;
  day: number;
  hour: string;
  inspected: boolean;
  inspection_date: number | null;
  duration: string;
  start: string | null;
  end: string | null;
  pending: number;
  notes: string;
  updatedAt: number;
}

export interface Cleaning {
  id: number;
  listing_id: number;
  booking_id: number;
  status: number;
  day: number;
  inspected: boolean;
  time: string;
  duration: string;
  notes: string;
  updatedAt: number;
}

export interface Message {
  id: number;
  thread_id: number;
  in_out: 0 | 1;
  message: string;
  external_id: string;
  type: string | null;
  createdAt: number;
}

export interface Thread {
  id: number;
  listing_id: number;
  booking_id: number;
  customer_id: number;
  origin: string;
  external_id: string;
  type: string;
  createdAt: number;
  messages: Message[];
}

export interface Admin {
  id: number;
  username: string;
  passwordHash: string;
  department: string;
  name: string;
  last_name: string;
  date_of_birth: number;
  address: string;
  city: string;
  zip_code: string;
  email: string;
  phone: string;
  active: boolean;
  notes: string;
  iso_lang: string;
  user_type: string;
  updatedAt: number;
}

export interface Origin {
  id: number;
  name: string;
  active: 0 | 1;
  tourist_tax: number;
}
