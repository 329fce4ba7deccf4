// Benchmark: the reads people wait for, over the big cache (1,000 listings,
// ≥ 100k bookings, ≥ 200k tasks; bench/fixtures/big-cache.ts). The Today
// board, in-process (the cache query) against a `SELECT 1` round trip on the
// same connection, and through the web host's WebSocket bridge (the
// renderer's own transport, secret + origin) against a no-op command. The
// board is re-read on every change of the day's data and keeps each day it
// read (cache/queries/board.ts), so its goal figure is a read after one real
// change of that date's data; beside it, a date's first read (the day read
// whole, nothing kept) and today after a sync refresh that changed 100
// bookings across the year. Then instant search for a surname, a document number and a booking number
// against the bare FTS match they stand on. Each figure: the median over
// several runs of that run's p95, with the spread of the runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { COMMANDS, mergeBoardAnswer, resultEnvelope, type BoardAnswer, type SearchKind } from '../../shared/contract';
import { openCache, queries, type ReadableDB, type WritableDB } from '../../electron/cache';
import { APP_MIGRATIONS, benchListings, bigCache, type BigCache } from '../fixtures/big-cache';
import { startBenchHost, type BenchHost } from '../fixtures/host';
import { prepareDataDir, rememberedCredentials } from '../fixtures/workspace';
import { collectGarbage, loopDelayRows, watchLoopDelay } from '../loop-delay';
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
  /** Slowest single call of all runs (a stall of the main thread shows here). */
  max: number;
  /** Main-thread CPU time per call (run total / calls; the clock ticks too coarsely to time one call): the cost apart from the wait for a core. */
  cpuMean: number;
}

/**
 * `runs` runs of `calls` calls each (after a short warm-up); p50/p95 per run,
 * medians across runs. Synchronous calls are not awaited (no event-loop turn
 * between samples). `before` runs ahead of each call, untimed (its CPU time
 * is counted: keep it small). CPU time is the main thread's (for a bridge round trip:
 * client and server both, as both run on this thread): on a shared machine it
 * shows the cost apart from the wait for a free core.
 */
async function measure(plan: Plan, call: (i: number) => unknown, before?: (i: number) => void): Promise<Latency> {
  for (let i = 0; i < Math.min(plan.calls, 20); i++) {
    before?.(i);
    const r = call(i);
    if (r instanceof Promise) await r;
  }
  const p50s: number[] = [];
  const p95s: number[] = [];
  const cpu: number[] = [];
  let max = 0;
  for (let r = 0; r < plan.runs; r++) {
    const samples: number[] = [];
    const c0 = process.threadCpuUsage();
    for (let i = 0; i < plan.calls; i++) {
      before?.(i);
      const t = nowMs();
      const out = call(i);
      if (out instanceof Promise) await out;
      samples.push(nowMs() - t);
    }
    const c = process.threadCpuUsage(c0);
    cpu.push((c.user + c.system) / 1000 / plan.calls);
    p50s.push(median(samples));
    p95s.push(percentile(samples, 95));
    max = Math.max(max, ...samples);
  }
  return { p50: median(p50s), p95: median(p95s), p95s, max, cpuMean: median(cpu) };
}

const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n.toFixed(2));
function spread(l: Latency, plan: Plan): string {
  return (
    `p50 ${ms(l.p50)} ms; p95 min ${ms(Math.min(...l.p95s))} / max ${ms(Math.max(...l.p95s))} ` +
    `(${plan.runs} runs × ${plan.calls}); slowest ${ms(l.max)} ms; CPU ${ms(l.cpuMean)} ms/call`
  );
}

function sizeNote(f: BigCache, quick: boolean): string {
  const k = (n: number) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));
  const tasks = (f.counts['cleaning'] ?? 0) + (f.counts['maintenance'] ?? 0);
  return `${quick ? 'quick: ' : ''}${f.counts['listings']} listings, ${k(f.counts['bookings'] ?? 0)} bookings, ${k(tasks)} tasks`;
}

