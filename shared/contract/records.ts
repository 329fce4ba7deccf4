// Output shapes of cached records as the renderer receives them: the
// normalised forms of the API read schemas (shared/api, snake_case fields kept
// so the cache can hand them over as they are), plus the `outbox` mark of
// unsent changes. Plain schemas with no transforms: they check and strip what
// leaves the main side, and `z.output` of each is the renderer's type.
import { z } from 'zod';
import { isoDate, nullable, outboxMark, recordId } from './primitives';

const int = z.number().int();
const num = z.number();
const str = z.string();
const time = str; // "HH:MM", normalised by the read schemas
const json = z.unknown(); // members the spec leaves open ("value or null"); always JSON from the server

const room = z.object({ type: str, num_beds: int });

export const listingRecord = z.object({
  id: recordId,
  active: z.boolean(),
  name: str,
  mu: z.boolean(),
  destination: nullable(int),
  street: str,
  floor: str,
  door: str,
  city: str,
  state: nullable(int),
  state_name: nullable(str),
  country: nullable(int),
  zipcode: str,
  license: str,
  lat: nullable(num),
  lng: nullable(num),
  person_capacity: nullable(int),
  bathrooms: nullable(int),
  bath: nullable(int),
  bedrooms: nullable(int),
  m2: nullable(int),
  longstay: z.boolean(),
  checkinfrom: nullable(time),
  checkinto: nullable(time),
  checkout: nullable(time),
  latecheckinfrom: nullable(time),
  latecheckinto: nullable(time),
  price_latecheckin: nullable(num),
  entry_limit_time: nullable(time),
  deposit: nullable(num),
  intercom_number: nullable(str),
  key_number: nullable(str),
  wifi_network: nullable(str),
  wifi_password: nullable(str),
  tourist_tax: nullable(num),
  description: str,
  short_description: str,
  property_type: nullable(int),
  url: str,
  num_sofa_beds: nullable(int),
  fees: z.array(int),
  services: z.array(int),
  owner_id: nullable(int),
  rooms: z.record(str, z.array(room)),
  synchronization_category: nullable(str),
});
export type ListingRecord = z.output<typeof listingRecord>;

/** What lists, the board and the calendar need of a listing. */
export const listingSummary = listingRecord.pick({
  id: true,
  active: true,
  name: true,
  mu: true,
  destination: true,
  city: true,
  person_capacity: true,
  bedrooms: true,
  checkinfrom: true,
  checkinto: true,
  checkout: true,
  owner_id: true,
});
export type ListingSummary = z.output<typeof listingSummary>;

export const photoRecord = z.object({
  id: recordId,
  listing_id: nullable(int),
  name: str,
  zone: str,
  type: nullable(int),
  position: int,
  alt_text: str,
  title: str,
});
export type PhotoRecord = z.output<typeof photoRecord>;

export const rateRecord = z.object({
  rate_id: recordId,
  name: str,
  parent_rate: nullable(int),
  increment_by_person: nullable(
    z.array(
      z.object({
        maximum_people: nullable(num),
        minimum_people: nullable(num),
        increment_type: nullable(str),
        increment_price: nullable(num),
      }),
    ),
  ),
  modify_price: json,
  modify: json,
  listing_id: nullable(int),
  category_id: nullable(int),
  policy: nullable(
    z.object({
      name: str,
      description: str,
      prepaid: nullable(z.object({ percent: nullable(num), less_than_days: nullable(num), percent2: nullable(num) })),
    }),
  ),
});
export type RateRecord = z.output<typeof rateRecord>;

export const priceRecord = z.object({
  rate_id: int,
  date: isoDate,
  min_days: nullable(int),
  max_days: nullable(int),
  price: num,
  active: z.boolean(),
  cta: z.boolean(),
  ctd: z.boolean(),
});
export type PriceRecord = z.output<typeof priceRecord>;

export const blockRecord = z.object({
  id: recordId,
  start_date: isoDate,
  end_date: isoDate,
  listing_id: int,
  block_type: int,
  reason: str,
  outbox: outboxMark,
});
export type BlockRecord = z.output<typeof blockRecord>;

export const bookingService = z.object({ id: int, qty: int, price: num });

export const bookingRecord = z.object({
  booking_number: recordId,
  listing_id: nullable(int),
  start_date: isoDate,
  end_date: isoDate,
  customer_id: nullable(int),
  state: int,
  adults: int,
  children: int,
  infants: int,
  paid: nullable(num),
  prepaid: nullable(num),
  total: nullable(num),
  deposit: nullable(num),
  tourist_tax: nullable(num),
  arrival_time: nullable(time),
  arrival_time_until: nullable(time),
  departure_time: nullable(time),
  departure_time_until: nullable(time),
  source_id: nullable(int),
  opening_code: nullable(str),
  checkin_completed: z.boolean(),
  key_numbers: nullable(str),
  notes: nullable(str),
  services: z.array(bookingService),
  extras: z.array(json),
  created_at: nullable(str),
  updated_at: nullable(str),
  outbox: outboxMark,
});
export type BookingRecord = z.output<typeof bookingRecord>;

