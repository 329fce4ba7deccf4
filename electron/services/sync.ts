// Handlers of the sync commands: status, "sync now" and the on-screen
// interest, answered by the account's sync engine.
import { CommandError } from '../../shared/contract';
import type { ServiceContext } from './context';
import type { SyncPort } from './engine-port';
import type { HandlerTable } from './types';

function syncOf(ctx: ServiceContext): SyncPort {
  const sync = ctx.workspace.engine().sync;
  if (!sync) throw new CommandError('not_signed_in', 'Sign in again to sync; what is here can still be read.');
  return sync;
}

export const syncHandlers: HandlerTable<'sync.status' | 'sync.now' | 'sync.setInterest'> = {
  'sync.status': (_i, ctx) => syncOf(ctx).status(),
  'sync.now': (i, ctx) => ({ started: syncOf(ctx).syncNow(i.full) }),
  'sync.setInterest': (i, ctx) => {
    syncOf(ctx).setInterest(i);
    return { accepted: true as const };
  },
};
