// Schemas of the inventory side of the API: listings, photos, rates, daily
// prices, availability (single- and multi-unit) and calendar blocks.
// Read schemas are loose objects: unknown fields are kept, never a reason to reject.
import { z } from 'zod';
import {
  date,
  flag,
  idList,
  intLike,
  numLike,
  numOrNull,
  readText,
  text,
  textOrNull,
  timeOrNull,
  wDate,
  wId,
  wLangText,
  wText,
} from './primitives';

/** `state` comes as an integer (single-record read) or {id, nombre} (list). */
const stateRef = z
  .union([intLike, z.looseObject({ id: intLike, nombre: z.string().nullish() }), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined) return { id: null, name: null };
    if (typeof v === 'number') return { id: v, name: null };
    return { id: v.id, name: v.nombre ?? null };
  });

const room = z.looseObject({ type: text, num_beds: intLike.catch(0) });
/** Rooms: object keyed by room number → beds. Some back ends send [] for "no rooms". */
const rooms = z
  .union([z.record(z.string(), z.array(room)), z.array(z.array(room)), z.null()])
  .optional()
  .transform((v): Record<string, { type: string; num_beds: number }[]> => {
    if (!v) return {};
    if (Array.isArray(v)) return Object.fromEntries(v.map((beds, i) => [String(i + 1), beds]));
    return v;
  });

export const listingRead = z
  .looseObject({
    id: intLike,
    active: flag.catch(true),
    name: text,
    mu: flag.catch(false),
    destination: intLike.nullish(),
    street: text,
    floor: text,
    door: text,
    city: text,
    state: stateRef,
    country: intLike.nullish(),
    zipcode: text,
    license: text,
    lat: numOrNull,
    lng: numOrNull,
    person_capacity: intLike.nullish(),
    bathrooms: intLike.nullish(),
    bath: intLike.nullish(),
    bedrooms: intLike.nullish(),
    m2: intLike.nullish(),
    longstay: flag.nullish().transform((v) => v ?? false),
    checkinfrom: timeOrNull,
    checkinto: timeOrNull,
    checkout: timeOrNull,
    latecheckinfrom: timeOrNull,
    latecheckinto: timeOrNull,
    price_latecheckin: numOrNull,
    entry_limit_time: timeOrNull,
    deposit: numOrNull,
    intercom_number: textOrNull,
    key_number: textOrNull,
    wifi_network: textOrNull,
    wifi_password: textOrNull,
    tourist_tax: numOrNull,
    description: readText,
    short_description: readText,
    property_type: intLike.nullish(),
    url: text,
    num_sofa_beds: intLike.nullish(),
    fees: idList,
    services: idList,
    owner_id: intLike.nullish(),
    rooms,
    synchronization_category: textOrNull,
  })
  .transform(({ state, ...rest }) => ({ ...rest, state: state.id, state_name: state.name }));
export type Listing = z.output<typeof listingRead>;

const roomWrite = z.strictObject({ type: wText(40), num_beds: z.number().int().min(0).max(20) });
export const listingWrite = z
  .strictObject({
    name: wText(200).min(1, { error: 'is required' }),
    active: z.union([z.literal(0), z.literal(1)]),
    mu: z.union([z.literal(0), z.literal(1)]),
    destination: wId,
    street: wText(200),
    floor: wText(20),
    door: wText(20),
    city: wText(120),
    state: wId,
    country: wId,
    zipcode: wText(20),
    license: wText(80),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    person_capacity: z.number().int().min(1).max(100),
    bathrooms: z.number().int().min(0),
    bath: z.number().int().min(0),
    bedrooms: z.number().int().min(0),
    m2: z.number().int().min(0),
    longstay: z.union([z.literal(0), z.literal(1)]),
    checkinfrom: z.string().nullable(),
    checkinto: z.string().nullable(),
    checkout: z.string().nullable(),
    latecheckinfrom: z.string().nullable(),
    latecheckinto: z.string().nullable(),
    price_latecheckin: z.number().nullable(),
    entry_limit_time: z.string().nullable(),
    deposit: z.number(),
    intercom_number: z.string().nullable(),
    key_number: z.string().nullable(),
    wifi_network: z.string().nullable(),
    wifi_password: z.string().nullable(),
    description: wLangText,
    short_description: wLangText,
    url: wText(200),
    num_sofa_beds: z.number().int().min(0).nullable(),
    owner_id: wId,
    rooms: z.record(z.string().regex(/^\d+$/), z.array(roomWrite)),
  })
  .partial();

export const photoRead = z.looseObject({
  id: intLike,
  listing_id: intLike.nullish(),
  name: text,
  zone: text,
  type: intLike.nullish(),
  position: intLike.catch(0),
  alt_text: readText,
  title: readText,
});
export type Photo = z.output<typeof photoRead>;

