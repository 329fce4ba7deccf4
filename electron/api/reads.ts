// Typed view of the read endpoints: endpoint name → its item schema, so the
// client can return `Booking[]` rather than `unknown[]`. The schemas are the
// very objects of shared/api/endpoints.ts (a test checks identity), so there
// is still one truth; this table only keeps the static types the endpoint
// table's helper functions erase. Also: unwrapping a body by the endpoint's
// wrapper, and validating lists item by item (one junk record must never
// cost the whole page).
import type { z } from 'zod';
import { nextTask } from './clock';
import {
  adminRead,
  availabilityMURead,
  availabilityRead,
  blockRead,
  bookingRead,
  checkAvailabilityMURead,
  checkAvailabilityRead,
  cleaningRead,
  costRead,
  customerBundleRead,
  customerTypeRead,
  destinationRead,
  incidentRead,
  listingRead,
  maintenanceRead,
  originRead,
  ownerRead,
  photoRead,
  priceRead,
  rateRead,
  summarize,
  threadRead,
  type Endpoint,
} from '../../shared/api';

export const READS = {
  'listings.list': listingRead,
  'listings.get': listingRead,
  'photos.get': photoRead,
  'photos.list': photoRead,
  'rates.list': rateRead,
  'rates.get': rateRead,
  'prices.get': priceRead,
  'availability.get': availabilityRead,
  'availability.getMU': availabilityMURead,
  'availability.check': checkAvailabilityRead,
  'availability.checkMU': checkAvailabilityMURead,
  'blocks.get': blockRead,
  'blocks.list': blockRead,
  'bookings.list': bookingRead,
  'bookings.get': bookingRead,
  'customers.ofBooking': customerBundleRead,
  'customers.get': customerBundleRead,
  'guests.ofBooking': customerBundleRead,
  'customerTypes.list': customerTypeRead,
  'incidents.list': incidentRead,
  'maintenance.list': maintenanceRead,
  'maintenance.get': maintenanceRead,
  'cleanings.list': cleaningRead,
  'cleanings.get': cleaningRead,
  'destinations.list': destinationRead,
  'destinations.get': destinationRead,
  'origins.list': originRead,
  'admins.list': adminRead,
  'admins.get': adminRead,
  'owners.list': ownerRead,
  'owners.get': ownerRead,
  'costs.list': costRead,
  'costs.get': costRead,
  'threads.ofBooking': threadRead,
} as const;

export type ReadName = keyof typeof READS;
export type ReadItem<N extends ReadName> = z.output<(typeof READS)[N]>;

/** A record of a list that failed validation: kept, with its error, for quarantine. */
export interface Rejected {
  index: number;
  raw: unknown;
  error: string;
}

export interface ListResult<T> {
  /** Valid items, each with the raw JSON it came from. */
  items: { value: T; raw: unknown }[];
  rejected: Rejected[];
  /** `links.next` of a paginated list (null/absent: last page). */
  next: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value under the endpoint's wrapper, or an explanation of why it is not there. */
export function unwrap(e: Endpoint, body: unknown): { ok: true; value: unknown } | { ok: false; why: string } {
  const w = e.response.wrapper;
  if (w === 'empty') return { ok: true, value: body };
  if (w === 'none') return { ok: true, value: body };
  if (!isObject(body)) return { ok: false, why: `expected an object with "${w}", got ${describe(body)}` };
  if (!(w in body)) return { ok: false, why: `expected an object with "${w}", got keys ${keysOf(body)}` };
  return { ok: true, value: body[w] };
}

/**
 * Items validated per task by the client (validateListInTurns): a year of
 * bookings (7,537 at 200 listings) is validated in turns with other work, not
 * in one stall of the main process.
 */
const VALIDATE_TURN = 250;

type Validated<S extends z.ZodType> = { ok: true; result: ListResult<z.output<S>> } | { ok: false; why: string };

/** A list answer item by item; yields between turns of VALIDATE_TURN items (one walk serves both forms below). */
function* validating<S extends z.ZodType>(schema: S, e: Endpoint, body: unknown): Generator<void, Validated<S>> {
  const inner = unwrap(e, body);
  if (!inner.ok) return inner;
  const list = inner.value;
  if (!Array.isArray(list)) return { ok: false, why: `expected a list, got ${describe(list)}` };
  const items: ListResult<z.output<S>>['items'] = [];
  const rejected: Rejected[] = [];
  for (let index = 0; index < list.length; index++) {
    if (index > 0 && index % VALIDATE_TURN === 0) yield;
    const raw: unknown = list[index];
    const r = schema.safeParse(raw);
    if (r.success) items.push({ value: r.data, raw });
    else rejected.push({ index, raw, error: summarize(r.error) });
  }
  const links = isObject(body) ? body['links'] : undefined;
  const next = isObject(links) && typeof links['next'] === 'string' && links['next'] ? links['next'] : null;
  return { ok: true, result: { items, rejected, next } };
}

/** A list answer validated at once (small lists, tests, benchmarks). */
export function validateList<S extends z.ZodType>(schema: S, e: Endpoint, body: unknown): Validated<S> {
  const walk = validating(schema, e, body);
  for (let step = walk.next(); ; step = walk.next()) if (step.done) return step.value;
}

/** A list answer validated in turns, other work running between them (the client's). */
export async function validateListInTurns<S extends z.ZodType>(
  schema: S,
  e: Endpoint,
  body: unknown,
): Promise<Validated<S>> {
  const walk = validating(schema, e, body);
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done) return step.value;
    await nextTask();
  }
}

export function validateOne<S extends z.ZodType>(
  schema: S,
  e: Endpoint,
  body: unknown,
): { ok: true; value: z.output<S>; raw: unknown } | { ok: false; why: string } {
  const inner = unwrap(e, body);
  if (!inner.ok) return inner;
  const r = schema.safeParse(inner.value);
  return r.success ? { ok: true, value: r.data, raw: inner.value } : { ok: false, why: summarize(r.error) };
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (isObject(v)) return `an object with keys ${keysOf(v)}`;
  return typeof v;
}
function keysOf(o: Record<string, unknown>): string {
  const keys = Object.keys(o);
  return keys.length ? keys.slice(0, 6).join(', ') : '(none)';
}
