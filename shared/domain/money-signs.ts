// Which of a booking's money fields may be negative: the spec's booking record
// says "prepaid can be negative" and nothing of the others, so paid, total,
// deposit and tourist tax are amounts of zero or more (a paid of −50 would
// make "still to pay" larger than the total). Booking lines keep their sign:
// a discount line is a negative price (its concept says so), and the spec
// gives line prices no sign rule. One rule for the booking and New booking
// forms and for the main side before queueing.
import type { RuleCode } from './field-rules';

/** The booking money fields, and whether each may be below zero. */
export const BOOKING_MONEY_SIGNS = {
  paid: 'notNegative',
  prepaid: 'any',
  total: 'notNegative',
  deposit: 'notNegative',
  tourist_tax: 'notNegative',
} as const satisfies Record<string, 'any' | 'notNegative'>;
export type BookingMoneyField = keyof typeof BOOKING_MONEY_SIGNS;

/** What is wrong with an amount of a booking money field, or null. */
export function moneySignProblem(field: BookingMoneyField, amount: number): RuleCode | null {
  return BOOKING_MONEY_SIGNS[field] === 'notNegative' && amount < 0 ? 'money.negative' : null;
}
