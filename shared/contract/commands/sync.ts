// Sync commands: the status the header and the Sync screen show, a manual
// "sync now", and the interest — what is on screen — that the planner
// refreshes first.
import { z } from 'zod';
import { wDate } from '../../api/primitives';
import { command } from '../define';
import { noInput, recordId, serverId } from '../primitives';
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
  'sync.setInterest': command(
    'Tell the planner what is on screen so it refreshes that first.',
    interestInput,
    z.object({ accepted: z.literal(true) }),
  ),
} as const;
