// How the board's day is read narrowed to some listings: a few are sought one by one on the
// listing's index; a window of many scans the day on its date index and keeps theirs (a seek per
// listing for a thousand listings cost three times the day's scan).
import { describe, expect, it } from 'vitest';
import { openCache } from '../db';
import { DAY_SQL } from './board-read';

const firstSteps = (variant: 'some' | 'many') => {
  const db = openCache({ path: ':memory:' });
  return Object.fromEntries(
    Object.entries(DAY_SQL[variant]).map(([list, sql]) => [
      list,
      String(db.rows(`EXPLAIN QUERY PLAN ${sql}`, ['2026-06-10', '[1, 2]'])[0]![3]),
    ]),
  );
};

describe("the board's day narrowed to some listings", () => {
  it('seeks a few listings on their index', () => {
    expect(firstSteps('some')).toEqual({
      arrivals: 'SEARCH b USING INDEX bookings_listing (listing_id=? AND start_date=?)',
      departures: 'SEARCH b USING INDEX bookings_end (end_date=? AND listing_id=?)',
      cleaning: 'SEARCH cleaning USING INDEX cleaning_listing (listing_id=? AND date=?)',
      maintenance: 'SEARCH maintenance USING INDEX maintenance_listing (listing_id=? AND date=?)',
    });
  });

  it("scans the day's date for a window of many", () => {
    expect(firstSteps('many')).toEqual({
      arrivals: 'SEARCH b USING INDEX bookings_window (start_date=?)',
      departures: 'SEARCH b USING INDEX bookings_end (end_date=?)',
      cleaning: 'SEARCH cleaning USING INDEX cleaning_date (date=?)',
      maintenance: 'SEARCH maintenance USING INDEX maintenance_date (date=?)',
    });
  });
});
