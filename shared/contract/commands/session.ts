// Session commands: sign in (to a server address the person gives), unlock the
// last account offline, the demo workspace, sign out (refusing to drop unsent
// edits unless told to), and the accounts and server addresses used on this
// computer, which the sign-in screen offers first.
import { z } from 'zod';
import { wNonEmpty } from '../../api/primitives';
import { command } from '../define';
import { noInput } from '../primitives';
import { knownAccount, sessionInfo } from '../status';

/** http(s) only, no credentials in the address; normalised without trailing slash or /api/v1. */
export const serverAddress = z
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
  )
  .transform(normaliseServerAddress);

/** People paste the API root with or without /api/v1 and a trailing slash: keep only the base. */
export function normaliseServerAddress(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '')
    .replace(/\/+$/, '');
}

const password = z.string().min(1, { error: 'is required' }).max(1000);

/**
 * True for a plain-http address of a server that is not on this computer: the
 * password (Basic) and every token would cross the network unencrypted. Signing
 * in to one needs the person's explicit choice (`allowPlainHttp`), asked once
 * per server (the main side remembers it). This computer = localhost, 127.0.0.0/8, ::1.
 */
export function plainHttpRemote(address: string): boolean {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:') return false;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local =
    host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
  return !local;
}

export const signInInput = z.strictObject(
  {
    /** Accepted for older callers; every typed address is a `custom` environment. */
    environment: z.literal('custom').optional(),
    baseUrl: serverAddress,
    user: wNonEmpty(200),
    password,
    remember: z.boolean().default(false),
    /** The person chose to sign in to this plain-http server not on this computer (see plainHttpRemote). */
    allowPlainHttp: z.boolean().optional(),
  },
  { error: 'expected baseUrl, user, password and remember' },
);
export type SignInInput = z.input<typeof signInInput>;

export const unlockInput = z.strictObject({ baseUrl: serverAddress, user: wNonEmpty(200), password });
export type UnlockInput = z.input<typeof unlockInput>;

export const sessionCommands = {
  'session.get': command('The current session, account and keychain availability.', noInput, sessionInfo),
  'session.signIn': command(
    'Sign in to an account; with remember, the credentials go to the OS keychain. Starts syncing. A plain-http server not on this computer is refused with `insecure_server` until the person chooses it (`allowPlainHttp`), once per server.',
    signInInput,
    sessionInfo,
  ),
  'session.unlock': command(
    'Open an account used on this computer without the server: the password is checked here (refused with `wrong_credentials`), kept in memory and used to log in once the server answers.',
    unlockInput,
    sessionInfo,
  ),
  'session.openDemo': command(
    'Start the demo workspace: an embedded simulator with a seeded 40-listing business, session-only credentials.',
    noInput,
    sessionInfo,
  ),
  'session.signOut': command(
    'Sign out. Refused with `unsent_changes` while edits are unsent, unless discardUnsent is true. `forget` also forgets the account on this computer (keychain password and offline check).',
    z.strictObject({ discardUnsent: z.boolean().default(false), forget: z.boolean().default(false) }),
    sessionInfo,
  ),
  'session.accounts': command(
    'Accounts used on this computer, most recent first, and whether each can be opened offline (no passwords).',
    noInput,
    z.array(knownAccount),
  ),
  'session.servers': command(
    'Server addresses signed in to on this computer, most recent first.',
    noInput,
    z.array(z.string()),
  ),
} as const;
