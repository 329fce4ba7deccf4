// The complete handler table: one entry per contract command, merged from the
// domain files (a duplicate throws at startup, a missing one fails to compile
// and throws at startup).
import { adminHandlers } from './admins';
import { liveHandlers } from './live';
import { coverageHandlers } from './coverage';
import { documentHandlers } from './documents';
import { editHandlers, outboxHandlers } from './outbox';
import { platformHandlers } from './platform';
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
    liveHandlers,
    editHandlers,
    outboxHandlers,
    syncHandlers,
    settingsHandlers,
    platformHandlers,
    documentHandlers,
    coverageHandlers,
    adminHandlers,
  );
  return assertComplete(merged);
}
