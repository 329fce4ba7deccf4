// Handlers of rates, daily prices, availability (single-unit booleans and
// multi-unit counts) and calendar blocks. These are the operations whose spec
// rows list 403: ids in the "another host" range answer 403 (config.ts).
import { blockCreate, blockUpdate, priceUpdate, rateUpdate } from '../../shared/api/listings';
import { SIM } from '../config';
import { dayOf, isoOf } from '../days';
import { unitsFree } from '../calendar';
import type { Block, Listing, Rate } from '../model';
import { priceOn, setPrice } from '../prices';
import { blockWire, priceWire, rateWire } from '../wire/inventory';
import {
  HttpError,
  created,
  forbidIfForeign,
  intParam,
  invalid,
  notFound,
  ok,
  pathRecord,
  recordOf,
  requiredInt,
  updated,
  validBody,
  window,
  type Ctx,
  type Handler,
} from './context';

function rateOf(ctx: Ctx): Rate {
  return pathRecord(ctx, ctx.store.rates, 'Rate', 'rate');
}

/** The listing named by a `listing_id` query parameter: 400 missing/malformed, 403 foreign, 404 unknown. */
function queryListing(ctx: Ctx): Listing {
  return recordOf(ctx.store.listings, requiredInt(ctx, 'listing_id'), 'Listing', 'listing');
}

function ratesOfListing(ctx: Ctx, listing: Listing): Rate[] {
  return [...ctx.store.rates.values()].filter((r) => r.listing_id === listing.id).sort((a, b) => a.id - b.id);
}

/** Whether one rate sells the night: a price exists and the day is open. */
const sells = (ctx: Ctx, rate: Rate, day: number) => priceOn(ctx.store, rate, day)?.active === 1;

/**
 * Free units over the nights of a stay [from, to), taking a rate's restrictions into
 * account when one is given (open every night, no close-to-arrival / departure,
 * length within the arrival day's minimum and maximum stay).
 */
function stayCapacity(ctx: Ctx, listing: Listing, from: number, to: number, rate: Rate | undefined): number {
  if (listing.active !== 1) return 0;
  const free = unitsFree(ctx.store, listing, from, to - 1);
  let min = listing.units;
  for (const n of free) min = Math.min(min, n);
  if (rate) {
    const arrival = priceOn(ctx.store, rate, from);
    const departure = priceOn(ctx.store, rate, to);
    const nights = to - from;
    if (!arrival || arrival.cta === 1 || nights < arrival.min_days || nights > arrival.max_days) return 0;
    if (departure?.ctd === 1) return 0;
    for (let d = from; d < to; d++) if (!sells(ctx, rate, d)) return 0;
  }
  return min;
}

function checkRate(ctx: Ctx, listing: Listing): Rate | undefined {
  const rateId = intParam(ctx, 'rate_id');
  if (rateId === undefined) return undefined;
  const rate = recordOf(ctx.store.rates, rateId, 'Rate', 'rate');
  if (rate.listing_id !== listing.id && rate.category_id !== listing.categoryId) notFound('Rate');
  return rate;
}

function blockOf(ctx: Ctx): Block {
  return pathRecord(ctx, ctx.store.blocks, 'Block', 'block');
}

function blockListing(ctx: Ctx, raw: string): Listing {
  const id = Number(raw);
  forbidIfForeign(id, 'listing');
  return ctx.store.listings.get(id) ?? invalid('listing_id', 'unknown listing');
}

