// Handlers of settings and app information.
import type { HandlerTable } from './types';

export const settingsHandlers: HandlerTable<'settings.get' | 'settings.update' | 'app.info'> = {
  'settings.get': (_input, ctx) => ctx.settings.get(),
  'settings.update': (input, ctx) => ctx.settings.update(input),
  'app.info': (_input, ctx) => ({ name: ctx.app.name, version: ctx.app.version, demo: ctx.workspace.isDemo }),
};
