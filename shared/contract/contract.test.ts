// The contract itself: every command and event has schemas that accept a
// realistic example and reject bad input with a message a person can read;
// the tables refuse duplicate names; outputs are plain JSON.
import { describe, expect, it } from 'vitest';
import { summarize } from '../api/validation';
import {
  COMMAND_NAMES,
  COMMANDS,
  EVENT_NAMES,
  EVENTS,
  isCommandName,
  isEventName,
  mergeTables,
  type CommandName,
} from './index';
import { COMMAND_EXAMPLES, EVENT_EXAMPLES } from './testing/examples';

/** Deep-equal after a JSON round trip: no Dates, undefined, functions or NaN survive differently. */
function isJsonable(value: unknown): boolean {
  return JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value);
}

describe('command table', () => {
  it('names every command domain.verb', () => {
    for (const name of COMMAND_NAMES) expect(name).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
  });

  it('refuses a name declared twice', () => {
    expect(() => mergeTables([{ 'a.b': 1 }, { 'a.b': 2 }], 'command')).toThrow('command "a.b" is declared twice');
  });

  it('knows its names and only those', () => {
    expect(isCommandName('bookings.list')).toBe(true);
    expect(isCommandName('bookings.drop')).toBe(false);
    expect(isCommandName('__proto__')).toBe(false);
    expect(isCommandName(42)).toBe(false);
  });

  it('covers the session, reads, edits, outbox, sync and settings the screens need', () => {
    for (const name of [
      'session.signIn',
      'session.openDemo',
      'session.signOut',
      'board.day',
      'calendar.range',
      'search.query',
      'bookings.update',
      'guests.create',
      'messages.send',
      'blocks.create',
      'outbox.retry',
      'outbox.discard',
      'outbox.resolve',
      'sync.status',
      'sync.setInterest',
      'settings.update',
    ])
      expect(COMMAND_NAMES).toContain(name);
  });
});

describe.each(COMMAND_NAMES)('%s', (name: CommandName) => {
  const spec = COMMANDS[name];
  const example = COMMAND_EXAMPLES[name];

  it('accepts its example input', () => {
    const r = spec.input.safeParse(example.input);
    expect(r.success ? 'ok' : summarize(r.error)).toBe('ok');
  });

  it('accepts its example output, which is plain JSON', () => {
    const r = spec.output.safeParse(example.output);
    expect(r.success ? 'ok' : summarize(r.error)).toBe('ok');
    expect(isJsonable(r.data)).toBe(true);
  });

  it('rejects unknown fields with a clear message', () => {
    const r = spec.input.safeParse({ ...(example.input as object), sneaky: true });
    expect(r.success).toBe(false);
    if (!r.success) expect(summarize(r.error)).toContain('sneaky');
  });

  it('rejects input that is not an object', () => {
    for (const bad of ['x', 7, null, [1]]) expect(spec.input.safeParse(bad).success).toBe(false);
  });

  it('has a one-sentence summary', () => {
    expect(spec.summary.length).toBeGreaterThan(5);
  });
});

