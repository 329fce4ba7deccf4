import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, fileSink, memorySink, redact, redactValue } from './log';

describe('redact', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOi.abc-DEF_123', 'Authorization: Bearer [redacted]'],
    ['authorization: Basic dXNlcjpwYXNz', 'authorization: Basic [redacted]'],
    ['GET https://api-user:s3cret@pms.example.com/api/v1/login', 'GET https://[redacted]@pms.example.com/api/v1/login'],
    ['ws://127.0.0.1:5000/bridge?secret=abc123&x=1', 'ws://127.0.0.1:5000/bridge?secret=[redacted]&x=1'],
    ['body {"user":"ana","password":"hunter2"}', 'body {"user":"ana","password":"[redacted]"}'],
    ['guest ana.garcia@example.com registered', 'guest [email] registered'],
    ['DNI 12345678Z and NIE X1234567L', 'DNI [document] and NIE [document]'],
    ['passport AB1234567', 'passport [document]'],
    ['card 4111 1111 1111 1111 declined', 'card [number] declined'],
    ['call +34 600 123 456', 'call [phone]'],
  ])('%s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('keeps ordinary operational text readable', () => {
    const line = 'synced bookings 2026-05-04..2026-05-10 for listing 12: 340 records in 85 ms (HUTB-012345)';
    expect(redact(line)).toBe(line);
  });

  it('blanks secret keys in objects at any depth and redacts strings inside', () => {
    const out = redactValue({
      user: 'ana',
      password: 'x',
      nested: { card_number: '4111111111111111', note: 'mail me at a@b.es', list: [{ token: 't' }] },
    });
    expect(out).toEqual({
      user: 'ana',
      password: '[redacted]',
      nested: { card_number: '[redacted]', note: 'mail me at [email]', list: [{ token: '[redacted]' }] },
    });
  });

  it('survives cycles and errors', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a['self'] = a;
    expect(redactValue(a)).toEqual({ name: 'a', self: '[cycle]' });
    expect(redactValue(new Error('token=abc failed'))).toEqual({ name: 'Error', message: 'token=[redacted] failed' });
  });
});

describe('logger', () => {
  it('writes leveled, scoped, redacted lines and drops those below the level', () => {
    const sink = memorySink();
    const log = createLogger({ level: 'info', sinks: [sink], now: () => new Date('2026-05-04T10:00:00Z') });
    log.debug('not shown');
    log.child('api').warn('login failed for ana@example.com', { password: 'p', status: 401 });
    expect(sink.lines).toEqual([
      '2026-05-04T10:00:00.000Z WARN  [api] login failed for [email] {"password":"[redacted]","status":401}\n',
    ]);
  });

  it('appends to a private file and rotates a large one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-log-'));
    const file = join(dir, 'logs', 'main.log');
    const first = fileSink(file);
    createLogger({ sinks: [first] }).info('hello Bearer abc');
    await first.close();
    expect(readFileSync(file, 'utf8')).toContain('hello Bearer [redacted]');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, 'x'.repeat(6 * 1024 * 1024));
    const second = fileSink(file);
    createLogger({ sinks: [second] }).info('fresh');
    await second.close();
    expect(readFileSync(file, 'utf8')).toMatch(/INFO {2}fresh\n$/);
    expect(statSync(`${file}.1`).size).toBe(6 * 1024 * 1024);
  });
});
