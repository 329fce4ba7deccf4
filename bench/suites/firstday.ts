// Benchmark: the first hours of a new account (issue 25). One real engine
// signs in to a business on the simulator with churn ("other users"), every
// request taking 150 ms of clock time on a manual clock (hours in seconds, no
// real sleeps), the Today screen open, for three simulated hours from the
// first sign-in; the server goes away at seeded random moments and comes back;
// the person edits today's cleaning tasks now and then (bench/firstday/run.ts).
// At 60 and 1,000 listings (--quick: 60 for one hour). Figures: today's lists'
// age from minute 5 on (p95), the time to notice an outage and a recovery
// (p95), the time from an online edit to the server (p95), 429s, the busiest
// sliding hour of the token, and when the next 14 days' guests are all in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstDay, type FirstDayResult } from '../firstday/run';
import { nowMs, percentile } from '../stats';
import type { BenchRow, BenchSuite } from '../types';

const LIMIT = 5000;

const p95 = (xs: number[]) => (xs.length ? percentile(xs, 95) : NaN);

function rowsFor(listings: number, hours: number, r: FirstDayResult, seconds: number): BenchRow[] {
  const size = `${listings} listings, ${hours} h from the first sign-in, 150 ms a request, churn, ${r.outages.length} outages`;
  const from5 = r.minutes.filter((m) => m.minute >= 5).map((m) => m.todayAge);
  const noticed = r.outages.map((w) => (w.noticedMs === null ? Infinity : w.noticedMs / 1000));
  const recovered = r.outages.map((w) => (w.recoveredMs === null ? Infinity : w.recoveredMs / 1000));
  const edits = r.edits.map((ms) => ms / 1000);
  const pausedMinutes = r.minutes.filter((m) => m.paused).length;
  const id = (k: string) => `firstday.${k}_${listings}`;
  return [
    {
      id: id('today_age_p95_min'),
      what: `age of today's lists from minute 5 on — p95 (${size})`,
      figure: p95(from5),
      unit: 'min',
      baseline: 5,
      baselineWhat: "today's lists' max age",
      goal: '≤ 5 min',
      ok: p95(from5) <= 5,
      spread: `max ${Math.max(...from5).toFixed(1)} min; ${pausedMinutes} of ${r.minutes.length} minutes paused for the budget; ${seconds.toFixed(0)} s`,
    },
    {
      id: id('outage_noticed_p95_s'),
      what: `time until an outage is noticed — p95 (${size})`,
      figure: p95(noticed),
      unit: 's',
      goal: '≤ 15 s',
      ok: p95(noticed) <= 15,
      spread: `each: ${r.outages.map((w, i) => `${Number.isFinite(noticed[i]!) ? noticed[i]!.toFixed(0) : 'never'}${w.paused ? ' (paused for the budget)' : ''}`).join(', ')} s`,
    },
    {
      id: id('recovery_noticed_p95_s'),
      what: `time until the server's return is noticed — p95 (${size})`,
      figure: p95(recovered),
      unit: 's',
      goal: 'report',
      spread: `each: ${recovered.map((s) => (Number.isFinite(s) ? s.toFixed(0) : 'never')).join(', ')} s`,
    },
    {
      id: id('edit_at_server_p95_s'),
      what: `time from an online edit to the server — p95 (${size})`,
      figure: p95(edits),
      unit: 's',
      goal: '≤ 10 s',
      ok: p95(edits) <= 10,
      spread: `${edits.length} edits, max ${Math.max(...edits).toFixed(1)} s`,
    },
    {
      id: id('busiest_hour'),
      what: `requests in the busiest sliding hour of the token (${size})`,
      figure: r.busiestHour,
      unit: 'requests',
      baseline: LIMIT,
      baselineWhat: 'limit per token',
      ratio: r.busiestHour / LIMIT,
      goal: '≤ limit, no 429',
      ok: r.busiestHour <= LIMIT && r.tooMany === 0,
      spread: `${r.tooMany} × 429; ${r.requests} requests in all`,
    },
    {
      id: id('fortnight_guests_min'),
      what: `minutes until every live booking arriving in the next 14 days has its guests in (${size})`,
      figure: r.fortnightGuestsAt ?? Infinity,
      unit: 'min',
      goal: 'report',
      spread:
        r.fortnightGuestsAt === null
          ? `not complete after ${hours} h: ${((r.minutes.at(-1)?.fortnightGuests ?? 0) * 100).toFixed(0)} %`
          : undefined,
    },
  ];
}

export const suite: BenchSuite = {
  name: 'firstday',
  async run({ quick, log }) {
    const sizes = quick ? [{ listings: 60, hours: 1 }] : [60, 1000].map((listings) => ({ listings, hours: 3 }));
    const rows: BenchRow[] = [];
    for (const { listings, hours } of sizes) {
      const dir = mkdtempSync(join(tmpdir(), 'stayboard-bench-firstday-'));
      try {
        const t0 = nowMs();
        const r = await firstDay(
          {
            listings,
            hours,
            latencyMs: 150,
            churnPerMinute: 4,
            seed: 25,
            dir,
            outages: 3 * hours,
            editEveryMs: 2 * 60_000,
          },
          (s) => log(`${listings} listings: ${s}`),
        );
        rows.push(...rowsFor(listings, hours, r, (nowMs() - t0) / 1000));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    return rows;
  },
};