describe('input validation messages', () => {
  const message = (name: CommandName, input: unknown) => {
    const r = COMMANDS[name].input.safeParse(input);
    return r.success ? 'accepted' : summarize(r.error);
  };

  it('says which date is wrong and why', () => {
    expect(message('cleaning.list', { from: '2026-02-30', to: '2026-03-01' })).toBe(
      'from: must be a real date written YYYY-MM-DD',
    );
    expect(message('cleaning.list', { from: '2026-03-02', to: '2026-03-01' })).toBe('to: "to" cannot be before "from"');
    expect(message('bookings.list', { from: '2026-01-01', to: '2029-01-01' })).toContain('limited to 800 days');
  });

  it('checks edit payloads with the API write schemas', () => {
    expect(message('cleaning.update', { id: 1, changes: {} })).toBe('changes: nothing to change');
    expect(message('cleaning.update', { id: 1, changes: { inspected: true } })).toBe(
      'changes.inspected: must be 0 or 1',
    );
    expect(message('bookings.update', { bookingNumber: 1, changes: { status: 'done' } })).toBe(
      'changes.status: status must be "confirmed" or "canceled"',
    );
    expect(message('incidents.update', { id: 1, changes: { priority: 5 } })).toContain('priority must be 1 (low)');
    expect(message('guests.create', { bookingNumber: 1, guest: { name: 'Ana' } })).toContain('guest.lastname');
    expect(message('messages.send', { bookingNumber: 1, threadId: 2, message: '   ' })).toBe(
      'message: the message is empty',
    );
    expect(
      message('blocks.create', {
        block: { listing_id: '1', block_type: 3, start_date: '2026-01-01', end_date: '2026-01-02', reason: '' },
      }),
    ).toContain('block.block_type');
    expect(message('cleaning.delete', { id: 0 })).toBe('id: is not a record id');
    expect(message('cleaning.updateMany', { items: [] })).toBe('items: select at least one task');
  });

  it('asks for a server address (http(s) only) and keeps only its base', () => {
    const u = 'https://pms.example.com';
    expect(message('session.signIn', { baseUrl: u, user: 'u', password: 'p' })).toBe('accepted');
    expect(message('session.signIn', { user: 'u', password: 'p' })).toContain('baseUrl');
    expect(message('session.signIn', { baseUrl: 'file:///etc/passwd', user: 'u', password: 'p' })).toBe(
      'baseUrl: must be a web address starting with https:// (or http://)',
    );
    expect(message('session.signIn', { environment: 'test', baseUrl: u, user: 'u', password: 'p' })).toContain(
      'environment',
    );
    expect(message('session.signIn', { baseUrl: u, user: '  ', password: 'p' })).toBe('user: is required');
    for (const typed of ['https://pms.example.com/', 'https://pms.example.com/api/v1/', ' https://pms.example.com '])
      expect(COMMANDS['session.signIn'].input.parse({ baseUrl: typed, user: 'u', password: 'p' }).baseUrl).toBe(u);
    expect(message('session.unlock', { baseUrl: u, user: 'u', password: '' })).toBe('password: is required');
  });

  it('applies defaults so handlers get complete input', () => {
    expect(
      COMMANDS['session.signIn'].input.parse({ baseUrl: 'https://pms.example.com', user: 'u', password: 'p' }),
    ).toMatchObject({
      remember: false,
    });
    expect(COMMANDS['bookings.list'].input.parse({ from: '2026-01-01', to: '2026-01-02' })).toMatchObject({
      kind: 'overlapping',
    });
    expect(COMMANDS['search.query'].input.parse({ text: 'x' })).toEqual({ text: 'x', limit: 50 });
  });
});

describe('outputs', () => {
  it('strip fields a handler should not have sent (nothing extra crosses the boundary)', () => {
    const out = COMMANDS['customers.get'].output.parse({
      ...COMMAND_EXAMPLES['customers.get'].output,
      card_number: '4111111111111111',
    });
    expect(out).not.toHaveProperty('card_number');
  });

  it('fill missing nullable members with null, so every answer is complete JSON', () => {
    const { opening_code: _gone, ...rest } = COMMAND_EXAMPLES['bookings.get'].output.booking;
    const out = COMMANDS['bookings.get'].output.parse({ ...COMMAND_EXAMPLES['bookings.get'].output, booking: rest });
    expect(out.booking.opening_code).toBeNull();
  });

  it('reject a wrong type (a handler bug is caught, not forwarded)', () => {
    const r = COMMANDS['outbox.summary'].output.safeParse({
      ...COMMAND_EXAMPLES['outbox.summary'].output,
      unsent: '1',
    });
    expect(r.success).toBe(false);
  });
});

describe('event table', () => {
  it('knows its names and only those', () => {
    expect(isEventName('outbox.changed')).toBe(true);
    expect(isEventName('outbox.exploded')).toBe(false);
  });

  it.each(EVENT_NAMES)('%s accepts its example payload as JSON', (name) => {
    const r = EVENTS[name].payload.safeParse(EVENT_EXAMPLES[name]);
    expect(r.success ? 'ok' : summarize(r.error)).toBe('ok');
    expect(isJsonable(r.data)).toBe(true);
  });

  it('covers sync progress and freshness, outbox, connectivity, cache, session expiry', () => {
    for (const name of [
      'sync.progress',
      'sync.freshness',
      'outbox.changed',
      'connectivity.changed',
      'cache.changed',
      'session.expired',
    ])
      expect(EVENT_NAMES).toContain(name);
  });
});
