// The answer shape of every command: `{ok: true, value}` or `{ok: false, error}`.
// Error codes are a closed list so the renderer can choose a message per code;
// the `message` is a plain sentence for a person (never a stack trace or a secret).
import { z } from 'zod';

export const ERROR_CODES = [
  /** The input did not match the command's schema; `fields` says where. */
  'invalid_input',
  /** The command name is not in the contract. */
  'unknown_command',
  /** The IPC sender is not our top frame on our origin (or the web client lacks the secret). */
  'forbidden',
  /** The command needs a signed-in session and there is none. */
  'not_signed_in',
  /** The account is locked: unlock it with its password (checked on this computer) first. */
  'locked',
  /** The server refused the user name or password. */
  'wrong_credentials',
  /** A plain-http server not on this computer, not chosen yet: the password would travel unencrypted. Nothing was sent. */
  'insecure_server',
  /** The server could not be reached (offline, DNS, refused, timeout). */
  'unreachable',
  /** The server answered something Stayboard cannot use. */
  'bad_response',
  /** No usable keychain; credentials are kept for this session only. */
  'keychain_unavailable',
  /** The record asked for is not in the local cache. */
  'not_found',
  /** Sign-out refused because edits are still unsent; retry with `discardUnsent: true`. */
  'unsent_changes',
  /** The outbox entry is not in a state that allows this action. */
  'invalid_state',
  /** This version of Stayboard has no part that answers this command (not built yet). */
  'not_implemented',
  /**
   * The page lost contact with Stayboard's background process (the web host's
   * socket closed, the IPC channel broke, or it is shutting down); the call
   * may be tried again once it is back. Produced by the bridge, never by a
   * handler that answers.
   */
  'disconnected',
  /** The PMS server answered with its own failure (5xx): it was reached; a write may or may not have been made (the outbox checks). */
  'server_error',
  /** The PMS server asked Stayboard to slow down (429); the change waits for its pause. */
  'rate_limited',
  /** The PMS server does not let this API user do that (403). */
  'not_allowed',
  /** The request was stopped before its answer came (Stayboard closing or signing out). */
  'cancelled',
  /** The account's data on this computer was written by a different build: not opened, not changed (the message names the migration). */
  'local_data_refused',
  /**
   * A defect, refused before anything was sent: a request named a record made on this computer by
   * its local id, which the server cannot know (shared/api/local-ids.ts). Logged; nothing left.
   */
  'local_id',
  /** Anything else: a bug. The message says so without internals. */
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes an older build wrote into data that outlives it (an outbox entry's
 * last error): read as today's code. `unavailable` meant both "not built" and
 * "cancelled"; only a cancelled request was ever stored.
 */
const LEGACY_CODES: Readonly<Record<string, ErrorCode>> = { unavailable: 'cancelled' };

/**
 * The reasons the app gives itself, as keys the renderer words in the person's language
 * (renderer/src/i18n: `reason.<key>`, with `params`). The main side never stores or sends
 * them as sentences; `message` stays an English sentence for logs only.
 */
export const REASON_KEYS = [
  /** The server no longer has the record the change was for. */
  'record_gone',
  /** The server no longer has the booking, thread or listing a new record was for. */
  'parent_gone',
  /** The server accepted the change, then no longer had the record. */
  'accepted_then_gone',
  /** The server accepted the change but shows other values; `fields`: the write names, comma-separated. */
  'accepted_shows',
  /** The server accepted a new record but it is not there when read back. */
  'accepted_not_there',
  /** The new record a change was for was discarded before it was created; `resource`. */
  'parent_discarded',
  /** The record was never created on the server. */
  'never_created',
  /** More people than the listing sleeps (adults and children); `max`. */
  'capacity',
  /** A stay that does not end after it starts. */
  'end_after_start',
  /** The listing is not free for the stay (another booking, a block, no free unit). */
  'not_free',
] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];

export const reason = z.object({
  key: z.enum(REASON_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type Reason = z.output<typeof reason>;

export const contractError = z.object({
  code: z.preprocess((c) => (typeof c === 'string' ? (LEGACY_CODES[c] ?? c) : c), z.enum(ERROR_CODES)),
  /** A plain English sentence for logs and diagnostics; screens word the code, `reason` and `server`. */
  message: z.string(),
  /** Field path → messages, for `invalid_input` (and server-side 422 rejections: the server's words). */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Why, when the app says it itself (see REASON_KEYS). */
  reason: reason.optional(),
  /** Why, per field path, when the app says it itself (a check before queueing). */
  fieldReasons: z.record(z.string(), reason).optional(),
  /** The server's own answer: its status, and its message verbatim (shown as "The server said: …"). */
  server: z.object({ status: z.number().int(), said: z.string().optional() }).optional(),
});
export type ContractError = z.infer<typeof contractError>;
/** What an error says beyond its code and English sentence (structure the renderer words). */
export type ErrorDetail = Pick<ContractError, 'reason' | 'fieldReasons' | 'server'>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ContractError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string[]>,
  detail: ErrorDetail = {},
): Result<never> {
  return { ok: false, error: { code, message, ...(fields ? { fields } : {}), ...detail } };
}

/** Schema of a whole answer (any value): used by transports to check what crosses the wire. */
export const resultEnvelope = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: contractError }),
]);

/**
 * An error a handler throws on purpose, carrying a code from the list above.
 * Anything else thrown becomes `internal` with a generic message.
 */
export class CommandError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  /** Reasons and the server's answer, for the renderer to word (never sentences). */
  readonly detail: ErrorDetail;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>, detail: ErrorDetail = {}) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.fields = fields;
    this.detail = detail;
  }

  /** As the contract carries it. */
  toContract(): ContractError {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...this.detail };
  }
}
