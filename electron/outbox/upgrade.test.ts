// Upgrades keep everything: a populated database written by each earlier
// schema version (the cache's migrations up to N, with and without the
// outbox's) opens with today's migrations with every row of every table it
// had unchanged and every unsent change still there, in the same state, to be
// replayed as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxSummary } from '../../shared/contract';
import { ApiClient } from '../api/client';
import { ManualClock } from '../api/clock';
import { BudgetGovernor } from '../api/governor';
import { openCache, type WritableDB } from '../cache/db';
import { appliedMigrations, migrationChecksum, type Migration } from '../cache/migrations';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { filledAt } from '../cache/testing/filled-at';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { replaceAvailability, replacePrices } from '../cache/write-compound';
import { Outbox } from './index';
import { OUTBOX_MIGRATIONS } from './schema';
import { MIGRATIONS } from './testing/rig';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The outbox of `db`, never sending (nobody listens on port 9), at a fixed time. */
const outboxOf = (db: WritableDB) =>
  new Outbox({
    db,
    client: new ApiClient({ baseUrl: 'http://127.0.0.1:9', governor: new BudgetGovernor() }),
    clock: new ManualClock(Date.UTC(2026, 2, 1, 9, 0, 0)),
  });

interface Unsent {
  entries: OutboxEntry[];
  summary: OutboxSummary;
}

/** Records of a small host, and (with the outbox) unsent edits of every shape: chains, deletes, creates. */
function fill(db: WritableDB, withOutbox: boolean): Unsent | null {
  loadHost(db, makeHost({ listings: 2, bookingsPerListing: 4, start: '2026-03-01' }), { bundles: 2, threads: 2 });
  // Daily rows (their wire JSON goes with migration 16; every column they are read by stays).
  const listing = db.pluck<number>('SELECT id FROM listings ORDER BY id')[0]!;
  const day = (date: string, price: number) => ({
    value: { rate_id: 7, date, price, min_days: 2, max_days: null, active: true, cta: false, ctd: date.endsWith('2') },
    raw: { rate_id: 7, date, price },
  });
  replacePrices(db, 7, listing, '2026-03-01', '2026-03-02', [day('2026-03-01', 80), day('2026-03-02', 95.5)]);
  replaceAvailability(db, listing, '2026-03-01', '2026-03-02', {
    mu: true,
    value: {
      category_id: 3,
      availabilities: [
        { date: '2026-03-01', availability: 2 },
        { date: '2026-03-02', availability: 0 },
      ],
    },
  });
  replaceAvailability(db, listing + 1, '2026-03-01', '2026-03-01', {
    mu: false,
    value: { listing_id: listing + 1, rates: [{ rate_id: 9, dates: [{ date: '2026-03-01', availability: true }] }] },
  });
  if (!withOutbox) return null;
  const o = outboxOf(db);
  const cleaning = db.pluck<number>('SELECT id FROM cleaning ORDER BY id');
  const booking = db.pluck<number>('SELECT booking_number FROM bookings WHERE state = 3 ORDER BY 1')[0]!;
  const thread = db.get<{ id: number; booking_number: number }>('SELECT id, booking_number FROM threads LIMIT 1')!;
  const customer = db.pluck<number>('SELECT id FROM customers ORDER BY id')[0]!;
  o.enqueue('cleaning.update', { id: cleaning[0], changes: { notes: 'Extra towels', status: 1 } });
  o.enqueue('cleaning.update', { id: cleaning[0], changes: { time: '11:45' } });
  o.enqueue('cleaning.delete', { id: cleaning[1] });
  o.enqueue('bookings.update', { bookingNumber: booking, changes: { status: 'canceled', paid: 12.5 } });
  o.enqueue('customers.update', { id: customer, changes: { city: 'Reus' } });
  o.enqueue('guests.create', { bookingNumber: booking, guest: { name: 'Ana', lastname: 'Puig', number_id: 'G-1' } });
  o.enqueue('messages.send', { bookingNumber: thread.booking_number, threadId: thread.id, message: 'Keys at 16:00' });
  return { entries: o.list(), summary: o.summary() };
}

