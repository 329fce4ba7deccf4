// A booking's number as lists print it: a booking taken on this computer and
// not yet created on the server has a local (negative) number, which means
// nothing to a person; it is printed as the booking page names it, "not yet in
// the PMS", instead.
import type { I18n } from '../i18n/i18n.svelte';

export const isLocalBooking = (n: number): boolean => n < 0;

/** The number, or the "not yet in the PMS" mark for a local one. */
export function bookingNumberText(t: I18n['t'], n: number): string {
  return isLocalBooking(n) ? t('booking.numberLocal') : String(n);
}
