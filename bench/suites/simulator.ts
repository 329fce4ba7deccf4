// Benchmark: the PMS simulator itself — how long the business takes to
// generate at the benchmark size, how fast the demo size starts, and how the
// heaviest list (bookings in the default one-year window) and a small read
// perform over HTTP. Tests and other benchmarks stand on these numbers.
import { localToday } from '../../simulator/days';
import { generate } from '../../simulator/generate';
import { startSimulator } from '../../simulator/index';
import { median, nowMs, percentile, repeat, spreadOf } from '../stats';
import type { BenchRow, BenchSuite } from '../types';

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
  });
  return ((await res.json()) as { token: string }).token;
}

export const suite: BenchSuite = {
  name: 'simulator',
  async run({ quick, log }) {
    const rows: BenchRow[] = [];
    const size = quick ? 200 : 1000;
    const runs = quick ? 1 : 3;
    let bookings = 0;
    const gen = await repeat(
      runs,
      () => {
        const t = nowMs();
        bookings = generate({ seed: 7, listings: size, today: localToday() }).bookings.size;
        return nowMs() - t;
      },
      0,
    );
    rows.push({
      id: 'sim.generate_ms',
      what: `generate ${size} listings (${bookings.toLocaleString('en-US')} bookings)`,
      figure: median(gen),
      unit: 'ms',
      goal: '< 10 s at 1,000 listings',
      ok: quick ? undefined : median(gen) < 10_000 && bookings >= 100_000,
      spread: spreadOf(gen, 0),
    });

    const start = await repeat(quick ? 2 : 5, async () => {
      const t = nowMs();
      const sim = await startSimulator({ listings: 40 });
      const ms = nowMs() - t;
      await sim.close();
      return ms;
    });
    rows.push({
      id: 'sim.start_demo_ms',
      what: 'startSimulator at the demo size (40 listings)',
      figure: median(start),
      unit: 'ms',
      goal: '< 1,000 ms',
      ok: median(start) < 1000,
      spread: spreadOf(start, 0),
    });

    log(`starting a ${size}-listing server`);
    const sim = await startSimulator({ listings: size });
    try {
      const bearer = { Authorization: `Bearer ${await token(sim.url)}` };
      let bytes = 0;
      const list = await repeat(runs, async () => {
        const t = nowMs();
        const res = await fetch(`${sim.url}/api/v1/bookings`, { headers: bearer });
        bytes = (await res.arrayBuffer()).byteLength;
        return nowMs() - t;
      });
      rows.push({
        id: 'sim.bookings_year_ms',
        what: `GET /bookings, default one-year window, ${size} listings (${(bytes / 1e6).toFixed(1)} MB)`,
        figure: median(list),
        unit: 'ms',
        goal: '< 2 s',
        ok: median(list) < 2000,
        spread: spreadOf(list, 0),
      });
      const samples: number[] = [];
      const n = quick ? 200 : 2000;
      for (let i = 0; i < n; i++) {
        const t = nowMs();
        const res = await fetch(`${sim.url}/api/v1/cleanings/800001`, { headers: bearer });
        await res.arrayBuffer();
        samples.push(nowMs() - t);
      }
      rows.push({
        id: 'sim.small_get_p95_ms',
        what: 'GET /cleanings/{id} over keep-alive, sequential',
        figure: percentile(samples, 95),
        unit: 'ms',
        goal: 'p95 < 5 ms',
        ok: percentile(samples, 95) < 5,
        spread: `p50 ${median(samples).toFixed(2)} / p99 ${percentile(samples, 99).toFixed(2)} (${n} requests)`,
      });
    } finally {
      await sim.close();
    }
    return rows;
  },
};
