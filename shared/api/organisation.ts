// Schemas of the organisation side: destinations, origins, intranet users
// (admins), owners, costs, message threads, and the login response.
import { z } from 'zod';
import { personName } from './rules';
import { F, isIsoDate, listOf, orElse, orNull, wEmail, wLangName, wLangText, wNonEmpty, wText } from './primitives';
import { nested, record } from './record';

export const loginResponse = z.looseObject({ token: z.string().min(1) });

export const destinationRead = record({
  id: F.id,
  name: F.langText,
  tourist_tax: F.numOrNull,
  latitude: F.numOrNull,
  longitude: F.numOrNull,
  max_days: F.numOrNull,
});
export type Destination = z.output<typeof destinationRead>;

export const destinationWrite = z
  .strictObject({
    name: wLangName,
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

export const originRead = record({ id: F.id, name: F.text, active: orElse(F.flag, true), tourist_tax: F.numOrNull });
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
export const adminRead = record(
  {
    id: orNull(F.id),
    username: F.text,
    password: F.any,
    department: F.text,
    name: F.text,
    last_name: F.text,
    date_of_birth: F.dateOrNull,
    address: F.text,
    city: F.text,
    zip_code: F.text,
    email: F.text,
    phone: F.text,
    active: orElse(F.flag, false),
    notes: F.text,
    iso_lang: F.text,
    user_type: F.text,
  },
  ({ password: _password, ...rest }) => rest,
);
export type Admin = z.output<typeof adminRead>;

export const adminWrite = z
  .strictObject({
    username: wNonEmpty(80),
    password: z.string().min(8, { error: 'must be at least 8 characters' }),
    department: z.enum(DEPARTMENTS, { error: `must be one of ${DEPARTMENTS.join(', ')}` }),
    name: personName(wText(120)),
    last_name: personName(wText(160)),
    date_of_birth: z
      .string()
      .regex(/^\d{4}\/\d{2}\/\d{2}$/, { error: 'must be YYYY/MM/DD' })
      .refine((v) => isIsoDate(v.replaceAll('/', '-')), { error: 'must be a real date written YYYY/MM/DD' }),
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
export const ownerRead = record({
  id: F.id,
  company_name: F.text,
  name: F.text,
  email: F.text,
  phone: F.text,
  document_number: F.text,
  tourist_tax: F.numOrNull,
  // "The list may carry more fields": the fiscal ones the write takes, when a read shows them (null otherwise).
  fiscal_address: F.textOrNull,
  fiscal_city: F.textOrNull,
  fiscal_phone: F.textOrNull,
  fiscal_postal_code: F.textOrNull,
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
export const costRead = record({ id: F.id, owner_id: orNull(F.id), concept: F.textOrNull, amount: F.numOrNull });
export type Cost = z.output<typeof costRead>;
export const costWrite = ownerWrite
  .extend({ owner_id: z.number().int().positive(), concept: wText(200), amount: z.number() })
  .partial();

/**
 * What the app SENDS for a cost — the one place of that choice (the contract's cost commands and the
 * outbox's costs kind take it from here). The spec gives a cost's write payload the owner record's
 * shape and shows `owner_id`, `concept`, `amount` only in an overview; the endpoint accepts both
 * (`costWrite`). A person's cost is what the overview shows — whose, what for, how much — so those
 * three are sent, and the owner-shaped fields are not (they are the owner's, edited on the owner).
 */
const costOwner = z
  .number({ error: 'choose an owner' })
  .int()
  .refine((n) => n !== 0, { error: 'choose an owner' });
const costAmount = z.number({ error: 'must be a number' }).refine(Number.isFinite, { error: 'must be a number' });
/** `owner_id` may be an owner created offline (a local negative id), re-pointed before it is sent. */
export const costEdit = costWrite.pick({ concept: true }).extend({ owner_id: costOwner, amount: costAmount }).partial();
export type CostEdit = z.infer<typeof costEdit>;
/** A new cost names its owner, concept and amount (the app's rule; the server requires none). */
export const costCreate = z.strictObject({ owner_id: costOwner, concept: wNonEmpty(200), amount: costAmount });

export type OwnerWrite = z.infer<typeof ownerWrite>;
/** A new owner has a name or a company name (how a person finds it again). */
export const ownerCreate = ownerWrite.refine((o) => Boolean(o.name?.trim() || o.company_name?.trim()), {
  error: 'enter a name or a company name',
  path: ['name'],
});

export type DestinationWrite = z.infer<typeof destinationWrite>;
/** A new destination has a name in at least one language. */
export const destinationCreate = destinationWrite.refine(
  (d) => Object.values(d.name ?? {}).some((t) => t.trim() !== ''),
  { error: 'enter a name', path: ['name'] },
);

const messageFields = {
  id: F.id,
  thread_id: orNull(F.id),
  in_out: orElse(F.int, 0),
  message: F.text,
  external_id: F.textOrNull,
  // Meaning of message type values is not shown: kept as text.
  type: orElse(F.textOrNull, null),
  created_at: F.dateTimeOrNull,
};
export const messageRead = record(messageFields);
export type Message = z.output<typeof messageRead>;

export const threadRead = record({
  id: F.id,
  listing_id: orNull(F.id),
  booking_id: orNull(F.id),
  customer_id: orNull(F.id),
  origin: F.textOrNull,
  external_id: F.textOrNull,
  type: F.textOrNull,
  created_at: F.dateTimeOrNull,
  messages: listOf(nested(messageFields)),
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
export const customerTypeRead = record({ id: F.id, name: F.text, nombre: F.text });

/** An intranet user's edit: every admin field but the password (set only online, never queued: admins.setPassword). */
export const adminUpdate = adminWrite.omit({ password: true });
export type AdminUpdate = z.output<typeof adminUpdate>;
/** A new intranet user: a user name and a password at least (sent at once, online only). */
export const adminCreate = adminWrite.required({ username: true, password: true });
