// The ONE table of commands the renderer may invoke (`domain.verb`, one object
// in, one value out), merged from the domain tables; declaring a name twice
// throws at load. Types for names, inputs and outputs derive from it.
import type { z } from 'zod';
import { mergeTables, type CommandSpec } from './define';
import { documentCommands } from './commands/documents';
import { editCommands } from './commands/edits';
import { foregroundCommands } from './commands/foreground';
import { outboxCommands } from './commands/outbox';
import { platformCommands } from './commands/platform';
import { readCommands } from './commands/reads';
import { sessionCommands } from './commands/session';
import { settingsCommands } from './commands/settings';
import { syncCommands } from './commands/sync';

type AllCommands = typeof sessionCommands &
  typeof readCommands &
  typeof editCommands &
  typeof outboxCommands &
  typeof syncCommands &
  typeof settingsCommands &
  typeof platformCommands &
  typeof documentCommands &
  typeof foregroundCommands;

export const COMMANDS: AllCommands = mergeTables<Record<string, CommandSpec>>(
  [
    sessionCommands,
    readCommands,
    editCommands,
    outboxCommands,
    syncCommands,
    settingsCommands,
    platformCommands,
    documentCommands,
    foregroundCommands,
  ],
  'command',
) as AllCommands;

export type CommandName = keyof AllCommands;
/** What the renderer passes (defaults not yet applied). */
export type CommandInput<N extends CommandName> = z.input<AllCommands[N]['input']>;
/** What the handler receives (after validation: defaults applied, strings trimmed). */
export type CommandArgs<N extends CommandName> = z.output<AllCommands[N]['input']>;
/** What the renderer gets back in `value`. */
export type CommandOutput<N extends CommandName> = z.output<AllCommands[N]['output']>;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

const NAME_SET: ReadonlySet<string> = new Set(COMMAND_NAMES);
export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && NAME_SET.has(name);
}

export {
  sessionCommands,
  readCommands,
  editCommands,
  outboxCommands,
  syncCommands,
  settingsCommands,
  platformCommands,
  documentCommands,
  foregroundCommands,
};
