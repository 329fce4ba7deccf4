// The generator: the same seed and size always give the same business, other
// seeds give another, and the benchmark size (≥ 1,000 listings, ≥ 100k
// bookings) is produced in seconds with its indexes consistent.
import { describe, expect, it } from 'vitest';
import { isLiveBooking } from '../../shared/domain/states';
import { dayOf } from '../days';
import type { Store } from '../model';
import { listingWire } from '../wire/inventory';
import { bookingWire } from '../wire/people';
import { generate } from './index';

const today = dayOf('2026-06-15');
const fingerprint = (s: Store) =>
  JSON.stringify({
    listings: [...s.listings.values()].slice(0, 5).map((l) => listingWire(l, 'get')),
    bookings: [...s.bookings.rows.values()].filter((_, i) => i % 97 === 0).map((b) => bookingWire(s, b, 'get')),
    counts: [s.bookings.size, s.cleanings.size, s.guests.size, s.messages.size, s.incidents.size],
  });

describe('generate', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generate({ seed: 7, listings: 25, today });
    const b = generate({ seed: 7, listings: 25, today });
    const c = generate({ seed: 8, listings: 25, today });
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(c));
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => generate({ seed: 1, listings: 0, today })).toThrow(/positive/);
    expect(() => generate({ seed: 1, listings: 2.5, today })).toThrow(/positive/);
  });

  it('never double-books a unit with live stays', () => {
    const s = generate({ seed: 3, listings: 60, today });
    for (const listing of s.listings.values()) {
      const byUnit = new Map<number, [number, number][]>();
      for (const b of s.bookings.ofListing(listing.id)) {
        if (!isLiveBooking(b.state)) continue;
        const stays = byUnit.get(b.unit) ?? [];
        stays.push([b.start, b.end]);
        byUnit.set(b.unit, stays);
      }
      for (const stays of byUnit.values()) {
        stays.sort((x, y) => x[0] - y[0]);
        for (let i = 1; i < stays.length; i++) expect(stays[i]![0]).toBeGreaterThanOrEqual(stays[i - 1]![1]);
      }
    }
  });

  // Its speed is measured by the benchmark (npm run bench), not asserted here.
  it('builds the benchmark size (1,000 listings, ≥ 100k bookings)', () => {
    const s = generate({ seed: 7, listings: 1000, today });
    expect(s.listings.size).toBe(1000);
    expect(s.bookings.size).toBeGreaterThanOrEqual(100_000);
    expect(s.cleanings.size).toBeGreaterThan(10_000);
    // The window index agrees with a full scan.
    const from = today;
    const to = today + 13;
    const scan = [...s.bookings.rows.values()].filter((b) => b.start <= to && b.end >= from).length;
    expect(s.bookings.query(from, to)).toHaveLength(scan);
  }, 60_000);
});
