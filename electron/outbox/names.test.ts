// A change's subject from its kind's declaration (kinds/spec.ts SubjectSpec): each part taken from the
// record as the edit finds it, ids named from the cache by the one table the Sync screen's names use.
import { describe, expect, it } from 'vitest';
import { openCache } from '../cache/db';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { KIND_SPECS } from './kinds';
import { NO_SUBJECT, subjectOf } from './names';
import { MIGRATIONS } from './testing/rig';

function setup() {
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, makeHost({ listings: 1, bookingsPerListing: 1, start: '2026-03-01' }));
  const listing = db.get<{ id: number; name: string }>('SELECT id, name FROM listings')!;
  db.run(`INSERT INTO rates (rate_id, listing_id, name, data, raw) VALUES (7, ?, ' Summer ', '{}', '{}')`, [
    listing.id,
  ]);
  // An owner made here, under its local id, named as the person wrote it.
  db.run(`INSERT INTO owners (id, name, data, raw) VALUES (-2, 'Marta Vidal', ?, '{}')`, [
    JSON.stringify({ company_name: '', name: 'Marta Vidal' }),
  ]);
  return { db, listing };
}

describe("a change's subject", () => {
  it('names a booking by its number, a new one by its local number, and its listing from the cache', () => {
    const { db, listing } = setup();
    const spec = KIND_SPECS.bookings.subject;
    expect(subjectOf(db, spec, { booking_number: 4411, listing_id: listing.id }, {})).toEqual({
      ...NO_SUBJECT,
      booking: 4411,
      listing: listing.name,
    });
    expect(subjectOf(db, spec, { listing_id: listing.id }, { localId: -5 })).toMatchObject({ booking: -5 });
    // A listing the cache does not hold, or a field that is no id, names nothing rather than a guess.
    expect(subjectOf(db, spec, { booking_number: 1, listing_id: 999 }, {}).listing).toBeNull();
    expect(subjectOf(db, spec, { booking_number: 1, listing_id: String(listing.id) }, {}).listing).toBeNull();
  });

  it("takes a guest's or a message's booking from the entry's context before the record", () => {
    const { db } = setup();
    expect(
      subjectOf(db, KIND_SPECS.guests.subject, { name: ' Ada ', lastname: 'Guest' }, { bookingNumber: 12 }),
    ).toEqual({
      ...NO_SUBJECT,
      name: 'Ada Guest',
      booking: 12,
    });
    expect(subjectOf(db, KIND_SPECS.guests.subject, { name: 'Ada', booking_number: 13 }, {}).booking).toBe(13);
    expect(subjectOf(db, KIND_SPECS.messages.subject, {}, { bookingNumber: 14 }).booking).toBe(14);
  });

  it('names a rate, an owner made here, days and computed words', () => {
    const { db, listing } = setup();
    expect(subjectOf(db, KIND_SPECS.prices.subject, { listing_id: listing.id, rate_id: '7' }, {})).toMatchObject({
      listing: listing.name,
      rate: 'Summer',
    });
    expect(subjectOf(db, KIND_SPECS.costs.subject, { concept: ' Paint ', owner_id: -2 }, {})).toMatchObject({
      name: 'Paint',
      owner: 'Marta Vidal',
    });
    expect(
      subjectOf(db, KIND_SPECS.blocks.subject, { listing_id: 0, start_date: '2026-03-04T10:00', end_date: 'soon' }, {}),
    ).toMatchObject({ listing: null, from: '2026-03-04', to: null });
    expect(subjectOf(db, KIND_SPECS.incidents.subject, { subtitle: '', note: 'x'.repeat(60) }, {}).name).toBe(
      'x'.repeat(40),
    );
    expect(
      subjectOf(db, KIND_SPECS.photos.subject, { listing_id: listing.id, title: { en: 'Pool' } }, {}),
    ).toMatchObject({ listing: listing.name });
  });
});
