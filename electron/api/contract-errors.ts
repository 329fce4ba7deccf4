// The ONE translation of an API failure into the contract's words: every
// ApiErrorKind maps to exactly one contract error code (a Record, so adding a
// kind without a code does not compile). Sign-in, sync, the outbox and every
// command handler use it; none of them looks at a status code or a kind to
// choose a code of its own.
import { CommandError, type ContractError, type ErrorCode } from '../../shared/contract';
import { isApiError, type ApiError, type ApiErrorKind } from './errors';

export const CONTRACT_CODE: Readonly<Record<ApiErrorKind, ErrorCode>> = {
  network: 'unreachable',
  timeout: 'unreachable',
  // A malformed request is our values being refused: the person sees which, if the server said.
  bad_request: 'invalid_input',
  // A 401 the client could not mend by logging in again.
  unauthenticated: 'not_signed_in',
  // The server refused the user name or password at login.
  credentials_refused: 'wrong_credentials',
  // A 403 of the server (not a window refused by this app's own bridge: that is `forbidden`).
  forbidden: 'not_allowed',
  not_found: 'not_found',
  invalid: 'invalid_input',
  rate_limited: 'rate_limited',
  // The server answered, with its own failure: neither "unreachable" nor a garbled answer.
  server: 'server_error',
  unexpected_body: 'bad_response',
  http: 'bad_response',
  signed_out: 'not_signed_in',
  aborted: 'cancelled',
  // Refused before sending: a record made here was named by its local id (a defect, logged).
  local_id: 'local_id',
};

/**
 * An API failure as the contract's error: the server's own answer (its status and message,
 * verbatim — screens say "The server said: …") and its field messages of a 422 kept as data.
 */
export function contractErrorOf(err: ApiError): ContractError {
  const e: ContractError = { code: CONTRACT_CODE[err.kind], message: err.message };
  if (err.fields) e.fields = err.fields;
  if (err.status !== undefined && (err.status < 200 || err.status >= 300))
    e.server = { status: err.status, ...(err.serverMessage ? { said: err.serverMessage } : {}) };
  return e;
}

/** Anything thrown by an API call as a CommandError; `fallback` is the sentence for a bug. */
export function commandErrorOf(e: unknown, fallback: string): CommandError {
  if (e instanceof CommandError) return e;
  if (isApiError(e)) {
    const c = contractErrorOf(e);
    return new CommandError(c.code, c.message, c.fields, c.server ? { server: c.server } : {});
  }
  return new CommandError('internal', fallback);
}
