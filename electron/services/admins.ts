// Handlers of the intranet-user writes that carry a password (admins.create,
// admins.setPassword): foreground, online only, through the engine's
// AdminsPort (electron/engine/admin-writes.ts). Edits without a password are
// ordinary outbox edits (admins.update, kinds/admins.ts).
import { CommandError } from '../../shared/contract';
import type { HandlerTable } from './types';
import type { ServiceContext } from './context';

function adminsOf(ctx: ServiceContext) {
  const port = ctx.workspace.engine().admins;
  if (!port) throw new CommandError('unreachable', 'No server is asked in this session.');
  return port;
}

export const adminHandlers: HandlerTable<'admins.create' | 'admins.setPassword'> = {
  'admins.create': async (i, ctx) => {
    const r = await adminsOf(ctx).create(i.admin);
    return { outcome: r.outcome, admin: r.admin && { ...r.admin, outbox: null } };
  },
  'admins.setPassword': (i, ctx) => adminsOf(ctx).setPassword(i.id, i.password),
};
