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

function reconcileOf(ctx: ServiceContext): Required<Pick<SyncPort, 'check' | 'fix'>> {
  const sync = syncOf(ctx);
  if (!sync.check || !sync.fix)
    throw new CommandError('not_implemented', 'This engine cannot check against the server.');
  return { check: () => sync.check!(), fix: () => sync.fix!() };
}

export const syncHandlers: HandlerTable<'sync.status' | 'sync.now' | 'sync.setInterest' | 'sync.check' | 'sync.fix'> = {
  'sync.check': (_i, ctx) => reconcileOf(ctx).check(),
  'sync.fix': (_i, ctx) => reconcileOf(ctx).fix(),
  'sync.status': (_i, ctx) => syncOf(ctx).status(),
  'sync.now': (i, ctx) => syncOf(ctx).syncNow(i.full),
  'sync.setInterest': (i, ctx) => {
    syncOf(ctx).setInterest(i);
    return { accepted: true as const };
  },
};
