// Benchmark: a long day offline for a team, replayed. 10,000 edits over 2,000
// records (cleaning tasks, maintenance tasks, bookings; five edits each,
// interleaved the way a day's work is) are made with no server reachable —
// queued only — then drained against the local simulator. Figures: requests
// per record touched (goal ≤ 1.1: one write per record, reads batched), the
// drain time, and what the UI would feel meanwhile: the Today board read on
// the same connection every turn of the event loop while the drain runs (the
// main process answers screens and replays the outbox on one thread), its p95
// beside the same reads with nothing draining. --quick: 1,000 edits over 200
// records.
import { startSimulator, type Simulator } from '../../simulator';
import { queries } from '../../electron/cache';
import { Device } from '../../electron/outbox/testing/rig';
import { seedListing } from '../../electron/outbox/testing/seed';
import type { Kind } from '../../electron/outbox/types';
import { median, nowMs, percentile } from '../stats';
import type { BenchRow, BenchSuite } from '../types';

const TODAY = '2026-06-15';
const WINDOW = { from: '2026-05-01', to: '2026-09-30' };

/** Board reads, each timed from the moment it was asked (a timer set) to its answer: waiting for the thread included. */
async function boardLatencies(dev: Device, until: () => boolean, minSamples: number): Promise<number[]> {
  const out: number[] = [];
  while (!until() || out.length < minSamples) {
    const asked = nowMs();
    await new Promise<void>((r) => setTimeout(r, 0));
    queries.boardDay(dev.db, { date: TODAY });
    out.push(nowMs() - asked);
    if (until() && out.length >= minSamples) break;
  }
  return out;
}

function pickTargets(dev: Device, records: number): [Kind, number][] {
  // Four tenths cleaning, three maintenance, three bookings: the day's mix.
  const take = (sql: string, n: number, kind: Kind) =>
    dev.db
      .pluck<number>(sql)
      .slice(0, n)
      .map((id) => [kind, id] as [Kind, number]);
  const cleaning = take('SELECT id FROM cleaning ORDER BY date, id', Math.round(records * 0.4), 'cleaning');
  const maintenance = take('SELECT id FROM maintenance ORDER BY date, id', Math.round(records * 0.3), 'maintenance');
  const bookings = take(
    'SELECT booking_number FROM bookings ORDER BY start_date, booking_number',
    records - cleaning.length - maintenance.length,
    'bookings',
  );
  const all = [...cleaning, ...maintenance, ...bookings];
  if (all.length < records) throw new Error(`only ${all.length} records in the seeded window (${records} wanted)`);
  return all;
}

function edit(dev: Device, kind: Kind, id: number, i: number): void {
  const o = dev.current.outbox;
  if (kind === 'bookings') o.enqueue('bookings.update', { bookingNumber: id, changes: { notes: `day offline ${i}` } });
  else if (kind === 'maintenance') o.enqueue('maintenance.update', { id, changes: { notes: `day offline ${i}` } });
  else o.enqueue('cleaning.update', { id, changes: { notes: `day offline ${i}` } });
}

export const suite: BenchSuite = {
  name: 'replays',
  async run({ quick, log }) {
    const records = quick ? 200 : 2000;
    const edits = quick ? 1000 : 10_000;
    const listings = quick ? 8 : 60;
    const sim: Simulator = await startSimulator({ seed: 11, listings, today: TODAY });
    const dev = new Device({ url: sim.url, user: sim.user, password: sim.password, requestTimeoutMs: 30_000 });
    try {
      for (let l = 0; l < listings; l++)
        await seedListing(dev.db, dev.current.client, { listingId: 101 + l, ...WINDOW });
      const targets = pickTargets(dev, records);

      // Nothing draining: the floor of a board read on this connection.
      const idle = await boardLatencies(dev, () => true, 200);

      const t0 = nowMs();
      for (let i = 0; i < edits; i++) {
        const [kind, id] = targets[i % targets.length]!;
        edit(dev, kind, id, i);
      }
      const enqueueMs = nowMs() - t0;
      log(`${edits} edits over ${targets.length} records queued in ${enqueueMs.toFixed(0)} ms`);

      const mark = sim.requestLog().length;
      let drained = false;
      const t1 = nowMs();
      const drain = dev.current.outbox.drain({ untilSettled: true }).finally(() => (drained = true));
      const during = await boardLatencies(dev, () => drained, 20);
      await drain;
      const drainMs = nowMs() - t1;
      const summary = dev.current.outbox.summary();
      if (summary.unsent) throw new Error(`the drain left ${summary.unsent} entries unsent`);
      const log_ = sim.requestLog().slice(mark);
      const requests = log_.filter((r) => r.endpoint !== 'auth.login').length;
      const byEndpoint = new Map<string, number>();
      for (const r of log_) byEndpoint.set(r.endpoint ?? '?', (byEndpoint.get(r.endpoint ?? '?') ?? 0) + 1);
      log(
        `drained in ${(drainMs / 1000).toFixed(1)} s: ${requests} requests (${[...byEndpoint]
          .map(([e, n]) => `${e} ${n}`)
          .join(
            ', ',
          )}); board during the drain: ${during.length} reads, p95 ${percentile(during, 95).toFixed(1)} ms, max ${Math.max(...during).toFixed(0)} ms`,
      );
      const limit = 1.1 * targets.length;
      const size = `${edits.toLocaleString('en-US')} edits over ${targets.length.toLocaleString('en-US')} records`;
      const rows: BenchRow[] = [
        {
          id: 'replays.requests_per_record',
          what: `requests to replay ${size}`,
          figure: requests,
          unit: 'req',
          baseline: targets.length,
          baselineWhat: 'records touched',
          ratio: requests / targets.length,
          goal: '≤ 1.1 × records',
          ok: quick ? undefined : requests <= limit,
        },
        {
          id: 'replays.drain_ms',
          what: `time to drain ${size} (local simulator)`,
          figure: drainMs,
          unit: 'ms',
          baseline: edits,
          baselineWhat: 'edits',
          goal: 'report',
          spread: `${((edits / drainMs) * 1000).toFixed(0)} edits/s; queued in ${enqueueMs.toFixed(0)} ms`,
        },
        {
          id: 'replays.board_p95_during_drain_ms',
          what: `Today board read while they drain, p95 (asked → answered, on the draining thread)`,
          figure: percentile(during, 95),
          unit: 'ms',
          baseline: percentile(idle, 95),
          baselineWhat: 'p95 with nothing draining',
          ratio: percentile(during, 95) / percentile(idle, 95),
          goal: 'report (the UI stays responsive)',
          spread: `${during.length} reads; median ${median(during).toFixed(1)} / max ${Math.max(...during).toFixed(0)} ms`,
        },
      ];
      return rows;
    } finally {
      await dev.close();
      await sim.close();
    }
  },
};
