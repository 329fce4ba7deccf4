// DayTable: window and listing queries stay right when records move between
// days and listings, are removed, or span long stays.
import { describe, expect, it } from 'vitest';
import { DayTable } from './table';

interface Row {
  id: number;
  listing: number;
  start: number;
  end: number;
}
const table = () => new DayTable<Row>((r) => ({ listings: [r.listing], start: r.start, end: r.end }));

describe('DayTable', () => {
  it('finds records overlapping a window, sorted by first day then id', () => {
    const t = table();
    t.insert({ id: 3, listing: 1, start: 10, end: 12 });
    t.insert({ id: 1, listing: 2, start: 5, end: 40 });
    t.insert({ id: 2, listing: 1, start: 10, end: 10 });
    t.insert({ id: 4, listing: 1, start: 20, end: 22 });
    expect(t.query(11, 15).map((r) => r.id)).toEqual([1, 3]);
    expect(t.query(10, 10).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(t.query(10, 25, 1).map((r) => r.id)).toEqual([2, 3, 4]);
    expect(t.query(41, 50)).toEqual([]);
  });

  it('re-indexes on update and forgets removed records', () => {
    const t = table();
    t.insert({ id: 1, listing: 1, start: 10, end: 12 });
    t.update(1, (r) => {
      r.start = 30;
      r.end = 31;
      r.listing = 2;
    });
    expect(t.query(10, 12)).toEqual([]);
    expect(t.query(30, 30, 2).map((r) => r.id)).toEqual([1]);
    expect(t.query(30, 30, 1)).toEqual([]);
    t.remove(1);
    expect(t.query(0, 100)).toEqual([]);
    expect(t.size).toBe(0);
    expect(() => {
      t.insert({ id: 5, listing: 1, start: 1, end: 1 });
      t.insert({ id: 5, listing: 1, start: 1, end: 1 });
    }).toThrow(/duplicate/);
  });
});
