// The board's filters survive a round trip through the URL, and bulk actions
// never queue an edit that changes nothing.
import { describe, expect, it } from 'vitest';
import { appendNote, boardInput, filtersFromQuery, filtersToQuery } from './board.svelte';
import { today } from './dates';

describe('board filters', () => {
  it('round-trips through the URL query', () => {
    const f = filtersFromQuery({ date: '2026-05-04', status: '0,2', inspected: 'no', incident: 'yes', all: '1' });
    expect(f).toMatchObject({ date: '2026-05-04', statuses: [0, 2], inspected: 'no', hasIncident: 'yes' });
    expect(f.onlyActive).toBe(false);
    expect(filtersFromQuery(filtersToQuery(f))).toEqual(f);
  });
  it('falls back to today and no filters on junk', () => {
    const f = filtersFromQuery({ date: '2026-02-31', destination: 'x', status: 'a,b', inspected: 'maybe' });
    expect(f).toEqual({
      date: today(),
      city: '',
      destination: null,
      statuses: [],
      inspected: 'any',
      hasIncident: 'any',
      onlyActive: true,
    });
  });
  it('sends only the filters in use', () => {
    expect(boardInput(filtersFromQuery({ date: '2026-05-04' }))).toEqual({ date: '2026-05-04', onlyActive: true });
  });
  it('appends notes on a new line and keeps them within the limit', () => {
    expect(appendNote('', ' Towels ')).toBe('Towels');
    expect(appendNote('Keys in box\n', 'Towels')).toBe('Keys in box\nTowels');
    expect(appendNote('x'.repeat(4999), 'more')).toHaveLength(5000);
  });
});