export const calendarHandlers = {
  'rates.list': (ctx) => {
    const id = intParam(ctx, 'id');
    const type = ctx.query.get('type') || (id === undefined ? undefined : 'property');
    if (type !== undefined && type !== 'property' && type !== 'category')
      throw new HttpError(400, 'The type parameter must be property or category.');
    let rows = [...ctx.store.rates.values()];
    if (id !== undefined) {
      if (type === 'category') recordOf(ctx.store.categories, id, 'Category', 'category');
      else recordOf(ctx.store.listings, id, 'Listing', 'listing');
      rows = rows.filter((r) => (type === 'category' ? r.category_id === id : r.listing_id === id));
    } else if (type) rows = rows.filter((r) => (type === 'category' ? r.category_id !== null : r.listing_id !== null));
    return ok({ data: rows.sort((a, b) => a.id - b.id).map(rateWire) });
  },

  'rates.get': (ctx) => ok({ data: rateWire(rateOf(ctx)) }),

  'rates.update': (ctx) => {
    const rate = rateOf(ctx);
    const { type, rate_id: _ignored, ...b } = validBody(ctx, rateUpdate);
    const store = ctx.store;
    if (b.parent_rate != null && (b.parent_rate === rate.id || !store.rates.has(b.parent_rate)))
      invalid('parent_rate', 'unknown rate');
    if (b.listing_id != null && !store.listings.has(b.listing_id)) invalid('listing_id', 'unknown listing');
    if (b.category_id != null && !store.categories.has(b.category_id)) invalid('category_id', 'unknown category');
    const next = { ...rate, ...b };
    if (type === 'property') next.category_id = null;
    if (type === 'category') next.listing_id = null;
    if ((next.listing_id === null) === (next.category_id === null))
      invalid('type', 'a rate belongs to exactly one listing (property) or one category');
    Object.assign(rate, next, { updatedAt: ctx.now });
    ctx.resultId = rate.id;
    return updated(() => rateWire(rate));
  },

  'prices.get': (ctx) => {
    const rate = rateOf(ctx);
    const { from, to } = window(ctx, 'start_date', 'end_date', SIM.maxDailyWindowDays);
    const data: unknown[] = [];
    for (let d = from; d <= to; d++) {
      const p = priceOn(ctx.store, rate, d);
      if (p) data.push(priceWire(rate.id, d, p));
    }
    return ok({ data });
  },

  'prices.update': (ctx) => {
    const rate = rateOf(ctx);
    const b = validBody(ctx, priceUpdate);
    const changes: [number, number, Parameters<typeof setPrice>[3]][] = [];
    b.dates.forEach((entry, i) => {
      const [start, end] = Array.isArray(entry.date) ? entry.date.map(dayOf) : [dayOf(entry.date), dayOf(entry.date)];
      if (end! < start!) invalid(`dates.${i}.date`, 'the end of the range is before its start');
      if (end! - start! + 1 > SIM.maxDailyWindowDays)
        invalid(`dates.${i}.date`, `a range may span at most ${SIM.maxDailyWindowDays} days`);
      const { date: _date, ...change } = entry;
      changes.push([start!, end!, change]);
    });
    // Validated as a whole first, then applied: a rejected request changes nothing.
    for (const [start, end, change] of changes) for (let d = start; d <= end; d++) setPrice(ctx.store, rate, d, change);
    rate.updatedAt = ctx.now;
    ctx.resultId = rate.id;
    return updated(() => ({ rate_id: rate.id }));
  },

  'availability.get': (ctx) => {
    const listing = queryListing(ctx);
    const { from, to } = window(ctx, 'from', 'to', SIM.maxDailyWindowDays);
    const free = unitsFree(ctx.store, listing, from, to);
    return ok({
      data: {
        listing_id: listing.id,
        rates: ratesOfListing(ctx, listing).map((rate) => ({
          rate_id: rate.id,
          dates: Array.from(free, (n, i) => ({
            date: isoOf(from + i),
            availability: listing.active === 1 && n > 0 && sells(ctx, rate, from + i),
          })),
        })),
      },
    });
  },

  'availability.getMU': (ctx) => {
    const listing = queryListing(ctx);
    const { from, to } = window(ctx, 'from', 'to', SIM.maxDailyWindowDays);
    const free = unitsFree(ctx.store, listing, from, to);
    return ok({
      category_id: listing.categoryId,
      availabilities: Array.from(free, (n, i) => ({
        date: isoOf(from + i),
        availability: listing.active === 1 ? n : 0,
      })),
    });
  },

  'availability.check': (ctx) => {
    const listing = queryListing(ctx);
    const rate = checkRate(ctx, listing);
    if (!ctx.query.get('from') || !ctx.query.get('to'))
      throw new HttpError(400, 'The from and to parameters are required.');
    const { from, to } = window(ctx, 'from', 'to', SIM.maxDailyWindowDays);
    if (to <= from) throw new HttpError(400, 'The to date must be after the from date (at least one night).');
    return ok({ availability: stayCapacity(ctx, listing, from, to, rate) > 0 });
  },

  'availability.checkMU': (ctx) => {
    const listing = queryListing(ctx);
    const rate = checkRate(ctx, listing);
    const { from, to } = window(ctx, 'from', 'to', SIM.maxDailyWindowDays);
    if (to <= from) throw new HttpError(400, 'The to date must be after the from date (at least one night).');
    return ok({ availability: stayCapacity(ctx, listing, from, to, rate) });
  },

  'blocks.get': (ctx) => ok({ data: blockWire(blockOf(ctx)) }),

  'blocks.list': (ctx) => {
    const listingId = intParam(ctx, 'listing_id');
    if (listingId !== undefined) recordOf(ctx.store.listings, listingId, 'Listing', 'listing');
    const { from, to } = window(ctx, 'start_date', 'end_date');
    return ok({ data: ctx.store.blocks.query(from, to, listingId).map(blockWire) });
  },

  'blocks.delete': (ctx) => {
    const block = blockOf(ctx);
    ctx.store.blocks.remove(block.id);
    ctx.resultId = block.id;
    return ok({});
  },

  'blocks.update': (ctx) => {
    const block = blockOf(ctx);
    const b = validBody(ctx, blockUpdate);
    const listing = b.listing_id !== undefined ? blockListing(ctx, b.listing_id) : undefined;
    const start = b.start_date !== undefined ? dayOf(b.start_date) : block.start;
    const end = b.end_date !== undefined ? dayOf(b.end_date) : block.end;
    if (end < start) invalid('end_date', 'the end date cannot be before the start date');
    ctx.store.blocks.update(block.id, (row) => {
      row.start = start;
      row.end = end;
      if (listing) row.listing_id = listing.id;
      if (b.block_type !== undefined) row.block_type = b.block_type;
      if (b.reason !== undefined) row.reason = b.reason;
      row.updatedAt = ctx.now;
    });
    ctx.resultId = block.id;
    return ok({ data: blockWire(block) });
  },

  'blocks.create': (ctx) => {
    const b = validBody(ctx, blockCreate);
    const listing = blockListing(ctx, b.listing_id);
    const id = ctx.store.newId('block');
    const block = ctx.store.blocks.insert({
      id,
      listing_id: listing.id,
      start: dayOf(b.start_date),
      end: dayOf(b.end_date),
      block_type: b.block_type,
      reason: b.reason,
      updatedAt: ctx.now,
    });
    return created(ctx, id, () => blockWire(block));
  },
} satisfies Record<string, Handler>;