export const photoCreate = z.strictObject({
  listing_id: wId,
  image: z.string().min(1, { error: 'image content (base64) is required' }),
  type: z.enum(['internal', 'external'], { error: 'must be internal or external' }),
  title: wLangText.optional(),
  alt_text: wLangText.optional(),
});
export const photoUpdate = z
  .strictObject({ type: z.number().int(), position: z.number().int().min(0), alt_text: wLangText, title: wLangText })
  .partial();

/** Members of increment_by_person arrive as strings in responses. */
const increment = z.looseObject({
  maximum_people: numOrNull,
  minimum_people: numOrNull,
  increment_type: textOrNull,
  increment_price: numOrNull,
});
const policy = z.looseObject({
  name: text,
  description: readText,
  prepaid: z
    .looseObject({ percent: numOrNull, less_than_days: numOrNull, percent2: numOrNull })
    .nullish()
    .transform((v) => v ?? null),
});
export const rateRead = z.looseObject({
  rate_id: intLike,
  name: text,
  parent_rate: intLike.nullish().transform((v) => v ?? null),
  increment_by_person: z
    .union([z.array(increment), z.null()])
    .optional()
    .transform((v) => v ?? null),
  modify_price: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
  modify: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
  listing_id: intLike.nullish().transform((v) => v ?? null),
  category_id: intLike.nullish().transform((v) => v ?? null),
  policy: policy.nullish().transform((v) => v ?? null),
});
export type Rate = z.output<typeof rateRead>;

export const rateUpdate = z
  .strictObject({
    rate_id: wId,
    name: wText(120),
    parent_rate: wId.nullable(),
    modify_price: z.number().nullable(),
    modify: z.union([z.string(), z.number()]).nullable(),
    listing_id: wId.nullable(),
    category_id: wId.nullable(),
    type: z.enum(['property', 'category']),
  })
  .partial();

export const priceRead = z.looseObject({
  rate_id: intLike,
  date,
  min_days: intLike.nullish().transform((v) => v ?? null),
  max_days: intLike.nullish().transform((v) => v ?? null),
  price: numLike,
  active: flag.catch(true),
  cta: flag.catch(false),
  ctd: flag.catch(false),
});
export type Price = z.output<typeof priceRead>;

export const priceUpdate = z.strictObject({
  dates: z
    .array(
      z.strictObject({
        date: z.union([wDate, z.tuple([wDate, wDate])], { error: 'date must be YYYY-MM-DD or [start, end]' }),
        price: z.number().min(0).optional(),
        min_days: z.number().int().min(0).optional(),
        max_days: z.number().int().min(0).optional(),
        active: z.union([z.literal(0), z.literal(1)]).optional(),
        cta: z.union([z.literal(0), z.literal(1)]).optional(),
        ctd: z.union([z.literal(0), z.literal(1)]).optional(),
      }),
    )
    .min(1, { error: 'at least one date is required' }),
});

/** Single-unit availability: per rate, per day, a boolean. */
export const availabilityRead = z.looseObject({
  listing_id: intLike,
  rates: z.array(
    z.looseObject({
      rate_id: intLike,
      dates: z.array(z.looseObject({ date, availability: flag })),
    }),
  ),
});
export type Availability = z.output<typeof availabilityRead>;

/** Multi-unit availability: per day, how many units are free. Unwrapped body. */
export const availabilityMURead = z.looseObject({
  category_id: intLike.nullish().transform((v) => v ?? null),
  availabilities: z.array(z.looseObject({ date, availability: intLike })),
});
export type AvailabilityMU = z.output<typeof availabilityMURead>;

export const checkAvailabilityRead = z.looseObject({ availability: flag });
export const checkAvailabilityMURead = z.looseObject({ availability: intLike });

export const blockRead = z.looseObject({
  id: intLike,
  start_date: date,
  end_date: date,
  listing_id: intLike,
  // Values outside the documented table are seen: keep whatever integer comes.
  block_type: intLike,
  reason: text,
});
export type Block = z.output<typeof blockRead>;

const blockFields = {
  listing_id: z.string().regex(/^\d+$/, { error: 'must be a listing id' }), // a string on write, per the spec
  block_type: z.union([z.literal(1), z.literal(2), z.literal(4)], {
    error: 'must be 1 (closing sales), 2 (out of service) or 4 (another provider)',
  }),
  start_date: wDate,
  end_date: wDate,
  reason: wText(500),
};
const endNotBeforeStart = (b: { start_date?: string; end_date?: string }) =>
  !b.start_date || !b.end_date || b.end_date >= b.start_date;
export const blockCreate = z
  .strictObject(blockFields)
  .refine(endNotBeforeStart, { error: 'the end date cannot be before the start date', path: ['end_date'] });
export const blockUpdate = z
  .strictObject(blockFields)
  .partial()
  .refine(endNotBeforeStart, { error: 'the end date cannot be before the start date', path: ['end_date'] });
export type BlockCreate = z.infer<typeof blockCreate>;
export type BlockUpdate = z.infer<typeof blockUpdate>;
