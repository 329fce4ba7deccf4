// Benchmark: how fast the tolerant read schemas validate and normalise API
// records, against JSON.parse of the same payload alone (the floor any
// validation sits on). Sync ingest speed depends on this.
import { bookingRead } from '../../shared/api/bookings';
import { median, nowMs, repeat, spreadOf } from '../stats';
import type { BenchSuite } from '../types';

function wireBookings(n: number): string {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      booking_number: 100000 + i,
      listing_id: 1 + (i % 1000),
      start_date: '2026-11-21',
      end_date: '2026-11-24',
      customer_id: i,
      state: [3, 6, 1, 2][i % 4],
      adults: 2,
      children: i % 3,
      infants: 0,
      paid: 100,
      prepaid: -5,
      total: 450.5,
      deposit: 200,
      tourist_tax: i % 2 ? '6.60' : 6.6,
      arrival_time: '16:00:00',
      arrival_time_until: '20:00',
      departure_time: '10:00',
      departure_time_until: '11:00:00',
      source_id: 1,
      opening_code: i % 5 ? null : '1234',
      checkin_completed: i % 2 === 0,
      key_numbers: i % 2 ? 2 : '2',
      notes: null,
      services: [{ id: 5, qty: 1, price: 3000 }],
      extras: [],
    });
  }
  return JSON.stringify({ data: rows });
}

export const suite: BenchSuite = {
  name: 'contract',
  async run({ quick }) {
    const n = quick ? 5_000 : 50_000;
    const payload = wireBookings(n);
    const runs = quick ? 3 : 7;
    const parseOnly = await repeat(runs, () => {
      const t = nowMs();
      JSON.parse(payload);
      return n / ((nowMs() - t) / 1000);
    });
    const validated = await repeat(runs, () => {
      const t = nowMs();
      const body = JSON.parse(payload) as { data: unknown[] };
      for (const row of body.data) bookingRead.parse(row);
      return n / ((nowMs() - t) / 1000);
    });
    const figure = median(validated);
    const baseline = median(parseOnly);
    return [
      {
        id: 'contract.booking_parse',
        what: 'bookings parsed + validated + normalised',
        figure,
        unit: 'rec/s',
        baseline,
        baselineWhat: 'JSON.parse alone',
        ratio: figure / baseline,
        goal: '≥ 100,000 rec/s',
        ok: figure >= 100_000,
        spread: spreadOf(validated, 0),
      },
    ];
  },
};