const schemaOf = (db: WritableDB) =>
  db.all("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name <> 'schema_migrations' ORDER BY name");

type Snapshot = Record<string, { columns: string[]; rows: unknown[][] }>;

/** Every row of every table (the search index by its entries), in a stable order; `like` limits tables and columns. */
function snapshot(db: WritableDB, like?: Snapshot): Snapshot {
  const tables =
    like !== undefined
      ? Object.keys(like)
      : db.pluck<string>(
          `SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'schema_migrations'
             AND (name NOT LIKE 'sqlite_%' OR name = 'sqlite_sequence') AND name NOT LIKE 'search_%'`,
        );
  const out: Snapshot = {};
  for (const table of tables) {
    const columns =
      table === 'search'
        ? ['rowid']
        : (like?.[table]?.columns ?? db.pluck<string>('SELECT name FROM pragma_table_info(?)', [table]));
    const list = columns.map((c) => `"${c}"`).join(', ');
    const order = columns.map((_, i) => i + 1).join(', ');
    out[table] = { columns, rows: db.rows(`SELECT ${list} FROM "${table}" ORDER BY ${order}`) };
  }
  return out;
}

/** Columns a later migration drops on purpose (016: the daily rows' wire JSON, never read): not compared. */
const DROPPED: Readonly<Record<string, readonly string[]>> = { prices: ['raw'], availability: ['raw'] };

/** The snapshot without the columns the upgrade drops on purpose. */
function kept(s: Snapshot): Snapshot {
  const out: Snapshot = {};
  for (const [table, { columns, rows }] of Object.entries(s)) {
    const keep = columns.map((c, i) => (DROPPED[table]?.includes(c) ? -1 : i)).filter((i) => i >= 0);
    out[table] = { columns: keep.map((i) => columns[i]!), rows: rows.map((r) => keep.map((i) => r[i])) };
  }
  return out;
}

/** The earlier schema versions a disk may hold: each prefix of the cache's list, with and without the outbox. */
const EARLIER: { label: string; migrations: Migration[]; outbox: boolean }[] = [];
for (let n = 1; n <= CACHE_MIGRATIONS.length; n++) {
  const cache = CACHE_MIGRATIONS.slice(0, n);
  const last = cache[n - 1]!.name;
  if (n < CACHE_MIGRATIONS.length)
    EARLIER.push({ label: `${last} + outbox`, migrations: [...cache, ...OUTBOX_MIGRATIONS], outbox: true });
  EARLIER.push({ label: `${last}, no outbox yet`, migrations: cache, outbox: false });
}

describe('upgrading a populated database', () => {
  it.each(EARLIER)('from $label keeps every row and every unsent change', ({ migrations, outbox }) => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-upgrade-'));
    dirs.push(dir);
    const path = join(dir, 'cache.db');
    let unsent: Unsent | null = null;
    const old = filledAt(migrations, path, dir, (db) => (unsent = fill(db, outbox)), MIGRATIONS);
    // As the builds of that time left it: no checksums yet (adopted on the first open below).
    old.exec('ALTER TABLE schema_migrations DROP COLUMN checksum');
    const before = kept(snapshot(old));
    old.close();
    expect(before['bookings']!.rows.length).toBeGreaterThan(0);

    const db = openCache({ path, migrations: MIGRATIONS });
    expect(snapshot(db, before)).toEqual(before);
    // The same schema as a database created by this build.
    const fresh = openCache({ path: ':memory:', migrations: MIGRATIONS });
    expect(schemaOf(db)).toEqual(schemaOf(fresh));
    fresh.close();
    expect(appliedMigrations(db).map((a) => [a.name, a.checksum])).toEqual(
      MIGRATIONS.map((m) => [m.name, migrationChecksum(m.up)]),
    );
    if (unsent) {
      const { entries, summary } = unsent as Unsent;
      expect(entries.length).toBe(7);
      const o = outboxOf(db);
      expect(o.list()).toEqual(entries);
      expect(o.summary()).toEqual(summary);
    } else {
      expect(outboxOf(db).summary()).toMatchObject({ unsent: 0 });
    }
    db.close();
  });
});
