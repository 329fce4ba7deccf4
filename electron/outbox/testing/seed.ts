// Puts server records into a test cache the way sync would (tests and the
// benchmark only): the window lists of a listing, and the guests and threads
// of bookings, the intranet users, through the cache's own writers.
import type { ApiClient } from '../../api/client';
import type { WritableDB } from '../../cache/db';
import {
  blocksTable,
  bookingsTable,
  cleaningTable,
  listingsTable,
  maintenanceTable,
  ratesTable,
  adminsTable,
} from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import {
  replaceBundleOfBooking,
  replacePrices,
  replaceThreadsOfBooking,
  upsertIncidents,
} from '../../cache/write-compound';

export interface SeedWindow {
  listingId: number;
  from: string;
  to: string;
}

/** Bookings, cleaning and maintenance tasks, incidents and blocks of a listing over a window. */
export async function seedListing(db: WritableDB, client: ApiClient, w: SeedWindow): Promise<void> {
  const query = { listing_id: w.listingId, start_date: w.from, end_date: w.to };
  const [bookings, cleaning, maintenance, incidents, blocks] = await Promise.all([
    client.list('bookings.list', { query }),
    client.list('cleanings.list', { query }),
    client.list('maintenance.list', { query }),
    client.list('incidents.list', { query }),
    client.list('blocks.list', { query }),
  ]);
  db.transaction(() => {
    upsertRecords(db, bookingsTable, bookings.items);
    upsertRecords(db, cleaningTable, cleaning.items);
    upsertRecords(db, maintenanceTable, maintenance.items);
    upsertIncidents(db, incidents.items);
    upsertRecords(db, blocksTable, blocks.items);
  });
}

/** The customer, guests and threads of a booking. */
export async function seedBooking(db: WritableDB, client: ApiClient, bookingNumber: number): Promise<void> {
  const [bundle, threads, booking] = await Promise.all([
    client.one('guests.ofBooking', { id: bookingNumber }),
    client.list('threads.ofBooking', { id: bookingNumber }),
    client.one('bookings.get', { id: bookingNumber }),
  ]);
  db.transaction(() => {
    upsertRecords(db, bookingsTable, [booking]);
    replaceBundleOfBooking(db, bookingNumber, bundle.value, bundle.raw);
    replaceThreadsOfBooking(db, bookingNumber, threads.items);
  });
}

/** The listing, its rates and their daily prices over a window; returns the rate ids. */
export async function seedPrices(db: WritableDB, client: ApiClient, w: SeedWindow): Promise<number[]> {
  const listings = await client.list('listings.list');
  const rates = await client.list('rates.list', { query: { id: w.listingId, type: 'property' } });
  const prices = await Promise.all(
    rates.items.map((r) =>
      client.list('prices.get', { id: r.value.rate_id, query: { start_date: w.from, end_date: w.to } }),
    ),
  );
  db.transaction(() => {
    upsertRecords(db, listingsTable, listings.items);
    upsertRecords(db, ratesTable, rates.items);
    rates.items.forEach((r, i) => replacePrices(db, r.value.rate_id, w.listingId, w.from, w.to, prices[i]!.items));
  });
  return rates.items.map((r) => r.value.rate_id);
}

/** The intranet users (reference data: one list). */
export async function seedAdmins(db: WritableDB, client: ApiClient): Promise<void> {
  const admins = await client.list('admins.list', {});
  upsertRecords(db, adminsTable, admins.items);
}
