// Handlers of the outbox commands and of every edit: each edit goes to the
// account's outbox, which writes the optimistic change and its entry in one
// transaction and answers with the entry at once.
import { CommandError, EDIT_NAMES, type AdmittedEdit, type EditName } from '../../shared/contract';
import type { ServiceContext } from './context';
import type { OutboxPort } from './engine-port';
import type { Handler, HandlerTable } from './types';

function outboxOf(ctx: ServiceContext): OutboxPort {
  const outbox = ctx.workspace.engine().outbox;
  // An engine without an outbox is one opened read-only after its session expired.
  if (!outbox)
    throw new CommandError('not_signed_in', 'Sign in again to make changes; what is here can still be read.');
  return outbox;
}

function editHandler<N extends EditName>(name: N): Handler<N> {
  // HandlerInput<N> is AdmittedEdit<N> for every edit name; the compiler does not resolve it for a generic N.
  return (input, ctx) => outboxOf(ctx).edit(name, input as AdmittedEdit<N>) as ReturnType<Handler<N>>;
}

export const editHandlers = Object.fromEntries(EDIT_NAMES.map((name) => [name, editHandler(name)])) as {
  [N in EditName]: Handler<N>;
};

export const outboxHandlers: HandlerTable<
  'outbox.list' | 'outbox.summary' | 'outbox.retry' | 'outbox.discard' | 'outbox.resolve' | 'outbox.amend'
> = {
  'outbox.list': (i, ctx) => outboxOf(ctx).list(i),
  'outbox.summary': (_i, ctx) => outboxOf(ctx).summary(),
  'outbox.retry': (i, ctx) => outboxOf(ctx).retry(i.id),
  'outbox.discard': async (i, ctx) => {
    const dependents = await outboxOf(ctx).discard(i.id);
    return { discarded: true as const, dependents: dependents ?? 0 };
  },
  'outbox.resolve': (i, ctx) => outboxOf(ctx).resolve(i),
  'outbox.amend': (i, ctx) => outboxOf(ctx).amend(i),
};
