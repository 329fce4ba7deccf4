// Builds the one handler table from the domain files. A name declared by two
// domains throws at startup (it would silently shadow a handler otherwise), and
// a contract command with no handler is a compile error (and a startup error).
import { COMMAND_NAMES, type CommandName } from '../../shared/contract';
import type { Handlers } from './types';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export function mergeHandlers<T extends Partial<Handlers>[]>(...tables: T): UnionToIntersection<T[number]> {
  const out: Partial<Record<CommandName, unknown>> = {};
  for (const table of tables) {
    for (const [name, handler] of Object.entries(table)) {
      if (Object.hasOwn(out, name)) throw new Error(`handler "${name}" is registered twice`);
      out[name as CommandName] = handler;
    }
  }
  return out as UnionToIntersection<T[number]>;
}

/** Throws unless every contract command has exactly one handler and nothing else is registered. */
export function assertComplete(handlers: Partial<Handlers>): Handlers {
  const missing = COMMAND_NAMES.filter((n) => typeof handlers[n] !== 'function');
  const extra = Object.keys(handlers).filter((n) => !(COMMAND_NAMES as string[]).includes(n));
  if (missing.length || extra.length)
    throw new Error(
      [
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        extra.length ? `handlers outside the contract: ${extra.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  return handlers as Handlers;
}
