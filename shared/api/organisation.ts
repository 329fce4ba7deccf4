// Schemas of the organisation side: destinations, origins, intranet users
// (admins), owners, costs, message threads, and the login response.
import { z } from 'zod';
import {
  dateOrNull,
  dateTimeOrNull,
  flag,
  intLike,
  numOrNull,
  readText,
  text,
  textOrNull,
  wEmail,
  wLangText,
  wNonEmpty,
  wText,
} from './primitives';

export const loginResponse = z.looseObject({ token: z.string().min(1) });

export const destinationRead = z.looseObject({
  id: intLike,
  name: readText,
  tourist_tax: numOrNull,
  latitude: numOrNull,
  longitude: numOrNull,
  max_days: numOrNull,
});
export type Destination = z.output<typeof destinationRead>;

export const destinationWrite = z
  .strictObject({
    name: wLangText,
    tax: z.number(),
    min_days_long_stay: z.number().int().min(0),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    order: z.number().int(),
    exempt_age: z.number().int().min(0),
    max_days: z.number().int().min(0),
    text: wLangText,
    dinamic_url: wLangText,
    menu_name: wLangText,
  })
  .partial();

export const originRead = z.looseObject({
  id: intLike,
  name: text,
  active: flag.catch(true),
  tourist_tax: numOrNull,
});
export type Origin = z.output<typeof originRead>;

export const DEPARTMENTS = [
  'Cleaning',
  'Maintenance',
  'Reception',
  'Reservations',
  'Administration',
  'IT',
  'Management',
  'Owners',
] as const;

/** Admin read: the password field, if a server ever echoes it, is dropped here and never stored. */
export const adminRead = z
  .looseObject({
    id: intLike.optional(),
    username: text,
    password: z.unknown().optional(),
    department: text,
    name: text,
    last_name: text,
    date_of_birth: dateOrNull,
    address: text,
    city: text,
    zip_code: text,
    email: text,
    phone: text,
    active: flag.catch(false),
    notes: text,
    iso_lang: text,
    user_type: text,
  })
  .transform(({ password: _password, ...rest }) => rest);
export type Admin = z.output<typeof adminRead>;

export const adminWrite = z
  .strictObject({
    username: wNonEmpty(80),
    password: z.string().min(8, { error: 'must be at least 8 characters' }),
    department: z.enum(DEPARTMENTS, { error: `must be one of ${DEPARTMENTS.join(', ')}` }),
    name: wText(120),
    last_name: wText(160),
    date_of_birth: z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/, { error: 'must be YYYY/MM/DD' }),
    address: wText(250),
    city: wText(120),
    zip_code: wText(20),
    email: wEmail,
    phone: wText(40),
    active: z.enum(['true', 'false']),
    notes: wText(5000),
    iso_lang: z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO language such as EN or ES' }),
    user_type: z.enum(['Internal', 'External']),
  })
  .partial();

/** Owner read: id arrives as a string. */
export const ownerRead = z.looseObject({
  id: intLike,
  company_name: text,
  name: text,
  email: text,
  phone: text,
  document_number: text,
  tourist_tax: numOrNull,
});
export type Owner = z.output<typeof ownerRead>;

export const ownerWrite = z
  .strictObject({
    company_name: wText(200),
    name: wText(200),
    email: wEmail,
    phone: wText(40),
    document_number: wText(40),
    fiscal_address: wText(250),
    fiscal_city: wText(120),
    fiscal_phone: wText(40),
    fiscal_postal_code: wText(20),
  })
  .partial();

/**
 * Costs: the overview lists {id, owner_id, concept, amount}; details have the
 * owner-record shape. One tolerant schema covers both.
 */
export const costRead = z.looseObject({
  id: intLike,
  owner_id: intLike.nullish().transform((v) => v ?? null),
  concept: textOrNull,
  amount: numOrNull,
});
export type Cost = z.output<typeof costRead>;
export const costWrite = ownerWrite
  .extend({ owner_id: z.number().int().positive(), concept: wText(200), amount: z.number() })
  .partial();

export const messageRead = z.looseObject({
  id: intLike,
  thread_id: intLike.nullish().transform((v) => v ?? null),
  in_out: intLike.catch(0),
  message: text,
  external_id: textOrNull,
  type: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .catch(null)
    .transform((v) => (v === undefined || v === null ? null : String(v))),
  created_at: dateTimeOrNull,
});
export type Message = z.output<typeof messageRead>;

export const threadRead = z.looseObject({
  id: intLike,
  listing_id: intLike.nullish().transform((v) => v ?? null),
  booking_id: intLike.nullish().transform((v) => v ?? null),
  customer_id: intLike.nullish().transform((v) => v ?? null),
  origin: textOrNull,
  external_id: textOrNull,
  type: textOrNull,
  created_at: dateTimeOrNull,
  messages: z
    .union([z.array(messageRead), z.null()])
    .optional()
    .transform((v) => v ?? []),
});
export type Thread = z.output<typeof threadRead>;

export const messageSend = z.strictObject({
  thread_id: z.number().int().positive({ error: 'a thread is required' }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'the message is empty' })
    .max(5000, { error: 'must be at most 5000 characters' }),
});
export type MessageSend = z.infer<typeof messageSend>;

/** GET /customersTypes: the sample answer is an empty object; tolerate {data:[…]} or [] too. */
export const customerTypeRead = z.looseObject({ id: intLike, name: text.optional(), nombre: text.optional() });
