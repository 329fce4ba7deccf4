// Booking reads: lists over a window (overlapping, arrivals, departures),
// one booking with everything the detail screen shows, its customer, guests
// and message threads. Every query is an indexed range or key lookup.
import type {
  BookingDetail,
  BookingListItem,
  BookingRecord,
  CleaningRecord,
  CustomerRecord,
  GuestRecord,
  ListingSummary,
  MaintenanceRecord,
  MessageRecord,
  ThreadRecord,
} from '../../../shared/contract';
import type { ReadableDB, SqlValue } from '../db';
import { recordOf } from '../tables';
import { BOOKING_ITEM_FROM, BOOKING_ITEM_SELECT, addDays, idsParam, longestStay, markOf, withMark } from './common';
import { listingSummaryById } from './listings';
import { OVERLAP_SQL, isOverbooked, overbookedAmong, sharingNights } from './overbooking';

export interface BookingWindow {
  from: string;
  to: string;
  listingIds?: readonly number[];
  kind?: 'overlapping' | 'arrivals' | 'departures';
  states?: readonly number[];
}

interface ItemRow {
  overlap: number;
  data: string;
  outbox_mark: string | null;
  listing_name: string | null;
  customer_name: string | null;
  guests_registered: number;
}

export function toListItem(r: ItemRow): BookingListItem {
  const item = withMark<BookingRecord>(r.data, r.outbox_mark) as BookingListItem;
  item.listing_name = r.listing_name;
  item.customer_name = r.customer_name || null;
  item.guests_registered = r.guests_registered;
  item.overbooked = r.overlap === 1;
  return item;
}

/** Bookings in a window, ordered by start date then number. Departure day counts as overlapping. */
export function listBookings(db: ReadableDB, w: BookingWindow): BookingListItem[] {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const kind = w.kind ?? 'overlapping';
  if (kind === 'arrivals') {
    where.push('b.start_date BETWEEN ? AND ?');
    params.push(w.from, w.to);
  } else if (kind === 'departures') {
    where.push('b.end_date BETWEEN ? AND ?');
    params.push(w.from, w.to);
  } else {
    where.push('b.start_date BETWEEN ? AND ?', 'b.end_date >= ?');
    params.push(addDays(w.from, -longestStay(db)), w.to, w.from);
  }
  if (w.listingIds) {
    where.push('b.listing_id IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.listingIds));
  }
  if (w.states) {
    where.push('b.state IN (SELECT value FROM json_each(?))');
    params.push(idsParam(w.states));
  }
  const order = kind === 'departures' ? 'b.end_date, b.booking_number' : 'b.start_date, b.booking_number';
  const items = db
    .all<ItemRow>(
      `SELECT ${OVERLAP_SQL} AS overlap, ${BOOKING_ITEM_SELECT} FROM ${BOOKING_ITEM_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order}`,
      params,
    )
    .map(toListItem);
  const candidates = items.filter((i) => i.overbooked);
  const sure = overbookedAmong(db, candidates);
  for (const i of candidates) i.overbooked = sure.has(i.booking_number);
  return items;
}

export function getBooking(db: ReadableDB, bookingNumber: number): BookingRecord | null {
  const r = db.get<{ data: string; outbox_mark: string | null }>(
    `SELECT ${recordOf('bookings')} AS data, outbox_mark FROM bookings WHERE booking_number = ?`,
    [bookingNumber],
  );
  return r ? withMark<BookingRecord>(r.data, r.outbox_mark) : null;
}

export function getCustomer(db: ReadableDB, id: number): CustomerRecord | null {
  const r = db.get<{ data: string; outbox_mark: string | null }>(
    `SELECT ${recordOf('customers')} AS data, outbox_mark FROM customers WHERE id = ?`,
    [id],
  );
  return r ? withMark<CustomerRecord>(r.data, r.outbox_mark) : null;
}

export function listGuests(db: ReadableDB, bookingNumber: number): GuestRecord[] {
  return db
    .all<{ data: string; outbox_mark: string | null; booking_number: number | null }>(
      // In the order they were registered: the server's guests, then those not yet sent (local ids -1, -2, …).
      `SELECT ${recordOf('guests')} AS data, outbox_mark, booking_number FROM guests WHERE booking_number = ?
       ORDER BY id < 0, abs(id)`,
      [bookingNumber],
    )
    .map((r) => ({ ...withMark<GuestRecord>(r.data, r.outbox_mark), booking_number: r.booking_number }));
}

/** Threads of a booking with their messages, oldest first. */
export function listThreads(db: ReadableDB, bookingNumber: number): ThreadRecord[] {
  const threads = db.all<{ id: number; data: string }>(
    `SELECT id, ${recordOf('threads')} AS data FROM threads WHERE booking_number = ? ORDER BY id`,
    [bookingNumber],
  );
  const messages = db.all<{ thread_ref: number; data: string; outbox_mark: string | null }>(
    `SELECT thread_ref, ${recordOf('messages')} AS data, outbox_mark FROM messages WHERE booking_number = ?
     ORDER BY created_at IS NULL, created_at, id`,
    [bookingNumber],
  );
  const byThread = new Map<number, MessageRecord[]>();
  for (const m of messages) {
    const list = byThread.get(m.thread_ref) ?? [];
    list.push({ ...(JSON.parse(m.data) as Omit<MessageRecord, 'outbox'>), outbox: markOf(m.outbox_mark) });
    byThread.set(m.thread_ref, list);
  }
  return threads.map((t) => ({
    ...(JSON.parse(t.data) as Omit<ThreadRecord, 'messages'>),
    messages: byThread.get(t.id) ?? [],
  }));
}

function overbookingOf(db: ReadableDB, b: BookingRecord): { overbooked: boolean; sharesNightsWith: number[] } {
  const overbooked = isOverbooked(db, b);
  return { overbooked, sharesNightsWith: overbooked ? sharingNights(db, b) : [] };
}

/** Everything the booking screen shows, in one call. */
export function getBookingDetail(db: ReadableDB, bookingNumber: number): BookingDetail | null {
  const booking = getBooking(db, bookingNumber);
  if (!booking) return null;
  const listing: ListingSummary | null =
    booking.listing_id === null ? null : listingSummaryById(db, booking.listing_id);
  const customer = booking.customer_id === null ? null : getCustomer(db, booking.customer_id);
  const guests = listGuests(db, bookingNumber);
  const guestsExpected = booking.adults + booking.children;
  const tasks = <T>(table: 'cleaning' | 'maintenance') =>
    db
      .all<{ data: string; outbox_mark: string | null }>(
        `SELECT ${recordOf(table)} AS data, outbox_mark FROM ${table} WHERE booking_id = ? ORDER BY date, id`,
        [bookingNumber],
      )
      .map((r) => withMark<T>(r.data, r.outbox_mark));
  return {
    booking,
    listing,
    customer,
    guests,
    guestsExpected,
    guestsComplete: guests.length >= guestsExpected,
    ...overbookingOf(db, booking),
    threads: listThreads(db, bookingNumber),
    cleaning: tasks<CleaningRecord>('cleaning'),
    maintenance: tasks<MaintenanceRecord>('maintenance'),
  };
}
