// Every one of the 66 operations of the spec, called over HTTP against a
// running simulator with valid input: each answers 200 with the documented
// wrapper, every record parses with the shared read schema, and each write is
// visible in the next read. The last test proves all 66 were exercised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { connect, data, type Api } from './client';
import { expectShape } from './shapes';

type Row = Record<string, unknown>;
let api: Api;
const ids: Record<string, number> = {};
const PNG_BASE64 = Buffer.alloc(60 * 1024, 7).toString('base64');

beforeAll(async () => {
  api = await connect({ seed: 7, listings: 40 });
  const listings = data<Row[]>(await api.get('/listings'));
  const single = listings.find((l) => Number(l['mu']) === 0 && l['active'] === 1)!;
  const multi = listings.find((l) => Number(l['mu']) === 1)!;
  ids['listing'] = single['id'] as number;
  ids['muListing'] = multi['id'] as number;
  const bookings = data<Row[]>(await api.get(`/bookings?start_date=2026-06-01&end_date=2026-07-31`));
  const live = bookings.filter((b) => b['state'] === 3);
  ids['booking'] = live[0]!['booking_number'] as number;
  for (const b of live) {
    const threads = data<Row[]>(await api.get(`/threads/${b['booking_number'] as number}`));
    if (threads.length) {
      ids['threadBooking'] = b['booking_number'] as number;
      ids['thread'] = threads[0]!['id'] as number;
      break;
    }
  }
});
afterAll(async () => {
  await api.sim.close();
});

describe('listings and photos', () => {
  it('listings.list', async () => {
    const rows = expectShape('listings.list', await api.get('/listings')) as Row[];
    expect(rows.length).toBe(40);
  });
  it('listings.get', async () => {
    const l = expectShape('listings.get', await api.get(`/listings/${ids['listing']}`)) as Row;
    expect(l['id']).toBe(ids['listing']);
  });
  it('listings.create then appears in the list', async () => {
    const r = await api.call('POST', '/listings', {
      name: 'Apartamento Nuevo 1A',
      destination: 1,
      owner_id: 1,
      bedrooms: 2,
    });
    expectShape('listings.create', r);
    const created = data<Row[]>(await api.get('/listings')).find((l) => l['name'] === 'Apartamento Nuevo 1A');
    expect(created?.['bedrooms']).toBe(2);
    ids['newListing'] = created!['id'] as number;
  });
  it('listings.update shows in the next get', async () => {
    expectShape(
      'listings.update',
      await api.call('PUT', `/listings/${ids['newListing']}`, { wifi_network: 'NUEVO_5G' }),
    );
    expect((await api.get(`/listings/${ids['newListing']}`)).json).toMatchObject({
      Listings: { wifi_network: 'NUEVO_5G' },
    });
  });
  it('photos.list, photos.get', async () => {
    const photos = expectShape('photos.list', await api.get(`/photos?listing_id=${ids['listing']}`)) as Row[];
    expect(photos.length).toBeGreaterThan(0);
    ids['photo'] = photos[0]!['id'] as number;
    expectShape('photos.get', await api.get(`/photos/${ids['photo']}`));
  });
  it('photos.create, photos.update, photos.delete', async () => {
    const before = data<Row[]>(await api.get(`/photos?listing_id=${ids['listing']}`)).length;
    expectShape(
      'photos.create',
      await api.call('POST', '/photos', {
        listing_id: ids['listing'],
        image: PNG_BASE64,
        type: 'external',
        title: { es: 'Terraza' },
      }),
    );
    const after = data<Row[]>(await api.get(`/photos?listing_id=${ids['listing']}`));
    expect(after.length).toBe(before + 1);
    const added = after.find((p) => p['title'] === 'Terraza')!;
    expect(added['type']).toBe(2);
    expectShape('photos.update', await api.call('PUT', `/photos/${added['id'] as number}`, { position: 99 }));
    expect(data(await api.get(`/photos/${added['id'] as number}`))['position']).toBe(99);
    expectShape('photos.delete', await api.call('DELETE', `/photos/${added['id'] as number}`));
    expect((await api.get(`/photos/${added['id'] as number}`)).status).toBe(404);
  });
});

