// The record shapes of the contract must stay what the API read schemas
// produce: the cache hands normalised records over as they are. These
// assignments fail to compile when shared/api and the contract drift apart,
// and the runtime checks run real wire data through both.
import { describe, expect, it } from 'vitest';
import {
  blockRead,
  bookingRead,
  cleaningRead,
  customerRead,
  guestRead,
  incidentRead,
  listingRead,
  maintenanceRead,
  threadRead,
  type Block,
  type Booking,
  type CleaningTask,
  type Customer,
  type Guest,
  type Incident,
  type Listing,
  type MaintenanceTask,
  type Thread,
} from '../api';
import {
  blockRecord,
  bookingRecord,
  cleaningRecord,
  customerRecord,
  guestRecord,
  incidentRecord,
  listingRecord,
  maintenanceRecord,
  threadRecord,
  type BlockRecord,
  type BookingRecord,
  type CleaningRecord,
  type CustomerRecord,
  type GuestRecord,
  type IncidentRecord,
  type ListingRecord,
  type MaintenanceRecord,
  type ThreadRecord,
} from './records';

type Local<T> = Omit<T, 'outbox'>;
// Compile-time: every normalised API record is assignable to the contract's record (minus local marks).
export const typeChecks = {
  listing: (v: Listing): ListingRecord => v,
  booking: (v: Booking): Local<BookingRecord> => v,
  customer: (v: Customer): Local<CustomerRecord> => v,
  guest: (v: Guest): Local<Omit<GuestRecord, 'booking_number'>> => v,
  cleaning: (v: CleaningTask): Local<CleaningRecord> => v,
  maintenance: (v: MaintenanceTask): Local<MaintenanceRecord> => v,
  incident: (v: Incident): Local<IncidentRecord> => v,
  block: (v: Block): Local<BlockRecord> => v,
  thread: (v: Thread): Omit<ThreadRecord, 'messages'> => v,
};

describe('records accept what the read schemas produce from wire data', () => {
  const cases = [
    [
      'listing',
      listingRead,
      listingRecord,
      { id: '5', name: 'Flat', state: { id: 8, nombre: 'Barcelona' }, mu: 'true', active: 1 },
    ],
    [
      'booking',
      bookingRead,
      bookingRecord,
      {
        booking_number: 1,
        start_date: '2026-01-01',
        end_date: '2026-01-03',
        state: '3',
        key_numbers: 2,
        checkin_completed: 'true',
      },
    ],
    [
      'customer',
      customerRead,
      customerRecord,
      { id: 1, name: 'Ana', customer_type: { id: 2, nombre: 'VIP' }, country: null, sex: 'f' },
    ],
    ['guest', guestRead, guestRecord, { id: 1, name: 'Ana', country: '34', date_birth: '1990/01/02' }],
    [
      'cleaning',
      cleaningRead,
      cleaningRecord,
      { id: 1, date: '2026-01-01', inspected: 'false', time: '9:30', duration: '' },
    ],
    ['maintenance', maintenanceRead, maintenanceRecord, { id: 1, date: '2026-01-01', hour: '', inspected: true }],
    [
      'incident',
      incidentRead,
      incidentRecord,
      { id: 1, priority: '4', date: '2026-01-01 10:00:00', properties: [{ listing_id: 3, finished: 0 }] },
    ],
    [
      'block',
      blockRead,
      blockRecord,
      { id: 1, start_date: '2026-01-01', end_date: '2026-01-02', listing_id: '4', block_type: 7 },
    ],
    [
      'thread',
      threadRead,
      threadRecord,
      { id: 1, created_at: '2026-01-01T10:00:00.123456Z', messages: [{ id: 2, message: 'hi', in_out: 1 }] },
    ],
  ] as const;

  it.each(cases)('%s', (_name, read, record, wire) => {
    const normalised = read.parse(wire);
    const r = record.safeParse(normalised);
    expect(r.success ? 'ok' : r.error.message).toBe('ok');
  });
});
