// What a change is about, in the person's language: the main side sends the
// subject as data (electron/outbox/kinds: the record's name, its booking, its
// listing, owner, rate and days) and this words it the same way on the Sync
// page, the booking page, the stall warning and the desktop notices. A booking
// the PMS has not created yet is "new — not yet in the PMS", never a number.
import type { ChangeSubject, ResourceName } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';
import { isLocalBooking } from './booking-number';

/** "Booking 1042", or "New booking — not yet in the PMS" for a local number. */
export function bookingTitle(i18n: I18n, n: number): string {
  return isLocalBooking(n) ? i18n.t('booking.titleLocal') : i18n.t('booking.title', { number: n });
}

/** "Ana Puig · Booking 1042", "Casa Azul · 4 Jan 2027"…; a subject with nothing known says its kind of record. */
export function subjectText(i18n: I18n, resource: ResourceName, s: ChangeSubject | null | undefined): string {
  const days = s?.from ? i18n.dateRange(s.from, s.to ?? s.from, 'medium') : null;
  const parts = s
    ? [s.name, s.booking === null ? null : bookingTitle(i18n, s.booking), s.listing, s.rate, s.owner, days]
    : [];
  return parts.filter((p): p is string => !!p).join(' · ') || i18n.t(`resource.${resource}`);
}
