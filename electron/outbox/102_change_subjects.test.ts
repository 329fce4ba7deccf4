// Migration 102 on a cache the previous build wrote (outbox migrations 100 and
// 101): its unsent changes keep everything but the English they were stored
// with — each gets what it is about as data (from the cache, the payload and
// the context), and each stored error its structure again (the outbox's own
// refusals their reason keys, a server's answer its status and its words).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/client';
import { ManualClock } from '../api/clock';
import { BudgetGovernor } from '../api/governor';
import { openCache, type WritableDB } from '../cache/db';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { Outbox } from './index';
import { OUTBOX_MIGRATIONS } from './schema';
import { rederiveStoredWords } from './upgrade';

const PREVIOUS = [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS.filter((m) => m.name !== '102_change_subjects')];
const NOW = Date.UTC(2026, 2, 1, 9);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A row as the previous build wrote it: an English label, errors as English sentences. */
function writtenBefore(
  db: WritableDB,
  row: {
    operation: string;
    kind: 'update' | 'create';
    resource: string;
    recordId: number;
    label: string;
    payload: object;
    context?: object;
    state?: string;
    error?: object;
    parent?: string;
  },
): void {
  db.run(
    `INSERT INTO outbox (operation, kind, resource, record_id, parent, context, label, payload, base, state, error,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.operation,
      row.kind,
      row.resource,
      row.recordId,
      row.parent ?? null,
      JSON.stringify(row.context ?? {}),
      row.label,
      JSON.stringify(row.payload),
      row.kind === 'update' ? '{}' : null,
      row.state ?? 'pending',
      row.error ? JSON.stringify(row.error) : null,
      NOW,
      NOW,
    ],
  );
}

describe('migration 102: changes stored as data', () => {
  it('re-derives what the previous build stored in English, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stayboard-102-'));
    dirs.push(dir);
    const file = join(dir, 'cache.db');
    const db = openCache({ path: file, migrations: PREVIOUS });
    loadHost(db, makeHost({ listings: 2, bookingsPerListing: 3, start: '2026-03-01' }));
    const task = db.get<{ id: number; listing_id: number; date: string }>(
      'SELECT id, listing_id, date FROM cleaning ORDER BY id LIMIT 1',
    )!;
    const listing = db.get<{ id: number; name: string }>('SELECT id, name FROM listings ORDER BY id LIMIT 1')!;
    const booking = db.pluck<number>('SELECT booking_number FROM bookings ORDER BY 1')[0]!;
    writtenBefore(db, {
      operation: 'cleaning.update',
      kind: 'update',
      resource: 'cleaning',
      recordId: task.id,
      label: `Cleaning · ${listing.name} · ${task.date}`,
      payload: { notes: 'Extra towels' },
      state: 'rejected',
      error: { code: 'bad_response', message: 'The server accepted the change but shows notes = "x", status = 2.' },
    });
    writtenBefore(db, {
      operation: 'bookings.create',
      kind: 'create',
      resource: 'bookings',
      recordId: -1,
      label: `New booking · ${listing.name}`,
      payload: { listing_id: listing.id, start_date: '2026-04-01', end_date: '2026-04-03', adults: 2 },
      context: { listingId: listing.id, localId: -1 },
      parent: `bookings@${listing.id}`,
      state: 'rejected',
      error: { code: 'not_found', message: 'The server no longer has the booking, thread or listing this was for.' },
    });
    writtenBefore(db, {
      operation: 'guests.create',
      kind: 'create',
      resource: 'guests',
      recordId: -2,
      label: 'Guest Ana Puig · New booking',
      payload: { name: 'Ana', lastname: 'Puig', number_id: 'G-1' },
      context: { bookingNumber: -1, localId: -2 },
      parent: 'guests@-1',
    });
    writtenBefore(db, {
      operation: 'bookings.update',
      kind: 'update',
      resource: 'bookings',
      recordId: booking,
      label: `Booking ${booking} · ${listing.name}`,
      payload: { adults: 40 },
      state: 'rejected',
      error: {
        code: 'invalid_input',
        message: 'The server rejected some values. (422: The adults field is invalid.)',
        fields: { adults: ['The adults field is invalid.'] },
      },
    });
    db.close();

    // This build opens the same file: migration 102, then the outbox re-derives what was English.
    const reopened = openCache({ path: file, migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
    const outbox = new Outbox({
      db: reopened,
      client: new ApiClient({ baseUrl: 'http://127.0.0.1:9', governor: new BudgetGovernor() }),
      clock: new ManualClock(NOW),
    });
    const columns = reopened.pluck<string>('SELECT name FROM pragma_table_info(?)', ['outbox']);
    expect(columns).toContain('subject');
    expect(columns).not.toContain('label');
    const stored = JSON.stringify(reopened.all('SELECT * FROM outbox'));
    for (const english of ['Cleaning ·', 'New booking', 'Guest ', 'no longer has', 'accepted the change but'])
      expect(stored).not.toContain(english);

    const byOp = Object.fromEntries(outbox.list().map((e) => [e.operation, e]));
    expect(byOp['cleaning.update']).toMatchObject({
      subject: { listing: listing.name, from: task.date, booking: null, name: null },
      error: { code: 'bad_response', reason: { key: 'accepted_shows', params: { fields: 'notes,status' } } },
    });
    expect(byOp['bookings.create']).toMatchObject({
      subject: { booking: -1, listing: listing.name },
      error: { code: 'not_found', reason: { key: 'parent_gone' } },
    });
    expect(byOp['guests.create']).toMatchObject({
      subject: { name: 'Ana Puig', booking: -1 },
      waitingFor: { resource: 'bookings', recordId: -1, subject: { booking: -1, listing: listing.name } },
    });
    expect(byOp['bookings.update']).toMatchObject({
      subject: { booking, listing: listing.name },
      error: {
        code: 'invalid_input',
        server: { status: 422, said: 'The adults field is invalid.' },
        fields: { adults: ['The adults field is invalid.'] },
      },
    });
    // Done once: the next start finds nothing left to re-derive.
    expect(rederiveStoredWords(reopened)).toBe(0);
    reopened.close();
  });
});
