// Handlers of the intranet-user writes that carry a password (admins.create,
// admins.setPassword): foreground, online only, through the engine's
// AdminsPort (electron/engine/admin-writes.ts). Edits without a password are
// ordinary outbox edits (admins.update, kinds/admins.ts).
import { wireRefusal } from '../../shared/api';
import { CommandError } from '../../shared/contract';
import type { HandlerTable } from './types';
import type { ServiceContext } from './context';

/** What cannot travel never leaves this computer (shared/api/wire-values.ts): the same floor as every queued edit. */
function travelable<T>(value: T): T {
  const refusal = wireRefusal(value);
  if (refusal) throw new CommandError('invalid_input', refusal.message, refusal.fields);
  return value;
}

function adminsOf(ctx: ServiceContext) {
  const port = ctx.workspace.engine().admins;
  if (!port) throw new CommandError('unreachable', 'No server is asked in this session.');
  return port;
}

export const adminHandlers: HandlerTable<'admins.create' | 'admins.setPassword'> = {
  'admins.create': async (i, ctx) => {
    const admin = travelable(i.admin);
    const r = await adminsOf(ctx).create(admin);
    return { outcome: r.outcome, admin: r.admin && { ...r.admin, outbox: null } };
  },
  'admins.setPassword': (i, ctx) => {
    const password = travelable(i.password);
    return adminsOf(ctx).setPassword(i.id, password);
  },
};
