// Hash routes round-trip; unknown paths land on Today rather than a blank screen.
import { describe, expect, it } from 'vitest';
import { formatHash, parseHash, Router } from './router.svelte';

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
  it('follows a record made here to its server id: the history entry replaced, the page kept', () => {
    const replaced: string[] = [];
    const win = {
      location: { hash: '#/booking/-1?tab=guests' },
      history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
    } as unknown as Window;
    const router = new Router(win);
    const key = router.key(router.route);
    router.follow(108562);
    expect(router.route).toEqual({ name: 'booking', id: '108562', query: { tab: 'guests' } });
    expect(replaced).toEqual(['#/booking/108562?tab=guests']);
    expect(router.key(router.route)).toBe(key);
    // Another booking opened later is another page.
    expect(router.key(parseHash('#/booking/108563'))).not.toBe(key);
  });
});
