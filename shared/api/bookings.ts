// Schemas of bookings, their customers and guests: read shapes (tolerant,
// normalised), the booking update payload, the create payload with lines,
// customer and guests, and the customer/guest update payloads.
// Card fields exist only on the create payload and are never part of a read type.
import { z } from 'zod';
import {
  F,
  listOf,
  orElse,
  orNull,
  show,
  textIn,
  bad,
  wCount,
  wDate,
  wEmail,
  wFlag01,
  wId,
  wMoney,
  wNonEmpty,
  wSex,
  wText,
  wTime,
  type Field,
} from './primitives';
import { nullable, produces } from './output';
import { nested, record } from './record';
import { bookingMoney, documentFitsType, documentNumber, personName } from './rules';

/**
 * customer_type: {id, nombre, created_at, updated_at}, or a bare id → {id, name}. Its own output
 * ({id, name}) reads back as itself: the cache keeps only that form (outbox/kinds/stored-form.test.ts).
 */
const readCustomerType: Field<{ id: number; name: string | null } | null> = (v) => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const id = F.int(o['id']);
    return typeof id === 'number'
      ? { id, name: textIn(o, 'nombre') ?? textIn(o, 'name') }
      : bad(`expected a customer type, got ${show(v)}`);
  }
  const id = F.int(v);
  return typeof id === 'number' ? { id, name: null } : bad(`expected a customer type, got ${show(v)}`);
};
const customerType = produces(
  readCustomerType,
  nullable(z.object({ id: z.number().int(), name: nullable(z.string()) })),
);

const personFields = {
  id: F.id,
  name: F.text,
  lastname: F.text,
  email: F.text,
  address: F.text,
  city: F.text,
  zip_code: F.text,
  number_id: F.text,
  document_type: F.textOrNull,
  nationality: F.textOrNull,
  sex: F.sex,
  date_issue: F.dateOrNull,
  date_birth: F.dateOrNull,
};

/** Customer read shape (customer_type object; country as a name or null). */
const customerFields = { ...personFields, customer_type: customerType, country: F.textOrNull };
export const customerRead = record(customerFields);
export type Customer = z.output<typeof customerRead>;

/** Guest read shape (country as an integer id). */
const guestFields = { ...personFields, country: orNull(F.int) };
export const guestRead = record(guestFields);
export type Guest = z.output<typeof guestRead>;

const bundleFields = { user: orNull(nested(customerFields)), guests: listOf(nested(guestFields)) };
/** {user, guests} — the body of customers-of-a-booking and guests-of-a-booking. */
export const customerBundleRead = record(bundleFields);
export type CustomerBundle = z.output<typeof customerBundleRead>;

const service = nested({ id: F.id, qty: orElse(F.int, 1), price: orElse(F.num, 0) });

export const bookingRead = record({
  booking_number: F.id,
  listing_id: orNull(F.id),
  start_date: F.date,
  end_date: F.date,
  customer_id: orNull(F.id),
  state: F.int,
  adults: orElse(F.int, 0),
  children: orElse(F.int, 0),
  infants: orElse(F.int, 0),
  paid: F.numOrNull,
  prepaid: F.numOrNull,
  total: F.numOrNull,
  deposit: F.numOrNull,
  tourist_tax: F.numOrNull,
  arrival_time: F.time,
  arrival_time_until: F.time,
  departure_time: F.time,
  departure_time_until: F.time,
  source_id: orNull(F.id),
  opening_code: F.textOrNull,
  checkin_completed: orElse(F.flag, false),
  // A number of keys, sent as an integer or a string: kept as text ("2").
  key_numbers: F.textOrNull,
  notes: F.textOrNull,
  services: listOf(service),
  extras: listOf(F.any),
  created_at: F.dateTimeOrNull,
  updated_at: F.dateTimeOrNull,
  customers: orNull(nested(bundleFields)),
});
export type Booking = z.output<typeof bookingRead>;

const timeFields = {
  arrival_time: wTime,
  arrival_time_until: wTime,
  departure_time: wTime,
  departure_time_until: wTime,
};

/** PUT /bookings/{id}. `status` accepts exactly the two documented values. */
export const bookingUpdate = z
  .strictObject({
    status: z.enum(['canceled', 'confirmed'], { error: 'status must be "confirmed" or "canceled"' }),
    checkin_online: wFlag01,
    start_date: wDate,
    end_date: wDate,
    adults: wCount,
    children: wCount,
    infants: wCount,
    ...timeFields,
    paid: bookingMoney('paid', wMoney),
    tourist_tax: bookingMoney('tourist_tax', wMoney),
    opening_code: wText(40).nullable(),
    key_numbers: z.union([wCount, wText(40)]),
    notes: wText(5000).nullable(),
  })
  .partial()
  .refine((b) => !b.start_date || !b.end_date || b.end_date > b.start_date, {
    error: 'the departure date must be after the arrival date',
    path: ['end_date'],
  });
export type BookingUpdate = z.infer<typeof bookingUpdate>;

