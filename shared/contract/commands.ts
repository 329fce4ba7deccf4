// The ONE table of commands the renderer may invoke (`domain.verb`, one object
// in, one value out), merged from the domain tables; declaring a name twice
// throws at load. Types for names, inputs and outputs derive from it.
import type { z } from 'zod';
import { mergeTables, type CommandSpec } from './define';
import { coverageCommands } from './commands/coverage';
import { documentCommands } from './commands/documents';
import { editCommands } from './commands/edits';
import { foregroundCommands } from './commands/foreground';
import { outboxCommands } from './commands/outbox';
import { platformCommands } from './commands/platform';
import { readCommands } from './commands/reads';
import { sessionCommands } from './commands/session';
import { settingsCommands } from './commands/settings';
import { syncCommands } from './commands/sync';

export { coverageCommands } from './commands/coverage';
export { documentCommands } from './commands/documents';
export { editCommands } from './commands/edits';
export { foregroundCommands } from './commands/foreground';
export { outboxCommands } from './commands/outbox';
export { platformCommands } from './commands/platform';
export { readCommands } from './commands/reads';
export { sessionCommands } from './commands/session';
export { settingsCommands } from './commands/settings';
export { syncCommands } from './commands/sync';

/** The domain tables, in the order they are merged (a name declared twice throws at load). */
const DOMAIN_TABLES = {
  sessionCommands,
  readCommands,
  editCommands,
  outboxCommands,
  syncCommands,
  settingsCommands,
  platformCommands,
  documentCommands,
  coverageCommands,
  foregroundCommands,
};

/** A union of table types turned into their intersection: every domain's names with their own specs. */
type Intersection<U> = (U extends unknown ? (table: U) => void : never) extends (table: infer I) => void ? I : never;
type AllCommands = Intersection<(typeof DOMAIN_TABLES)[keyof typeof DOMAIN_TABLES]>;

export const COMMANDS: AllCommands = mergeTables<Record<string, CommandSpec>>(
  Object.values(DOMAIN_TABLES),
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
