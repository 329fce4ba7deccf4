// The Registration view's read: which stays still owe the police a guest
// report, what each guest lacks, and by when — a child needs no document, a
// cancelled or no-show stay owes nothing, a refused guest is not registered.
import { describe, expect, it } from 'vitest';
import { bookingRead, guestRead, listingRead } from '../../../shared/api';
import { registrationDeadline } from '../../../shared/domain/registration';
import { openCache, type WritableDB } from '../db';
import { bookingsTable, guestsTable, listingsTable } from '../tables';
import { upsertRecords } from '../write';
import { registrationDue } from './registration';
import { storeWire } from '../testing/fixtures';

const D = '2026-06-10';
const complete = {
  nationality: 'ES',
  sex: 'F',
  date_birth: '1980-01-02',
  document_type: 'DNI',
  number_id: '12345678Z',
  date_issue: '2020-01-01',
};

function fixture(): WritableDB {
  const db = openCache({ path: ':memory:' });
  upsertRecords(db, listingsTable, [{ value: listingRead.parse({ id: 1, name: 'Casa Azul' }), raw: {} }]);
  const stay = (booking_number: number, start_date: string, end_date: string, extra: object = {}) => ({
    booking_number,
    listing_id: 1,
    start_date,
    end_date,
    state: 3,
    adults: 2,
    children: 0,
    ...extra,
  });
  const bookings = [
    stay(1, D, '2026-06-12', { arrival_time: '17:30' }), // arrives today, one guest registered, complete
    stay(2, '2026-06-08', '2026-06-11'), // in house, both guests, one lacks a document number
    stay(3, '2026-06-11', '2026-06-13'), // arrives tomorrow, no guest yet
    stay(4, '2026-06-12', '2026-06-14'), // the day after tomorrow: not yet
    stay(5, D, '2026-06-12', { state: 1 }), // cancelled
    stay(6, D, '2026-06-12', { state: 8 }), // no show
    stay(7, '2026-06-05', D), // left today: no longer in house
    stay(8, D, '2026-06-12', { adults: 1, children: 1 }), // adult + a 10-year-old without a document: done
    stay(9, D, '2026-06-12', { adults: 1 }), // one guest, complete: done
  ];
  storeWire(db, bookingsTable, bookingRead, bookings);
  const guest = (id: number, booking: number, extra: object) => {
    const raw = { id, name: `G${id}`, lastname: 'Test', ...complete, ...extra };
    return { value: { ...guestRead.parse(raw), booking_number: booking }, raw };
  };
  upsertRecords(db, guestsTable, [
    guest(11, 1, {}),
    guest(21, 2, {}),
    guest(22, 2, { number_id: '' }),
    guest(81, 8, {}),
    guest(82, 8, { date_birth: '2016-03-03', document_type: null, number_id: null, date_issue: null }),
    guest(91, 9, {}),
  ]);
  // Every stay's guests have been fetched once, except stay 3's.
  for (const n of [1, 2, 4, 5, 6, 7, 8, 9])
    db.run(
      `INSERT INTO sync_state (resource, scope, win, fetched_at, attempted_at, error, records) VALUES ('guests', ?, '', 1, 1, NULL, 0)`,
      [`booking:${n}`],
    );
  return db;
}

describe('registration.due', () => {
  it('lists the stays arriving today or tomorrow or in house whose guests are not all registered, earliest deadline first', () => {
    const items = registrationDue(fixture(), { date: D });
    expect(items.map((i) => i.booking_number)).toEqual([2, 1, 3]);
    const [inHouse, today, tomorrow] = items;
    expect(inHouse).toMatchObject({ expected: 2, registered: 2, deadline: '2026-06-09T00:00' });
    expect(inHouse!.guests.map((g) => g.missing)).toEqual([[], ['number_id']]);
    expect(today).toMatchObject({
      expected: 2,
      registered: 1,
      deadline: '2026-06-11T17:30',
      listing_name: 'Casa Azul',
    });
    expect(tomorrow).toMatchObject({ expected: 2, registered: 0, guests: [], guestsKnown: false });
    expect(inHouse!.guestsKnown).toBe(true);
  });

  it('does not count a guest the PMS refused as registered', () => {
    const db = fixture();
    db.run(`UPDATE guests SET outbox_mark = ? WHERE id = 91`, [
      JSON.stringify({ state: 'rejected', entryIds: [1], fields: [] }),
    ]);
    const nine = registrationDue(db, { date: D }).find((i) => i.booking_number === 9);
    expect(nine).toMatchObject({ expected: 1, registered: 0 });
    expect(nine!.guests[0]!.outbox?.state).toBe('rejected');
  });

  it('narrows to the listings asked for', () => {
    expect(registrationDue(fixture(), { date: D, listingIds: [2] })).toEqual([]);
  });
});

describe('registrationDeadline', () => {
  it('is arrival + 24 h in wall time, or the start of the arrival day when the time is unknown', () => {
    expect(registrationDeadline('2026-03-28', '23:15')).toBe('2026-03-29T23:15');
    expect(registrationDeadline('2026-12-31', '10:00')).toBe('2027-01-01T10:00');
    expect(registrationDeadline('2026-06-10', null)).toBe('2026-06-11T00:00');
    expect(registrationDeadline('2026-06-10', 'late')).toBe('2026-06-11T00:00');
  });
});