/** A booking in a list: the record plus the names lists show and the guest registration count. */
export const bookingListItem = bookingRecord.extend({
  listing_name: nullable(str),
  customer_name: nullable(str),
  guests_registered: int.default(0),
  /** A blocking stay sharing a night with more blocking stays than the listing has units. */
  overbooked: z.boolean().default(false),
});
export type BookingListItem = z.output<typeof bookingListItem>;

const person = {
  id: recordId,
  name: str,
  lastname: str,
  email: str,
  address: str,
  city: str,
  zip_code: str,
  number_id: str,
  document_type: nullable(str),
  nationality: nullable(str),
  sex: nullable(z.enum(['M', 'F'])),
  date_issue: nullable(isoDate),
  date_birth: nullable(isoDate),
  outbox: outboxMark,
};

export const customerRecord = z.object({
  ...person,
  customer_type: nullable(z.object({ id: int, name: nullable(str) })),
  /** A country name (customers) as the API sends it. */
  country: nullable(str),
});
export type CustomerRecord = z.output<typeof customerRecord>;

export const guestRecord = z.object({
  ...person,
  /** A country id (guests). */
  country: nullable(int),
  booking_number: nullable(int),
});
export type GuestRecord = z.output<typeof guestRecord>;

export const incidentRecord = z.object({
  id: recordId,
  priority: int,
  /** "YYYY-MM-DD HH:MM:SS" */
  date: str,
  subtitle: nullable(str),
  note: str,
  images: z.array(json),
  properties: z.array(z.object({ listing_id: int, finished: z.boolean(), finish_date: nullable(isoDate) })),
  outbox: outboxMark,
});
export type IncidentRecord = z.output<typeof incidentRecord>;

export const maintenanceRecord = z.object({
  id: recordId,
  listing_id: nullable(int),
  booking_id: nullable(int),
  type: int,
  date: isoDate,
  hour: nullable(time),
  inspected: z.boolean(),
  inspection_date: nullable(isoDate),
  duration: nullable(str),
  start: json,
  end: json,
  /** The API's own `pending` counter (not Stayboard's outbox: see `outbox`). */
  pending: int,
  notes: str,
  outbox: outboxMark,
});
export type MaintenanceRecord = z.output<typeof maintenanceRecord>;

export const cleaningRecord = z.object({
  id: recordId,
  listing_id: nullable(int),
  status: int,
  date: isoDate,
  inspected: z.boolean(),
  time: nullable(time),
  duration: nullable(str),
  booking_id: nullable(int),
  notes: str,
  outbox: outboxMark,
});
export type CleaningRecord = z.output<typeof cleaningRecord>;

export const messageRecord = z.object({
  id: recordId,
  thread_id: nullable(int),
  in_out: int,
  message: str,
  external_id: nullable(str),
  type: nullable(str),
  created_at: nullable(str),
  outbox: outboxMark,
});
export type MessageRecord = z.output<typeof messageRecord>;

export const threadRecord = z.object({
  id: recordId,
  listing_id: nullable(int),
  booking_id: nullable(int),
  customer_id: nullable(int),
  origin: nullable(str),
  external_id: nullable(str),
  type: nullable(str),
  created_at: nullable(str),
  messages: z.array(messageRecord),
});
export type ThreadRecord = z.output<typeof threadRecord>;

export const destinationRecord = z.object({
  id: recordId,
  name: str,
  tourist_tax: nullable(num),
  latitude: nullable(num),
  longitude: nullable(num),
  max_days: nullable(num),
});
export type DestinationRecord = z.output<typeof destinationRecord>;

export const originRecord = z.object({ id: recordId, name: str, active: z.boolean(), tourist_tax: nullable(num) });
export type OriginRecord = z.output<typeof originRecord>;

export const ownerRecord = z.object({
  id: recordId,
  company_name: str,
  name: str,
  email: str,
  phone: str,
  document_number: str,
  tourist_tax: nullable(num),
});
export type OwnerRecord = z.output<typeof ownerRecord>;

export const costRecord = z.object({
  id: recordId,
  owner_id: nullable(int),
  concept: nullable(str),
  amount: nullable(num),
});
export type CostRecord = z.output<typeof costRecord>;

/** Intranet users. The password is never part of this shape. */
export const adminRecord = z.object({
  id: nullable(int),
  username: str,
  department: str,
  name: str,
  last_name: str,
  date_of_birth: nullable(isoDate),
  address: str,
  city: str,
  zip_code: str,
  email: str,
  phone: str,
  active: z.boolean(),
  notes: str,
  iso_lang: str,
  user_type: str,
});
export type AdminRecord = z.output<typeof adminRecord>;
