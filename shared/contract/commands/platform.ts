// Commands of the desktop platform: app updates (state, check, install — which
// never goes ahead over unsent changes without the person saying so) and the
// diagnostics a person copies for support (no personal data, no secrets).
import { z } from 'zod';
import { command } from '../define';
import { instant, noInput, nullable } from '../primitives';

/**
 * `unavailable`: this app cannot update itself (`notDesktop`: the web host;
 * `noFeed`: no update address configured, e.g. a development build);
 * `ready`: downloaded and checked, installed at the next restart the person asks for.
 */
export const UPDATE_KINDS = ['unavailable', 'idle', 'checking', 'upToDate', 'downloading', 'ready', 'failed'] as const;
export const updateState = z.object({
  kind: z.enum(UPDATE_KINDS),
  reason: nullable(z.enum(['notDesktop', 'noFeed'])),
  /** The version found or downloaded. */
  version: nullable(z.string()),
  percent: nullable(z.number().min(0).max(100)),
  checkedAt: nullable(instant),
  /** `failed`: what went wrong, for the log and the menu's dialog (English, from the updater). */
  message: nullable(z.string()),
});
export type UpdateState = z.output<typeof updateState>;

/** `installing`: the app restarts now; `unsent`: it did not, N changes are not sent yet (ask, then force). */
export const installAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('installing') }),
  z.object({ kind: z.literal('unsent'), count: z.number().int().min(1) }),
  z.object({ kind: z.literal('notReady') }),
]);
export type InstallAnswer = z.output<typeof installAnswer>;

export const diagnostics = z.object({
  /** The plain-text report copied to the clipboard. */
  text: z.string(),
});

export const platformCommands = {
  'updates.status': command('Where the app update stands.', noInput, updateState),
  'updates.check': command('Look for an update now (downloaded in the background when found).', noInput, updateState),
  'updates.install': command(
    'Restart and install a downloaded update; without force it does not when changes are still unsent.',
    z.strictObject({ force: z.boolean().default(false) }),
    installAnswer,
  ),
  'app.diagnostics': command(
    'Versions, sync state, outbox counts, schema version, budget and connectivity as text for support: no personal data, no secrets.',
    noInput,
    diagnostics,
  ),
} as const;
