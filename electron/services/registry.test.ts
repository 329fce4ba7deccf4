import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../shared/contract';
import { buildHandlers } from './handlers';
import { assertComplete, mergeHandlers } from './registry';

describe('handler registry', () => {
  it('has exactly one handler per contract command', () => {
    expect(Object.keys(buildHandlers()).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it('throws when two domains register the same name', () => {
    const a = { 'app.info': () => ({ name: 'a', version: '1', demo: false }) };
    const b = { 'app.info': () => ({ name: 'b', version: '1', demo: false }) };
    expect(() => mergeHandlers(a, b)).toThrow('handler "app.info" is registered twice');
  });

  it('throws when a command has no handler or a handler is outside the contract', () => {
    expect(() => assertComplete({ 'app.info': () => ({ name: 'a', version: '1', demo: false }) })).toThrow(
      /no handler for session\.get/,
    );
    expect(() => assertComplete({ ...buildHandlers(), 'fs.read': () => 1 } as never)).toThrow(
      'handlers outside the contract: fs.read',
    );
  });
});
