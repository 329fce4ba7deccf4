// Handlers of the coverage commands: whether what a document or a screen needs
// was received whole, and the person's fetch of what is missing — answered by
// the account's engine (electron/sync/coverage-answers.ts).
import { CommandError } from '../../shared/contract';
import type { ServiceContext } from './context';
import type { CoveragePort } from './engine-port';
import type { HandlerTable } from './types';

export function coverageOf(ctx: ServiceContext): CoveragePort {
  const port = ctx.workspace.engine().coverage;
  if (!port) throw new CommandError('not_implemented', 'This engine cannot tell what the local data lacks.');
  return port;
}

export const coverageHandlers: HandlerTable<'coverage.check' | 'coverage.fetch'> = {
  'coverage.check': (i, ctx) => coverageOf(ctx).check(i),
  'coverage.fetch': (i, ctx) => coverageOf(ctx).fetch(i),
};
