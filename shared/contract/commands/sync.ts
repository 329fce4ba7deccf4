// Sync commands: the status the header and the Sync screen show, a manual
// "sync now", and the interest — what is on screen — that the planner
// refreshes first.
import { z } from 'zod';
import { wDate } from '../../api/primitives';
import { command } from '../define';
import { instant, isoDate, noInput, nullable, recordId, serverId } from '../primitives';
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
  /** 'budget': the person's share of the hour had no room; nothing (more) was asked. */
  stopped: nullable(z.literal('budget')),
  from: isoDate,
  to: isoDate,
  /** Requests the check took. */
  requests: z.number().int(),
  diffs: z.array(countDiff),
  /** When stopped: requests it needed and those left in the person's share. */
  need: nullable(z.number().int()),
  left: nullable(z.number().int()),
  /** sync.fix: the refetch requests made before checking again. */
  fixRequests: nullable(z.number().int()),
});
export type ReconcileResult = z.output<typeof reconcileResult>;

/** What "Sync now" did, or why it did nothing and until when. */
export const syncNowAnswer = z.object({
  started: z.boolean(),
  /** 'sync': a refresh in the person's share; 'check': the server is not answering, it is checked now; 'none': nothing. */
  action: z.enum(['sync', 'check', 'none']),
  /** Why nothing: the person's share of the hour is used ('budget'), the server asked to wait, a full pass runs already, offline, signed out. */
  reason: nullable(z.enum(['budget', 'rateLimited', 'running', 'offline', 'signedOut'])),
  /** Until when (budget, rateLimited, offline: the next check). */
  until: nullable(instant),
});
export type SyncNowAnswer = z.output<typeof syncNowAnswer>;

export const syncCommands = {
  'sync.status': command(
    'Connectivity, budget, freshness per resource, activity and outbox counts.',
    noInput,
    syncStatus,
  ),
  'sync.now': command(
    "Refresh today's lists and what is on screen now in the person's share of the budget, or check the server when it is not answering (full: refresh everything the budget allows).",
    z.strictObject({ full: z.boolean().default(false) }),
    syncNowAnswer,
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
