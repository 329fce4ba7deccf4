// The dispatcher: the one door into the main side.
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../shared/contract';
import { createLogger, memorySink } from '../log/log';
import { createDispatcher, YIELD_AFTER_MS } from './dispatcher';
import { buildHandlers } from './handlers';
import { harness } from './testing';
import type { Handlers } from './types';

function setup(overrides: Partial<Handlers> = {}, translate?: (e: unknown) => CommandError | null) {
  const sink = memorySink();
  const log = createLogger({ sinks: [sink], level: 'debug' });
  const h = harness({ log });
  const dispatcher = createDispatcher({ ...buildHandlers(), ...overrides }, h.runtime.context, {
    log,
    ...(translate ? { translate } : {}),
  });
  return { dispatcher, lines: sink.lines, h };
}

describe('dispatcher', () => {
  it('runs a known command with validated input and answers ok', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.dispatch('app.info', {})).toEqual({
      ok: true,
      value: { name: 'Stayboard', version: '9.9.9', demo: false },
    });
  });

  it('treats a missing input as {}', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.dispatch('session.get', undefined)).toMatchObject({
      ok: true,
      value: { state: 'signedOut' },
    });
  });

  it('rejects an unknown command by name', async () => {
    const { dispatcher } = setup();
    for (const name of ['fs.readFile', '__proto__', 'constructor', 42, null])
      expect(await dispatcher.dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(await dispatcher.dispatch('shell.exec', {})).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'There is no command "shell.exec".' },
    });
  });

  it('rejects bad input with a clear message and per-field errors, without running the handler', async () => {
    let ran = false;
    const { dispatcher } = setup({
      'cleaning.update': () => {
        ran = true;
        return { entryId: 1, state: 'pending' };
      },
    });
    const r = await dispatcher.dispatch('cleaning.update', { id: 'seven', changes: { inspected: 2, colour: 'red' } });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'cleaning.update: id: must be a number; changes.inspected: must be 0 or 1; changes: unknown field: colour',
        fields: {
          id: ['must be a number'],
          changes: ['unknown field: colour'],
          'changes.inspected': ['must be 0 or 1'],
        },
      },
    });
    expect(ran).toBe(false);
  });

  it('passes a handler’s CommandError through with its code', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.dispatch('listings.list', {})).toEqual({
      ok: false,
      error: { code: 'not_signed_in', message: 'Sign in (or open the demo) first.' },
    });
  });

  it('hides an unexpected failure behind a generic message and logs it (redacted)', async () => {
    const { dispatcher, lines } = setup({
      'settings.get': () => {
        throw new Error('SQLITE_CORRUPT at /home/ana/.config/x.db token=abc123');
      },
    });
    const r = await dispatcher.dispatch('settings.get', {});
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'Something went wrong while running "settings.get" (the details are in the log).',
      },
    });
    expect(JSON.stringify(r)).not.toContain('SQLITE');
    expect(lines.join('')).toContain('SQLITE_CORRUPT');
    expect(lines.join('')).not.toContain('abc123');
  });

  it('uses the translator for errors of lower layers', async () => {
    const { dispatcher } = setup(
      {
        'settings.get': () => {
          throw Object.assign(new Error('connect ECONNREFUSED'), { kind: 'network' });
        },
      },
      (e) =>
        (e as { kind?: string }).kind === 'network'
          ? new CommandError('unreachable', 'The server cannot be reached.')
          : null,
    );
    expect(await dispatcher.dispatch('settings.get', {})).toEqual({
      ok: false,
      error: { code: 'unreachable', message: 'The server cannot be reached.' },
    });
  });

  it('refuses to forward an answer that breaks the contract, and strips extra fields from a good one', async () => {
    const bad = setup({ 'settings.get': () => ({ locale: 'xx' }) as never });
    expect(await bad.dispatcher.dispatch('settings.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(bad.lines.join('')).toContain('breaks the contract');

    const extra = setup({
      'app.info': () => ({ name: 'S', version: '1', demo: false, dataDir: '/home/ana' }) as never,
    });
    expect(await extra.dispatcher.dispatch('app.info', {})).toEqual({
      ok: true,
      value: { name: 'S', version: '1', demo: false },
    });
  });

  it('logs slow commands, not quick ones', async () => {
    // A clock the handler moves: the command "takes" as long as it says, with no real wait.
    let t = 0;
    let takes = 0;
    const sink = memorySink();
    const log = createLogger({ sinks: [sink], level: 'debug' });
    const app = { name: 'S', version: '1', demo: false };
    const handlers = {
      ...buildHandlers(),
      'app.info': () => {
        t += takes;
        return app;
      },
    };
    const dispatcher = createDispatcher(handlers, harness({ log }).runtime.context, { log, now: () => t });
    takes = 100;
    await dispatcher.dispatch('app.info', {});
    expect(sink.lines.join('')).not.toMatch(/took/);
    takes = 300;
    await dispatcher.dispatch('app.info', {});
    expect(sink.lines.join('')).toMatch(/app\.info took 300 ms/);
  });

  it('after a long synchronous read, lets what waits run before the answer is checked and sent', async () => {
    let t = 0;
    let takes = 0;
    const log = createLogger({ sinks: [memorySink()], level: 'debug' });
    const app = { name: 'S', version: '1', demo: false };
    const order: string[] = [];
    const handlers = {
      ...buildHandlers(),
      'app.info': () => {
        t += takes;
        // Something queued for the next turn of the event loop while the read held it (another window's call).
        setImmediate(() => order.push('waiting work'));
        return app;
      },
    };
    const dispatcher = createDispatcher(handlers, harness({ log }).runtime.context, { log, now: () => t });
    takes = YIELD_AFTER_MS + 1;
    await dispatcher.dispatch('app.info', {}).then(() => order.push('answer'));
    expect(order).toEqual(['waiting work', 'answer']);
    // A quick one answers in the same task.
    order.length = 0;
    takes = 1;
    await dispatcher.dispatch('app.info', {}).then(() => order.push('answer'));
    expect(order).toEqual(['answer']);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['answer', 'waiting work']);
  });
});
