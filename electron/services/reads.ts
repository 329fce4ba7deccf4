// Handlers of the read commands: indexed queries on the account's local cache
// (electron/cache/queries), never the network. A record missing from the
// cache answers `not_found` with a sentence saying so.
import { CommandError } from '../../shared/contract';
import * as q from '../cache/queries';
import type { ReadableDB } from '../cache/db';
import { boardAnswerOf } from './board-answers';
import type { ServiceContext } from './context';
import type { HandlerTable } from './types';

export function cacheOf(ctx: ServiceContext): ReadableDB {
  return ctx.workspace.engine().db;
}

/**
 * A booking asked for by the local number it had before it reached the PMS (a screen opened
 * while it was new): its server number (the outbox's id map), else the number itself.
 */
function bookingNo(ctx: ServiceContext, n: number): number {
  if (n >= 0) return n;
  return (
    cacheOf(ctx).get<{ server_id: number }>(
      `SELECT server_id FROM outbox_ids WHERE resource = 'bookings' AND local_id = ?`,
      [n],
    )?.server_id ?? n
  );
}

function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new CommandError(
      'not_found',
      `${what} is not in the local data (it may have been deleted, or not synced yet).`,
    );
  return value;
}

type ReadName =
  | 'board.day'
  | 'listings.list'
  | 'listings.get'
  | 'prices.list'
  | 'prices.grid'
  | 'calendar.range'
  | 'bookings.list'
  | 'bookings.get'
  | 'customers.get'
  | 'guests.list'
  | 'threads.list'
  | 'cleaning.list'
  | 'cleaning.get'
  | 'maintenance.list'
  | 'maintenance.get'
  | 'incidents.list'
  | 'incidents.open'
  | 'incidents.get'
  | 'registration.due'
  | 'stays.check'
  | 'blocks.list'
  | 'destinations.list'
  | 'origins.list'
  | 'owners.list'
  | 'costs.list'
  | 'owners.get'
  | 'owners.account'
  | 'owners.statement'
  | 'costs.get'
  | 'destinations.get'
  | 'admins.list'
  | 'admins.get'
  | 'countries.mostUsed'
  | 'search.query';

export const readHandlers: HandlerTable<ReadName> = {
  'board.day': ({ since, ...filter }, ctx) => boardAnswerOf(cacheOf(ctx), filter, since),
  'listings.list': (i, ctx) => q.listListings(cacheOf(ctx), i),
  'listings.get': (i, ctx) => found(q.getListingDetail(cacheOf(ctx), i.id), `Listing ${i.id}`),
  'prices.list': (i, ctx) => q.listPrices(cacheOf(ctx), i.rateId, i.from, i.to),
  'prices.grid': (i, ctx) => found(q.priceGrid(cacheOf(ctx), i), `Listing ${i.listingId}`),
  'calendar.range': (i, ctx) => q.calendarRange(cacheOf(ctx), i),
  'bookings.list': (i, ctx) => q.listBookings(cacheOf(ctx), i),
  'bookings.get': (i, ctx) =>
    found(q.getBookingDetail(cacheOf(ctx), bookingNo(ctx, i.bookingNumber)), `Booking ${i.bookingNumber}`),
  'customers.get': (i, ctx) => found(q.getCustomer(cacheOf(ctx), i.id), `Customer ${i.id}`),
  'guests.list': (i, ctx) => q.listGuests(cacheOf(ctx), bookingNo(ctx, i.bookingNumber)),
  'threads.list': (i, ctx) => q.listThreads(cacheOf(ctx), bookingNo(ctx, i.bookingNumber)),
  'cleaning.list': (i, ctx) => q.listCleaning(cacheOf(ctx), i),
  'cleaning.get': (i, ctx) => found(q.getCleaning(cacheOf(ctx), i.id), `Cleaning task ${i.id}`),
  'maintenance.list': (i, ctx) => q.listMaintenance(cacheOf(ctx), i),
  'maintenance.get': (i, ctx) => found(q.getMaintenance(cacheOf(ctx), i.id), `Maintenance task ${i.id}`),
  'incidents.list': (i, ctx) => q.listIncidents(cacheOf(ctx), i),
  'incidents.open': (i, ctx) => q.listOpenIncidents(cacheOf(ctx), i),
  'stays.check': (i, ctx) => found(q.checkStay(cacheOf(ctx), i), `Listing ${i.listingId}`),
  'registration.due': (i, ctx) => q.registrationDue(cacheOf(ctx), i),
  'incidents.get': (i, ctx) => found(q.getIncident(cacheOf(ctx), i.id), `Incident ${i.id}`),
  'blocks.list': (i, ctx) => q.listBlocks(cacheOf(ctx), i),
  'destinations.list': (_i, ctx) => q.listDestinations(cacheOf(ctx)),
  'origins.list': (_i, ctx) => q.listOrigins(cacheOf(ctx)),
  'owners.list': (_i, ctx) => q.listOwners(cacheOf(ctx)),
  'costs.list': (i, ctx) => q.listCosts(cacheOf(ctx), i),
  'owners.get': (i, ctx) => found(q.getOwner(cacheOf(ctx), i.id), `Owner ${i.id}`),
  'owners.account': (i, ctx) => found(q.ownerAccount(cacheOf(ctx), i.id), `Owner ${i.id}`),
  'owners.statement': (i, ctx) => found(q.ownerStatement(cacheOf(ctx), i.id, i.month), `Owner ${i.id}`),
  'costs.get': (i, ctx) => found(q.getCost(cacheOf(ctx), i.id), `Cost ${i.id}`),
  'destinations.get': (i, ctx) => found(q.getDestination(cacheOf(ctx), i.id), `Destination ${i.id}`),
  'admins.list': (i, ctx) => q.listAdmins(cacheOf(ctx), i),
  'admins.get': (i, ctx) => found(q.getAdmin(cacheOf(ctx), i.id), `Intranet user ${i.id}`),
  'countries.mostUsed': (_i, ctx) => q.countryUsage(cacheOf(ctx)),
  'search.query': (i, ctx) => q.search(cacheOf(ctx), i),
};
