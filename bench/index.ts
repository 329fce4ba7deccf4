// `npm run bench`: runs every suite in bench/suites/, prints one table (figure,
// baseline measured in the same run, ratio, goal) and writes it as JSON under
// .bench/ (ignored by git). Each suite runs in a process of its own; the
// sized suites (reads, coldstart) once per business size, followed by the
// table of how each of their figures grows with the size (growth.ts).
// Options: --quick (smaller, fewer runs), --only <suite,...>, --listings
// <N,...> (the sizes; default 1,000, 2,500 and 5,000 listings), --compare (each figure's change since the committed
// baseline table, regressions over 25 % flagged; see compare.ts), --save (this
// run becomes the committed baseline: bench/baseline.json, or
// bench/baseline-quick.json with --quick).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineFile, compareRows, describeChange, REGRESSION_THRESHOLD, type BenchReport } from './compare';
import { growthTable, parseListings, SIZED_SUITES, sizedId, type GrowthRow } from './growth';
import { figure } from './stats';
import type { SuiteOutcome } from './suite-runner';
import type { BenchRow } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : null;
const compare = args.includes('--compare');
const save = args.includes('--save');
const listingsAt = args.indexOf('--listings');
const sizes = parseListings(listingsAt >= 0 ? args[listingsAt + 1] : undefined, quick);
const baselinePath = join(here, baselineFile(quick));

/** A count or a size factor as people write it: 1,000; 2.5. */
const count = (n: number): string => n.toLocaleString('en-US');

const fmt = figure;

/** A table of text cells, each column as wide as its widest cell. */
function printGrid(head: string[], body: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' │ ');
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const b of body) console.log(line(b));
}

function printTable(rows: (BenchRow & { suite: string })[]): void {
  const head = ['suite', 'what', 'figure', 'baseline / limit', 'ratio', 'goal', 'ok', 'spread'];
  const body = rows.map((r) => [
    r.suite,
    r.what,
    `${fmt(r.figure)} ${r.unit}`,
    r.baseline === undefined ? '' : `${fmt(r.baseline)}${r.baselineWhat ? ` (${r.baselineWhat})` : ''}`,
    r.ratio === undefined ? '' : `${fmt(r.ratio)}×`,
    r.goal,
    r.ok === undefined ? '–' : r.ok ? 'yes' : 'NO',
    r.spread ?? '',
  ]);
  printGrid(head, body);
}

/** Each sized figure at every size, with its growth since the smallest size. */
function printGrowth(growth: GrowthRow[]): void {
  if (growth.length === 0) return;
  const sizes = growth[0]!.listings;
  console.log(`\nhow each cost grows with the business (${sizes.map(count).join(' / ')} listings):`);
  const head = ['figure', ...sizes.map((n) => `${count(n)} (×${count(n / sizes[0]!)})`)];
  const body = growth.map((g) => [
    `${g.id} (${g.unit})`,
    ...g.figures.map((f, i) => {
      const ratio = g.ratios[i];
      return f === null ? '' : `${fmt(f)}${i > 0 && ratio !== null && ratio !== undefined ? ` (×${fmt(ratio)})` : ''}`;
    }),
  ]);
  printGrid(head, body);
}

