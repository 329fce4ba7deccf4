// Incidents cannot hide: every open one is listed whatever its date, the
// most urgent first and, among equals, the one waiting longest.
import { describe, expect, it } from 'vitest';
import { incidentRead } from '../../../shared/api';
import { openCache } from '../db';
import { upsertIncidents } from '../write-compound';
import { listIncidents, listOpenIncidents } from './tasks';

function incidents() {
  const db = openCache({ path: ':memory:' });
  const raw = (id: number, priority: number, date: string, listing: number, finished = 0) => ({
    id,
    priority,
    date,
    note: `Incident ${id}`,
    properties: [{ listing_id: listing, finished }],
  });
  upsertIncidents(
    db,
    [
      raw(1, 2, '2026-06-12 09:00:00', 1), // medium, in two days
      raw(2, 4, '2026-06-02 08:00:00', 2), // urgent, last week
      raw(3, 4, '2026-05-20 18:30:00', 1), // urgent, three weeks ago: waiting longest
      raw(4, 3, '2025-12-01 10:00:00', 2), // high, half a year ago
      raw(5, 4, '2026-06-01 08:00:00', 1, 1), // urgent but finished
      raw(6, 1, '2027-01-15 08:00:00', 2), // low, next year
    ].map((r) => ({ value: incidentRead.parse(r), raw: r })),
  );
  return db;
}

describe('open incidents', () => {
  it('lists every open incident whatever its date, by priority then oldest first', () => {
    const db = incidents();
    expect(listOpenIncidents(db, {}).map((i) => i.id)).toEqual([3, 2, 4, 1, 6]);
  });

  it('filters by priority and listing, never showing a finished one', () => {
    const db = incidents();
    expect(listOpenIncidents(db, { priorities: [4] }).map((i) => i.id)).toEqual([3, 2]);
    expect(listOpenIncidents(db, { listingIds: [2] }).map((i) => i.id)).toEqual([2, 4, 6]);
  });

  it('leaves finished ones to a date window', () => {
    const db = incidents();
    expect(listIncidents(db, { from: '2026-06-01', to: '2026-06-07', open: false }).map((i) => i.id)).toEqual([5]);
    expect(listIncidents(db, { from: '2026-06-08', to: '2026-06-30', open: false })).toEqual([]);
  });
});