describe('rates, prices, availability', () => {
  it('rates.list, rates.get, rates.update', async () => {
    const rates = expectShape('rates.list', await api.get(`/rates?id=${ids['listing']}&type=property`)) as Row[];
    expect(rates.every((r) => r['listing_id'] === ids['listing'])).toBe(true);
    ids['rate'] = rates[0]!['rate_id'] as number;
    expectShape('rates.get', await api.get(`/rates/${ids['rate']}`));
    expectShape('rates.update', await api.call('PUT', `/rates/${ids['rate']}`, { name: 'Estándar 2026' }));
    expect(data(await api.get(`/rates/${ids['rate']}`))['name']).toBe('Estándar 2026');
  });
  it('prices.get, prices.update (single day and range)', async () => {
    const days = expectShape(
      'prices.get',
      await api.get(`/prices/${ids['rate']}?start_date=2026-07-01&end_date=2026-07-10`),
    ) as Row[];
    expect(days).toHaveLength(10);
    const r = await api.call('PUT', `/prices/${ids['rate']}`, {
      dates: [
        { date: '2026-07-02', price: 321 },
        { date: ['2026-07-05', '2026-07-06'], active: 0, min_days: 4 },
      ],
    });
    expectShape('prices.update', r);
    const after = data<Row[]>(await api.get(`/prices/${ids['rate']}?start_date=2026-07-01&end_date=2026-07-10`));
    expect(after[1]).toMatchObject({ date: '2026-07-02', price: 321 });
    expect(after[4]).toMatchObject({ date: '2026-07-05', active: 0, min_days: 4 });
    expect(after[5]).toMatchObject({ date: '2026-07-06', active: 0, min_days: 4 });
  });
  it('availability.get and availability.check (single unit: booleans)', async () => {
    const a = expectShape(
      'availability.get',
      await api.get(`/availability?listing_id=${ids['listing']}&from=2026-07-01&to=2026-07-10`),
    ) as Row;
    const raw = data(await api.get(`/availability?listing_id=${ids['listing']}&from=2026-07-01&to=2026-07-10`));
    const firstDates = (raw['rates'] as { dates: { availability: unknown }[] }[])[0]!.dates;
    expect(firstDates).toHaveLength(10);
    expect(firstDates.every((d) => typeof d.availability === 'boolean')).toBe(true);
    expect(a['listing_id']).toBe(ids['listing']);
    const c = await api.get(
      `/checkavailability?listing_id=${ids['listing']}&from=2026-07-01&to=2026-07-03&rate_id=${ids['rate']}`,
    );
    expectShape('availability.check', c);
    expect(typeof (c.json as Row)['availability']).toBe('boolean');
  });
  it('availability.getMU and availability.checkMU (multi-unit: integer counts)', async () => {
    const a = await api.get(`/availabilityMU?listing_id=${ids['muListing']}&from=2026-07-01&to=2026-07-05`);
    expectShape('availability.getMU', a);
    const days = (a.json as { availabilities: { availability: unknown }[] }).availabilities;
    expect(days).toHaveLength(5);
    expect(days.every((d) => Number.isInteger(d.availability))).toBe(true);
    const c = await api.get(`/checkavailabilityMU?listing_id=${ids['muListing']}&from=2026-07-01&to=2026-07-03`);
    expectShape('availability.checkMU', c);
    expect(Number.isInteger((c.json as Row)['availability'])).toBe(true);
  });
});

describe('blocks', () => {
  it('blocks.create, blocks.list, blocks.get, blocks.update, blocks.delete', async () => {
    const body = {
      listing_id: String(ids['listing']),
      block_type: 2,
      start_date: '2027-03-01',
      end_date: '2027-03-05',
      reason: 'Pintura',
    };
    const created = await api.call('POST', '/blocks', body);
    expectShape('blocks.create', created);
    expect(created.json).toEqual({});
    const list = expectShape(
      'blocks.list',
      await api.get(`/blocks?listing_id=${ids['listing']}&start_date=2027-03-01&end_date=2027-03-31`),
    ) as Row[];
    const block = list.find((b) => b['reason'] === 'Pintura')!;
    expect(block).toMatchObject({ start_date: '2027-03-01', end_date: '2027-03-05', block_type: 2 });
    expectShape('blocks.get', await api.get(`/blocks/${block['id'] as number}`));
    const upd = await api.call('PUT', `/blocks/${block['id'] as number}`, { end_date: '2027-03-08' });
    expect((expectShape('blocks.update', upd) as Row)['end_date']).toBe('2027-03-08');
    expectShape('blocks.delete', await api.call('DELETE', `/blocks/${block['id'] as number}`));
    expect((await api.get(`/blocks/${block['id'] as number}`)).status).toBe(404);
  });
});

