// The record shapes of the contract are derived from the API read schemas'
// field tables (records.ts); these checks hold the derivation to what the reads
// really produce: the types must be equal (minus the local marks the cache adds),
// and real wire data read by the API schema must pass the contract's schema.
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
import { recordOutput } from '../api/record';

type Local<T> = Omit<T, 'outbox'>;
/** True only when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Compile-time: each contract record is exactly the normalised API record plus the cache's own fields.
export const typeChecks: Record<string, true> = {
  listing: true satisfies Same<Listing, Omit<Local<ListingRecord>, 'description_texts' | 'short_description_texts'>>,
  booking: true satisfies Same<Omit<Booking, 'customers'>, Local<BookingRecord>>,
  customer: true satisfies Same<Customer, Local<CustomerRecord>>,
  guest: true satisfies Same<Guest, Local<Omit<GuestRecord, 'booking_number'>>>,
  cleaning: true satisfies Same<CleaningTask, Local<CleaningRecord>>,
  maintenance: true satisfies Same<MaintenanceTask, Local<MaintenanceRecord>>,
  incident: true satisfies Same<Incident, Local<IncidentRecord>>,
  block: true satisfies Same<Block, Local<BlockRecord>>,
  thread: true satisfies Same<Omit<Thread, 'messages'>, Omit<ThreadRecord, 'messages'>>,
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

describe('the derivation', () => {
  it('refuses a field reader nobody said the output of', () => {
    const unregistered = (v: unknown) => v;
    expect(() => recordOutput({ x: unregistered })).toThrow(/no output schema/);
  });

  it('strips what the read keeps but the contract does not carry', () => {
    const read = bookingRead.parse({
      booking_number: 1,
      start_date: '2026-01-01',
      end_date: '2026-01-03',
      state: 3,
      extra_field: 'x',
      customers: { user: null, guests: [] },
    });
    const out = bookingRecord.parse(read);
    expect(out).not.toHaveProperty('extra_field');
    expect(out).not.toHaveProperty('customers');
    expect(out.outbox).toBeNull();
  });
});
