// Session commands: sign in (test / production / custom base URL), the demo
// workspace, sign out (refusing to drop unsent edits unless told to), and
// the remembered accounts the sign-in screen offers.
import { z } from 'zod';
import { wNonEmpty } from '../../api/primitives';
import { command } from '../define';
import { noInput } from '../primitives';
import { accountInfo, sessionInfo } from '../status';

/**
 * Base URLs of the two named environments. The spec says both exist but not
 * where: this is the ONE place to set them (a custom URL always works).
 */
export const ENVIRONMENT_URLS = {
  test: 'https://api-test.stayboard.app',
  production: 'https://api.stayboard.app',
} as const;

const baseUrl = z
  .string({ error: 'a server address is required' })
  .trim()
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: 'must be a web address starting with https:// (or http://)' },
  );

export const signInInput = z.discriminatedUnion(
  'environment',
  [
    z.strictObject({
      environment: z.enum(['test', 'production']),
      user: wNonEmpty(200),
      password: z.string().min(1, { error: 'is required' }).max(1000),
      remember: z.boolean().default(false),
    }),
    z.strictObject({
      environment: z.literal('custom'),
      baseUrl,
      user: wNonEmpty(200),
      password: z.string().min(1, { error: 'is required' }).max(1000),
      remember: z.boolean().default(false),
    }),
  ],
  { error: 'environment must be test, production or custom' },
);
export type SignInInput = z.input<typeof signInInput>;

export const sessionCommands = {
  'session.get': command('The current session, account and keychain availability.', noInput, sessionInfo),
  'session.signIn': command(
    'Sign in to an account; with remember, the credentials go to the OS keychain. Starts syncing.',
    signInInput,
    sessionInfo,
  ),
  'session.openDemo': command(
    'Start the demo workspace: an embedded simulator with a seeded 40-listing business, session-only credentials.',
    noInput,
    sessionInfo,
  ),
  'session.signOut': command(
    'Sign out. Refused with `unsent_changes` while edits are unsent, unless discardUnsent is true.',
    z.strictObject({ discardUnsent: z.boolean().default(false), forget: z.boolean().default(false) }),
    sessionInfo,
  ),
  'session.accounts': command(
    'Accounts remembered in the keychain, for the sign-in screen (no passwords).',
    noInput,
    z.array(accountInfo),
  ),
} as const;
