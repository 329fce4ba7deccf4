// The Registration view's read: stays arriving on a date or the next day, or
// in house on it, whose guests are not all registered for the police — too
// few guests, a guest lacking a detail the report needs, or a guest the PMS
// refused. The rule of what a registration needs lives in
// shared/domain/registration.ts (the guest form uses the same one).
import type { BookingRecord, OutboxMark, RegistrationItem } from '../../../shared/contract';
import { BOOKING_STATUS } from '../../../shared/domain/states';
import { missingForRegistration, registrationDeadline } from '../../../shared/domain/registration';
import type { ReadableDB, SqlValue } from '../db';
import { LIVE_STATES, addDays, idsParam, markOf } from './common';
import { longestStay } from './bookings';

/** Stays that are reported: calendar-blocking ones, except a no-show (nobody arrived). */
const REPORTED_STATES = LIVE_STATES.filter((s) => s !== BOOKING_STATUS.noShow);

/** How far ahead arrivals are listed: the day and the next (a desk prepares tomorrow's). */
export const REGISTRATION_AHEAD_DAYS = 1;

interface StayRow {
  booking_number: number;
  data: string;
  outbox_mark: string | null;
  listing_name: string | null;
  customer_name: string | null;
  guests_fetched: number;
}

interface GuestRow {
  booking_number: number;
  id: number;
  data: string;
  outbox_mark: string | null;
}

/** A refused guest is not registered: the PMS does not have it. */
const refused = (mark: OutboxMark) => mark?.state === 'rejected';

export function registrationDue(
  db: ReadableDB,
  input: { date: string; listingIds?: readonly number[] },
): RegistrationItem[] {
  const where = ['b.start_date BETWEEN ? AND ?', 'b.end_date > ?', 'b.state IN (SELECT value FROM json_each(?))'];
  const params: SqlValue[] = [
    addDays(input.date, -longestStay(db)),
    addDays(input.date, REGISTRATION_AHEAD_DAYS),
    input.date,
    idsParam(REPORTED_STATES),
  ];
  if (input.listingIds) {
    where.push('b.listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(input.listingIds));
  }
  const stays = db.all<StayRow>(
    `SELECT b.booking_number, b.data, b.outbox_mark, l.name AS listing_name, b.customer_name,
       (b.booking_number < 0 OR EXISTS (SELECT 1 FROM sync_state s WHERE s.resource = 'guests'
          AND s.scope = 'booking:' || b.booking_number AND s.fetched_at IS NOT NULL)) AS guests_fetched
     FROM bookings b LEFT JOIN listings l ON l.id = b.listing_id
     WHERE ${where.join(' AND ')}`,
    params,
  );
  if (!stays.length) return [];

  const guestsOf = new Map<number, GuestRow[]>();
  for (const g of db.all<GuestRow>(
    `SELECT booking_number, id, data, outbox_mark FROM guests
     WHERE booking_number IN (SELECT value FROM json_each(?)) ORDER BY id`,
    [idsParam(stays.map((s) => s.booking_number))],
  )) {
    const list = guestsOf.get(g.booking_number) ?? [];
    list.push(g);
    guestsOf.set(g.booking_number, list);
  }

  const items: RegistrationItem[] = [];
  for (const s of stays) {
    const b = JSON.parse(s.data) as BookingRecord;
    const start = b.start_date;
    const guests = (guestsOf.get(s.booking_number) ?? []).map((g) => {
      const record = JSON.parse(g.data) as Record<string, unknown>;
      return {
        id: g.id,
        name: typeof record['name'] === 'string' ? record['name'] : null,
        lastname: typeof record['lastname'] === 'string' ? record['lastname'] : null,
        missing: missingForRegistration(record, start),
        outbox: markOf(g.outbox_mark),
      };
    });
    const expected = b.adults + b.children;
    const registered = guests.filter((g) => !refused(g.outbox)).length;
    const incomplete = guests.some((g) => g.missing.length > 0 || refused(g.outbox));
    if (registered >= expected && !incomplete) continue;
    items.push({
      booking_number: s.booking_number,
      listing_id: b.listing_id,
      state: b.state,
      start_date: start,
      end_date: b.end_date,
      adults: b.adults,
      children: b.children,
      arrival_time: b.arrival_time,
      outbox: markOf(s.outbox_mark),
      listing_name: s.listing_name,
      customer_name: s.customer_name || null,
      expected,
      registered,
      guestsKnown: s.guests_fetched === 1,
      deadline: registrationDeadline(start, b.arrival_time),
      guests,
    });
  }
  return items.sort((a, b) => a.deadline.localeCompare(b.deadline) || a.booking_number - b.booking_number);
}
