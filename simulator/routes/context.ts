// What every operation handler gets and the helpers they share: typed access to
// the path id and query parameters (400 when malformed), default date windows,
// the "another host" rule (403), 404 and 422 errors, and create/update replies.
import type { z } from 'zod';
import type { Endpoint } from '../../shared/api/endpoints';
import { isIsoDate } from '../../shared/api/primitives';
import { parseWith, type FieldErrors } from '../../shared/api/validation';
import { SIM } from '../config';
import { dayOf, plusOneYear } from '../days';
import type { Store } from '../model';

/** An answer other than 200, thrown from anywhere in a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export interface Reply {
  status?: number;
  body: unknown;
}

export interface Ctx {
  readonly store: Store;
  readonly endpoint: Endpoint;
  /** The raw `{id}` of the path, if the operation has one. */
  readonly rawId: string | undefined;
  readonly query: URLSearchParams;
  /** The parsed JSON body of a write (read lazily: GETs have none). */
  readonly body: () => unknown;
  /** Scheme + host the client used, for absolute links (listings `links.next`). */
  readonly baseUrl: string;
  /** The clock reading of this request (ms), for updated-at and created-at stamps. */
  readonly now: number;
  /** The id a write acted on (a create sets the new record's id), for the mutation log. */
  resultId: number | null;
}

export type Handler = (ctx: Ctx) => Reply;

export const ok = (body: unknown): Reply => ({ body });

export function notFound(what: string): never {
  throw new HttpError(404, `${what} not found.`);
}

export function isForeign(id: number): boolean {
  return id >= SIM.foreignIds.from && id <= SIM.foreignIds.to;
}

/** 403 when the id belongs to another host (only the operations whose spec row lists 403 call this). */
export function forbidIfForeign(id: number, what: string): void {
  if (isForeign(id)) throw new HttpError(403, `This action is unauthorized: the ${what} belongs to another account.`);
}

const INT_RE = /^\d{1,15}$/;

/** The path id as a positive integer, 400 otherwise. */
export function pathId(ctx: Ctx): number {
  const raw = ctx.rawId ?? '';
  if (!INT_RE.test(raw) || Number(raw) < 1) throw new HttpError(400, `The id "${raw}" is not a valid identifier.`);
  return Number(raw);
}

/**
 * The record an id names: 403 when `owner` is given and the id is in the
 * "another host" range (only operations whose spec row lists 403 pass it),
 * 404 when the table has none.
 */
export function recordOf<T>(table: { get(id: number): T | undefined }, id: number, what: string, owner?: string): T {
  if (owner !== undefined) forbidIfForeign(id, owner);
  return table.get(id) ?? notFound(what);
}

/** The record the path id names: 400 when the id is malformed, then as `recordOf`. */
export function pathRecord<T>(ctx: Ctx, table: { get(id: number): T | undefined }, what: string, owner?: string): T {
  return recordOf(table, pathId(ctx), what, owner);
}

/** An optional integer query parameter (400 when present but not a non-negative integer). */
export function intParam(ctx: Ctx, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!INT_RE.test(raw.trim())) throw new HttpError(400, `The ${name} parameter must be an integer.`);
  return Number(raw.trim());
}

export function requiredInt(ctx: Ctx, name: string): number {
  const v = intParam(ctx, name);
  if (v === undefined) throw new HttpError(400, `The ${name} parameter is required.`);
  return v;
}

/** An optional date query parameter as a day number (400 when not a real YYYY-MM-DD date). */
export function dateParam(ctx: Ctx, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!isIsoDate(raw.trim())) throw new HttpError(400, `The ${name} parameter must be a date written YYYY-MM-DD.`);
  return dayOf(raw.trim());
}

/**
 * A date window: each end defaults on its own, the start to today and the end
 * to today plus one year (as the spec says). An end before the start is a 400.
 */
export function window(ctx: Ctx, startName: string, endName: string, maxDays?: number): { from: number; to: number } {
  const from = dateParam(ctx, startName) ?? ctx.store.today;
  const to = dateParam(ctx, endName) ?? plusOneYear(ctx.store.today);
  if (to < from) throw new HttpError(400, `The ${endName} must be a date after or equal to ${startName}.`);
  if (maxDays !== undefined && to - from + 1 > maxDays)
    throw new HttpError(400, `The window from ${startName} to ${endName} may span at most ${maxDays} days.`);
  return { from, to };
}

/** The body, validated with the endpoint's strict schema (422 with field errors otherwise). */
export function validBody<S extends z.ZodType>(ctx: Ctx, schema: S): z.output<S> {
  const parsed = parseWith(schema, ctx.body());
  if (!parsed.ok) throw new HttpError(422, parsed.message || 'The given data was invalid.', parsed.errors);
  return parsed.value;
}

/** 422 for one field (a referenced record that does not exist, a stay that does not fit…). */
export function invalid(field: string, message: string): never {
  throw new HttpError(422, `${field}: ${message}`, { [field]: [message] });
}

/** The reply of a create whose response the spec does not show (see SIM.createResponse). */
export function created(ctx: Ctx, id: number, record: () => unknown): Reply {
  ctx.resultId = id;
  return ok(SIM.createResponse === 'record' ? { data: record() } : {});
}

/** The reply of an update whose response the spec does not show (see SIM.updateResponse). */
export function updated(record: () => unknown): Reply {
  return ok(SIM.updateResponse === 'record' ? { data: record() } : {});
}
