// Listings through the outbox against the simulator: an edit applied once and
// read back, texts per language confirmed by the language the server shows
// (no false conflict), another user's change of the same field surfaced as a
// conflict, codes checked before queueing, and a new listing created exactly
// once when the answer to its create is lost.
import { describe, expect, it } from 'vitest';
import { getListingDetail, listListings } from '../cache/queries/listings';
import { listingsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';

const on = onSimulator({ seed: 15, listings: 4, today: '2026-06-15' });

async function device(): Promise<Device> {
  const dev = on.device();
  const all = await dev.current.client.list('listings.list');
  upsertRecords(dev.db, listingsTable, all.items);
  return dev;
}

async function otherPut(id: number, body: unknown): Promise<void> {
  expect(await on.other.put(`/listings/${id}`, body)).toBeLessThan(300);
}

describe('listings through the outbox', () => {
  it('check-in times and the wifi password: shown at once, applied once, confirmed by reading the listing back', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const before = on.applied('listings.update', 101).length;
    o.enqueue('listings.update', { id: 101, changes: { checkinfrom: '16:30', wifi_password: 'sea-2026' } });
    expect(getListingDetail(dev.db, 101)!.listing).toMatchObject({
      checkinfrom: '16:30',
      wifi_password: 'sea-2026',
      outbox: { state: 'pending', fields: expect.arrayContaining(['checkinfrom', 'wifi_password']) as unknown },
    });
    await o.drain({ untilSettled: true });
    const made = on.applied('listings.update', 101).slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toEqual({ checkinfrom: '16:30', wifi_password: 'sea-2026' });
    expect(getListingDetail(dev.db, 101)!.listing).toMatchObject({ checkinfrom: '16:30', outbox: null });
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });

  it('a description sent in three languages and read back in one is confirmed, and says which language shows', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const texts = { en: 'Flat by the sea.', es: 'Piso junto al mar.', ca: 'Pis vora el mar.' };
    o.enqueue('listings.update', { id: 102, changes: { description: texts } });
    expect(getListingDetail(dev.db, 102)!.listing).toMatchObject({ description_texts: texts });
    await o.drain({ untilSettled: true });
    expect(o.list({ states: ['rejected', 'conflict'] })).toEqual([]);
    const l = getListingDetail(dev.db, 102)!.listing;
    // The simulator shows Spanish first: the string read back is the Spanish text, no false "shown differently".
    expect(l).toMatchObject({ description: 'Piso junto al mar.', outbox: null });
    // What I wrote per language stays on this computer while the server still shows one of those texts…
    expect(l.description_texts).toEqual(texts);
    // …and is dropped from view once someone else changes the text.
    await otherPut(102, { description: { es: 'Otro texto.' } });
    const fresh = await dev.current.client.one('listings.get', { id: 102 });
    upsertRecords(dev.db, listingsTable, [fresh]);
    expect(getListingDetail(dev.db, 102)!.listing).toMatchObject({
      description: 'Otro texto.',
      description_texts: null,
    });
    await dev.close();
  });

  it("another user's change of the same field is a conflict with both values; of another field, taken", async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('listings.update', { id: 103, changes: { checkout: '10:00', key_number: 'K-7' } });
    await otherPut(103, { checkout: '12:00', wifi_network: 'Other-Net' });
    const before = on.applied('listings.update', 103).length;
    await o.drain({ untilSettled: true });
    const [c] = o.list({ states: ['conflict'] });
    expect(c?.conflicts).toEqual([expect.objectContaining({ field: 'checkout', mine: '10:00', theirs: '12:00' })]);
    expect(on.applied('listings.update', 103).length).toBe(before);
    o.resolve({ id: c!.id, choice: 'mine' });
    await o.drain({ untilSettled: true });
    const l = getListingDetail(dev.db, 103)!.listing;
    expect(l).toMatchObject({ checkout: '10:00', key_number: 'K-7', wifi_network: 'Other-Net', outbox: null });
    await dev.close();
  });

  it('a state or country outside the code tables is refused before anything is queued', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    expect(() => o.enqueue('listings.update', { id: 101, changes: { state: 999 } })).toThrow(/state or country/);
    expect(() => o.enqueue('listings.create', { listing: { name: 'X', country: 2 } })).toThrow(/state or country/);
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });

  it('a new listing whose create answer is lost is found by reading the listings back, created once', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const rooms = { '1': [{ type: 'Double', num_beds: 1 }], '2': [{ type: 'Single', num_beds: 2 }] };
    o.enqueue('listings.create', {
      listing: { name: 'Casa Nova (l-1)', city: 'Girona', street: 'Carrer Nou 4', person_capacity: 4, rooms },
    });
    const local = listListings(dev.db).find((l) => l.name === 'Casa Nova (l-1)')!;
    expect(local.id).toBeLessThan(0);
    expect(local.outbox).toMatchObject({ state: 'pending', fields: ['created'] });
    // Edited again before it left: the edit rides along in the create.
    o.enqueue('listings.update', { id: local.id, changes: { checkinfrom: '17:00' } });
    const mark = on.mark();
    await on.drainLosingAnswers(o, 'listings.create');
    const made = on.appliedOnce('listings.create', '(l-1)');
    expect(made.body).toMatchObject({ rooms, checkinfrom: '17:00' });
    // Its answer was lost, and it was found by reading the listings back, not sent again.
    const sent = on.requestsSince(mark);
    expect(sent.filter((e) => e === 'listings.create')).toHaveLength(1);
    expect(sent.lastIndexOf('listings.list')).toBeGreaterThan(sent.indexOf('listings.create'));
    const mine = listListings(dev.db).filter((l) => l.name === 'Casa Nova (l-1)');
    expect(mine).toEqual([expect.objectContaining({ id: made.id, outbox: null })]);
    // The local id still opens it.
    expect(getListingDetail(dev.db, local.id)!.listing).toMatchObject({ id: made.id, rooms });
    await dev.close();
  });

  it('a block made on a listing created offline waits for it and reaches the server under its real id, once', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('listings.create', { listing: { name: 'Casa Bloc (l-2)', city: 'Vic' } });
    const local = listListings(dev.db).find((l) => l.name === 'Casa Bloc (l-2)')!;
    expect(local.id).toBeLessThan(0);
    o.enqueue('blocks.create', {
      block: {
        listing_id: String(local.id),
        block_type: 2,
        start_date: '2026-10-01',
        end_date: '2026-10-03',
        reason: 'Paint (l-2)',
      },
    });
    const [waiting] = o.list({}).filter((e) => e.resource === 'blocks');
    expect(waiting?.waitingFor).toMatchObject({ resource: 'listings', recordId: local.id });
    // The listing's create answer is lost: the block still waits, never sent with a negative id.
    await on.drainLosingAnswers(o, 'listings.create');
    const listing = on.appliedOnce('listings.create', '(l-2)');
    const blocks = on.appliedOnce('blocks.create', '(l-2)');
    expect(blocks.body).toMatchObject({ listing_id: String(listing.id) });
    // Never sent with the local id.
    expect(
      on.sim
        .mutations()
        .filter((m) => m.endpoint === 'blocks.create' && /"listing_id":"-/.test(JSON.stringify(m.body))),
    ).toEqual([]);
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });
  it('a photo added to a listing created offline waits for it and is created once under its real id', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('listings.create', { listing: { name: 'Casa Foto (l-3)', city: 'Olot' } });
    const local = listListings(dev.db).find((l) => l.name === 'Casa Foto (l-3)')!;
    expect(local.id).toBeLessThan(0);
    // 60 KB that start like a JPEG file (the type is read from the first bytes).
    const image = Buffer.alloc(60 * 1024, 7);
    image.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 0);
    o.enqueue('photos.create', {
      photo: { listing_id: local.id, image: image.toString('base64'), type: 'internal', title: { en: 'Patio (l-3)' } },
    });
    const [waiting] = o.list({}).filter((e) => e.resource === 'photos');
    expect(waiting?.waitingFor).toMatchObject({ resource: 'listings', recordId: local.id });
    await o.drain({ untilSettled: true });
    const listing = on.appliedOnce('listings.create', '(l-3)');
    const photos = on.appliedOnce('photos.create', '(l-3)');
    expect(photos.body).toMatchObject({ listing_id: listing.id });
    expect(o.summary().unsent).toBe(0);
    await dev.close();
  });
});
