// Photos through the outbox against the simulator: the spec's size limits
// checked before anything is queued (49 KB refused, 25 MB sent), the queued
// image kept in photo_blobs and gone once the create is confirmed or
// discarded, a create whose answer was lost matched by read-back (never sent
// twice), titles per language confirmed by the one language the server shows,
// and three moves of one photo sent as one request.
import { describe, expect, it } from 'vitest';
import { getListingDetail } from '../cache/queries/listings';
import { listingsTable, photosTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { sweepQueuedImages } from './kinds/photos';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';

const TODAY = '2026-06-15';
const LISTING = 101;
const on = onSimulator({ seed: 12, listings: 4, today: TODAY });

/** The upload progress the outbox told (outbox.upload). */
let uploads: { entryId: number; sent: number; total: number }[] = [];

async function device(): Promise<Device> {
  uploads = [];
  // A 25 MB upload on a loaded machine: a deadline far above the rig's default.
  const dev = on.device({
    requestTimeoutMs: 60_000,
    outbox: {
      events: {
        emit: (event, payload) => {
          if (event === 'outbox.upload') uploads.push(payload as (typeof uploads)[number]);
        },
      },
    },
  });
  const client = dev.current.client;
  const listing = await client.one('listings.get', { id: LISTING });
  const photos = await client.list('photos.list', { query: { listing_id: LISTING } });
  dev.db.transaction((tx) => {
    upsertRecords(tx, listingsTable, [listing]);
    upsertRecords(tx, photosTable, photos.items);
  });
  return dev;
}

/** `size` bytes that start like a JPEG file (the type is read from the first bytes). */
function jpeg(size: number, fill = 7): string {
  const b = Buffer.alloc(size, fill);
  b.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 0);
  return b.toString('base64');
}

const blobs = (dev: Device) => dev.db.pluck<number>('SELECT count(*) FROM photo_blobs')[0];
const photosOf = (dev: Device) => getListingDetail(dev.db, LISTING)!.photos;