const suiteFiles = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();
const rows: (BenchRow & { suite: string })[] = [];
const failures: string[] = [];
const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'stayboard-bench-'));
const runsSuite = (name: string) => suiteFiles.includes(`${name}.ts`) && (!only || only.has(name));
/** Runs a bench script in a process of its own, with this process's loader (tsx); its output goes to ours. */
const runScript = (script: string, args: string[], nodeOptions: string[] = []) => {
  const node = [...process.execArgv, ...nodeOptions];
  return spawnSync(process.execPath, [...node, join(here, script), ...args, ...(quick ? ['--quick'] : [])], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
};
if (SIZED_SUITES.some(runsSuite)) {
  // The big caches are built (when missing or stale) in a process of their own: see fixtures/prepare.ts.
  console.error('bench: fixtures …');
  // The simulator holds the whole business while a cache is built: ≈ 3 GB at 5,000 listings, near the default heap's 4 GB.
  const prepared = runScript('fixtures/prepare.ts', ['--listings', sizes.join(',')], ['--max-old-space-size=8192']);
  if (prepared.status !== 0) failures.push(`fixtures: the big cache could not be built (exit ${prepared.status})`);
}
for (const file of suiteFiles) {
  // A suite is named after its file (checked below).
  const name = file.replace(/\.ts$/, '');
  if (!runsSuite(name)) continue;
  for (const listings of SIZED_SUITES.includes(name) ? sizes : [undefined]) runSuite(file, name, listings);
}
rmSync(scratch, { recursive: true, force: true });

/** One suite in a process of its own (see suite-runner.ts for why); a sized suite at one size. */
function runSuite(file: string, name: string, listings: number | undefined): void {
  const t0 = Date.now();
  const label = listings === undefined ? name : `${name} (${count(listings)} listings)`;
  console.error(`bench: ${label} …`);
  const outFile = join(scratch, `${name}-${listings ?? 0}.json`);
  const child = runScript('suite-runner.ts', [
    join(here, 'suites', file),
    outFile,
    ...(listings === undefined ? [] : ['--listings', String(listings)]),
  ]);
  if (!existsSync(outFile)) {
    failures.push(`${label}: its process ended (${child.signal ?? `exit ${child.status}`}) without results`);
  } else {
    const outcome = JSON.parse(readFileSync(outFile, 'utf8')) as SuiteOutcome;
    if (outcome.name !== name) failures.push(`${file}: its suite is named "${outcome.name}", not "${name}"`);
    const sized = (r: BenchRow) =>
      listings === undefined ? r : { ...r, id: sizedId(r.id, listings, quick), listings };
    rows.push(...outcome.rows.map((r) => ({ ...sized(r), suite: outcome.name })));
    if (outcome.error) failures.push(`${label}: ${outcome.error}`);
  }
  console.error(`bench: ${label} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

rmSync(scratch, { recursive: true, force: true });

console.log('');
printTable(rows);
const growth = growthTable(rows);
printGrowth(growth);
for (const f of failures) console.error(`\nbench suite failed: ${f}`);
const out = join(here, '..', '.bench');
mkdirSync(out, { recursive: true });
const report: BenchReport = {
  at: new Date().toISOString(),
  quick,
  node: process.version,
  seconds: (Date.now() - started) / 1000,
  rows,
  ...(growth.length ? { growth } : {}),
  failures,
  load: loadavg().map((l) => Math.round(l * 10) / 10),
};
writeFileSync(join(out, 'latest.json'), JSON.stringify(report, null, 2));
let regressions = 0;
if (compare) regressions = printComparison(report);
/** The span of runs the kept suites' rows come from: the base's own run, its earlier ones, or both. */
function earlierOf(base: BenchReport, suites: string[]): NonNullable<BenchReport['earlier']> {
  const older = new Set(base.earlier?.suites ?? []);
  const ownRun = suites.some((s) => !older.has(s));
  const at = base.earlier && suites.some((s) => older.has(s)) ? base.earlier.at : base.at;
  const until = ownRun ? base.at : (base.earlier?.until ?? base.earlier?.at ?? base.at);
  return { at, ...(until !== at ? { until } : {}), suites };
}

if (save) {
  // With --only, the other suites' rows of the committed baseline are kept (and said to be from their run).
  const base =
    only && existsSync(baselinePath) ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as BenchReport) : null;
  const kept = base ? base.rows.filter((r) => !only!.has(r.suite)) : [];
  const merged = [...kept, ...report.rows];
  const mergedGrowth = growthTable(merged);
  const saved: BenchReport = {
    ...report,
    rows: merged,
    ...(mergedGrowth.length ? { growth: mergedGrowth } : {}),
    ...(base && kept.length ? { earlier: earlierOf(base, [...new Set(kept.map((r) => r.suite))]) } : {}),
  };
  writeFileSync(baselinePath, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`\nbaseline saved: bench/${baselineFile(quick)} (commit it)`);
}
console.log(
  `\n${rows.length} figures (${rows.filter((r) => r.ok === false).length} missing their goal) in ${report.seconds.toFixed(0)} s; JSON: .bench/latest.json`,
);
if (regressions)
  console.log(`${regressions} figure(s) more than ${REGRESSION_THRESHOLD * 100} % worse than the baseline`);
process.exit(failures.length ? 1 : 0);

/** Prints each figure beside the committed baseline's; returns how many are flagged. */
function printComparison(now: BenchReport): number {
  if (!existsSync(baselinePath)) {
    console.log(`\n--compare: no committed baseline (bench/${baselineFile(quick)}); make one with --save`);
    return 0;
  }
  const base = JSON.parse(readFileSync(baselinePath, 'utf8')) as BenchReport;
  // Suites left out with --only are not "gone": compare only the suites that ran.
  const ran = new Set(now.rows.map((r) => r.suite));
  const before = base.rows.filter((r) => !only || only.has(r.suite) || ran.has(r.suite));
  const rows = compareRows(before, now.rows);
  const load = (r: BenchReport) => (r.load ? `load ${r.load.join(' / ')}` : 'load not recorded');
  console.log(
    `\nchange since the baseline of ${base.at} (node ${base.node}, ${base.quick ? 'quick' : 'full'} sizes, ${load(base)}; ` +
      `this run ${load(now)})${base.note ? `\nbaseline note: ${base.note}` : ''}:`,
  );
  const body = rows.map((c) => [
    c.id,
    c.before === null ? '' : `${fmt(c.before)} ${c.unit}`,
    c.after === null ? '' : `${fmt(c.after)} ${c.unit}`,
    describeChange(c),
  ]);
  printGrid(['figure', 'baseline', 'now', 'change'], body);
  return rows.filter((c) => c.flagged).length;
}
