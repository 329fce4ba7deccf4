// Handlers of settings, what the cache holds, and app information.
import { CommandError } from '../../shared/contract';
import type { HandlerTable } from './types';

export const settingsHandlers: HandlerTable<'settings.get' | 'settings.update' | 'settings.storage' | 'app.info'> = {
  'settings.get': (_input, ctx) => ctx.settings.get(),
  'settings.update': (input, ctx) => ctx.settings.update(input),
  'settings.storage': (input, ctx) => {
    const history = ctx.workspace.engine().history;
    if (!history) throw new CommandError('not_implemented', 'This engine does not keep a history on this computer.');
    return history.usage(input.historyMonths);
  },
  'app.info': (_input, ctx) => ({ name: ctx.app.name, version: ctx.app.version, demo: ctx.workspace.isDemo }),
};
