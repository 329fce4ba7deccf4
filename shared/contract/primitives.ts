// Small schemas the contract's inputs and outputs share: ids, dates, date
// windows, resource names, outbox states and the "unsent change" mark a record carries.
import { z } from 'zod';
import { daysBetween } from '../dates';
import { wDate } from '../api/primitives';

/** A record id as the API and the cache use it (negative ids are local records not yet created on the server). */
export const recordId = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' });
/** A positive id the renderer sends (a server record). */
export const serverId = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be positive' });

/** YYYY-MM-DD on output (already normalised by the API read schemas). */
export { isoDate } from '../api/output';
/** An instant, ISO-8601 UTC (`new Date().toISOString()`). */
export const instant = z.string();

/** Nullable on the wire; a missing value becomes null so outputs are always complete JSON. */
export { nullable } from '../api/output';

const MAX_WINDOW_DAYS = 800;

function checkWindow(w: { from: string; to: string }, ctx: z.RefinementCtx<unknown>): void {
  if (w.to < w.from) ctx.addIssue({ code: 'custom', message: '"to" cannot be before "from"', path: ['to'] });
  else if (daysBetween(w.from, w.to) > MAX_WINDOW_DAYS)
    ctx.addIssue({ code: 'custom', message: `the window is limited to ${MAX_WINDOW_DAYS} days`, path: ['to'] });
}

/**
 * A strict input object with an inclusive date window `{from, to}` (at most
 * ~2 years so a query stays bounded) plus the given fields.
 */
export function windowInput<T extends z.ZodRawShape>(extra: T) {
  return z
    .strictObject({ from: wDate, to: wDate, ...extra })
    .superRefine((w, ctx) => checkWindow(w as unknown as { from: string; to: string }, ctx));
}

/** The cached resources, as the sync status and `cache.changed` name them. */
export const RESOURCES = [
  'listings',
  'photos',
  'rates',
  'prices',
  'availability',
  'blocks',
  'bookings',
  'customers',
  'guests',
  'incidents',
  'maintenance',
  'cleaning',
  'destinations',
  'origins',
  'admins',
  'owners',
  'costs',
  'customerTypes',
  'threads',
] as const;
export const resourceName = z.enum(RESOURCES);
export type ResourceName = (typeof RESOURCES)[number];

/**
 * Where an outbox entry is: waiting, in flight, done, refused by the server
 * (with its reason), in conflict (both values shown), or sent with an unknown
 * outcome that is being checked by reading back.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'confirmed', 'rejected', 'conflict', 'unknown'] as const;
export const outboxState = z.enum(OUTBOX_STATES);
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Carried by every record that has an unsent (or refused, or conflicting)
 * local change, so any screen can show it. Null when the record is in sync.
 */
export const outboxMark = z
  .object({
    /** The most urgent state among the record's entries (conflict > rejected > unknown > sending > pending). */
    state: outboxState,
    entryIds: z.array(z.number().int()),
    /** Fields changed locally and not yet confirmed (`deleted` for a pending delete, `created` for a pending create). */
    fields: z.array(z.string()),
  })
  .nullable()
  .default(null);
export type OutboxMark = z.output<typeof outboxMark>;

/** Empty input: commands that take nothing still take one (empty) object. */
export const noInput = z.strictObject({});
