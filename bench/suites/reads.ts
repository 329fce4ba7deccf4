// Benchmark: the reads people wait for, over the big cache (1,000 listings,
// ≥ 100k bookings, ≥ 200k tasks; bench/fixtures/big-cache.ts). The Today
// board for one date, in-process (the cache query) against a `SELECT 1` round
// trip on the same connection, and through the web host's WebSocket bridge
// (the renderer's own transport, secret + origin) against a no-op command;
// then instant search for a surname, a document number and a booking number
// against the bare FTS match they stand on. Each figure: the median over
// several runs of that run's p95, with the spread of the runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchKind, StayboardBridge } from '../../shared/contract';
import { openCache, queries, type ReadableDB } from '../../electron/cache';
import { APP_MIGRATIONS, bigCache, type BigCache } from '../fixtures/big-cache';
import { startBenchHost } from '../fixtures/host';
import { prepareDataDir, rememberedCredentials } from '../fixtures/workspace';
import { median, nowMs, percentile } from '../stats';
import type { BenchRow, BenchSuite } from '../types';

/** Days around the fixture's today the board is read for (yesterday … next week). */
const DATE_OFFSETS = [-1, 0, 1, 2, 7];

interface Plan {
  quick: boolean;
  runs: number;
  /** Calls per run (≥ 200 so a p95 means something). */
  calls: number;
}

interface Latency {
  p50: number;
  p95: number;
  /** Per run. */
  p95s: number[];
}

/** `runs` runs of `calls` calls each (after one warm-up pass); p50/p95 per run, medians across runs. */
async function measure(plan: Plan, call: (i: number) => unknown): Promise<Latency> {
  for (let i = 0; i < Math.min(plan.calls, 20); i++) await call(i);
  const p50s: number[] = [];
  const p95s: number[] = [];
  for (let r = 0; r < plan.runs; r++) {
    const samples: number[] = [];
    for (let i = 0; i < plan.calls; i++) {
      const t = nowMs();
      await call(i);
      samples.push(nowMs() - t);
    }
    p50s.push(median(samples));
    p95s.push(percentile(samples, 95));
  }
  return { p50: median(p50s), p95: median(p95s), p95s };
}

const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n.toFixed(2));
function spread(l: Latency, plan: Plan): string {
  return `p50 ${ms(l.p50)} ms; p95 min ${ms(Math.min(...l.p95s))} / max ${ms(Math.max(...l.p95s))} (${plan.runs} runs × ${plan.calls})`;
}

function sizeNote(f: BigCache, quick: boolean): string {
  const k = (n: number) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));
  const tasks = (f.counts['cleaning'] ?? 0) + (f.counts['maintenance'] ?? 0);
  return `${quick ? 'quick: ' : ''}${f.counts['listings']} listings, ${k(f.counts['bookings'] ?? 0)} bookings, ${k(tasks)} tasks`;
}

function boardRows(db: ReadableDB, f: BigCache, plan: Plan, dates: string[]): BenchRow[] {
  const sizes = dates.map((date) => queries.boardDay(db, { date }).rows.length);
  const board = measureSync(plan, (i) => queries.boardDay(db, { date: dates[i % dates.length]! }));
  const floor = measureSync(plan, () => db.get('SELECT 1'));
  return [
    {
      id: 'reads.board_p95_ms',
      what: `Today board in-process, ${dates.length} dates (${Math.min(...sizes)}–${Math.max(...sizes)} listings active; ${sizeNote(f, plan.quick)})`,
      figure: board.p95,
      unit: 'ms',
      baseline: floor.p95,
      baselineWhat: 'SELECT 1 p95',
      ratio: board.p95 / floor.p95,
      goal: 'p95 < 2 ms',
      ok: plan.quick ? undefined : board.p95 < 2,
      spread: spread(board, plan),
    },
  ];
}

/** measure() for synchronous calls (no await between samples, so no event-loop noise). */
function measureSync(plan: Plan, call: (i: number) => unknown): Latency {
  for (let i = 0; i < Math.min(plan.calls, 20); i++) call(i);
  const p50s: number[] = [];
  const p95s: number[] = [];
  for (let r = 0; r < plan.runs; r++) {
    const samples: number[] = [];
    for (let i = 0; i < plan.calls; i++) {
      const t = nowMs();
      call(i);
      samples.push(nowMs() - t);
    }
    p50s.push(median(samples));
    p95s.push(percentile(samples, 95));
  }
  return { p50: median(p50s), p95: median(p95s), p95s };
}

interface SearchCase {
  label: string;
  text: string;
  /** The record the person is looking for. */
  expect: { kind: SearchKind; id: number };
}

