// Sync commands: the status the header and the Sync screen show, a manual
// "sync now", and the interest — what is on screen — that the planner
// refreshes first.
import { z } from 'zod';
import { wDate } from '../../api/primitives';
import { command } from '../define';
import { isoDate, noInput, nullable, recordId, serverId } from '../primitives';
import { syncStatus } from '../status';

export const SCREENS = [
  'signIn',
  'today',
  'cleaning',
  'maintenance',
  'incidents',
  'arrivals',
  'booking',
  'calendar',
  'listings',
  'listing',
  'search',
  'sync',
  'settings',
] as const;

export const interestInput = z.strictObject({
  screen: z.enum(SCREENS),
  from: wDate.optional(),
  to: wDate.optional(),
  listingIds: z.array(serverId).max(5000).optional(),
  bookingNumbers: z.array(recordId).max(500).optional(),
});
export type Interest = z.input<typeof interestInput>;

/** A difference "Check against the server" found: records of a kind arriving / dated on a day at a listing. */
export const countDiff = z.object({
  kind: z.enum(['bookings', 'cleaning', 'maintenance']),
  day: isoDate,
  listingId: z.number().int(),
  local: z.number().int(),
  server: z.number().int(),
});
export type CountDiff = z.output<typeof countDiff>;

export const reconcileResult = z.object({
  /** 'budget': the hour's background share had no room; nothing (more) was asked. */
  stopped: nullable(z.literal('budget')),
  from: isoDate,
  to: isoDate,
  /** Requests the check took. */
  requests: z.number().int(),
  diffs: z.array(countDiff),
  /** When stopped: requests it needed and those left for background work. */
  need: nullable(z.number().int()),
  left: nullable(z.number().int()),
  /** sync.fix: the refetch requests made before checking again. */
  fixRequests: nullable(z.number().int()),
});
export type ReconcileResult = z.output<typeof reconcileResult>;

export const syncCommands = {
  'sync.status': command(
    'Connectivity, budget, freshness per resource, activity and outbox counts.',
    noInput,
    syncStatus,
  ),
  'sync.now': command(
    'Run a planned pass now (full: refresh everything the budget allows, ignoring staleness).',
    z.strictObject({ full: z.boolean().default(false) }),
    z.object({ started: z.boolean() }),
  ),
  'sync.check': command(
    'Check against the server: bookings (by arrival day), cleaning and maintenance tasks per day and listing for the next 14 days, here and there.',
    noInput,
    reconcileResult,
  ),
  'sync.fix': command(
    'Fetch the windows of the last check’s differences again through sync, then check again.',
    noInput,
    reconcileResult,
  ),
  'sync.setInterest': command(
    'Tell the planner what is on screen so it refreshes that first.',
    interestInput,
    z.object({ accepted: z.literal(true) }),
  ),
} as const;
