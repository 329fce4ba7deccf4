// Handlers of the session commands: all of them go to the workspace.
import type { HandlerTable } from './types';

export const sessionHandlers: HandlerTable<
  | 'session.get'
  | 'session.signIn'
  | 'session.unlock'
  | 'session.openDemo'
  | 'session.signOut'
  | 'session.accounts'
  | 'session.servers'
> = {
  'session.get': async (_input, ctx) => {
    // Answer after a sign-in or the restore at start, not in the middle of one.
    await ctx.workspace.settled();
    return ctx.workspace.info();
  },
  'session.signIn': (input, ctx) => ctx.workspace.signIn(input),
  'session.unlock': (input, ctx) => ctx.workspace.unlock(input),
  'session.openDemo': (_input, ctx) => ctx.workspace.openDemo(),
  'session.signOut': (input, ctx) => ctx.workspace.signOut(input),
  'session.accounts': (_input, ctx) => ctx.workspace.accounts(),
  'session.servers': (_input, ctx) => ctx.workspace.servers(),
};
