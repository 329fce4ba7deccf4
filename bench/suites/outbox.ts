// Benchmark: what replaying the outbox costs against the local simulator —
// requests per replayed edit (N edits to one record; 1,000 edits over 100
// records) and the time to drain 1,000 edits, median of several runs. Edits
// are made offline first (the case the outbox exists for), then drained.
import { startSimulator, type Simulator } from '../../simulator';
import { Device } from '../../electron/outbox/testing/rig';
import { seedListing } from '../../electron/outbox/testing/seed';
import type { Kind } from '../../electron/outbox/types';
import { median, nowMs, percentile, spreadOf } from '../stats';
import type { BenchRow, BenchSuite } from '../types';

const TODAY = '2026-06-15';

async function device(sim: Simulator, listings: readonly number[]): Promise<Device> {
  const dev = new Device({ url: sim.url, user: sim.user, password: sim.password, requestTimeoutMs: 10_000 });
  for (const listingId of listings)
    await seedListing(dev.db, dev.current.client, { listingId, from: '2026-06-01', to: '2026-08-31' });
  return dev;
}

const requestsSince = (sim: Simulator, mark: number) =>
  sim
    .requestLog()
    .slice(mark)
    .filter((r) => r.endpoint !== 'auth.login').length;

/** An edit of a task or booking with values that differ run to run. */
function edit(dev: Device, kind: Kind, id: number, i: number): void {
  const o = dev.current.outbox;
  if (kind === 'bookings') o.enqueue('bookings.update', { bookingNumber: id, changes: { notes: `bench ${i}` } });
  else if (kind === 'maintenance') o.enqueue('maintenance.update', { id, changes: { notes: `bench ${i}` } });
  else
    o.enqueue('cleaning.update', { id, changes: i % 3 ? { notes: `bench ${i}` } : { status: i % 3, time: '12:00' } });
}

interface Drained {
  requests: number;
  ms: number;
  enqueueMs: number[];
}

async function drainOnce(
  sim: Simulator,
  dev: Device,
  targets: readonly [Kind, number][],
  edits: number,
  run: number,
): Promise<Drained> {
  const enqueueMs: number[] = [];
  for (let i = 0; i < edits; i++) {
    const [kind, id] = targets[i % targets.length]!;
    const t = nowMs();
    edit(dev, kind, id, run * 100_000 + i);
    enqueueMs.push(nowMs() - t);
  }
  const mark = sim.requestLog().length;
  const t = nowMs();
  await dev.current.outbox.drain({ untilSettled: true });
  const ms = nowMs() - t;
  const summary = dev.current.outbox.summary();
  if (summary.unsent) throw new Error(`bench drain left ${summary.unsent} entries unsent`);
  return { requests: requestsSince(sim, mark), ms, enqueueMs };
}

export const suite: BenchSuite = {
  name: 'outbox',
  async run({ quick, log }) {
    const runs = quick ? 3 : 7;
    const sim = await startSimulator({ seed: 5, listings: 12, today: TODAY });
    try {
      const listings = Array.from({ length: 12 }, (_, i) => 101 + i);
      const rows: BenchRow[] = [];

      // ── N edits to one record ──
      const n = 50;
      const one = await device(sim, listings.slice(0, 1));
      const task = one.db.pluck<number>('SELECT id FROM cleaning ORDER BY id LIMIT 1')[0]!;
      const single = await drainOnce(sim, one, [['cleaning', task]], n, 0);
      await one.close();
      log(`${n} edits to one record: ${single.requests} requests`);
      rows.push({
        id: 'outbox.requests_one_record',
        what: `requests to replay ${n} edits of one record`,
        figure: single.requests,
        unit: 'req',
        baseline: n,
        baselineWhat: 'one request per edit',
        ratio: single.requests / n,
        goal: '≤ 2 requests',
        ok: single.requests <= 2,
      });

      // ── 1,000 edits over 100 records, several runs ──
      const dev = await device(sim, listings);
      const pick = (sql: string, k: number) => dev.db.pluck<number>(sql).slice(0, k);
      const targets: [Kind, number][] = [
        ...pick('SELECT id FROM cleaning ORDER BY id', 50).map((id) => ['cleaning', id] as [Kind, number]),
        ...pick('SELECT id FROM maintenance ORDER BY id', 30).map((id) => ['maintenance', id] as [Kind, number]),
        ...pick('SELECT booking_number FROM bookings ORDER BY 1', 20).map((id) => ['bookings', id] as [Kind, number]),
      ];
      if (targets.length < 100) throw new Error(`only ${targets.length} records to edit`);
      const results: Drained[] = [];
      await drainOnce(sim, dev, targets, 1000, 0); // warm-up
      for (let r = 1; r <= runs; r++) {
        const d = await drainOnce(sim, dev, targets, 1000, r);
        log(`run ${r}: ${d.requests} requests, ${d.ms.toFixed(0)} ms`);
        results.push(d);
      }
      await dev.close();
      const requests = median(results.map((d) => d.requests));
      const times = results.map((d) => d.ms);
      const enqueue = results.flatMap((d) => d.enqueueMs);
      rows.push(
        {
          id: 'outbox.requests_1000_edits',
          what: 'requests to replay 1,000 edits over 100 records',
          figure: requests,
          unit: 'req',
          baseline: 1000,
          baselineWhat: 'one request per edit',
          ratio: requests / 1000,
          goal: '≤ 200 requests',
          ok: requests <= 200,
          spread: spreadOf(
            results.map((d) => d.requests),
            0,
          ),
        },
        {
          id: 'outbox.drain_1000_ms',
          what: 'time to drain 1,000 edits (100 records, local simulator)',
          figure: median(times),
          unit: 'ms',
          goal: '< 2,000 ms',
          ok: median(times) < 2000,
          spread: spreadOf(times, 0),
        },
        {
          id: 'outbox.enqueue_p95_ms',
          what: 'one edit written (entry + optimistic change + mark), p95',
          figure: percentile(enqueue, 95),
          unit: 'ms',
          baseline: median(enqueue),
          baselineWhat: 'median',
          goal: '< 2 ms',
          ok: percentile(enqueue, 95) < 2,
        },
      );
      return rows;
    } finally {
      await sim.close();
    }
  },
};
