// Synthetic wire records (as the API sends them, with its variants) for the
// cache tests and the engine benchmark: a host with N listings and a year of
// bookings, cleaning and maintenance tasks and incidents. Seeded, so every
// run sees the same data. Not used by the app.
import {
  blockRead,
  bookingRead,
  cleaningRead,
  customerBundleRead,
  incidentRead,
  listingRead,
  maintenanceRead,
  threadRead,
} from '../../../shared/api';
import type { z } from 'zod';
import type { WritableDB } from '../db';
import { addDays } from '../queries/common';
import { blocksTable, bookingsTable, cleaningTable, listingsTable, maintenanceTable, type TableSpec } from '../tables';
import { upsertRecords, type Incoming } from '../write';
import { replaceBundleOfBooking, replaceThreadsOfBooking, upsertIncidents } from '../write-compound';

export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const CITIES = ['Sitges', 'Barcelona', 'Girona', 'Tarragona', 'Cadaqués', 'Lleida'];
const NAMES = ['Casa', 'Villa', 'Apartamento', 'Estudio', 'Loft', 'Ático'];
const COLOURS = ['Azul', 'Verde', 'del Mar', 'Sol', 'Luna', 'Roja', 'Blanca', 'Dorada'];
const FIRST = ['Ana', 'Joan', 'Marta', 'Pere', 'Laura', 'Jordi', 'Núria', 'Pau', 'Emma', 'Lucas'];
const LAST = ['García', 'Puig', 'Martí', 'Soler', 'Vidal', 'Ferrer', 'Müller', 'Smith', 'Rossi', 'Dubois'];

export interface Host {
  listings: Record<string, unknown>[];
  bookings: Record<string, unknown>[];
  cleaning: Record<string, unknown>[];
  maintenance: Record<string, unknown>[];
  incidents: Record<string, unknown>[];
  blocks: Record<string, unknown>[];
}

/** A host: `listings` listings, ~`bookingsPerListing` bookings each over [start, start+days), a cleaning and a maintenance task per booking. */
export function makeHost(opts: {
  listings: number;
  bookingsPerListing: number;
  start: string;
  days?: number;
  seed?: number;
}): Host {
  const rnd = prng(opts.seed ?? 42);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const days = opts.days ?? 365;
  const host: Host = { listings: [], bookings: [], cleaning: [], maintenance: [], incidents: [], blocks: [] };
  let bookingNo = 1000;
  let taskId = 1;
  for (let l = 1; l <= opts.listings; l++) {
    host.listings.push({
      id: l,
      active: 1,
      name: `${pick(NAMES)} ${pick(COLOURS)} ${l}`,
      mu: l % 2 ? '0' : 0,
      destination: 1 + (l % 5),
      city: pick(CITIES),
      state: { id: 9, nombre: 'Barcelona' },
      country: 73,
      person_capacity: 2 + (l % 5),
      bedrooms: 1 + (l % 3),
      checkinfrom: '15:00',
      checkout: '11:00',
      rooms: l % 2 ? [] : { '1': [{ type: 'Double', num_beds: 1 }] },
      owner_id: 1 + (l % 7),
      fees: [],
      services: [77],
    });
    // Back-to-back-ish stays: gaps of 0–2 nights, stays of 1–6 nights.
    let day = Math.floor(rnd() * 3);
    const stayLen = Math.max(1, Math.round(days / opts.bookingsPerListing) - 2);
    while (day < days) {
      const nights = 1 + Math.floor(rnd() * stayLen * 2);
      const start = addDays(opts.start, day);
      const end = addDays(opts.start, day + nights);
      const n = bookingNo++;
      host.bookings.push({
        booking_number: n,
        listing_id: l,
        start_date: start,
        end_date: end,
        customer_id: 50_000 + n,
        state: rnd() < 0.9 ? 3 : pick([1, 2, 6]),
        adults: 1 + Math.floor(rnd() * 3),
        children: Math.floor(rnd() * 2),
        infants: 0,
        paid: 100,
        total: 300 + nights * 80,
        tourist_tax: n % 3 ? '12.50' : 12.5,
        arrival_time: n % 2 ? '16:00:00' : '17:30',
        departure_time: '10:00',
        checkin_completed: n % 4 ? false : 'false',
        key_numbers: n % 2 ? '2' : 2,
        notes: null,
        services: [],
        extras: [],
      });
      host.cleaning.push({
        id: taskId++,
        listing_id: l,
        booking_id: n,
        status: rnd() < 0.5 ? 2 : 0,
        date: end,
        inspected: rnd() < 0.5 ? 1 : false,
        time: '11:30',
        duration: '02:00',
        notes: '',
      });
      host.maintenance.push({
        id: taskId++,
        listing_id: l,
        booking_id: n,
        type: 1,
        date: end,
        hour: '12:00',
        inspected: 0,
        inspection_date: null,
        duration: '',
        pending: 0,
        notes: '',
      });
      day += nights + Math.floor(rnd() * 3);
    }
    if (l % 10 === 0) {
      host.incidents.push({
        id: l,
        priority: 1 + (l % 4),
        date: `${opts.start} 09:00:00`,
        subtitle: 'Leak',
        note: 'Water under the sink',
        images: [],
        properties: [{ listing_id: l, finished: 0, finish_date: null }],
      });
      host.blocks.push({
        id: l,
        listing_id: l,
        start_date: addDays(opts.start, 200),
        end_date: addDays(opts.start, 205),
        block_type: 2,
        reason: 'Works',
      });
    }
  }
  return host;
}

