// Owners, costs and destinations through the outbox against the simulator: each create applied once
// when its answer is lost, edits confirmed by reading back — an owner's fiscal fields (shown by the
// list, not the get), a destination's names per language (the read shows one) and its fields the
// read never shows.
import { describe, expect, it } from 'vitest';
import { listCosts, listDestinations, listOwners } from '../cache/queries/listings';
import { getDestination } from '../cache/queries/owners';
import { costsTable, destinationsTable, ownersTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';

const on = onSimulator({ seed: 16, listings: 3, today: '2026-06-15' });

async function device(): Promise<Device> {
  const dev = on.device();
  const c = dev.current.client;
  upsertRecords(dev.db, ownersTable, (await c.list('owners.list')).items);
  upsertRecords(dev.db, costsTable, (await c.list('costs.list')).items);
  upsertRecords(dev.db, destinationsTable, (await c.list('destinations.list')).items);
  return dev;
}

describe('owners, costs and destinations', () => {
  it('creates an owner once when the answer is lost, then edits its fiscal city (read back through the list)', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('owners.create', { owner: { name: 'Marta Vidal', document_number: 'OWN-16', fiscal_city: 'Reus' } });
    expect(listOwners(dev.db).find((w) => w.document_number === 'OWN-16')).toMatchObject({
      outbox: { state: 'pending' },
    });
    await on.drainLosingAnswers(o, 'owners.create');
    const made = on.appliedOnce('owners.create', 'OWN-16');
    const mine = listOwners(dev.db).filter((w) => w.document_number === 'OWN-16');
    expect(mine).toEqual([expect.objectContaining({ id: made.id, fiscal_city: 'Reus', outbox: null })]);

    o.enqueue('owners.update', { id: made.id, changes: { fiscal_city: 'Girona', phone: '+34 600 111 222' } });
    await o.drain({ untilSettled: true });
    expect(o.list({ states: ['rejected', 'conflict'] })).toEqual([]);
    expect(listOwners(dev.db).find((w) => w.id === made.id)).toMatchObject({
      fiscal_city: 'Girona',
      phone: '+34 600 111 222',
      outbox: null,
    });
    expect(on.applied('owners.update', 'Girona')).toHaveLength(1);
  });

  it('sends a cost as owner, concept and amount, once when the answer is lost, and edits its amount', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const owner = listOwners(dev.db)[0]!.id;
    o.enqueue('costs.create', { cost: { owner_id: owner, concept: 'Fontanero 16', amount: 85.5 } });
    await on.drainLosingAnswers(o, 'costs.create');
    const made = on.appliedOnce('costs.create', 'Fontanero 16');
    expect(made.body).toEqual({ owner_id: owner, concept: 'Fontanero 16', amount: 85.5 });
    o.enqueue('costs.update', { id: made.id, changes: { amount: 90.25 } });
    await o.drain({ untilSettled: true });
    expect(listCosts(dev.db, owner).find((c) => c.id === made.id)).toMatchObject({
      concept: 'Fontanero 16',
      amount: 90.25,
      outbox: null,
    });
  });

  it('a cost of an owner created offline waits for the owner; both reach the server once, the cost under the real id', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('owners.create', { owner: { name: 'Pere Roca', document_number: 'OWN-CROSS' } });
    const local = listOwners(dev.db).find((w) => w.document_number === 'OWN-CROSS')!;
    expect(local.id).toBeLessThan(0);
    o.enqueue('costs.create', { cost: { owner_id: local.id, concept: 'Pintura cross', amount: 210 } });
    expect(o.list({}).find((e) => e.operation === 'costs.create')).toMatchObject({
      waitingFor: expect.objectContaining({ resource: 'owners', recordId: local.id }) as unknown,
    });
    // The owner's answer is lost once: it is found by reading back, then the cost goes under its id.
    await on.drainLosingAnswers(o, 'owners.create');
    const owner = on.appliedOnce('owners.create', 'OWN-CROSS');
    const cost = on.appliedOnce('costs.create', 'Pintura cross');
    expect(cost.body).toEqual({ owner_id: owner.id, concept: 'Pintura cross', amount: 210 });
    // Never sent with the local id (the server would have refused it: no such owner).
    const tries = on.sim
      .mutations()
      .filter((m) => m.endpoint === 'costs.create' && JSON.stringify(m.body).includes('cross'));
    expect(tries.map((m) => m.result)).toEqual(['applied']);
    expect(listCosts(dev.db, owner.id!)).toEqual([
      expect.objectContaining({ id: cost.id, owner_id: owner.id, outbox: null }),
    ]);
    expect(listCosts(dev.db, local.id)).toEqual([]);
  });

  it("edits a destination's Spanish and English names and the fields its read never shows", async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const d = listDestinations(dev.db)[0]!;
    o.enqueue('destinations.update', { id: d.id, changes: { name: { es: 'Costa Brava Sur', en: 'South Brava' } } });
    await o.drain({ untilSettled: true });
    // Only the Spanish name changed from what the read shows: still sent, with both languages.
    o.enqueue('destinations.update', { id: d.id, changes: { name: { es: 'Costa Brava Sur', en: 'Southern Brava' } } });
    o.enqueue('destinations.update', { id: d.id, changes: { order: 7, menu_name: { es: 'Sur', en: 'South' } } });
    await o.drain({ untilSettled: true });
    expect(o.list({ states: ['rejected', 'conflict'] })).toEqual([]);
    const sent = on.sim.mutations().filter((m) => m.endpoint === 'destinations.update' && m.id === d.id);
    expect(sent.map((m) => m.body)).toEqual([
      { name: { es: 'Costa Brava Sur', en: 'South Brava' } },
      { name: { es: 'Costa Brava Sur', en: 'Southern Brava' }, order: 7, menu_name: { es: 'Sur', en: 'South' } },
    ]);
    const shown = listDestinations(dev.db).find((x) => x.id === d.id)!;
    expect(['Costa Brava Sur', 'Southern Brava']).toContain(shown.name);
    expect(shown.outbox).toBeNull();
    // The names written per language stay known here once confirmed (the read shows one of them).
    expect(shown.name_texts).toEqual({ es: 'Costa Brava Sur', en: 'Southern Brava' });
  });

  it('keeps the names written in es, en and ca — queued, confirmed, after a restart — until the server shows another name', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    const d = listDestinations(dev.db)[1]!;
    const names = { es: 'Cap de Creus (es)', en: 'Cape Creus', ca: 'Cap de Creus' };
    o.enqueue('destinations.update', { id: d.id, changes: { name: names } });
    // Queued: the screens have every language at once.
    expect(getDestination(dev.db, d.id)).toMatchObject({ name_texts: names, outbox: { state: 'pending' } });
    await o.drain({ untilSettled: true });
    expect(getDestination(dev.db, d.id)).toMatchObject({ name: 'Cap de Creus (es)', name_texts: names, outbox: null });
    const again = await dev.restart();
    expect(listDestinations(dev.db).find((x) => x.id === d.id)?.name_texts).toEqual(names);
    // Someone else renames it on the server: what I wrote is stale, the server's name is all there is.
    expect(await on.other.put(`/destinations/${d.id}`, { name: { es: 'Creus' } })).toBe(200);
    upsertRecords(dev.db, destinationsTable, (await again.client.list('destinations.list')).items);
    const after = getDestination(dev.db, d.id)!;
    expect(after.name).toBe('Creus');
    expect(after.name_texts ?? null).toBeNull();
  });

  it('creates a destination once when the answer is lost (matched by the name the list shows)', async () => {
    const dev = await device();
    const o = dev.current.outbox;
    o.enqueue('destinations.create', {
      destination: { name: { es: 'Delta del Ebro', en: 'Ebro Delta' }, tax: 0.75, max_days: 20, order: 9 },
    });
    await on.drainLosingAnswers(o, 'destinations.create');
    expect(on.applied('destinations.create', 'Ebro Delta')).toHaveLength(1);
    expect(listDestinations(dev.db).filter((x) => x.name === 'Delta del Ebro' || x.name === 'Ebro Delta')).toEqual([
      expect.objectContaining({
        tourist_tax: 0.75,
        max_days: 20,
        outbox: null,
        // Kept under its local id while new, found again under the server's.
        name_texts: { es: 'Delta del Ebro', en: 'Ebro Delta' },
      }),
    ]);
  });
});
