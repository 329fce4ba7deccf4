// Schemas of bookings, their customers and guests: read shapes (tolerant,
// normalised), the booking update payload, the create payload with lines,
// customer and guests, and the customer/guest update payloads.
// Card fields exist only on the create payload and are never part of a read type.
import { z } from 'zod';
import {
  date,
  dateOrNull,
  dateTimeOrNull,
  flag,
  intLike,
  numLike,
  numOrNull,
  text,
  textOrNull,
  timeOrNull,
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
} from './primitives';

const sexOrNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v && /^[MF]$/i.test(v.trim()) ? (v.trim().toUpperCase() as 'M' | 'F') : null));

/** Customer read shape (customer_type object; country as a name or null). */
export const customerRead = z.looseObject({
  id: intLike,
  name: text,
  lastname: text,
  email: text,
  address: text,
  city: text,
  zip_code: text,
  number_id: text,
  customer_type: z
    .union([
      z.looseObject({ id: intLike, nombre: z.string().nullish() }),
      intLike.transform((id) => ({ id, nombre: null })),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? { id: v.id, name: v.nombre ?? null } : null)),
  country: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : String(v))),
  document_type: textOrNull,
  nationality: textOrNull,
  sex: sexOrNull,
  date_issue: dateOrNull,
  date_birth: dateOrNull,
});
export type Customer = z.output<typeof customerRead>;

/** Guest read shape (country as an integer id). */
export const guestRead = z.looseObject({
  id: intLike,
  name: text,
  lastname: text,
  email: text,
  address: text,
  city: text,
  zip_code: text,
  number_id: text,
  country: intLike.nullish().transform((v) => v ?? null),
  document_type: textOrNull,
  nationality: textOrNull,
  sex: sexOrNull,
  date_issue: dateOrNull,
  date_birth: dateOrNull,
});
export type Guest = z.output<typeof guestRead>;

/** {user, guests} — the body of customers-of-a-booking and guests-of-a-booking. */
export const customerBundleRead = z.looseObject({
  user: customerRead.nullish().transform((v) => v ?? null),
  guests: z
    .union([z.array(guestRead), z.null()])
    .optional()
    .transform((v) => v ?? []),
});
export type CustomerBundle = z.output<typeof customerBundleRead>;

const service = z.looseObject({ id: intLike, qty: intLike.catch(1), price: numLike.catch(0) });

export const bookingRead = z.looseObject({
  booking_number: intLike,
  listing_id: intLike.nullish().transform((v) => v ?? null),
  start_date: date,
  end_date: date,
  customer_id: intLike.nullish().transform((v) => v ?? null),
  state: intLike,
  adults: intLike.catch(0),
  children: intLike.catch(0),
  infants: intLike.catch(0),
  paid: numOrNull,
  prepaid: numOrNull,
  total: numOrNull,
  deposit: numOrNull,
  tourist_tax: numOrNull,
  arrival_time: timeOrNull,
  arrival_time_until: timeOrNull,
  departure_time: timeOrNull,
  departure_time_until: timeOrNull,
  source_id: intLike.nullish().transform((v) => v ?? null),
  opening_code: textOrNull,
  checkin_completed: flag.nullish().transform((v) => v ?? false),
  key_numbers: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : String(v))),
  notes: textOrNull,
  services: z
    .union([z.array(service), z.null()])
    .optional()
    .transform((v) => v ?? []),
  extras: z
    .union([z.array(z.unknown()), z.null()])
    .optional()
    .transform((v) => v ?? []),
  created_at: dateTimeOrNull,
  updated_at: dateTimeOrNull,
  customers: customerBundleRead.nullish().transform((v) => v ?? null),
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
    paid: wMoney,
    tourist_tax: wMoney,
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
  name: wNonEmpty(120),
  lastname: wNonEmpty(160),
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
export const customerUpdate = z.strictObject({ ...personUpdateFields, customer_type: wId }).partial();
export const guestUpdate = z.strictObject(personUpdateFields).partial();
export type CustomerUpdate = z.infer<typeof customerUpdate>;
export type GuestUpdate = z.infer<typeof guestUpdate>;

/** POST /guests: {id: booking id, guest: {...}}. A new guest needs a name and surname. */
export const guestCreate = z.strictObject({
  id: wId,
  guest: z.strictObject(personUpdateFields).partial().required({ name: true, lastname: true }),
});
export type GuestCreate = z.infer<typeof guestCreate>;

export const bookingLine = z.strictObject({
  concept_id: wId,
  extra_id: wId.optional(),
  price: z.number().int({ error: 'line prices are whole cents' }),
  pay_date: wDate,
  type_pay: z.number().int(),
});

const createCustomer = z.strictObject({
  id: wId.optional(),
  name: wNonEmpty(120),
  surname: wNonEmpty(160),
  email: wEmail.optional(),
  address: wText(250).optional(),
  city: wText(120).optional(),
  country_id: wId.optional(),
  postal_code: wText(20).optional(),
  phone: wText(40).optional(),
  number_id: wText(40).optional(),
  nationality: wId.optional(),
  expedition_date: wDate.optional(),
  customer_type_id: wId.optional(),
  sex: wSex.optional(),
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

const createGuest = z.strictObject({
  name: wNonEmpty(120),
  surname: wNonEmpty(160),
  address: wText(250).optional(),
  city: wText(120).optional(),
  postal_code: wText(20).optional(),
  birth_date: wDate.optional(),
  document_type_id: wId.optional(),
  email: wEmail.optional(),
  country_id: wId.optional(),
  number_id: wText(40).optional(),
  nationality: wId.optional(),
  expedition_date: wDate.optional(),
  expiration_date: wDate.optional(),
  sex: wSex.optional(),
});

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
    paid: wMoney.optional(),
    prepaid: wMoney.optional(),
    total: wMoney.optional(),
    tourist_tax: wMoney.optional(),
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
