// Test support: reads the server's state for the synced windows with a clean
// client and compares it with the cache, record by record (the normalised
// contract shape of each). Returns readable differences; none means equal.
import type { ApiClient } from '../../api/client';
import type { ReadableDB } from '../../cache/db';
import { LIVE_STATES } from '../../cache/queries';
import {
  blocksTable,
  bookingsTable,
  cleaningTable,
  customersTable,
  guestsTable,
  incidentsTable,
  listingsTable,
  maintenanceTable,
  messagesTable,
  recordOf,
  type TableSpec,
} from '../../cache/tables';
import type { Windows } from '../jobs';

type Rec = Record<string, unknown>;

function cached<T>(db: ReadableDB, spec: TableSpec<T>, where: string, params: (string | number)[]): Map<string, Rec> {
  const out = new Map<string, Rec>();
  for (const r of db.all<{ k: number | string; data: string }>(
    `SELECT ${spec.key} AS k, ${recordOf(spec.table)} AS data FROM ${spec.table} WHERE ${where}`,
    params,
  )) {
    out.set(String(r.k), spec.record(JSON.parse(r.data) as Rec));
  }
  return out;
}

function diff(what: string, server: Map<string, Rec>, cache: Map<string, Rec>, out: string[]): void {
  for (const [k, v] of server) {
    const c = cache.get(k);
    if (!c) out.push(`${what} ${k}: on the server, not in the cache`);
    else if (JSON.stringify(c) !== JSON.stringify(v))
      out.push(`${what} ${k}: differs\n  server ${JSON.stringify(v)}\n  cache  ${JSON.stringify(c)}`);
  }
  for (const k of cache.keys()) if (!server.has(k)) out.push(`${what} ${k}: in the cache, not on the server`);
}

function shaped<T>(spec: TableSpec<T>, items: { value: T }[]): Map<string, Rec> {
  return new Map(
    items.map((i) => [String(spec.keyOf(i.value)), JSON.parse(JSON.stringify(spec.record(i.value as object))) as Rec]),
  );
}

/** Differences between the server (read now) and the cache, for the windows sync covers. */
export async function compareWithServer(client: ApiClient, db: ReadableDB, w: Windows): Promise<string[]> {
  const out: string[] = [];
  const full = { start_date: w.full.from, end_date: w.full.to };
  const listings = await client.list('listings.list', { query: { per_page: 100 } });
  const allListings = [...listings.items];
  for (let next = listings.next; next;) {
    const page = await client.listNext('listings.list', next);
    allListings.push(...page.items);
    next = page.next;
  }
  diff('listing', shaped(listingsTable, allListings), cached(db, listingsTable, '1 = 1', []), out);

  const overlap = 'start_date <= ? AND end_date >= ?';
  const inWindow = 'date BETWEEN ? AND ?';
  /** The server's list against the cache rows `where` selects. */
  const check = <T>(what: string, spec: TableSpec<T>, items: { value: T }[], where: string, p: (string | number)[]) =>
    diff(what, shaped(spec, items), cached(db, spec, where, p), out);
  const bookings = await client.list('bookings.list', { query: full });
  check('booking', bookingsTable, bookings.items, overlap, [w.full.to, w.full.from]);
  const cleaning = await client.list('cleanings.list', { query: full });
  check('cleaning', cleaningTable, cleaning.items, inWindow, [w.full.from, w.full.to]);
  const maintenance = await client.list('maintenance.list', { query: full });
  check('maintenance', maintenanceTable, maintenance.items, inWindow, [w.full.from, w.full.to]);
  const incidents = await client.list('incidents.list', {
    query: { start_date: w.incidents.from, end_date: w.incidents.to },
  });
  check('incident', incidentsTable, incidents.items, 'date >= ? AND date < ?', [
    w.incidents.from,
    `${w.incidents.to}~`,
  ]);
  const blocks = await client.list('blocks.list', { query: full });
  check('block', blocksTable, blocks.items, overlap, [w.full.to, w.full.from]);

  // People and messages of every live booking in the window.
  const live = bookings.items.filter((b) => LIVE_STATES.includes(b.value.state)).map((b) => b.value.booking_number);
  for (const n of live) {
    const bundle = await client.one('customers.ofBooking', { query: { booking_id: n } });
    const guests = shaped(
      guestsTable,
      bundle.value.guests.map((g) => ({ value: { ...g, booking_number: n } })),
    );
    diff(`guest of ${n}`, guests, cached(db, guestsTable, 'booking_number = ?', [n]), out);
    if (bundle.value.user) {
      const c = shaped(customersTable, [{ value: bundle.value.user }]);
      diff(`customer of ${n}`, c, cached(db, customersTable, 'id = ?', [bundle.value.user.id]), out);
    }
    const threads = await client.list('threads.ofBooking', { id: n });
    const messages = threads.items.flatMap((t) =>
      t.value.messages.map((m) => ({ value: { ...m, thread_ref: t.value.id, booking_number: n } })),
    );
    diff(
      `messages of ${n}`,
      shaped(messagesTable, messages),
      cached(db, messagesTable, 'booking_number = ?', [n]),
      out,
    );
  }
  return out;
}