/** Bookings one sync refresh changed, in the sync-refresh figure. */
const SYNC_CHANGES = 100;

/** The board's p95 against the p95 of the cheapest call on the same path, with its goal in ms (null: reported). */
function boardRow(
  id: string,
  what: string,
  board: Latency,
  floor: { latency: Latency; what: string },
  goalMs: number | null,
  plan: Plan,
): BenchRow {
  return {
    id,
    what,
    figure: board.p95,
    unit: 'ms',
    baseline: floor.latency.p95,
    baselineWhat: floor.what,
    ratio: board.p95 / floor.latency.p95,
    goal: goalMs === null ? 'report' : `p95 < ${goalMs} ms`,
    ok: plan.quick || goalMs === null ? undefined : board.p95 < goalMs,
    spread: spread(board, plan),
  };
}

/**
 * One change to one date's data before each board read, the way the board is
 * re-read in use (on every change of the day's data): a cleaning task's
 * status, an arrival's time, a maintenance task's notes, in turn, each a real
 * row of that date changed on the board's own connection (as a sync page or
 * an edit lands). `on` is the connection the change is written on.
 */
function oneChangePerRead(db: ReadableDB, dates: string[], on: WritableDB): (i: number) => void {
  const pick = (sql: string) => dates.map((d) => db.pluck<number>(sql, [d]));
  const cleaning = pick('SELECT id FROM cleaning WHERE date = ? ORDER BY id');
  const arrivals = pick(`SELECT booking_number FROM bookings WHERE start_date = ? AND state IN (3, 6) ORDER BY 1`);
  const maintenance = pick('SELECT id FROM maintenance WHERE date = ? ORDER BY id');
  return (i) => {
    const d = i % dates.length;
    const n = Math.floor(i / dates.length);
    const of = (ids: number[][]) => ids[d]![(n * 7919) % ids[d]!.length]!;
    if (n % 3 === 0) on.run('UPDATE cleaning SET status = (status + 1) % 3 WHERE id = ?', [of(cleaning)]);
    else if (n % 3 === 1)
      on.run(
        `UPDATE bookings SET arrival_time = CASE arrival_time WHEN '16:00' THEN '17:00' ELSE '16:00' END
        WHERE booking_number = ?`,
        [of(arrivals)],
      );
    else on.run("UPDATE maintenance SET notes = 'bench ' || ? WHERE id = ?", [i, of(maintenance)]);
  };
}

/**
 * A sync refresh landing before each read of today: `n` bookings of the year
 * ahead changed (their arrival time), across the whole business, in one
 * transaction on the board's connection.
 */
function syncRefreshPerRead(db: WritableDB, today: string, n: number): (i: number) => void {
  const ahead = db.pluck<number>(
    'SELECT booking_number FROM bookings WHERE start_date BETWEEN ? AND ? ORDER BY booking_number',
    [today, queries.addDays(today, 365)],
  );
  return (i) =>
    db.transaction(() => {
      for (let k = 0; k < n; k++)
        db.run(
          `UPDATE bookings SET arrival_time = CASE arrival_time WHEN '16:00' THEN '17:00' ELSE '16:00' END
          WHERE booking_number = ?`,
          [ahead[((i * n + k) * 7919) % ahead.length]!],
        );
    });
}