/** Customer and guest update payloads share these fields. */
const personUpdateFields = {
  name: personName(wNonEmpty(120)),
  lastname: personName(wNonEmpty(160)),
  email: wEmail.or(z.literal('')),
  address: wText(250),
  city: wText(120),
  country: wId,
  zip_code: wText(20),
  number_id: wText(40),
  nationality: wId,
  sex: wSex,
  date_issue: wDate,
  date_birth: wDate,
};
/**
 * Guests also carry their identity document's type (a DOCUMENT_TYPES id): the
 * registration needs it. The spec names `document_type_id` only in the
 * booking-create guest object; guest create/update send it under that name
 * (marked as an assumption in the endpoint table).
 */
const guestUpdateFields = { ...personUpdateFields, document_type_id: wId };
/** A customer has no document type: its number is checked on its own (shared/domain/identity-documents.ts). */
export const customerUpdate = z
  .strictObject({ ...personUpdateFields, number_id: documentNumber(wText(40)), customer_type: wId })
  .partial();
/**
 * A guest's document number fits its document type when the payload carries both; an update
 * carrying one of them is checked against the guest's other one before queueing (kinds/guests.ts).
 */
export const guestUpdate = z
  .strictObject(guestUpdateFields)
  .partial()
  .superRefine(documentFitsType('document_type_id', 'number_id'));
export type CustomerUpdate = z.infer<typeof customerUpdate>;
export type GuestUpdate = z.infer<typeof guestUpdate>;

/** POST /guests: {id: booking id, guest: {...}}. A new guest needs a name and surname. */
export const guestCreate = z.strictObject({
  id: wId,
  guest: z
    .strictObject(guestUpdateFields)
    .partial()
    .required({ name: true, lastname: true })
    .superRefine(documentFitsType('document_type_id', 'number_id', true)),
});
export type GuestCreate = z.infer<typeof guestCreate>;

export const bookingLine = z.strictObject({
  concept_id: wId,
  extra_id: wId.optional(),
  price: z.number().int({ error: 'line prices are whole cents' }),
  pay_date: wDate,
  type_pay: z.number().int(),
});

/** What the booking-create payload says of any person: its customer and each guest. */
const createPerson = {
  name: personName(wNonEmpty(120)),
  surname: personName(wNonEmpty(160)),
  email: wEmail.optional(),
  address: wText(250).optional(),
  city: wText(120).optional(),
  country_id: wId.optional(),
  postal_code: wText(20).optional(),
  number_id: wText(40).optional(),
  nationality: wId.optional(),
  expedition_date: wDate.optional(),
  sex: wSex.optional(),
};

const createCustomer = z.strictObject({
  id: wId.optional(),
  ...createPerson,
  number_id: documentNumber(wText(40)).optional(),
  phone: wText(40).optional(),
  customer_type_id: wId.optional(),
  date_birth: wDate.optional(),
  language_id: wId.optional(),
  language_code: z.string().length(2).optional(),
  // Card data passes straight through to the server on create; Stayboard never stores it.
  cardholder: wText(120).optional(),
  card_number: z
    .string()
    .regex(/^\d{12,19}$/, { error: 'card number must be 12–19 digits' })
    .optional(),
  card_expiration: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'expiry must be MM/YY' })
    .optional(),
  card_cvv: z
    .string()
    .regex(/^\d{3,4}$/, { error: 'CVV must be 3 or 4 digits' })
    .optional(),
});

const createGuest = z
  .strictObject({
    ...createPerson,
    birth_date: wDate.optional(),
    document_type_id: wId.optional(),
    expiration_date: wDate.optional(),
  })
  .superRefine(documentFitsType('document_type_id', 'number_id', true));

/** Booking create payload. Field names of creation date and origin name/code are not shown: kept out. */
export const bookingCreate = z
  .strictObject({
    listing_id: wId,
    status: z.enum(['canceled', 'confirmed']).optional(),
    checkin_online: wFlag01.optional(),
    start_date: wDate,
    end_date: wDate,
    adults: wCount,
    children: wCount.optional(),
    infants: wCount.optional(),
    arrival_time: wTime.optional(),
    arrival_time_until: wTime.optional(),
    departure_time: wTime.optional(),
    departure_time_until: wTime.optional(),
    paid: bookingMoney('paid', wMoney).optional(),
    prepaid: bookingMoney('prepaid', wMoney).optional(),
    total: bookingMoney('total', wMoney).optional(),
    tourist_tax: bookingMoney('tourist_tax', wMoney).optional(),
    opening_code: wText(40).optional(),
    key_numbers: z.union([wCount, wText(40)]).optional(),
    notes: wText(5000).optional(),
    customer: createCustomer,
    lines: z.array(bookingLine).optional(),
    guests: z.array(createGuest).optional(),
  })
  .refine((b) => b.end_date > b.start_date, {
    error: 'the departure date must be after the arrival date',
    path: ['end_date'],
  });
export type BookingCreate = z.infer<typeof bookingCreate>;

/** Fields of a customer create payload that are card data: never stored, never logged. */
export const CARD_FIELDS = ['cardholder', 'card_number', 'card_expiration', 'card_cvv'] as const;
