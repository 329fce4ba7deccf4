// Foreground writes: what must reach the server now, in one request the
// person waits for, and is never queued in the outbox — because it carries a
// secret that may live in memory only (an intranet user's password). Offline
// they answer `unreachable` at once and the form says why. An answer lost on
// the way is never resent blindly: the server is read back first (a new user
// is looked for by user name) and a user found there is reported as created.
import { z } from 'zod';
import { adminCreate, adminWrite } from '../../api';
import { command } from '../define';
import { serverId } from '../primitives';
import { adminRecord } from '../records';

/**
 * `found`: the server's answer was lost but the user is there — created; its password may need setting
 * again. `unknown`: the answer was lost and the server could not be read back: it may or may not exist
 * (creating it again reads the server back first, so it is never made twice).
 */
export const adminCreated = z.object({
  outcome: z.enum(['created', 'found', 'unknown']),
  /** The user as the server now has it (also in the local list), null when the server could not be read back. */
  admin: adminRecord.nullable(),
});
export type AdminCreated = z.output<typeof adminCreated>;

export const foregroundCommands = {
  'admins.create': command(
    'Create an intranet user with its password: online only, one request now (never queued; the password is held in memory only and never stored). An unknown outcome is read back by user name before anything is sent again.',
    z.strictObject({ admin: adminCreate }),
    adminCreated,
  ),
  'admins.setPassword': command(
    "Set an intranet user's password: online only, one request now (never queued, never stored).",
    z.strictObject({ id: serverId, password: adminWrite.shape.password.unwrap() }),
    /** `unknown`: the answer was lost; a password cannot be read back, so it may or may not be set. */
    z.object({ outcome: z.enum(['set', 'unknown']) }),
  ),
} as const;
