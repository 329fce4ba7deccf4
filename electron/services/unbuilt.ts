// Handlers for commands whose engine part is not in the app yet: they answer
// `unavailable` with a sentence that says which part is missing, so the UI can
// show a calm "not available yet" state instead of breaking.
import { CommandError, type CommandName } from '../../shared/contract';
import type { HandlerTable } from './types';

export function notBuiltYet<K extends CommandName>(names: readonly K[], part: string): HandlerTable<K> {
  const table: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    table[name] = () =>
      Promise.reject(new CommandError('unavailable', `"${name}" needs the ${part}, which is not built yet.`));
  }
  return table as HandlerTable<K>;
}
