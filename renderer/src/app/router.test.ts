// Hash routes round-trip; unknown paths land on Today rather than a blank screen.
import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './router.svelte';

describe('router', () => {
  it('parses name, id and query', () => {
    expect(parseHash('#/booking/1042?tab=guests')).toEqual({ name: 'booking', id: '1042', query: { tab: 'guests' } });
    expect(parseHash('')).toEqual({ name: 'today', id: null, query: {} });
    expect(parseHash('#/nowhere/3')).toEqual({ name: 'today', id: null, query: {} });
  });
  it('formats and drops empty query values', () => {
    expect(formatHash({ name: 'today', query: { date: '2026-05-04', city: '' } })).toBe('#/today?date=2026-05-04');
    expect(parseHash(formatHash({ name: 'listings', id: 12 }))).toEqual({ name: 'listings', id: '12', query: {} });
  });
});
