// Types of the handler table: one async function per contract command, taking
// the validated input and the service context, returning the command's output.
import type { z } from 'zod';
import type { CommandArgs, CommandName, COMMANDS } from '../../shared/contract';
import type { ServiceContext } from './context';

/** What a handler may return: the output schema's input side (nullable members may be left out). */
export type HandlerResult<N extends CommandName> = z.input<(typeof COMMANDS)[N]['output']>;

/** Handlers may answer synchronously (cache reads are synchronous SQLite) or asynchronously. */
export type Handler<N extends CommandName> = (
  input: CommandArgs<N>,
  ctx: ServiceContext,
) => HandlerResult<N> | Promise<HandlerResult<N>>;

/** The complete table: exactly one handler per command of the contract. */
export type Handlers = { [N in CommandName]: Handler<N> };

/** Part of the table, as one domain file declares it. */
export type HandlerTable<K extends CommandName> = { [N in K]: Handler<N> };