describe('bookings, customers, guests, threads', () => {
  it('bookings.list, bookings.get', async () => {
    const rows = expectShape('bookings.list', await api.get(`/bookings?listing_id=${ids['listing']}`)) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const b = expectShape('bookings.get', await api.get(`/bookings/${ids['booking']}`)) as Row;
    expect(b['customers']).not.toBeNull();
    expect(b['created_at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    ids['customer'] = b['customer_id'] as number;
  });
  it('bookings.update: notes, then canceled and confirmed', async () => {
    const r = await api.call('PUT', `/bookings/${ids['booking']}`, { notes: 'Llegan en tren' });
    expect((expectShape('bookings.update', r) as Row)['notes']).toBe('Llegan en tren');
    const c = await api.call('PUT', `/bookings/${ids['booking']}`, { status: 'canceled' });
    expect((expectShape('bookings.update', c) as Row)['state']).toBe(1);
    expect(data(await api.get(`/bookings/${ids['booking']}`))['state']).toBe(1);
    const back = await api.call('PUT', `/bookings/${ids['booking']}`, { status: 'confirmed' });
    expect((expectShape('bookings.update', back) as Row)['state']).toBe(3);
  });
  it('bookings.create appears in the window list with its customer and guests', async () => {
    const r = await api.call('POST', '/bookings', {
      listing_id: ids['newListing'],
      start_date: '2026-09-10',
      end_date: '2026-09-14',
      adults: 2,
      customer: { name: 'Ana', surname: 'Pérez Gil', email: 'ana@example.com', card_number: '4111111111111111' },
      guests: [{ name: 'Luis', surname: 'Pérez', document_type_id: 2 }],
      lines: [{ concept_id: 1, price: 48000, pay_date: '2026-06-15', type_pay: 1 }],
    });
    expectShape('bookings.create', r);
    const rows = data<Row[]>(
      await api.get(`/bookings?listing_id=${ids['newListing']}&start_date=2026-09-01&end_date=2026-09-30`),
    );
    expect(rows).toHaveLength(1);
    const bundle = data(await api.get(`/customers?booking_id=${rows[0]!['booking_number'] as number}`));
    expect(bundle).toMatchObject({ user: { name: 'Ana', lastname: 'Pérez Gil' }, guests: [{ name: 'Luis' }] });
    const logged = api.sim.mutations().find((m) => m.endpoint === 'bookings.create')!;
    expect(JSON.stringify(logged.body)).not.toContain('4111111111111111');
  });
  it('customers.ofBooking, customers.get, customers.update', async () => {
    expectShape('customers.ofBooking', await api.get(`/customers?booking_id=${ids['booking']}`));
    expectShape('customers.get', await api.get(`/customers/${ids['customer']}`));
    expectShape(
      'customers.update',
      await api.call('PUT', `/customers/${ids['customer']}`, { city: 'Zaragoza', nationality: 82 }),
    );
    const user = data<{ user: Row }>(await api.get(`/customers/${ids['customer']}`)).user;
    expect(user).toMatchObject({ city: 'Zaragoza', nationality: 'France' });
  });
  it('guests.create, guests.ofBooking, guests.get, guests.update', async () => {
    expectShape(
      'guests.create',
      await api.call('POST', '/guests', { id: ids['booking'], guest: { name: 'Marta', lastname: 'Ruiz', sex: 'F' } }),
    );
    const bundle = expectShape('guests.ofBooking', await api.get(`/customers/guests/${ids['booking']}`)) as {
      guests: Row[];
    };
    const marta = bundle.guests.find((g) => g['name'] === 'Marta')!;
    expect(marta).toBeDefined();
    expectShape('guests.get', await api.get(`/guests/${marta['id'] as number}`));
    expectShape(
      'guests.update',
      await api.call('PUT', `/guests/${marta['id'] as number}`, {
        number_id: 'X1234567',
        country: 4,
        document_type_id: 5,
      }),
    );
    expect(data<{ guest: Row }>(await api.get(`/guests/${marta['id'] as number}`)).guest).toMatchObject({
      number_id: 'X1234567',
      country: 4,
      document_type: 'Passport',
    });
    const unknownType = await api.call('PUT', `/guests/${marta['id'] as number}`, { document_type_id: 99 });
    expect(unknownType.status).toBe(422);
  });
  it('customerTypes.list answers the documented empty object', async () => {
    const r = await api.get('/customersTypes');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({});
  });
  it('threads.ofBooking, threads.send', async () => {
    const threads = expectShape('threads.ofBooking', await api.get(`/threads/${ids['threadBooking']}`)) as Row[];
    const before = (threads[0]!['messages'] as unknown[]).length;
    expectShape(
      'threads.send',
      await api.call('POST', '/threads', { thread_id: ids['thread'], message: 'Les esperamos mañana' }),
    );
    const after = data<Row[]>(await api.get(`/threads/${ids['threadBooking']}`));
    const messages = after[0]!['messages'] as Row[];
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)).toMatchObject({ message: 'Les esperamos mañana', in_out: 1 });
  });
});

