// Runs ONE benchmark suite in this process and writes its rows as JSON to the
// file named on the command line. bench/index.ts starts one such process per
// suite so that no suite measures inside another's leftovers: measured, the
// reads suite's board p95 went from 7.6 to 3.5 ms once the other suites'
// modules and data were out of its heap (scavenges of 5–7 ms every ≈ 15
// calls, because what they left behind kept objects alive).
// Usage (internal): suite-runner.ts <suite file> <out.json> [--quick] [--listings N]
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './types';

export interface SuiteOutcome {
  name: string;
  rows: BenchRow[];
  error: string | null;
}

const [file, out, ...rest] = process.argv.slice(2);
if (!file || !out) {
  console.error('usage: suite-runner.ts <suite file> <out.json> [--quick] [--listings N]');
  process.exit(2);
}
const quick = rest.includes('--quick');
const listingsAt = rest.indexOf('--listings');
const listings = listingsAt >= 0 ? Number(rest[listingsAt + 1]) : undefined;
const mod = (await import(pathToFileURL(file).href)) as { suite?: BenchSuite };
const suite = mod.suite;
let outcome: SuiteOutcome;
if (!suite) {
  outcome = { name: file, rows: [], error: `${file} exports no suite` };
} else {
  try {
    const log = (s: string) => console.error(`  ${suite.name}${listings ? ` (${listings} listings)` : ''}: ${s}`);
    const rows = await suite.run({ quick, listings, log });
    outcome = { name: suite.name, rows, error: null };
  } catch (err) {
    outcome = { name: suite.name, rows: [], error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}
writeFileSync(out, JSON.stringify(outcome));
// Suites close what they open; a leftover handle must not hold the whole bench.
process.exit(0);