async function boardRows(db: WritableDB, f: BigCache, plan: Plan, dates: string[]): Promise<BenchRow[]> {
  const sizes = dates.map((date) => queries.boardDayWhole(db, { date }).rows.length);
  const active = `${Math.min(...sizes)}–${Math.max(...sizes)} listings active; ${sizeNote(f, plan.quick)}`;
  const floor = { latency: await measure(plan, () => db.get('SELECT 1')), what: 'SELECT 1 p95' };
  const changed = await measure(
    plan,
    (i) => queries.boardDay(db, { date: dates[i % dates.length]! }),
    oneChangePerRead(db, dates, db),
  );
  const first = await measure(plan, (i) => queries.boardDayWhole(db, { date: dates[i % dates.length]! }));
  const window = await measure(plan, (i) => queries.boardDayFirstWindow(db, { date: dates[i % dates.length]! }));
  const windowRows = dates.map((date) => queries.boardDayFirstWindow(db, { date }).day.rows.length);
  // Each ask after a date's first: the next window of its listings (a date read window by window, nothing kept).
  let windows: Generator<queries.BoardPart> | null = null;
  let more = false;
  let next = 0;
  const restWindow = await measure(
    plan,
    () => {
      const step = windows!.next();
      more = !step.done && step.value.more;
    },
    () => {
      if (more) return;
      windows = queries.boardDayWindows(db, { date: dates[next++ % dates.length]! });
      const top = windows.next();
      more = !top.done && top.value.more;
    },
  );
  const synced = await measure(
    plan,
    () => queries.boardDay(db, { date: f.today }),
    syncRefreshPerRead(db, f.today, SYNC_CHANGES),
  );
  return [
    boardRow(
      'reads.board_change_p95_ms',
      `Today board in-process, read after each change of the day's data, ${dates.length} dates (${active})`,
      changed,
      floor,
      2,
      plan,
    ),
    boardRow(
      'reads.board_first_window_p95_ms',
      `Today board in-process, a date's first answer: the rows of its first ${queries.FIRST_WINDOW} listings in display order, read with nothing kept (${Math.min(...windowRows)}–${Math.max(...windowRows)} rows; ${active})`,
      window,
      floor,
      5,
      plan,
    ),
    boardRow(
      'reads.board_first_p95_ms',
      `Today board in-process, a date read whole with nothing kept (its first answer and the rest together), ${dates.length} dates (${active})`,
      first,
      floor,
      null,
      plan,
    ),
    boardRow(
      'reads.board_rest_window_p95_ms',
      `Today board in-process, each ask after a date's first: the rows of its next ${queries.REST_WINDOW} listings (the longest task a date's read holds the main process for; ${active})`,
      restWindow,
      floor,
      20,
      plan,
    ),
    boardRow(
      'reads.board_sync_p95_ms',
      `Today board in-process, today read after each sync refresh that changed ${SYNC_CHANGES} bookings across the year (${active})`,
      synced,
      floor,
      null,
      plan,
    ),
  ];
}

/**
 * Where a whole read of the board's day goes: every statement timed by the cache's own
 * slow-query hook (threshold below zero), the rest is JavaScript (building
 * the rows, sorting); and the garbage collections those calls caused (what
 * a call allocates fills the young generation: the calls a collection lands
 * in are the slow ones). Logged with each run of the suite.
 */
