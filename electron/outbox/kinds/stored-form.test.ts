// The cache keeps one form of a record: the normalised one, its fields held as they are in the
// typed columns of the same name and the rest in `data` (cache/tables.ts wholeSql). Every read
// puts the two back together, and when an edit is made the server version it is made against is
// that record, read back with the same read schema that reads the wire (view.ts `normalise`). So,
// for every record in every wire form the simulator sends (list and single reads, the documented
// type variants): the row reads back as the record, and the read schema gives its own output back.
import { describe, expect, it } from 'vitest';
import { generate } from '../../../simulator/generate';
import type { Store } from '../../../simulator/model';
import { isoOf } from '../../../simulator/days';
import * as inventory from '../../../simulator/wire/inventory';
import * as operations from '../../../simulator/wire/operations';
import * as people from '../../../simulator/wire/people';
import { openCache } from '../../cache/db';
import { overlayRow } from '../../cache/overlay';
import type { TableSpec } from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import { normalise } from '../view';
import { KIND_SPECS, type Kind } from './index';

const store = generate({ seed: 11, listings: 12, today: 20_600 });
const all = <T>(table: { query(from: number, to: number): T[] }): T[] => table.query(-1e6, 1e6);

/** Wire records of each kind (both forms where the API has two), with the context columns a row gives them. */
const WIRE: Partial<
  Record<Kind, (s: Store) => { wire: Record<string, unknown>; context?: Record<string, unknown> }[]>
> = {
  listings: (s) =>
    [...s.listings.values()].flatMap((l) =>
      ['list', 'get'].map((f) => ({ wire: inventory.listingWire(l, f as 'list') })),
    ),
  photos: (s) => [...s.photos.values()].map((p) => ({ wire: inventory.photoWire(p) })),
  rates: (s) => [...s.rates.values()].map((r) => ({ wire: inventory.rateWire(r) })),
  blocks: (s) => all(s.blocks).map((b) => ({ wire: inventory.blockWire(b) })),
  destinations: (s) => [...s.destinations.values()].map((d) => ({ wire: inventory.destinationWire(d) })),
  incidents: (s) => all(s.incidents).map((i) => ({ wire: operations.incidentWire(i) })),
  maintenance: (s) => all(s.maintenance).map((m) => ({ wire: operations.maintenanceWire(m) })),
  cleaning: (s) => all(s.cleanings).map((c) => ({ wire: operations.cleaningWire(c) })),
  admins: (s) => [...s.admins.values()].map((a) => ({ wire: operations.adminWire(a) })),
  owners: (s) =>
    [...s.owners.values()].flatMap((o) => ['list', 'get'].map((f) => ({ wire: operations.ownerWire(o, f as 'list') }))),
  costs: (s) =>
    [...s.costs.values()].map((c) => ({ wire: operations.costDetailWire(c, s.owners.get(c.owner_id ?? -1)) })),
  bookings: (s) =>
    all(s.bookings).flatMap((b) => ['list', 'get'].map((f) => ({ wire: people.bookingWire(s, b, f as 'list') }))),
  customers: (s) => [...s.customers.values()].map((c) => ({ wire: people.customerWire(c) })),
  guests: (s) =>
    [...s.guests.values()].map((g) => ({ wire: people.guestWire(g), context: { booking_number: g.booking_id } })),
  messages: (s) =>
    [...s.messages.values()].map((m) => ({
      wire: people.messageWire(m),
      context: { thread_ref: m.thread_id, booking_number: 1 },
    })),
};

describe('a record’s stored form reads back as itself', () => {
  it('covers every kind whose records sync stores (prices keep their own calendar)', () => {
    const kinds = Object.keys(KIND_SPECS).filter((k) => k !== 'prices');
    expect(Object.keys(WIRE).sort()).toEqual(kinds.sort());
  });

  for (const [kind, wires] of Object.entries(WIRE) as [Kind, NonNullable<(typeof WIRE)[Kind]>][]) {
    it(kind, () => {
      const table: TableSpec<never> = KIND_SPECS[kind].table;
      const records = wires(store);
      expect(records.length).toBeGreaterThan(0);
      const db = openCache({ path: ':memory:' });
      for (const { wire, context } of records) {
        const read = normalise(kind, wire, context);
        expect(read, JSON.stringify(wire)).not.toBeNull();
        const whole = JSON.parse(JSON.stringify(table.record(read!))) as Record<string, unknown>;
        // Stored as sync stores it (the kind's own way where it has one: admins by their text key).
        const spec = KIND_SPECS[kind];
        const item = { value: read!, raw: wire };
        db.transaction(() => (spec.store ? spec.store(db, [item]) : upsertRecords(db, table, [item as never])));
        const key = table.keyOf(read as never);
        // The row put back together (what reads select, and the base of an edit made on it).
        const row = overlayRow(db, table, key)!;
        expect(table.record(JSON.parse(row['record'] as string) as object), `${kind} ${JSON.stringify(wire)}`).toEqual(
          whole,
        );
        const again = normalise(kind, whole, context);
        expect(again && table.record(again), `${kind} ${isoOf(store.today)} ${JSON.stringify(wire)}`).toEqual(whole);
      }
      db.close();
    });
  }
});
