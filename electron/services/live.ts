// Handlers of the live commands: questions the server answers itself, now
// (electron/engine/live.ts). What the question needs from the cache (a
// listing's kind, its first rate) is read here; the engine asks.
import { CommandError } from '../../shared/contract';
import { listingSummaryById, ratesOf } from '../cache/queries';
import { cacheOf } from './reads';
import type { HandlerTable } from './types';

export const liveHandlers: HandlerTable<'stays.checkLive' | 'bookings.createWithCard'> = {
  // The card values pass through here in memory only: never logged, stored or put in an error.
  'bookings.createWithCard': async (i, ctx) => {
    const live = ctx.workspace.engine().live;
    if (!live?.createBookingWithCard)
      throw new CommandError('disconnected', 'Card details can only be sent while connected to the PMS.');
    return live.createBookingWithCard(i.booking);
  },
  'stays.checkLive': async (i, ctx) => {
    const engine = ctx.workspace.engine();
    const db = cacheOf(ctx);
    const listing = listingSummaryById(db, i.listingId);
    if (!listing) throw new CommandError('not_found', `Listing ${i.listingId} is not in the local data.`);
    const rateId = i.rateId ?? ratesOf(db, i.listingId)[0]?.rate_id;
    if (rateId === undefined)
      throw new CommandError('not_found', `Listing ${i.listingId} has no rate in the local data to ask about.`);
    if (!engine.live) throw new CommandError('unreachable', 'No server is asked in this session.');
    const answer = await engine.live.availability({
      listingId: i.listingId,
      from: i.from,
      to: i.to,
      rateId,
      mu: listing.mu,
    });
    return { ...answer, rateId, checkedAt: Date.now() };
  },
};
