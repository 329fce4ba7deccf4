// The business's most used countries, from its cached customers and guests:
// ids, ISO codes and names all count, duplicate code-table ids as one country.
import { describe, expect, it } from 'vitest';
import { customerRead, guestRead } from '../../../shared/api';
import { openCache } from '../db';
import { customersTable, guestsTable } from '../tables';
import { upsertRecords } from '../write';
import { countryUsage } from './countries';
import { storeWire } from '../testing/fixtures';

describe('countryUsage', () => {
  it('counts countries and nationalities of customers and guests, most used first', () => {
    const db = openCache({ path: ':memory:' });
    const customers = [
      { id: 1, name: 'Ana', lastname: 'G', country: 'Spain', nationality: 'ES' },
      { id: 2, name: 'Jo', lastname: 'H', country: 'Germany', nationality: '4' },
      { id: 3, name: 'Zé', lastname: 'K', country: 'Cape Verde', nationality: null },
    ];
    storeWire(db, customersTable, customerRead, customers);
    const guests = [
      { id: 10, name: 'Luis', lastname: 'P', country: 73, nationality: '73' },
      { id: 11, name: 'Maria', lastname: 'T', country: 38, nationality: '248' },
    ];
    upsertRecords(
      db,
      guestsTable,
      guests.map((raw) => ({ value: { ...guestRead.parse(raw), booking_number: 5 }, raw })),
    );
    // Spain ×4, Cape Verde (38 and 248 are one country) ×3, Germany ×2.
    expect(countryUsage(db)).toEqual([73, 38, 4]);
    expect(countryUsage(db, 1)).toEqual([73]);
  });

  it('is empty for a business with no customers yet', () => {
    expect(countryUsage(openCache({ path: ':memory:' }))).toEqual([]);
  });
});
