// The complete handler table: one entry per contract command, merged from the
// domain files (a duplicate throws at startup, a missing one fails to compile
// and throws at startup).
import { documentHandlers } from './documents';
import { editHandlers, outboxHandlers } from './outbox';
import { readHandlers } from './reads';
import { assertComplete, mergeHandlers } from './registry';
import { sessionHandlers } from './session';
import { settingsHandlers } from './settings';
import { syncHandlers } from './sync';
import type { Handlers } from './types';

export function buildHandlers(): Handlers {
  const merged: Handlers = mergeHandlers(
    sessionHandlers,
    readHandlers,
    editHandlers,
    outboxHandlers,
    syncHandlers,
    settingsHandlers,
    documentHandlers,
  );
  return assertComplete(merged);
}