async function boardBreakdown(path: string, dates: string[], log: (s: string) => void): Promise<void> {
  const perStatement = new Map<string, number>();
  const db = openCache({
    path,
    migrations: APP_MIGRATIONS,
    slowQueryMs: -1,
    onSlowQuery: (q, took) => {
      // The statement's start and its WHERE (the arrivals and departures scans start alike).
      const text = q.replace(/\s+/g, ' ').trim();
      const where = text.lastIndexOf(' WHERE ');
      const key = where > 0 ? `${text.slice(0, 40)} …${text.slice(where, where + 30)}` : text.slice(0, 70);
      perStatement.set(key, (perStatement.get(key) ?? 0) + took);
    },
  });
  try {
    const n = 100;
    for (const date of dates) queries.boardDayWhole(db, { date });
    perStatement.clear();
    const observer = new PerformanceObserver(() => {});
    observer.observe({ entryTypes: ['gc'] });
    const t = nowMs();
    for (let i = 0; i < n; i++) queries.boardDayWhole(db, { date: dates[i % dates.length]! });
    const total = (nowMs() - t) / n;
    // GC entries are queued after the turn that caused them; takeRecords() keeps them from the callback.
    await new Promise((resolve) => setImmediate(resolve));
    const gcs = observer.takeRecords();
    observer.disconnect();
    const sql = [...perStatement].map(([q, sum]) => [q, sum / n] as const).sort((a, b) => b[1] - a[1]);
    const sqlTotal = sql.reduce((sum, [, x]) => sum + x, 0);
    log(`board breakdown (mean of ${n} calls, ${ms(total)} ms each):`);
    for (const [q, x] of sql) log(`  ${ms(x).padStart(6)} ms  ${Math.round((100 * x) / total)}%  ${q}`);
    log(
      `  ${ms(total - sqlTotal).padStart(6)} ms  ${Math.round((100 * (total - sqlTotal)) / total)}%  JavaScript (building the rows, sorting)`,
    );
    const gcMs = gcs.reduce((sum, e) => sum + e.duration, 0);
    log(`  ${gcs.length} garbage collections in those ${n} calls, ${ms(gcMs)} ms in all (included above)`);
  } finally {
    db.close();
  }
}

/**
 * The steps a board.day round trip over the bridge adds to the query, each
 * timed alone on the same answers (means): the dispatcher's input and output
 * checks, the host's JSON.stringify, the page's JSON.parse and envelope check.
 */
function bridgeBreakdown(db: ReadableDB, dates: string[], log: (s: string) => void): void {
  const spec = COMMANDS['board.day'];
  const answers = dates.map((date) => queries.boardDayWhole(db, { date }));
  const texts = answers.map((value, id) => JSON.stringify({ id, result: { ok: true, value } }));
  const n = 50;
  const mean = (f: (i: number) => unknown) => {
    const t = nowMs();
    for (let i = 0; i < n; i++) f(i % dates.length);
    return (nowMs() - t) / n;
  };
  const steps: [string, number][] = [
    ['board query, read whole', mean((i) => queries.boardDayWhole(db, { date: dates[i]! }))],
    ['input check (zod)', mean((i) => spec.input.safeParse({ date: dates[i]! }))],
    ['output check (zod)', mean((i) => spec.output.safeParse(answers[i]))],
    ['JSON.stringify (host)', mean((i) => JSON.stringify({ id: i, result: { ok: true, value: answers[i] } }))],
    ['JSON.parse (page)', mean((i) => JSON.parse(texts[i]!))],
    ['envelope check (page)', mean((i) => resultEnvelope.safeParse({ ok: true, value: answers[i] }))],
  ];
  log(`board.day over the bridge, step by step (means of ${n}):`);
  for (const [what, took] of steps) log(`  ${ms(took).padStart(6)} ms  ${what}`);
}

interface SearchCase {
  label: string;
  text: string;
  /** The one record the person is looking for; null for a surname, which many people share. */
  expect: { kind: SearchKind; id: number } | null;
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
    { label: 'surname', text: customer.lastname, expect: null },
    { label: 'document number', text: guest.doc, expect: { kind: 'guest', id: guest.id } },
    {
      label: 'booking number',
      text: String(arriving.booking_number),
      expect: { kind: 'booking', id: arriving.booking_number },
    },
  ];
}

