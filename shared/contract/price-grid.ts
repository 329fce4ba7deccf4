// The price grid of one listing (read `prices.grid`): its rates, and per rate
// and day what is shown — the cached server value with my unsent edits on top
// — and, per day, which values carry an unsent change and in what state
// (pending / sending / unknown / refused / conflict), conflicts per value.
import { z } from 'zod';
import { DAY_FIELDS } from '../domain/price-ranges';
import { isoDate, nullable, outboxMark, outboxState } from './primitives';
import { rateRecord } from './records';

const int = z.number().int();
export const dayField = z.enum(DAY_FIELDS);

export const priceCell = z.object({
  date: isoDate,
  /** null: no price that day (the server has none, or it was not received). */
  price: nullable(z.number()),
  min_days: nullable(int),
  max_days: nullable(int),
  /** Open for sale (the spec's `active`). */
  active: z.boolean(),
  cta: z.boolean(),
  ctd: z.boolean(),
  /** Values of this day with a change not yet confirmed by the server. */
  changed: z.array(dayField),
  /**
   * Their most urgent state; a change held back by a conflict on other days reads `pending` here
   * (only the values in conflict say `conflict`). Null when nothing is unsent.
   */
  state: nullable(outboxState),
  /** Values of this day in conflict with a change made on the server meanwhile. */
  conflicts: z.array(dayField),
  /** Outbox entries holding changes of this day (for the Sync screen's actions). */
  entryIds: z.array(int),
});
export type PriceCell = z.output<typeof priceCell>;

export const priceGrid = z.object({
  listing: z.object({ id: int, name: z.string() }),
  rates: z.array(rateRecord.extend({ outbox: outboxMark })),
  /** Per rate (same order as `rates`), one cell per day of the window. */
  days: z.array(z.array(priceCell)),
  /** Per rate: when its prices covering the whole window were last received (ms), null when never. */
  receivedAt: z.array(nullable(z.number())),
});
export type PriceGrid = z.output<typeof priceGrid>;
