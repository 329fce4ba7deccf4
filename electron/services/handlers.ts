// The complete handler table: one entry per contract command, merged from the
// domain files (a duplicate throws, a missing one fails to compile).
import type { CommandName } from '../../shared/contract';
import { assertComplete, mergeHandlers } from './registry';
import { sessionHandlers } from './session';
import { settingsHandlers } from './settings';
import type { Handlers } from './types';
import { notBuiltYet } from './unbuilt';

const ENGINE_COMMANDS = [
  'board.day',
  'listings.list',
  'listings.get',
  'prices.list',
  'calendar.range',
  'bookings.list',
  'bookings.get',
  'customers.get',
  'guests.list',
  'threads.list',
  'cleaning.list',
  'cleaning.get',
  'maintenance.list',
  'maintenance.get',
  'incidents.list',
  'incidents.get',
  'blocks.list',
  'destinations.list',
  'origins.list',
  'owners.list',
  'costs.list',
  'admins.list',
  'search.query',
  'cleaning.update',
  'cleaning.updateMany',
  'cleaning.delete',
  'maintenance.update',
  'maintenance.updateMany',
  'maintenance.delete',
  'incidents.update',
  'incidents.delete',
  'bookings.update',
  'guests.create',
  'guests.update',
  'customers.update',
  'messages.send',
  'blocks.create',
  'blocks.update',
  'blocks.delete',
  'outbox.list',
  'outbox.summary',
  'outbox.retry',
  'outbox.discard',
  'outbox.resolve',
  'sync.status',
  'sync.now',
  'sync.setInterest',
] as const satisfies readonly CommandName[];

export function buildHandlers(): Handlers {
  const merged: Handlers = mergeHandlers(
    sessionHandlers,
    settingsHandlers,
    notBuiltYet(ENGINE_COMMANDS, 'sync engine'),
  );
  return assertComplete(merged);
}
