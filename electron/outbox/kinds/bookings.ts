// Bookings: taken (created offline: kinds/booking-create.ts) and edited (status, check-in, dates,
// party, times, money, codes, notes); the update answers the record. Checked before queueing: a
// party larger than the listing sleeps (shared/domain/capacity.ts: who counts) and a stay that ends
// before it starts.
import { overCapacity } from '../../../shared/domain/capacity';
import { bookingRead, F, type BookingUpdate } from '../../../shared/api';
import { CommandError } from '../../../shared/contract';
import { stateAfter } from '../../../shared/domain/states';
import type { WritableDB } from '../../cache/db';
import { bookingsTable } from '../../cache/tables';
import type { Rec, Values } from '../types';
import {
  bookingsOfStay,
  createBody,
  createStep,
  CUSTOMER,
  LISTING,
  localBooking,
  matchBy,
  shownColumns,
} from './booking-create';
import { flag, money, same } from './fields';
import { edits, record, updatedByGet } from './parts';
import type { FieldCodec, FieldCodecs, KindSpec } from './spec';

/** Booking statuses other than confirmed / canceled show as `state N` (never equal to mine). */
const STATUS: FieldCodec = {
  read: 'state',
  apply: (rec, v) => {
    rec['state'] = stateAfter(v as 'confirmed' | 'canceled');
  },
  canon: (rec) => {
    const s = rec['state'];
    if (s === stateAfter('confirmed')) return 'confirmed';
    if (s === stateAfter('canceled')) return 'canceled';
    // A status the update cannot set (pre-booking, no-show…): never equal to mine.
    return `state ${String(s)}`;
  },
};

// The update's fields, plus what a new booking is matched by (its listing and customer).
const fields: FieldCodecs<BookingUpdate & { listing_id: number; customer: unknown }> = {
  listing_id: LISTING,
  customer: CUSTOMER,
  status: STATUS,
  checkin_online: flag('checkin_completed'),
  start_date: same('start_date', F.date),
  end_date: same('end_date', F.date),
  adults: same('adults'),
  children: same('children'),
  infants: same('infants'),
  arrival_time: same('arrival_time', F.time),
  arrival_time_until: same('arrival_time_until', F.time),
  departure_time: same('departure_time', F.time),
  departure_time_until: same('departure_time_until', F.time),
  paid: money('paid'),
  tourist_tax: money('tourist_tax'),
  opening_code: same('opening_code', F.textOrNull),
  key_numbers: same('key_numbers', F.textOrNull),
  notes: same('notes', F.textOrNull),
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function check(db: WritableDB, rec: Rec, changes: Values): void {
  const value = (f: string): unknown => (f in changes ? changes[f] : rec[f]);
  const start = value('start_date');
  const end = value('end_date');
  if (('start_date' in changes || 'end_date' in changes) && typeof start === 'string' && typeof end === 'string')
    if (end <= start)
      throw new CommandError(
        'invalid_input',
        'The stay must end after it starts.',
        { 'changes.end_date': ['must be after the start date'] },
        { fieldReasons: { 'changes.end_date': { key: 'end_after_start', params: {} } } },
      );
  if (!('adults' in changes) && !('children' in changes)) return;
  const listingId = num(rec['listing_id']);
  if (listingId === null) return;
  const row = db.get<{ person_capacity: number | null }>('SELECT person_capacity FROM listings WHERE id = ?', [
    listingId,
  ]);
  const capacity = num(row?.person_capacity);
  if (overCapacity(capacity, num(value('adults')) ?? 0, num(value('children')) ?? 0)) {
    const field = 'adults' in changes ? 'adults' : 'children';
    throw new CommandError(
      'invalid_input',
      `The listing sleeps at most ${capacity} people (adults and children).`,
      { [`changes.${field}`]: [`the listing sleeps at most ${capacity} people`] },
      { fieldReasons: { [`changes.${field}`]: { key: 'capacity', params: { max: capacity } } } },
    );
  }
}

export const bookings = {
  ...record('bookings', bookingsTable, bookingRead, fields),
  commands: { ...edits('bookings', 'This booking'), 'bookings.create': { op: 'create', step: createStep } },
  subject: { booking: 'own', listing: 'listing_id' },
  check,
  // Several waiting bookings of a listing are read ahead with one list (read-ahead.ts).
  update: { ...updatedByGet('bookings', 'bookingNumber'), readMany: { endpoint: 'bookings.list', day: 'start_date' } },
  create: {
    endpoint: 'bookings.create',
    local: localBooking,
    shownColumns,
    body: createBody,
    collection: bookingsOfStay,
    matchBy,
    amend: { command: 'bookings.create', input: (_ctx, booking) => ({ booking }), key: 'booking' },
  },
} satisfies KindSpec<'bookings'>;
