// Schemas of the inventory side of the API: listings, photos, rates, daily
// prices, availability (single- and multi-unit) and calendar blocks.
// Read schemas are loose objects: unknown fields are kept, never a reason to reject.
import { z } from 'zod';
import {
  Bad,
  F,
  bad,
  listOf,
  orElse,
  orNull,
  show,
  textIn,
  wDate,
  wFlag01,
  wId,
  wLangText,
  wMoney,
  wText,
  wTime,
  type Field,
} from './primitives';
import { nullable, outputOf, produces } from './output';
import { nested, record } from './record';

/** `state` comes as an integer (single-record read) or {id, nombre} (list). */
const readStateRef: Field<{ id: number | null; name: string | null }> = (v) => {
  if (v === null || v === undefined) return { id: null, name: null };
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const id = F.int(o['id']);
    if (id instanceof Bad) return bad(id.message, ['id']);
    return { id, name: typeof o['nombre'] === 'string' ? o['nombre'] : null };
  }
  const id = F.int(v);
  return id instanceof Bad ? bad(`expected a state id or {id, nombre}, got ${show(v)}`) : { id, name: null };
};
const stateRef = produces(readStateRef, z.object({ id: nullable(z.number().int()), name: nullable(z.string()) }));

const room = nested({ type: F.text, num_beds: orElse(F.int, 0) });
type Room = { type: string; num_beds: number };
/** Rooms: object keyed by room number → beds. Some back ends send [] for "no rooms". */
const readRooms: Field<Record<string, Room[]>> = (v) => {
  if (v === null || v === undefined) return {};
  const entries: [string, unknown][] = Array.isArray(v)
    ? v.map((beds, i) => [String(i + 1), beds])
    : typeof v === 'object'
      ? Object.entries(v)
      : [];
  if (!Array.isArray(v) && typeof v !== 'object') return bad(`expected rooms, got ${show(v)}`);
  const out: Record<string, Room[]> = {};
  for (const [key, beds] of entries) {
    const r = listOf(room)(beds);
    if (r instanceof Bad) return bad(r.message, [key, ...r.path]);
    out[key] = r;
  }
  return out;
};
const rooms = produces(readRooms, z.record(z.string(), z.array(outputOf(room))));

export const listingRead = record(
  {
    id: F.id,
    active: orElse(F.flag, true),
    name: F.text,
    mu: orElse(F.flag, false),
    destination: orNull(F.id),
    street: F.text,
    floor: F.text,
    door: F.text,
    city: F.text,
    state: stateRef,
    country: orNull(F.int),
    zipcode: F.text,
    license: F.text,
    lat: F.numOrNull,
    lng: F.numOrNull,
    person_capacity: orNull(F.int),
    bathrooms: orNull(F.int),
    bath: orNull(F.int),
    bedrooms: orNull(F.int),
    m2: orNull(F.int),
    longstay: orElse(F.flag, false),
    checkinfrom: F.time,
    checkinto: F.time,
    checkout: F.time,
    latecheckinfrom: F.time,
    latecheckinto: F.time,
    price_latecheckin: F.numOrNull,
    entry_limit_time: F.time,
    deposit: F.numOrNull,
    intercom_number: F.textOrNull,
    key_number: F.textOrNull,
    wifi_network: F.textOrNull,
    wifi_password: F.textOrNull,
    tourist_tax: F.numOrNull,
    description: F.langText,
    short_description: F.langText,
    property_type: orNull(F.int),
    url: F.text,
    num_sofa_beds: orNull(F.int),
    fees: listOf(F.int),
    services: listOf(F.int),
    owner_id: orNull(F.id),
    rooms,
    synchronization_category: F.textOrNull,
  },
  // The state's name is kept when the record is read again from its own output (state an id,
  // state_name beside it): the cache keeps only that form (outbox/kinds/stored-form.test.ts).
  ({ state, ...rest }) => ({
    ...rest,
    state: state.id,
    state_name: state.name ?? textIn(rest as Record<string, unknown>, 'state_name'),
  }),
);
export type Listing = z.output<typeof listingRead>;

const roomWrite = z.strictObject({ type: wText(40), num_beds: z.number().int().min(0).max(20) });
/** Multilingual texts of a listing: language code → text, each at most 5,000 characters. */
const listingText = wLangText.and(z.record(z.string(), wText(5000)));
const wTimeOrNull = wTime.nullable();
const wCountOf = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'cannot be negative' })
    .max(max, { error: 'is too large' });
