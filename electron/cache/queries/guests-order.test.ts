// A booking's guests read in the order they were registered: the server's,
// then those not yet sent in the order they were taken (local ids -1, -2, …),
// so guests typed in the New booking form show as they were typed.
import { describe, expect, it } from 'vitest';
import { guestRead } from '../../../shared/api';
import { openCache } from '../db';
import { guestsTable } from '../tables';
import { upsertRecords } from '../write';
import { listGuests } from './bookings';

describe("a booking's guests", () => {
  it('come as registered: server ids first, then local ones from -1 down', () => {
    const db = openCache({ path: ':memory:' });
    const rows = [
      { id: -2, name: 'Second', lastname: 'Local' },
      { id: 40, name: 'Later', lastname: 'Server' },
      { id: -1, name: 'First', lastname: 'Local' },
      { id: 7, name: 'Early', lastname: 'Server' },
    ];
    upsertRecords(
      db,
      guestsTable,
      // Local ones as the outbox writes them (a read schema takes no local id: they are never the server's).
      rows.map((raw) => ({ value: { ...guestRead.parse({ ...raw, id: 1 }), id: raw.id, booking_number: -5 }, raw })),
    );
    expect(listGuests(db, -5).map((g) => g.name)).toEqual(['Early', 'Later', 'First', 'Second']);
  });
});