/** Real values from the cache, of bookings arriving on the fixture's today (what a desk would look up). */
function searchCases(db: ReadableDB, today: string): SearchCase[] {
  const arriving = db.get<{ booking_number: number; customer_id: number }>(
    `SELECT booking_number, customer_id FROM bookings WHERE start_date >= ? AND customer_id IS NOT NULL
     ORDER BY start_date, booking_number LIMIT 1`,
    [today],
  );
  if (!arriving) throw new Error('the fixture has no booking from today on');
  const customer = db.get<{ lastname: string }>('SELECT lastname FROM customers WHERE id = ?', [arriving.customer_id]);
  const guest = db.get<{ id: number; doc: string }>(
    `SELECT g.id, json_extract(g.data, '$.number_id') AS doc FROM guests g JOIN bookings b ON b.booking_number = g.booking_number
     WHERE b.start_date >= ? AND json_extract(g.data, '$.number_id') <> '' ORDER BY b.start_date, g.id LIMIT 1`,
    [today],
  );
  if (!customer || !guest) throw new Error('the fixture has no customer or guest with a document for today on');
  return [
    { label: 'surname', text: customer.lastname, expect: { kind: 'customer', id: arriving.customer_id } },
    { label: 'document number', text: guest.doc, expect: { kind: 'guest', id: guest.id } },
    {
      label: 'booking number',
      text: String(arriving.booking_number),
      expect: { kind: 'booking', id: arriving.booking_number },
    },
  ];
}

function searchRows(db: ReadableDB, f: BigCache, plan: Plan): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const c of searchCases(db, f.today)) {
    const first = queries.search(db, { text: c.text });
    const found = first.hits.some((h) => h.kind === c.expect.kind && h.id === c.expect.id);
    const match = queries.ftsQuery(c.text) ?? '';
    const full = measureSync(plan, () => queries.search(db, { text: c.text }));
    const floor = measureSync(plan, () =>
      db.pluck('SELECT rowid FROM search WHERE search MATCH ? ORDER BY bm25(search, 4.0, 1.0) LIMIT 50', [match]),
    );
    rows.push({
      id: `reads.search_${c.label.replace(/ /g, '_')}_p95_ms`,
      what: `search "${c.text}" (${c.label}): ${first.hits.length} hits, wanted ${c.expect.kind} ${found ? 'found' : 'NOT found'}`,
      figure: full.p95,
      unit: 'ms',
      baseline: floor.p95,
      baselineWhat: 'bare FTS match p95',
      ratio: full.p95 / floor.p95,
      goal: 'p95 < 20 ms, record found',
      ok: plan.quick ? undefined : full.p95 < 20 && found,
      spread: spread(full, plan),
    });
  }
  return rows;
}

async function bridgeRows(
  bridge: StayboardBridge,
  f: BigCache,
  plan: Plan,
  dates: string[],
  log: (s: string) => void,
): Promise<BenchRow[]> {
  const session = await bridge.invoke('session.get', {});
  if (!session.ok || session.value.state !== 'signedIn')
    throw new Error(
      `the web host did not reopen the remembered account (${session.ok ? session.value.state : session.error.message})`,
    );
  const first = await bridge.invoke('board.day', { date: dates[1]! });
  if (!first.ok) throw new Error(`board.day over the bridge failed: ${first.error.message}`);
  const bytes = JSON.stringify(first.value).length;
  log(`board.day answer: ${first.value.rows.length} rows, ${Math.round(bytes / 1024)} KB of JSON`);
  const board = await measure(plan, async (i) => {
    const r = await bridge.invoke('board.day', { date: dates[i % dates.length]! });
    if (!r.ok) throw new Error(`board.day failed: ${r.error.message}`);
  });
  const floor = await measure(plan, async () => {
    const r = await bridge.invoke('app.info', {});
    if (!r.ok) throw new Error(`app.info failed: ${r.error.message}`);
  });
  return [
    {
      id: 'reads.board_ws_p95_ms',
      what: `Today board through the WebSocket bridge (answer ≈ ${Math.round(bytes / 1024)} KB; ${sizeNote(f, plan.quick)})`,
      figure: board.p95,
      unit: 'ms',
      baseline: floor.p95,
      baselineWhat: 'app.info round trip p95',
      ratio: board.p95 / floor.p95,
      goal: 'p95 < 10 ms',
      ok: plan.quick ? undefined : board.p95 < 10,
      spread: spread(board, plan),
    },
  ];
}

export const suite: BenchSuite = {
  name: 'reads',
  async run({ quick, log }) {
    const fixture = await bigCache({ listings: quick ? 100 : 1000, log });
    log(
      `fixture: ${sizeNote(fixture, quick)} (${fixture.built ? 'built now' : 'cached'}, build took ${(fixture.buildMs / 1000).toFixed(0)} s)`,
    );
    const plan: Plan = { quick, runs: quick ? 2 : 5, calls: quick ? 200 : 250 };
    const dates = DATE_OFFSETS.map((d) => queries.addDays(fixture.today, d));
    const work = mkdtempSync(join(tmpdir(), 'stayboard-bench-reads-'));
    try {
      const prepared = await prepareDataDir(fixture.path, join(work, 'data'));
      const rows: BenchRow[] = [];
      const db = openCache({ path: prepared.dbPath, migrations: APP_MIGRATIONS, slowQueryMs: Infinity });
      try {
        rows.push(...boardRows(db, fixture, plan, dates));
        rows.push(...searchRows(db, fixture, plan));
      } finally {
        db.close();
      }
      const host = await startBenchHost(prepared.dataDir, await rememberedCredentials());
      try {
        rows.push(...(await bridgeRows(host.bridge, fixture, plan, dates, log)));
      } finally {
        await host.close();
      }
      return rows;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
