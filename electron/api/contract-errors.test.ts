// The one translation of API failures into contract codes: every kind has a
// code the contract knows, the same failure reads the same wherever it
// surfaces (sign-in, sync, an edit), and the server's field messages travel.
import { describe, expect, it } from 'vitest';
import { CommandError, ERROR_CODES, contractError } from '../../shared/contract';
import { CONTRACT_CODE, commandErrorOf, contractErrorOf } from './contract-errors';
import { ApiError, errorFromResponse, type ApiErrorKind, type RequestContext } from './errors';

const PUT: RequestContext = { endpoint: 'bookings.update', method: 'PUT', path: '/api/v1/bookings/1' };
const NOW = Date.UTC(2026, 0, 1);

// Written out by hand: adding a kind must be a decision here too.
const KINDS: ApiErrorKind[] = [
  'network',
  'timeout',
  'bad_request',
  'unauthenticated',
  'credentials_refused',
  'forbidden',
  'not_found',
  'invalid',
  'rate_limited',
  'server',
  'unexpected_body',
  'http',
  'signed_out',
  'aborted',
  'local_id',
];

describe('CONTRACT_CODE', () => {
  it('gives every API error kind a contract code', () => {
    expect(Object.keys(CONTRACT_CODE).sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS) expect(ERROR_CODES).toContain(CONTRACT_CODE[kind]);
  });

  it.each([
    [500, 'server_error'],
    [503, 'server_error'],
    [429, 'rate_limited'],
    [403, 'not_allowed'],
    [404, 'not_found'],
    [422, 'invalid_input'],
    [400, 'invalid_input'],
    [409, 'bad_response'],
  ] as const)('an answer %i reads as %s', (status, code) => {
    expect(contractErrorOf(errorFromResponse(PUT, status, {}, '', NOW)).code).toBe(code);
  });

  it('keeps a server that failed apart from one that could not be reached', () => {
    expect(CONTRACT_CODE.server).not.toBe(CONTRACT_CODE.network);
    expect(CONTRACT_CODE.network).toBe('unreachable');
    expect(CONTRACT_CODE.timeout).toBe('unreachable');
  });

  it('says "wrong credentials" only for a refused login, "not signed in" for a session the client could not mend', () => {
    expect(CONTRACT_CODE.credentials_refused).toBe('wrong_credentials');
    expect(CONTRACT_CODE.unauthenticated).toBe('not_signed_in');
    expect(CONTRACT_CODE.signed_out).toBe('not_signed_in');
  });

  it("never uses the bridge's own codes for a server's answer", () => {
    const bridgeOnly = ['forbidden', 'disconnected', 'not_implemented', 'unknown_command', 'locked'];
    for (const kind of KINDS) expect(bridgeOnly).not.toContain(CONTRACT_CODE[kind]);
  });
});

describe('contractErrorOf / commandErrorOf', () => {
  it("carries a 422's field messages", () => {
    const body = JSON.stringify({ errors: { end_date: ['must be after start'] } });
    const e = contractErrorOf(errorFromResponse(PUT, 422, {}, body, NOW));
    expect(e).toMatchObject({ code: 'invalid_input', fields: { end_date: ['must be after start'] } });
    expect(contractError.safeParse(e).success).toBe(true);
  });

  it('passes a CommandError through and turns anything else into internal', () => {
    const mine = new CommandError('locked', 'unlock first');
    expect(commandErrorOf(mine, 'x')).toBe(mine);
    expect(commandErrorOf(new Error('boom'), 'Something went wrong.')).toMatchObject({
      code: 'internal',
      message: 'Something went wrong.',
    });
    const api = new ApiError({ ...PUT, kind: 'timeout', message: 'too slow' });
    expect(commandErrorOf(api, 'x')).toMatchObject({ code: 'unreachable', message: 'too slow' });
  });
});

describe('contractError (data written by an older build)', () => {
  it('reads the old "unavailable" of a cancelled request as "cancelled"', () => {
    const r = contractError.safeParse({ code: 'unavailable', message: 'The request was cancelled.' });
    expect(r.success && r.data.code).toBe('cancelled');
  });
});
