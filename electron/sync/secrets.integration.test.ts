// Issue 27 case 4: a server that adds a password and card data to EVERY kind
// of record (and to everything they nest) stores none of it: after a full
// sync against the simulator's `secretKeys` fault, no byte of the cache file,
// its WAL or its photo folder holds a secret value. And a cache written
// before every table was scrubbed is cleaned when it opens (scrub-stored.ts).
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_VALUES } from '../../simulator';
import { openCache, type WritableDB } from '../cache/db';
import { CACHE_MIGRATIONS } from '../cache/schema';
import { SCRUB_OPT_OUT } from '../cache/tables';
import { OUTBOX_MIGRATIONS } from '../outbox/schema';
import { engineRig } from './testing/engines';

const TODAY = '2026-06-10';
const rig = engineRig(TODAY);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'stayboard-secrets-'));
  dirs.push(d);
  return d;
};

/** Every file under `dir`, read whole. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
}

describe('secrets a server adds to records (issue 27, case 4)', { timeout: 120_000 }, () => {
  it('a full sync of a server adding them to every kind of record stores none, in the file or its WAL', async () => {
    const s = await rig.simulator({ listings: 4, faults: { secretKeys: true } });
    const dir = tempDir();
    const e = rig.engine({ dbPath: join(dir, 'cache.db') });
    await rig.signIn(e, s);
    const r = await e.syncNow({ full: true });
    expect(r.failed).toBe(0);
    expect(r.quarantined).toBe(0);
    // The sync did store every kind it reads (so the scrub was really exercised).
    for (const table of ['listings', 'photos', 'rates', 'prices', 'bookings', 'cleaning', 'maintenance', 'incidents'])
      expect(e.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)!.n, table).toBeGreaterThan(0);
    for (const table of ['owners', 'costs', 'destinations', 'origins', 'admins', 'customers', 'threads'])
      expect(e.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)!.n, table).toBeGreaterThan(0);
    // The secrets really came over the wire.
    const reader = await rig.reader(s);
    const wire = await reader.request('listings.list', { priority: 'user' });
    expect(JSON.stringify(wire.body)).toContain(SECRET_VALUES.card_number);
    const files = filesUnder(dir);
    expect(files.some((f) => f.path.endsWith('-wal'))).toBe(true);
    for (const f of files)
      for (const [key, value] of Object.entries(SECRET_VALUES))
        expect(f.text.includes(value), `${key} in ${f.path}`).toBe(false);
  });

  it('only the tables named in SCRUB_OPT_OUT skip the scrub, each with its reason', () => {
    for (const [table, reason] of Object.entries(SCRUB_OPT_OUT)) {
      expect(table).toMatch(/^[a-z_]+$/);
      expect(reason.length).toBeGreaterThan(20);
    }
    expect(Object.keys(SCRUB_OPT_OUT)).toEqual(['price_edits']);
  });

  it('a cache written before (secrets in listings, tasks, prices) is cleaned when it opens, and upgraded', () => {
    const path = join(tempDir(), 'old.db');
    // A cache of the build before migration 16, whose prices still kept each day's wire JSON.
    const before16 = CACHE_MIGRATIONS.filter((m) => m.version < 16);
    openCache({ path, migrations: [...before16, ...OUTBOX_MIGRATIONS] }).close();
    const raw = new Database(path);
    // What a build from before the pass left: no record of it.
    raw.prepare(`DELETE FROM meta WHERE key = 'cache.scrubbed'`).run();
    const listing = JSON.stringify({
      id: 7,
      name: 'Casa Azul',
      password: SECRET_VALUES.password,
      card_number: SECRET_VALUES.card_number,
      rooms: { '1': [{ type: 'Double', num_beds: 1, card_cvv: SECRET_VALUES.card_cvv }] },
      owner: { cardholder: SECRET_VALUES.cardholder, name: 'Marta' },
    });
    raw
      .prepare(
        `INSERT INTO listings (id, name, sort_key, city, active, mu, data, raw, server_raw) VALUES (7, 'Casa Azul', 'casa azul', 'Sitges', 1, 0, ?, ?, ?)`,
      )
      .run(listing, listing, listing);
    raw
      .prepare(
        `INSERT INTO cleaning (id, listing_id, date, status, inspected, data, raw) VALUES (9, 7, '2026-06-10', 0, 0, '{"id":9}', ?)`,
      )
      .run(JSON.stringify({ id: 9, list: [{ card_expiration: SECRET_VALUES.card_expiration }] }));
    raw
      .prepare(
        `INSERT INTO prices (rate_id, date, price, active, cta, ctd, raw) VALUES (1, '2026-06-10', 80, 1, 0, 0, ?)`,
      )
      .run(JSON.stringify({ rate_id: 1, price: 80, password: SECRET_VALUES.password }));
    raw.close();

    const db = rig.engine({ dbPath: path }).db as WritableDB;
    const row = db.get<{ data: string; raw: string; server_raw: string }>(
      'SELECT data, raw, server_raw FROM listings WHERE id = 7',
    )!;
    for (const text of [row.data, row.raw, row.server_raw])
      expect(JSON.parse(text)).toEqual({
        id: 7,
        name: 'Casa Azul',
        rooms: { '1': [{ type: 'Double', num_beds: 1 }] },
        owner: { name: 'Marta' },
      });
    expect(JSON.parse(db.get<{ raw: string }>('SELECT raw FROM cleaning WHERE id = 9')!.raw)).toEqual({
      id: 9,
      list: [{}],
    });
    // The day itself stays, in its columns; its wire JSON (and the secret in it) went with migration 16.
    expect(db.all('SELECT rate_id, date, price FROM prices')).toEqual([{ rate_id: 1, date: '2026-06-10', price: 80 }]);
    db.raw.pragma('wal_checkpoint(TRUNCATE)');
    db.raw.exec('VACUUM');
    db.raw.pragma('wal_checkpoint(TRUNCATE)');
    const text = readFileSync(path).toString('latin1');
    for (const value of Object.values(SECRET_VALUES)) expect(text.includes(value)).toBe(false);
  });
});
