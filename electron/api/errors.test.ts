import { describe, expect, it } from 'vitest';
import {
  errorFromException,
  errorFromResponse,
  fieldErrorsOf,
  parseRetryAfter,
  serverMessageOf,
  type RequestContext,
} from './errors';

const GET: RequestContext = { endpoint: 'bookings.list', method: 'GET', path: '/api/v1/bookings' };
const PUT: RequestContext = { endpoint: 'bookings.update', method: 'PUT', path: '/api/v1/bookings/1' };
const NOW = Date.UTC(2026, 0, 1);

describe('errorFromResponse', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [422, 'invalid'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'server'],
    [409, 'http'],
  ])('classifies %i as %s', (status, kind) => {
    expect(errorFromResponse(GET, status, {}, '', NOW).kind).toBe(kind);
  });

  it('keeps the server field messages of a 422, whatever the shape', () => {
    const laravel = errorFromResponse(
      PUT,
      422,
      {},
      JSON.stringify({ message: 'The given data was invalid.', errors: { end_date: ['must be after start'] } }),
      NOW,
    );
    expect(laravel.fields).toEqual({ end_date: ['must be after start'] });
    expect(laravel.serverMessage).toBe('The given data was invalid.');
    expect(fieldErrorsOf(JSON.stringify({ errors: [{ field: 'adults', message: 'too many' }] }))).toEqual({
      adults: ['too many'],
    });
    expect(fieldErrorsOf(JSON.stringify({ fields: { notes: 'too long' } }))).toEqual({ notes: ['too long'] });
    expect(fieldErrorsOf('<html>nope</html>')).toBeUndefined();
  });

  it('reads Retry-After on a 429 as seconds or as a date', () => {
    expect(errorFromResponse(GET, 429, { 'retry-after': '12' }, '', NOW).retryAfterMs).toBe(12_000);
    const date = new Date(NOW + 5000).toUTCString();
    expect(parseRetryAfter(date, NOW)).toBe(5000);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(errorFromResponse(GET, 429, {}, 'slow down', NOW).retryAfterMs).toBeUndefined();
  });

  it('marks a 5xx on a write as outcome unknown, and not on a read', () => {
    expect(errorFromResponse(PUT, 500, {}, '', NOW).outcomeUnknown).toBe(true);
    expect(errorFromResponse(GET, 500, {}, '', NOW).outcomeUnknown).toBe(false);
    expect(errorFromResponse(PUT, 500, {}, '', NOW).retryable).toBe(true);
    expect(errorFromResponse(PUT, 404, {}, '', NOW).retryable).toBe(false);
  });
});

describe('serverMessageOf', () => {
  it('finds a message in JSON, nested JSON, plain text and HTML', () => {
    expect(serverMessageOf('{"message":"Unauthenticated."}')).toBe('Unauthenticated.');
    expect(serverMessageOf('{"error":{"message":"boom"}}')).toBe('boom');
    expect(serverMessageOf('"just a string"')).toBe('just a string');
    expect(serverMessageOf('<html><style>x{}</style><h1>502 Bad Gateway</h1></html>')).toBe('502 Bad Gateway');
    expect(serverMessageOf('')).toBeUndefined();
    expect(serverMessageOf('{"data":[]}')).toBeUndefined();
    expect(serverMessageOf('x'.repeat(1000))!.length).toBeLessThanOrEqual(300);
  });
});

describe('errorFromException', () => {
  const err = (code: string) => Object.assign(new Error(code), { code });

  it('knows a refused connection never reached the server', () => {
    const e = errorFromException(PUT, err('ECONNREFUSED'));
    expect(e.kind).toBe('network');
    expect(e.outcomeUnknown).toBe(false);
  });

  it('treats a reset or a timeout on a write as outcome unknown', () => {
    expect(errorFromException(PUT, err('ECONNRESET')).outcomeUnknown).toBe(true);
    const t = errorFromException(PUT, err('UND_ERR_HEADERS_TIMEOUT'));
    expect(t.kind).toBe('timeout');
    expect(t.outcomeUnknown).toBe(true);
    expect(errorFromException(GET, err('UND_ERR_SOCKET')).outcomeUnknown).toBe(false);
  });

  it('finds the code on a wrapped cause', () => {
    const wrapped = new Error('fetch failed', { cause: err('UND_ERR_CONNECT_TIMEOUT') });
    const e = errorFromException(PUT, wrapped);
    expect(e.kind).toBe('timeout');
    expect(e.outcomeUnknown).toBe(false);
  });

  it('reports a cancellation as aborted', () => {
    expect(errorFromException(GET, new Error('x'), { callerAborted: true }).kind).toBe('aborted');
  });
});
