// A cache the engine refuses to open (its migration history differs from this
// build's) reaches the person as its own error, naming the migration, and the
// file is left as it was — unsent changes included.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../cache/db';
import { migrationChecksum } from '../cache/migrations';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { OUTBOX_MIGRATIONS } from '../outbox';
import { cleanedAfterEach, wiredRuntime } from './testing';
import { accountFile, translateError } from './wiring';

const made = cleanedAfterEach();

describe('an account whose data on this computer a different build wrote', () => {
  it('is refused with the migration named, and nothing in it changes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-refused-'));
    made.dirs.push(dataDir);
    // Nothing listens on port 9: the refusal must come before any request.
    const path = accountFile(dataDir, { baseUrl: 'http://127.0.0.1:9', user: 'ana' });
    const db = openCache({ path, migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
    db.run(
      `INSERT INTO outbox (operation, kind, resource, record_id, subject, payload, state, created_at, updated_at)
       VALUES ('cleaning.update', 'update', 'cleaning', 7, '{}', '{"notes":"x"}', 'pending', 1, 1)`,
    );
    // A build whose 003 indexed other tables ran here.
    const other = migrationChecksum('CREATE INDEX bookings_marked ON bookings (booking_number);');
    db.run('UPDATE schema_migrations SET checksum = ? WHERE version = 3', [other]);
    db.close();

    const runtime = wiredRuntime(dataDir, { translate: translateError });
    made.runtime = runtime;
    const answer = await runtime.dispatcher.dispatch('session.signIn', {
      environment: 'custom',
      baseUrl: 'http://127.0.0.1:9',
      user: 'ana',
      password: 'pw',
      remember: false,
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'local_data_refused',
        message: expect.stringContaining("Migration 003_marked_indexes differs from this build's") as string,
      },
    });
    expect(await runtime.workspace.info()).toMatchObject({ state: 'signedOut' });

    const after = openCache({ path: ':memory:' });
    after.exec(`ATTACH DATABASE '${path}' AS refused`);
    expect(after.pluck('SELECT checksum FROM refused.schema_migrations WHERE version = 3')).toEqual([other]);
    expect(after.pluck("SELECT count(*) FROM refused.outbox WHERE state = 'pending'")).toEqual([1]);
    after.close();
  });
});
