// A stay's price quote from a rate's daily prices: the sum of the nights, the
// increment per person where the rate has one, and every rule of the days
// that refuses the stay (closed night, minimum / maximum stay, closed to
// arrival / departure, a night without a price). Pure: the cache or a live
// answer supplies the days; the booking form shows the breakdown and proposes
// the total. The spec leaves the rules' finer points unsaid; each reading is
// named here, in one place (QUOTE_RULES and the comments below).

import { dayNumber, fromDayNumber, isIsoDateString } from '../dates';

/** A rate's day as the cache and the contract's price record hold it. */
export interface QuoteDay {
  date: string;
  price: number;
  min_days: number | null;
  max_days: number | null;
  active: boolean;
  cta: boolean;
  ctd: boolean;
}

/** What of a rate the quote reads. */
export interface QuoteRate {
  rate_id: number;
  increment_by_person:
    | readonly {
        minimum_people: number | null;
        maximum_people: number | null;
        increment_type: string | null;
        increment_price: number | null;
      }[]
    | null;
}

/** The spec-silent readings of the price table, kept together. */
export const QUOTE_RULES = {
  /** Minimum and maximum stay are the arrival day's values (the usual channel-manager reading). */
  stayLimitsFrom: 'arrival',
  /** Who counts for the increment per person: adults and children (infants travel free). */
  countsInfants: false,
  /**
   * increment_by_person: each person from `minimum_people` up to `maximum_people` adds
   * `increment_price` per night ("fixed", or any type not listed), or that percent of the
   * night's price ("percent" / "percentage").
   */
  percentTypes: ['percent', 'percentage', '%'] as readonly string[],
} as const;

export type QuoteProblem =
  | { kind: 'no_price'; date: string }
  | { kind: 'closed'; date: string }
  | { kind: 'min_stay'; nights: number; min: number }
  | { kind: 'max_stay'; nights: number; max: number }
  | { kind: 'closed_to_arrival'; date: string }
  | { kind: 'closed_to_departure'; date: string }
  | { kind: 'bad_dates' };

export interface QuoteNight {
  date: string;
  /** The day's price (null: no price known for that night). */
  price: number | null;
  /** The increment for the party on that night. */
  increment: number;
}

export interface Quote {
  rateId: number;
  nights: QuoteNight[];
  /** Sum of the nights' prices and increments (nights without a price count 0: see `problems`). */
  total: number;
  /** Why the stay cannot be sold at this rate as it stands; empty when it can. */
  problems: QuoteProblem[];
}

/** Money arithmetic in hundredths so 0.1 + 0.2 stays 0.3. */
const cents = (n: number) => Math.round(n * 100);

/** The increment for `people` on a night priced `price`, by the rate's brackets. */
export function incrementFor(rate: QuoteRate, people: number, price: number): number {
  let extra = 0;
  for (const b of rate.increment_by_person ?? []) {
    if (b.increment_price === null || b.minimum_people === null) continue;
    const top = Math.min(people, b.maximum_people ?? people);
    const persons = top - b.minimum_people + 1;
    if (persons <= 0) continue;
    const percent = QUOTE_RULES.percentTypes.includes((b.increment_type ?? '').trim().toLowerCase());
    extra += persons * (percent ? cents((price * b.increment_price) / 100) : cents(b.increment_price));
  }
  return extra / 100;
}

/**
 * The quote of a stay from `start` to `end` (departure day, not a night) for
 * a party, from the rate's days (any order; the departure day's row, when
 * present, is read for "closed to departure").
 */
export function quoteStay(input: {
  rate: QuoteRate;
  days: readonly QuoteDay[];
  start: string;
  end: string;
  adults: number;
  children: number;
  infants?: number;
}): Quote {
  const { rate, start, end } = input;
  if (!isIsoDateString(start) || !isIsoDateString(end) || dayNumber(end) <= dayNumber(start))
    return { rateId: rate.rate_id, nights: [], total: 0, problems: [{ kind: 'bad_dates' }] };
  const byDate = new Map(input.days.map((d) => [d.date, d]));
  const people = input.adults + input.children + (QUOTE_RULES.countsInfants ? (input.infants ?? 0) : 0);
  const problems: QuoteProblem[] = [];
  const nights: QuoteNight[] = [];
  let total = 0;
  for (let n = dayNumber(start); n < dayNumber(end); n++) {
    const date = fromDayNumber(n);
    const day = byDate.get(date);
    if (!day) {
      problems.push({ kind: 'no_price', date });
      nights.push({ date, price: null, increment: 0 });
      continue;
    }
    if (!day.active) problems.push({ kind: 'closed', date });
    const increment = incrementFor(rate, people, day.price);
    total += cents(day.price) + cents(increment);
    nights.push({ date, price: day.price, increment });
  }
  const arrival = byDate.get(start);
  if (arrival) {
    const count = nights.length;
    if (arrival.cta) problems.push({ kind: 'closed_to_arrival', date: start });
    if (arrival.min_days !== null && arrival.min_days > 0 && count < arrival.min_days)
      problems.push({ kind: 'min_stay', nights: count, min: arrival.min_days });
    if (arrival.max_days !== null && arrival.max_days > 0 && count > arrival.max_days)
      problems.push({ kind: 'max_stay', nights: count, max: arrival.max_days });
  }
  if (byDate.get(end)?.ctd) problems.push({ kind: 'closed_to_departure', date: end });
  return { rateId: rate.rate_id, nights, total: total / 100, problems };
}