export function customerBundle(bookingNumber: number, guests: number): Record<string, unknown> {
  const first = FIRST[bookingNumber % FIRST.length]!;
  const last = LAST[(bookingNumber >> 2) % LAST.length]!;
  return {
    user: {
      id: 50_000 + bookingNumber,
      name: first,
      lastname: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      customer_type: { id: 1, nombre: 'Potential' },
      country: 'Spain',
      sex: 'F',
      number_id: `Y${String(bookingNumber).padStart(7, '0')}K`,
    },
    guests: Array.from({ length: guests }, (_, i) => ({
      id: bookingNumber * 10 + i,
      name: FIRST[(bookingNumber + i) % FIRST.length],
      lastname: LAST[(bookingNumber + 3 * i) % LAST.length],
      email: '',
      country: 73,
      date_birth: '1990-01-01',
      number_id: `PA${bookingNumber * 10 + i}`,
    })),
  };
}

function parseAll<S extends z.ZodType>(schema: S, raws: readonly unknown[]): Incoming<z.output<S>>[] {
  return raws.map((raw) => ({ value: schema.parse(raw), raw }));
}

/** Stores wire records in their table the way sync does: each validated by its read schema, kept with its raw JSON. */
export function storeWire<S extends z.ZodType>(
  db: WritableDB,
  table: TableSpec<z.output<S>>,
  schema: S,
  raws: readonly unknown[],
): void {
  upsertRecords(db, table, parseAll(schema, raws));
}

/** Loads a host into the cache the way sync would (validated, one transaction per table). */
export function loadHost(db: WritableDB, host: Host, opts: { bundles?: number; threads?: number } = {}): void {
  db.transaction(() => storeWire(db, listingsTable, listingRead, host.listings));
  db.transaction(() => storeWire(db, bookingsTable, bookingRead, host.bookings));
  db.transaction(() => storeWire(db, cleaningTable, cleaningRead, host.cleaning));
  db.transaction(() => storeWire(db, maintenanceTable, maintenanceRead, host.maintenance));
  db.transaction(() => storeWire(db, blocksTable, blockRead, host.blocks));
  db.transaction(() => upsertIncidents(db, parseAll(incidentRead, host.incidents)));
  const withBundles = host.bookings.slice(0, opts.bundles ?? 0);
  db.transaction(() => {
    for (const b of withBundles) {
      const n = b['booking_number'] as number;
      const raw = customerBundle(n, 2);
      replaceBundleOfBooking(db, n, customerBundleRead.parse(raw), raw);
    }
  });
  const withThreads = host.bookings.slice(0, opts.threads ?? 0);
  db.transaction(() => {
    for (const b of withThreads) {
      const n = b['booking_number'] as number;
      const raw = [
        {
          id: n,
          booking_id: n,
          listing_id: b['listing_id'],
          messages: [
            {
              id: n * 10,
              thread_id: n,
              in_out: 0,
              message: `Hola, arribarem a les ${16 + (n % 4)}:00. Gràcies!`,
              created_at: '2026-01-01T10:00:00.000000Z',
            },
            {
              id: n * 10 + 1,
              thread_id: null,
              in_out: 1,
              message: 'Perfect, the key box code is on the door',
              created_at: '2026-01-01T11:00:00.000000Z',
            },
          ],
        },
      ];
      replaceThreadsOfBooking(db, n, parseAll(threadRead, raw));
    }
  });
}