describe('incidents, maintenance, cleaning', () => {
  it('incidents.list, incidents.update, incidents.delete', async () => {
    const rows = expectShape(
      'incidents.list',
      await api.get('/incidents?start_date=2026-01-01&end_date=2026-12-31'),
    ) as Row[];
    const id = rows[0]!['id'] as number;
    expectShape(
      'incidents.update',
      await api.call('PUT', `/incidences/${id}`, { priority: 4, note: 'Urgente', date: '2026-06-15 09:30:00' }),
    );
    const updated = data<Row[]>(await api.get('/incidents?start_date=2026-06-15&end_date=2026-06-15')).find(
      (i) => i['id'] === id,
    );
    expect(updated).toMatchObject({ priority: 4, note: 'Urgente', date: '2026-06-15 09:30:00' });
    expectShape('incidents.delete', await api.call('DELETE', `/incidences/${id}`));
    const gone = data<Row[]>(await api.get('/incidents?start_date=2026-01-01&end_date=2026-12-31'));
    expect(gone.some((i) => i['id'] === id)).toBe(false);
  });
  it('maintenance.list, maintenance.get, maintenance.update, maintenance.delete', async () => {
    const rows = expectShape('maintenance.list', await api.get('/mainteance')) as Row[];
    const id = rows[0]!['id'] as number;
    expectShape('maintenance.get', await api.get(`/mainteance/${id}`));
    const r = await api.call('PUT', `/mainteance/${id}`, {
      inspected: 1,
      inspection_date: '2026-06-15',
      notes: 'Todo OK',
    });
    expect(expectShape('maintenance.update', r)).toMatchObject({ id, inspected: true, notes: 'Todo OK' });
    expect(data(await api.get(`/mainteance/${id}`))['notes']).toBe('Todo OK');
    expectShape('maintenance.delete', await api.call('DELETE', `/mainteance/${id}`));
    expect((await api.get(`/mainteance/${id}`)).status).toBe(404);
  });
  it('cleanings.list, cleanings.get, cleanings.update (shows in get and list), cleanings.delete', async () => {
    const rows = expectShape('cleanings.list', await api.get('/cleanings')) as Row[];
    const id = rows[0]!['id'] as number;
    expectShape('cleanings.get', await api.get(`/cleanings/${id}`));
    const r = await api.call('PUT', `/cleaning/${id}`, { status: 2, notes: 'Hecho' });
    expect(expectShape('cleanings.update', r)).toMatchObject({ id, status: 2, notes: 'Hecho' });
    expect(data(await api.get(`/cleanings/${id}`))).toMatchObject({ status: 2, notes: 'Hecho' });
    expect(data<Row[]>(await api.get('/cleanings')).find((c) => c['id'] === id)).toMatchObject({
      status: 2,
      notes: 'Hecho',
    });
    expectShape('cleanings.delete', await api.call('DELETE', `/cleaning/${id}`));
    expect((await api.get(`/cleanings/${id}`)).status).toBe(404);
  });
});