export const listingWrite = z
  .strictObject({
    name: wText(200).trim().min(1, { error: 'is required' }),
    active: wFlag01,
    mu: wFlag01,
    destination: wId,
    street: wText(200),
    floor: wText(20),
    door: wText(20),
    city: wText(120),
    state: wId,
    country: wId,
    zipcode: wText(20),
    license: wText(80),
    lat: z
      .number({ error: 'must be a number' })
      .min(-90, { error: 'must be between -90 and 90' })
      .max(90, { error: 'must be between -90 and 90' }),
    lng: z
      .number({ error: 'must be a number' })
      .min(-180, { error: 'must be between -180 and 180' })
      .max(180, { error: 'must be between -180 and 180' }),
    person_capacity: wCountOf(100).min(1, { error: 'must be at least 1' }),
    bathrooms: wCountOf(99),
    bath: wCountOf(99),
    bedrooms: wCountOf(99),
    m2: wCountOf(100_000),
    longstay: wFlag01,
    checkinfrom: wTimeOrNull,
    checkinto: wTimeOrNull,
    checkout: wTimeOrNull,
    latecheckinfrom: wTimeOrNull,
    latecheckinto: wTimeOrNull,
    price_latecheckin: wMoney.min(0, { error: 'cannot be negative' }).nullable(),
    entry_limit_time: wTimeOrNull,
    deposit: wMoney.min(0, { error: 'cannot be negative' }),
    intercom_number: wText(40).nullable(),
    key_number: wText(40).nullable(),
    wifi_network: wText(64).nullable(),
    wifi_password: wText(64).nullable(),
    description: listingText,
    short_description: listingText,
    url: wText(200).regex(/^[a-z0-9-]*$/, { error: 'lowercase letters, digits and dashes only' }),
    num_sofa_beds: wCountOf(20).nullable(),
    owner_id: wId,
    rooms: z.record(z.string().regex(/^\d+$/, { error: 'room numbers are digits' }), z.array(roomWrite).max(20)),
  })
  .partial();
export type ListingWrite = z.infer<typeof listingWrite>;

export const photoRead = record({
  id: F.id,
  listing_id: orNull(F.id),
  name: F.text,
  zone: F.text,
  type: orNull(F.int),
  position: orElse(F.int, 0),
  alt_text: F.langText,
  title: F.langText,
});
export type Photo = z.output<typeof photoRead>;

/** Spec-silent: a photo's title or alt text is a caption, at most this many characters per language. */
export const PHOTO_TEXT_MAX = 255;
const photoText = wLangText.refine((o) => Object.values(o).every((t) => t.length <= PHOTO_TEXT_MAX), {
  error: `must be at most ${PHOTO_TEXT_MAX} characters in each language`,
});
export const photoCreate = z.strictObject({
  listing_id: wId,
  image: z.string().min(1, { error: 'image content (base64) is required' }),
  type: z.enum(['internal', 'external'], { error: 'must be internal or external' }),
  title: photoText.optional(),
  alt_text: photoText.optional(),
});
export const photoUpdate = z
  .strictObject({ type: z.number().int(), position: z.number().int().min(0), alt_text: photoText, title: photoText })
  .partial();

/** Members of increment_by_person arrive as strings in responses. */
const increment = nested({
  maximum_people: F.numOrNull,
  minimum_people: F.numOrNull,
  increment_type: F.textOrNull,
  increment_price: F.numOrNull,
});
const policy = nested({
  name: F.text,
  description: F.langText,
  prepaid: orNull(nested({ percent: F.numOrNull, less_than_days: F.numOrNull, percent2: F.numOrNull })),
});
export const rateRead = record({
  rate_id: F.id,
  name: F.text,
  parent_rate: orNull(F.id),
  increment_by_person: orNull(listOf(increment)),
  modify_price: F.any,
  modify: F.any,
  listing_id: orNull(F.id),
  category_id: orNull(F.id),
  policy: orNull(policy),
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

export const priceRead = record({
  rate_id: F.id,
  date: F.date,
  min_days: orNull(F.int),
  max_days: orNull(F.int),
  price: F.num,
  active: orElse(F.flag, true),
  cta: orElse(F.flag, false),
  ctd: orElse(F.flag, false),
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
export const availabilityRead = record({
  listing_id: F.id,
  rates: listOf(nested({ rate_id: F.id, dates: listOf(nested({ date: F.date, availability: F.flag })) })),
});
export type Availability = z.output<typeof availabilityRead>;

/** Multi-unit availability: per day, how many units are free. Unwrapped body. */
export const availabilityMURead = record({
  category_id: orNull(F.id),
  availabilities: listOf(nested({ date: F.date, availability: F.int })),
});
export type AvailabilityMU = z.output<typeof availabilityMURead>;

export const checkAvailabilityRead = record({ availability: F.flag });
export const checkAvailabilityMURead = record({ availability: F.int });

export const blockRead = record({
  id: F.id,
  start_date: F.date,
  end_date: F.date,
  listing_id: F.id,
  // Values outside the documented table are seen: keep whatever integer comes.
  block_type: F.int,
  reason: F.text,
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
/**
 * A block as the edit command takes it: its listing may be one created offline (local id "-N"),
 * which the outbox holds until the listing exists and then re-points; the API never sees "-N".
 */
export const blockCreateOffline = z
  .strictObject({ ...blockFields, listing_id: z.string().regex(/^-?[1-9]\d*$/, { error: 'must be a listing id' }) })
  .refine(endNotBeforeStart, { error: 'the end date cannot be before the start date', path: ['end_date'] });
export type BlockCreate = z.infer<typeof blockCreate>;
export type BlockUpdate = z.infer<typeof blockUpdate>;
