// Daily prices: each rate has a generated yearly curve (season, weekend,
// occasional closed days and arrival/departure restrictions) inside the price
// horizon, and price updates override single days. Computing the curve on
// demand keeps a year × thousands of rates out of memory.
import { SIM, mix } from './config';
import { monthOf, weekday } from './days';
import type { PriceDay, Rate, Store } from './model';

const SEASON = [0, 0.8, 0.8, 0.9, 1.05, 1, 1.25, 1.6, 1.75, 1.2, 1, 0.8, 0.95];

/** The base nightly price of a rate: its own, or its parent's modified by modify_price (percent or amount). */
export function basePriceOf(store: Store, rate: Rate, depth = 0): number {
  if (rate.parent_rate === null || depth > 5) return rate.basePrice;
  const parent = store.rates.get(rate.parent_rate);
  if (!parent) return rate.basePrice;
  const base = basePriceOf(store, parent, depth + 1);
  const m = rate.modify_price ?? 0;
  return Math.max(1, rate.modify === 'amount' ? base + m : base * (1 + m / 100));
}

/** True when the day lies inside the generated price horizon. */
export function inHorizon(store: Store, day: number): boolean {
  return day >= store.today - SIM.priceHorizon.pastDays && day < store.today + SIM.priceHorizon.futureDays;
}

function generated(store: Store, rate: Rate, day: number): PriceDay | null {
  if (!inHorizon(store, day)) return null;
  const month = monthOf(day);
  const wd = weekday(day);
  const weekend = wd === 5 || wd === 6 ? 1.12 : 1;
  const price = Math.round(basePriceOf(store, rate) * SEASON[month]! * weekend);
  const long = /larga|long/i.test(rate.name);
  const high = month === 7 || month === 8;
  const h = mix(rate.id * 40_000 + day, 0x51);
  return {
    price,
    min_days: long ? 28 : high ? 5 : month === 6 || month === 9 ? 3 : 2,
    max_days: long ? 180 : 30,
    active: h % 97 === 0 ? 0 : 1,
    cta: h % 53 === 1 ? 1 : 0,
    ctd: h % 59 === 2 ? 1 : 0,
  };
}

/** The price record of a rate on a day, or null when the rate has no price that day. */
export function priceOn(store: Store, rate: Rate, day: number): PriceDay | null {
  return store.priceOverrides.get(rate.id)?.get(day) ?? generated(store, rate, day);
}

/** Sets (part of) one day's price; a day outside the horizon gets the curve's values as its starting point. */
export function setPrice(store: Store, rate: Rate, day: number, change: Partial<PriceDay>): void {
  let days = store.priceOverrides.get(rate.id);
  if (!days) store.priceOverrides.set(rate.id, (days = new Map<number, PriceDay>()));
  const current = priceOn(store, rate, day) ?? {
    price: Math.round(basePriceOf(store, rate)),
    min_days: 1,
    max_days: 30,
    active: 1,
    cta: 0,
    ctd: 0,
  };
  days.set(day, { ...current, ...change });
}

/** Total of the nightly prices of a stay [start, end) on a rate (nights without a price use the base price). */
export function stayTotal(store: Store, rate: Rate, start: number, end: number): number {
  let total = 0;
  for (let d = start; d < end; d++) total += priceOn(store, rate, d)?.price ?? Math.round(basePriceOf(store, rate));
  return total;
}