describe('photos', () => {
  it('refuses a 49 KB image before queueing, naming the limit; nothing is queued or stored', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    expect(() =>
      o.enqueue('photos.create', { photo: { listing_id: LISTING, image: jpeg(49 * 1024), type: 'internal' } }),
    ).toThrow(/49 KB; the server takes photos of at least 50 KB/);
    expect(() =>
      o.enqueue('photos.create', {
        photo: { listing_id: LISTING, image: Buffer.alloc(60 * 1024, 1).toString('base64'), type: 'internal' },
      }),
    ).toThrow(/not a JPEG, PNG, WebP or GIF/);
    expect(o.summary().unsent).toBe(0);
    expect(blobs(dev)).toBe(0);
    await dev.close();
  });

  it('sends a 25 MB image once, as base64 in the body, and removes the queued image once confirmed', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('photos.create', {
      photo: { listing_id: LISTING, image: jpeg(25 * 1024 * 1024), type: 'external', title: { en: 'Pool (p-1)' } },
    });
    expect(blobs(dev)).toBe(1);
    // The queued image is not in the outbox row: the payload only names it.
    expect(dev.db.pluck<string>(`SELECT payload FROM outbox WHERE resource = 'photos'`)[0]!.length).toBeLessThan(300);
    const local = photosOf(dev).find((p) => p.title === 'Pool (p-1)')!;
    expect(local).toMatchObject({ type: 2, outbox: { state: 'pending', fields: ['created'] } });
    await o.drain({ untilSettled: true });
    const made = on.appliedOnce('photos.create', '(p-1)');
    // Its progress was told as it went, up to the whole body (base64: about 4/3 of the file).
    expect(uploads.length).toBeGreaterThan(10);
    expect(uploads.at(-1)!.sent).toBe(uploads.at(-1)!.total);
    expect(uploads.at(-1)!.total).toBeGreaterThan(25 * 1024 * 1024 * (4 / 3));
    const server = photosOf(dev).filter((p) => p.title === 'Pool (p-1)');
    expect(server).toEqual([expect.objectContaining({ id: made.id, type: 2, outbox: null })]);
    expect(blobs(dev)).toBe(0);
    await dev.close();
  }, 120_000);

  it('a create whose answer was lost is found by read-back and never sent twice', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('photos.create', {
      photo: {
        listing_id: LISTING,
        image: jpeg(60 * 1024),
        type: 'internal',
        title: { en: 'Kitchen (p-2)', es: 'Cocina (p-2)' },
        alt_text: { en: 'Open kitchen' },
      },
    });
    await on.drainLosingAnswers(o, 'photos.create', () => {
      expect(o.summary()).toMatchObject({ unknown: 1 });
      expect(blobs(dev)).toBe(1);
    });
    expect(on.applied('photos.create', '(p-2)')).toHaveLength(1);
    // The server shows one language (Spanish first, in the simulator): still recognised as mine.
    const mine = photosOf(dev).filter((p) => p.title.includes('(p-2)'));
    expect(mine).toEqual([expect.objectContaining({ title: 'Cocina (p-2)', outbox: null })]);
    expect(blobs(dev)).toBe(0);
    await dev.close();
  });

  it('a create answered 5xx (not processed) is found absent on read-back and sent again, once', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('photos.create', {
      photo: { listing_id: LISTING, image: jpeg(60 * 1024), type: 'external', title: { en: 'Garden (p-4)' } },
    });
    await on.drainFailing(o, 'photos.create', () => expect(o.summary()).toMatchObject({ unknown: 1 }));
    expect(on.applied('photos.create', '(p-4)')).toHaveLength(1);
    expect(photosOf(dev).filter((p) => p.title === 'Garden (p-4)')).toEqual([
      expect.objectContaining({ type: 2, outbox: null }),
    ]);
    expect(blobs(dev)).toBe(0);
    await dev.close();
  });

  it('a discarded create takes its queued image with it', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const { entryId } = o.enqueue('photos.create', {
      photo: { listing_id: LISTING, image: jpeg(60 * 1024), type: 'internal' },
    }) as { entryId: number };
    expect(blobs(dev)).toBe(1);
    o.discard({ id: entryId });
    expect(blobs(dev)).toBe(0);
    expect(photosOf(dev).some((p) => p.id < 0)).toBe(false);
    await dev.close();
  });

  it('at start, a queued image no unsent create names is removed; one still waiting stays', async () => {
    const dev = await device();
    dev.current.outbox.enqueue('photos.create', {
      photo: { listing_id: LISTING, image: jpeg(60 * 1024), type: 'internal' },
    });
    dev.db.run(`INSERT INTO photo_blobs (type, size, bytes, created_at) VALUES ('jpeg', 1, x'00', 0)`);
    expect(blobs(dev)).toBe(2);
    expect(sweepQueuedImages(dev.db)).toBe(1);
    expect(blobs(dev)).toBe(1);
    await dev.close();
  });

  it('three moves of one photo are one request; a new title per language is confirmed by the one the server shows', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const [a] = photosOf(dev);
    const before = on.applied('photos.update').length;
    o.enqueue('photos.update', { id: a!.id, changes: { position: 3 } });
    o.enqueue('photos.update', { id: a!.id, changes: { position: 2 } });
    o.enqueue('photos.update', { id: a!.id, changes: { position: 4 } });
    o.enqueue('photos.update', { id: a!.id, changes: { title: { en: 'Terrace', es: 'Terraza', ca: 'Terrassa' } } });
    await o.drain({ untilSettled: true });
    const sent = on.applied('photos.update').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ position: 4, title: { en: 'Terrace', es: 'Terraza' } });
    expect(photosOf(dev).find((p) => p.id === a!.id)).toMatchObject({ position: 4, title: 'Terraza', outbox: null });
    expect(o.list({ states: ['rejected', 'conflict'] })).toEqual([]);
    await dev.close();
  });

  it('a title changed in one language is sent even though the server already shows the other language unchanged', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const [a] = photosOf(dev);
    const shown = a!.title; // the Spanish text, as the simulator shows it
    const before = on.applied('photos.update').length;
    o.enqueue('photos.update', { id: a!.id, changes: { title: { es: shown, en: 'Living room (p-3)' } } });
    await o.drain({ untilSettled: true });
    const sent = on.applied('photos.update').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ title: { es: shown, en: 'Living room (p-3)' } });
    expect(o.list({ states: ['rejected', 'conflict'] })).toEqual([]);
    await dev.close();
  });

  it('a new photo cannot be moved before it is on the server (its position is the server’s to give)', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('photos.create', { photo: { listing_id: LISTING, image: jpeg(60 * 1024), type: 'internal' } });
    const local = photosOf(dev).find((p) => p.id < 0)!;
    expect(() => o.enqueue('photos.update', { id: local.id, changes: { position: 1 } })).toThrow(
      /once it is on the server/,
    );
    await dev.close();
  });

  it('a delete is one DELETE, and the photo leaves the listing', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const [, b] = photosOf(dev);
    o.enqueue('photos.delete', { id: b!.id });
    expect(photosOf(dev).find((p) => p.id === b!.id)?.outbox).toMatchObject({ state: 'pending' });
    await o.drain({ untilSettled: true });
    expect(on.applied('photos.delete').filter((m) => m.id === b!.id)).toHaveLength(1);
    expect(photosOf(dev).some((p) => p.id === b!.id)).toBe(false);
    await dev.close();
  });
});