async function searchRows(db: ReadableDB, f: BigCache, plan: Plan): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of searchCases(db, f.today)) {
    const first = queries.search(db, { text: c.text });
    const want = c.expect;
    const found = want ? first.hits.some((h) => h.kind === want.kind && h.id === want.id) : first.hits.length > 0;
    const match = queries.ftsQuery(c.text) ?? '';
    const full = await measure(plan, () => queries.search(db, { text: c.text }));
    const floor = await measure(plan, () =>
      db.pluck('SELECT rowid FROM search WHERE search MATCH ? ORDER BY bm25(search, 4.0, 1.0) LIMIT 50', [match]),
    );
    rows.push({
      id: `reads.search_${c.label.replace(/ /g, '_')}_p95_ms`,
      what: `search "${c.text}" (${c.label}): ${first.hits.length} hits, ${want ? `the ${want.kind}` : 'people'} ${found ? 'found' : 'NOT found'}`,
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
  host: BenchHost,
  other: WritableDB,
  f: BigCache,
  plan: Plan,
  dates: string[],
  log: (s: string) => void,
): Promise<BenchRow[]> {
  const bridge = host.bridge;
  const session = await bridge.invoke('session.get', {});
  if (!session.ok || session.value.state !== 'signedIn')
    throw new Error(
      `the web host did not reopen the remembered account (${session.ok ? session.value.state : session.error.message})`,
    );
  const ask = async (date: string, since?: string) => {
    const r = await bridge.invoke('board.day', since ? { date, since } : { date });
    if (!r.ok) throw new Error(`board.day failed: ${r.error.message}`);
    return r.value;
  };
  // A date the screen does not hold: its first answer (the top rows when there are more), then the rest since it, window by window.
  const rest = async (date: string, held: BoardAnswer) => {
    let board = held;
    while (board.more) board = mergeBoardAnswer(board, await ask(date, board.id))!;
    return board;
  };
  const wholeBoard = async (date: string) => rest(date, await ask(date));
  const top = await ask(dates[1]!);
  const topBytes = Buffer.byteLength(JSON.stringify(top));
  log(`board.day first answer: ${top.rows.length} rows, ${Math.round(topBytes / 1024)} KB of JSON (more: ${top.more})`);
  // What crosses the bridge for today's whole board: UTF-8 bytes of its JSON, in all and per row.
  const whole = await rest(dates[1]!, top);
  const bytes = Buffer.byteLength(JSON.stringify(whole));
  const rowCount = whole.rows.length;
  log(`board.day whole: ${rowCount} rows, ${Math.round(bytes / 1024)} KB of JSON`);
  // As the board screen reads: what changed since the answer it shows, rebuilt whole
  // (shared/contract/board-answer.ts); one board per date, each held whole to start with.
  const shown = new Map<string, BoardAnswer>();
  for (const date of dates) shown.set(date, await wholeBoard(date));
  const read = async (i: number) => {
    const date = dates[i % dates.length]!;
    const held = shown.get(date);
    const board = mergeBoardAnswer(held, await ask(date, held?.id)) ?? (await wholeBoard(date));
    shown.set(date, board);
  };
  const readFirst = (i: number) => ask(dates[i % dates.length]!);
  const readFirstWhole = (i: number) => wholeBoard(dates[i % dates.length]!);
  // The host's own connection: a change landing there is one its journal names (as sync's and edits' do).
  const hostDb = host.launched.runtime.workspace.engine().db as WritableDB;
  const changed = await measure(plan, read, oneChangePerRead(other, dates, hostDb));
  // What crosses the bridge for a board after one change (the rows changed and the order).
  oneChangePerRead(other, dates, hostDb)(1);
  const delta = await ask(dates[1]!, shown.get(dates[1]!)?.id);
  const changeBytes = Buffer.byteLength(JSON.stringify(delta));
  log(`board.day answer after one change: ${delta.rows.length} rows, ${changeBytes} bytes of JSON`);
  // A change on another connection is one it cannot name: every read is a first read.
  const firstReads = await measure(plan, readFirst, oneChangePerRead(other, dates, other));
  const firstWholeReads = await measure(plan, readFirstWhole, oneChangePerRead(other, dates, other));
  const floor = {
    latency: await measure(plan, async () => {
      const r = await bridge.invoke('app.info', {});
      if (!r.ok) throw new Error(`app.info failed: ${r.error.message}`);
    }),
    what: 'app.info round trip p95',
  };
  const answer = `answer ≈ ${Math.round(bytes / 1024)} KB; ${sizeNote(f, plan.quick)}`;
  return [
    {
      id: 'reads.board_bytes_per_row',
      what: `Today board's answer (board.day JSON), bytes per row (${rowCount} rows; ${sizeNote(f, plan.quick)})`,
      figure: bytes / Math.max(1, rowCount),
      unit: 'B/row',
      baseline: bytes / 1024,
      baselineWhat: 'KB in all',
      goal: '–',
    },
    {
      id: 'reads.board_change_bytes',
      what: `Today board's answer after one change (the rows changed since the answer shown, and the order)`,
      figure: changeBytes,
      unit: 'B',
      baseline: bytes,
      baselineWhat: 'B of the whole answer',
      ratio: changeBytes / bytes,
      goal: '–',
    },
    boardRow(
      'reads.board_ws_change_p95_ms',
      `Today board through the WebSocket bridge, read after each change of the day's data (${answer})`,
      changed,
      floor,
      10,
      plan,
    ),
    boardRow(
      'reads.board_ws_first_p95_ms',
      `Today board through the WebSocket bridge, a date's first answer (the rows of its first ${queries.FIRST_WINDOW} listings: ${top.rows.length} rows, ≈ ${Math.round(topBytes / 1024)} KB; ${sizeNote(f, plan.quick)})`,
      firstReads,
      floor,
      15,
      plan,
    ),
    boardRow(
      'reads.board_ws_first_whole_p95_ms',
      `Today board through the WebSocket bridge, a date's first answer and then the rest since it (${answer})`,
      firstWholeReads,
      floor,
      null,
      plan,
    ),
  ];
}

export const suite: BenchSuite = {
  name: 'reads',
  async run({ quick, listings, log }) {
    const fixture = await bigCache({ listings: benchListings({ quick, listings }), log });
    log(
      `fixture: ${sizeNote(fixture, quick)} (${fixture.built ? 'built now' : 'cached'}, build took ${(fixture.buildMs / 1000).toFixed(0)} s)`,
    );
    const plan: Plan = { quick, runs: quick ? 2 : 5, calls: 200 };
    const searchPlan: Plan = { ...plan, runs: quick ? 2 : 3 };
    // Two cores shared with whatever else runs: the load is part of the reading.
    log(
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} on ${cpus().length} cores`,
    );
    const dates = DATE_OFFSETS.map((d) => queries.addDays(fixture.today, d));
    const work = mkdtempSync(join(tmpdir(), 'stayboard-bench-reads-'));
    try {
      const prepared = await prepareDataDir(fixture.path, join(work, 'data'));
      const rows: BenchRow[] = [];
      const db = openCache({ path: prepared.dbPath, migrations: APP_MIGRATIONS, slowQueryMs: Infinity });
      try {
        rows.push(...(await boardRows(db, fixture, plan, dates)));
        await boardBreakdown(prepared.dbPath, dates, log);
        bridgeBreakdown(db, dates, log);
        rows.push(...(await searchRows(db, fixture, searchPlan)));
        // The web host runs in this process: from its start to its close, this event loop is the app's
        // main process (reopening the account, the engine's first plans, every bridge read).
        collectGarbage();
        const loop = watchLoopDelay();
        const host = await startBenchHost(prepared.dataDir, await rememberedCredentials(), (m) => log(`  ${m}`));
        try {
          rows.push(...(await bridgeRows(host, db, fixture, plan, dates, log)));
        } finally {
          await host.close();
        }
        const delay = loop.stop();
        rows.push(
          ...loopDelayRows(
            'reads.host',
            "the web host's start and the bridge reads",
            delay,
            fixture.counts['listings'] ?? 0,
          ),
        );
        log(`event-loop delay while the host served: p99 ${delay.p99.toFixed(1)} ms, max ${delay.max.toFixed(1)} ms`);
      } finally {
        db.close();
      }
      return rows;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
