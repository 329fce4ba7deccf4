// Issue 27 case 8: a `%`, `_` or `\` typed in a text filter matches itself,
// never "anything" — in every filter that reaches SQL through LIKE (the costs
// concept and the listings' search), all through the one escape (`likeText`).
import { describe, expect, it } from 'vitest';
import { costRead, listingRead } from '../../../shared/api';
import { openCache } from '../db';
import { costsTable, listingsTable } from '../tables';
import { storeWire } from '../testing/fixtures';
import { likeText } from './common';
import { listCosts, listListings } from './listings';

function cache() {
  const db = openCache({ path: ':memory:' });
  storeWire(db, costsTable, costRead, [
    { id: 1, owner_id: 1, concept: 'Plumbing', amount: 10 },
    { id: 2, owner_id: 1, concept: 'Towels 100% cotton', amount: 20 },
    { id: 3, owner_id: 1, concept: 'pool_cleaning', amount: 30 },
    { id: 4, owner_id: 1, concept: 'C:\\invoices', amount: 40 },
    { id: 5, owner_id: 1, concept: 'poolXcleaning', amount: 50 },
  ]);
  storeWire(db, listingsTable, listingRead, [
    { id: 1, name: 'Casa Azul', city: 'Sitges' },
    { id: 2, name: '100% Mar', city: 'Girona' },
    { id: 3, name: 'Loft_1', city: 'Tarragona' },
    { id: 4, name: 'LoftX1', city: 'Tarragona' },
  ]);
  return db;
}

const costIds = (db: ReturnType<typeof cache>, concept: string) => listCosts(db, { concept }).map((c) => c.id);
const listingIds = (db: ReturnType<typeof cache>, text: string) => listListings(db, { text }).map((l) => l.id);

describe('LIKE filters (issue 27, case 8)', () => {
  it('the costs concept filter: % and _ and \\ match themselves', () => {
    const db = cache();
    expect(costIds(db, '%')).toEqual([2]);
    expect(costIds(db, '_')).toEqual([3]);
    expect(costIds(db, 'pool_')).toEqual([3]);
    expect(costIds(db, '\\')).toEqual([4]);
    expect(costIds(db, 'PLUMB')).toEqual([1]);
    expect(costIds(db, '$&')).toEqual([]);
  });

  it('the listings search: the same', () => {
    const db = cache();
    expect(listingIds(db, '%')).toEqual([]);
    expect(listingIds(db, '100%')).toEqual([2]);
    expect(listingIds(db, 'loft_')).toEqual([3]);
    expect(listingIds(db, '_')).toEqual([]);
  });

  it('one escape: backslash first, then the wildcards', () => {
    expect(likeText('a\\%_b')).toBe('a\\\\\\%\\_b');
  });
});
