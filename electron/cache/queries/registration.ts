// The Registration view's read: stays arriving on a date or the next day, or
// in house on it, whose guests are not all registered for the police — too
// few guests, a guest lacking a detail the report needs, or a guest the PMS
// refused — and every arrival of a day with its guests, for the printed list.
// The rule of what a registration needs lives in
// shared/domain/registration.ts (the guest form uses the same one).
import type { BookingRecord, OutboxMark, RegistrationItem } from '../../../shared/contract';
import { BOOKING_STATUS } from '../../../shared/domain/states';
import { missingForRegistration, registrationDeadline } from '../../../shared/domain/registration';
import type { ReadableDB, SqlValue } from '../db';
import { recordOf } from '../tables';
import { addDays, idsParam, LIVE_STATES, longestStay, markOf } from './common';

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

/** A stay with its guests as stored (full records, with their marks), for the view and the printed list. */
export interface StayGuests {
  booking: BookingRecord;
  listing_name: string | null;
  customer_name: string | null;
  /** False while the guests of a server booking were never fetched. */
  guestsKnown: boolean;
  guests: (Record<string, unknown> & { id: number; outbox: OutboxMark })[];
}

/** Reported stays matching `where`, each with its guests (one query for the stays, one for their guests). */
function staysWithGuests(
  db: ReadableDB,
  where: string[],
  params: SqlValue[],
  listingIds?: readonly number[],
  anyState = false,
) {
  where = [...where];
  params = [...params];
  if (!anyState) {
    where.push('b.state IN (SELECT value FROM json_each(?))');
    params.push(idsParam(REPORTED_STATES));
  }
  if (listingIds) {
    where.push('b.listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(listingIds));
  }
  const stays = db.all<StayRow>(
    `SELECT b.booking_number, ${recordOf('bookings', 'b.')} AS data, b.outbox_mark, l.name AS listing_name, b.customer_name,
       (b.booking_number < 0 OR EXISTS (SELECT 1 FROM booking_freshness f
          WHERE f.booking_number = b.booking_number AND f.guests_at IS NOT NULL)) AS guests_fetched
     FROM bookings b LEFT JOIN listings l ON l.id = b.listing_id
     WHERE ${where.join(' AND ')}`,
    params,
  );
  if (!stays.length) return [];
  const guestsOf = new Map<number, GuestRow[]>();
  for (const g of db.all<GuestRow>(
    `SELECT booking_number, id, ${recordOf('guests')} AS data, outbox_mark FROM guests
     WHERE booking_number IN (SELECT value FROM json_each(?)) ORDER BY id`,
    [idsParam(stays.map((s) => s.booking_number))],
  )) {
    const list = guestsOf.get(g.booking_number) ?? [];
    list.push(g);
    guestsOf.set(g.booking_number, list);
  }
  return stays.map((s): StayGuests => ({
    booking: { ...(JSON.parse(s.data) as BookingRecord), outbox: markOf(s.outbox_mark) },
    listing_name: s.listing_name,
    customer_name: s.customer_name || null,
    guestsKnown: s.guests_fetched === 1,
    guests: (guestsOf.get(s.booking_number) ?? []).map((g) => ({
      ...(JSON.parse(g.data) as Record<string, unknown>),
      id: g.id,
      outbox: markOf(g.outbox_mark),
    })),
  }));
}

/** Guests that count as registered: all but those the PMS refused. */
export const registeredGuests = <G extends { outbox: OutboxMark }>(guests: readonly G[]): G[] =>
  guests.filter((g) => !refused(g.outbox));

/** Every reported stay arriving on a date (the printed registration list), in arrival-time order. */
export function registrationDay(
  db: ReadableDB,
  input: { date: string; listingIds?: readonly number[] | undefined },
): StayGuests[] {
  return staysWithGuests(db, ['b.start_date = ?'], [input.date], input.listingIds).sort(
    (a, b) =>
      (a.booking.arrival_time ?? '99').localeCompare(b.booking.arrival_time ?? '99') ||
      (a.listing_name ?? '').localeCompare(b.listing_name ?? '') ||
      a.booking.booking_number - b.booking.booking_number,
  );
}

/** One booking with its guests, whatever its state (its registration cards); null when it is not cached. */
export function stayWithGuests(db: ReadableDB, bookingNumber: number): StayGuests | null {
  return staysWithGuests(db, ['b.booking_number = ?'], [bookingNumber], undefined, true)[0] ?? null;
}

export function registrationDue(
  db: ReadableDB,
  input: { date: string; listingIds?: readonly number[] },
): RegistrationItem[] {
  const stays = staysWithGuests(
    db,
    ['b.start_date BETWEEN ? AND ?', 'b.end_date > ?'],
    [addDays(input.date, -longestStay(db)), addDays(input.date, REGISTRATION_AHEAD_DAYS), input.date],
    input.listingIds,
  );
  const items: RegistrationItem[] = [];
  for (const s of stays) {
    const b = s.booking;
    const start = b.start_date;
    const guests = s.guests.map((record) => ({
      id: record.id,
      name: typeof record['name'] === 'string' ? record['name'] : null,
      lastname: typeof record['lastname'] === 'string' ? record['lastname'] : null,
      missing: missingForRegistration(record, start),
      outbox: record.outbox,
    }));
    const expected = b.adults + b.children;
    const registered = registeredGuests(guests).length;
    const incomplete = guests.some((g) => g.missing.length > 0 || refused(g.outbox));
    if (registered >= expected && !incomplete) continue;
    items.push({
      booking_number: b.booking_number,
      listing_id: b.listing_id,
      state: b.state,
      start_date: start,
      end_date: b.end_date,
      adults: b.adults,
      children: b.children,
      arrival_time: b.arrival_time,
      outbox: b.outbox,
      listing_name: s.listing_name,
      customer_name: s.customer_name,
      expected,
      registered,
      guestsKnown: s.guestsKnown,
      deadline: registrationDeadline(start, b.arrival_time),
      guests,
    });
  }
  return items.sort((a, b) => a.deadline.localeCompare(b.deadline) || a.booking_number - b.booking_number);
}
