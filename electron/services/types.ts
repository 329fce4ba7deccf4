// Types of the handler table: one async function per contract command, taking
// the validated input and the service context, returning the command's output.
import type { z } from 'zod';
import type { AdmittedEdit, CommandArgs, CommandName, COMMANDS, EditName } from '../../shared/contract';
import type { ServiceContext } from './context';

/** What a handler may return: the output schema's input side (nullable members may be left out). */
export type HandlerResult<N extends CommandName> = z.input<(typeof COMMANDS)[N]['output']>;

/** What a handler takes: the input its schema parsed; an edit's also admitted (shared/contract/admitted-edit.ts). */
export type HandlerInput<N extends CommandName> = N extends EditName ? AdmittedEdit<N> : CommandArgs<N>;

/** Handlers may answer synchronously (cache reads are synchronous SQLite) or asynchronously. */
export type Handler<N extends CommandName> = (
  input: HandlerInput<N>,
  ctx: ServiceContext,
) => HandlerResult<N> | Promise<HandlerResult<N>>;

/** The complete table: exactly one handler per command of the contract. */
export type Handlers = { [N in CommandName]: Handler<N> };

/** Part of the table, as one domain file declares it. */
export type HandlerTable<K extends CommandName> = { [N in K]: Handler<N> };