describe('destinations, origins, admins, owners, costs', () => {
  it('destinations.list, destinations.get, destinations.create, destinations.update', async () => {
    const rows = expectShape('destinations.list', await api.get('/destinations')) as Row[];
    expectShape('destinations.get', await api.get(`/destinations/${rows[0]!['id'] as number}`));
    expectShape(
      'destinations.create',
      await api.call('POST', '/destinations', { name: { es: 'Menorca', en: 'Minorca' }, tax: 2 }),
    );
    const created = data<Row[]>(await api.get('/destinations')).find((d) => d['name'] === 'Menorca')!;
    expect(created['tourist_tax']).toBe('2.00');
    expectShape(
      'destinations.update',
      await api.call('PUT', `/destinations/${created['id'] as number}`, { max_days: 45 }),
    );
    expect(data(await api.get(`/destinations/${created['id'] as number}`))['max_days']).toBe('45');
  });
  it('origins.list', async () => {
    expect((expectShape('origins.list', await api.get('/origins')) as Row[]).length).toBeGreaterThan(3);
  });
  it('admins.list, admins.get, admins.create, admins.update', async () => {
    const rows = expectShape('admins.list', await api.get('/admins')) as Row[];
    expectShape('admins.get', await api.get(`/admins/${rows[0]!['id'] as number}`));
    expectShape(
      'admins.create',
      await api.call('POST', '/admins', { username: 'nuria.limpieza', password: 'secreto123', department: 'Cleaning' }),
    );
    const created = data<Row[]>(await api.get('/admins')).find((a) => a['username'] === 'nuria.limpieza')!;
    expect(created['password']).not.toBe('secreto123');
    expectShape('admins.update', await api.call('PUT', `/admins/${created['id'] as number}`, { active: 'false' }));
    expect((await api.get(`/admins/${created['id'] as number}`)).json).toMatchObject({ User: { active: 'false' } });
  });
  it('owners.list, owners.get, owners.create, owners.update', async () => {
    const rows = expectShape('owners.list', await api.get('/owners')) as Row[];
    expectShape('owners.get', await api.get(`/owner/${rows[0]!['id'] as number}`));
    expectShape('owners.create', await api.call('POST', '/owners', { name: 'Jaume Puig', email: 'jaume@example.com' }));
    const created = data<Row[]>(await api.get('/owners')).find((o) => o['name'] === 'Jaume Puig')!;
    expect(typeof created['id']).toBe('string');
    expectShape(
      'owners.update',
      await api.call('PUT', `/owners/${created['id'] as string}`, { phone: '+34 600000000' }),
    );
    expect((await api.get(`/owner/${created['id'] as string}`)).json).toMatchObject({ phone: '+34 600000000' });
  });
  it('costs.list, costs.get, costs.create, costs.update', async () => {
    const rows = expectShape('costs.list', await api.get('/costs')) as Row[];
    expectShape('costs.get', await api.get(`/costs/${rows[0]!['id'] as number}`));
    expectShape('costs.create', await api.call('POST', '/costs', { owner_id: 1, concept: 'Fontanero', amount: 85.5 }));
    const created = data<Row[]>(await api.get('/costs?owner_id=1')).find((c) => c['concept'] === 'Fontanero')!;
    expect(created['amount']).toBe(85.5);
    expectShape('costs.update', await api.call('PUT', `/costs/${created['id'] as number}`, { amount: 90 }));
    expect((await api.get(`/costs/${created['id'] as number}`)).json).toMatchObject({
      amount: 90,
      concept: 'Fontanero',
    });
  });
  it('costs.create accepts a body of the owner record shape (the spec requires no owner_id, concept or amount)', async () => {
    const before = data<Row[]>(await api.get('/costs')).length;
    const res = await api.call('POST', '/costs', { company_name: 'Reformas SL', name: 'Pau', fiscal_city: 'Girona' });
    expect(res.status).toBeLessThan(300);
    const rows = data<Row[]>(await api.get('/costs'));
    expect(rows).toHaveLength(before + 1);
    const made = rows.at(-1)!;
    expect((await api.get(`/costs/${made['id'] as number}`)).json).toMatchObject({
      company_name: 'Reformas SL',
      fiscal_city: 'Girona',
    });
    expect((await api.call('POST', '/costs', { owner_id: 999999, amount: 1 })).status).toBe(422);
  });
});

describe('coverage', () => {
  it('exercised all 66 operations with a 200 answer', () => {
    const answered = new Set(
      api.sim
        .requestLog()
        .filter((r) => r.status === 200)
        .map((r) => r.endpoint),
    );
    const missing = ENDPOINTS.map((e) => e.name).filter((n) => !answered.has(n));
    expect(ENDPOINTS).toHaveLength(66);
    expect(missing).toEqual([]);
  });
});
