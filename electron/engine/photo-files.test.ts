// The photo files kept beside the cache: a photo seen once is shown again
// with the photo host unreachable, the folder stays within its bound by
// dropping the least recently shown, a photo not sent yet is shown from its
// queued image, and a crash's half-written file is swept at start.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listingRead, photoRead } from '../../shared/api';
import { openCache, type WritableDB } from '../cache';
import { listingsTable, photosTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { createOutbox } from '../outbox';
import { MIGRATIONS } from '../outbox/testing/rig';
import { PhotoFiles, type FetchImage } from './photo-files';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A PNG-looking file of `size` bytes (the type is read from its first bytes). */
const png = (size: number, fill = 1) => {
  const b = Buffer.alloc(size, fill);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  return b;
};

function setup(maxBytes = 10_000) {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-photo-files-'));
  dirs.push(dir);
  const db: WritableDB = openCache({ path: ':memory:', migrations: MIGRATIONS, onSlowQuery: () => undefined });
  const raw = (id: number) => ({
    id,
    listing_id: 7,
    name: `https://img.example/7/${id}.jpg`,
    zone: 'interior',
    type: 1,
    position: id,
    alt_text: '',
    title: `Photo ${id}`,
  });
  upsertRecords(
    db,
    photosTable,
    [1, 2, 3].map((id) => ({ value: photoRead.parse(raw(id)), raw: raw(id) })),
  );
  const fetched: string[] = [];
  let online = true;
  const fetch: FetchImage = (url) => {
    if (!online) return Promise.reject(new Error('ECONNREFUSED'));
    fetched.push(url);
    return Promise.resolve(png(4_000, Number(/(\d+)\.jpg$/.exec(url)![1])));
  };
  const files = new PhotoFiles({ dir: join(dir, 'photos'), db, fetch, maxBytes });
  return { db, dir: join(dir, 'photos'), files, fetched, offline: () => (online = false) };
}

describe('photo files', () => {
  it('a photo seen once is shown again offline, without asking the host again', async () => {
    const s = setup();
    const first = await s.files.image(1);
    expect(first).toMatch(/^data:image\/png;base64,/);
    s.offline();
    expect(await s.files.image(1)).toBe(first);
    expect(s.fetched).toEqual(['https://img.example/7/1.jpg']);
    // Never seen and the host unreachable: nothing to show (the manager says so).
    expect(await s.files.image(2)).toBeNull();
  });

  it('keeps the folder within its bound, dropping the least recently shown first', async () => {
    const s = setup(9_000); // room for two 4,000-byte images
    await s.files.image(1);
    await s.files.image(2);
    await s.files.image(1); // shown again: now the most recent
    await s.files.image(3);
    expect(readdirSync(s.dir)).toHaveLength(2);
    s.offline();
    expect(await s.files.image(1)).not.toBeNull();
    expect(await s.files.image(3)).not.toBeNull();
    expect(await s.files.image(2)).toBeNull();
  });

  it('shows a photo not sent yet from its queued image, and sweeps half-written files at start', async () => {
    const s = setup();
    const raw = { id: 7, name: 'Flat', active: 1 };
    upsertRecords(s.db, listingsTable, [{ value: listingRead.parse(raw), raw }]);
    const outbox = createOutbox({
      db: s.db,
      client: () => {
        throw new Error('never sent in this test');
      },
    });
    const image = png(60 * 1024, 5).toString('base64');
    outbox.enqueue('photos.create', { photo: { listing_id: 7, image, type: 'internal' } });
    const local = s.db.pluck<number>('SELECT id FROM photos WHERE id < 0')[0]!;
    expect(await s.files.image(local)).toBe(`data:image/png;base64,${image}`);

    mkdirSync(s.dir, { recursive: true });
    writeFileSync(join(s.dir, 'abc.part'), 'half');
    s.files.sweep();
    expect(existsSync(join(s.dir, 'abc.part'))).toBe(false);
  });

  it("a photo added here is shown from its own bytes until the server's copy is downloaded", async () => {
    const s = setup(1_000_000);
    const raw = { id: 7, name: 'Flat', active: 1 };
    upsertRecords(s.db, listingsTable, [{ value: listingRead.parse(raw), raw }]);
    const outbox = createOutbox({
      db: s.db,
      client: () => {
        throw new Error('never sent in this test');
      },
    });
    const mine = png(60 * 1024, 5);
    outbox.enqueue('photos.create', { photo: { listing_id: 7, image: mine.toString('base64'), type: 'internal' } });
    s.files.keepAdded();
    const local = s.db.pluck<number>('SELECT id FROM photos WHERE id < 0')[0]!;
    const mineUrl = `data:image/png;base64,${mine.toString('base64')}`;
    // The server adopts it as photo 9 (what replay does on confirmation): the queued image goes with the confirmation.
    s.db.transaction((tx) => {
      tx.run(`UPDATE outbox SET state = 'confirmed' WHERE resource = 'photos' AND kind = 'create'`);
      tx.run(`INSERT INTO outbox_ids (resource, local_id, server_id) VALUES ('photos', ?, 9)`, [local]);
      const server = { id: 9, listing_id: 7, name: 'https://img.example/7/9.jpg', zone: '', type: 1, position: 4 };
      upsertRecords(tx, photosTable, [{ value: photoRead.parse(server), raw: server }]);
    });
    expect(s.db.get<{ n: number }>('SELECT count(*) AS n FROM photo_blobs')!.n).toBe(0);
    // Still on screen under its local id, then under the server's: its own bytes while the host cannot give them.
    expect(await s.files.image(local)).toBe(mineUrl);
    s.offline();
    expect(await s.files.image(9)).toBe(mineUrl);
    // A restart keeps the copy while the photo is the server's and not downloaded.
    s.files.sweep();
    expect(await s.files.image(9)).toBe(mineUrl);
  });

  it("the copy of a photo added here goes once the server's copy is downloaded", async () => {
    const s = setup(1_000_000);
    const raw = { id: 7, name: 'Flat', active: 1 };
    upsertRecords(s.db, listingsTable, [{ value: listingRead.parse(raw), raw }]);
    const outbox = createOutbox({
      db: s.db,
      client: () => {
        throw new Error('never sent in this test');
      },
    });
    outbox.enqueue('photos.create', {
      photo: { listing_id: 7, image: png(60 * 1024, 5).toString('base64'), type: 'internal' },
    });
    s.files.keepAdded();
    const local = s.db.pluck<number>('SELECT id FROM photos WHERE id < 0')[0]!;
    expect(readdirSync(s.dir)).toEqual([`added-${-local}`]);
    s.db.transaction((tx) => {
      tx.run(`UPDATE outbox SET state = 'confirmed' WHERE resource = 'photos' AND kind = 'create'`);
      tx.run(`INSERT INTO outbox_ids (resource, local_id, server_id) VALUES ('photos', ?, 3)`, [local]);
    });
    // Photo 3's host answers: its image is the server's, and the copy is no longer kept.
    expect(await s.files.image(3)).toBe(`data:image/png;base64,${png(4_000, 3).toString('base64')}`);
    expect(readdirSync(s.dir).filter((n) => n.startsWith('added-'))).toEqual([]);
  });

  it('at start, a copy no photo names any more is removed', () => {
    const s = setup();
    mkdirSync(s.dir, { recursive: true });
    writeFileSync(join(s.dir, 'added-42'), png(100));
    s.files.sweep();
    expect(existsSync(join(s.dir, 'added-42'))).toBe(false);
  });
});
