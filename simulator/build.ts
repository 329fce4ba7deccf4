// Builders of the simulator's stored bookings and people with the defaults
// every maker shares: history generation, churn ("other users") and the
// booking-create route each say only what differs.
import type { Booking, Listing } from './model';

/** Who stays where and when: the facts every new booking is made from. */
export type Stay = Pick<Booking, 'id' | 'unit' | 'start' | 'end' | 'customer_id' | 'state'> & {
  listing: Listing;
  /** When the booking was made (ms). */
  at: number;
};
type Defaulted =
  | 'children'
  | 'infants'
  | 'paid'
  | 'prepaid'
  | 'opening_code'
  | 'checkin_completed'
  | 'key_numbers'
  | 'notes'
  | 'services'
  | 'extras'
  | 'lines'
  | 'guestIds'
  | 'updatedAt';
/** The rest of a booking: what has no plain default must be given. */
export type BookingDetails = Omit<Booking, keyof Stay | Defaulted | 'listing_id' | 'deposit' | 'createdAt'> &
  Partial<Pick<Booking, Defaulted>>;

/** A new booking: nothing paid, no code, one key, no notes, services, lines or guests yet, unless `details` say so. */
export function newBooking({ listing, at, ...stay }: Stay, details: BookingDetails): Booking {
  return {
    ...stay,
    listing_id: listing.id,
    deposit: listing.deposit,
    children: 0,
    infants: 0,
    paid: 0,
    prepaid: 0,
    opening_code: null,
    checkin_completed: false,
    key_numbers: 1,
    notes: null,
    services: [],
    extras: [],
    lines: [],
    guestIds: [],
    createdAt: at,
    updatedAt: at,
    ...details,
  };
}
