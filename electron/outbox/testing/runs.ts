// Running many randomized outbox runs (the fault suite and the soak script).
import { noStats, runScenario, type RunOptions, type RunReport, type RunStats } from './scenario';
import type { World } from './world';

/**
 * Many runs on several worlds at once (runs within one world are sequential:
 * its faults are global). Most of a run is spent waiting on back-offs and
 * timeouts, so worlds side by side finish several times faster.
 */
export async function runMany(
  worlds: readonly World[],
  seeds: readonly number[],
  options: RunOptions = {},
  onReport: (r: RunReport) => void = () => undefined,
): Promise<RunReport[]> {
  const queue = [...seeds];
  const reports: RunReport[] = [];
  await Promise.all(
    worlds.map(async (w) => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
        const report = await runScenario(w, seed, options).catch((err: unknown): RunReport => ({
          seed,
          problems: [`the run itself failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`],
          stats: totals([]),
        }));
        reports.push(report);
        onReport(report);
      }
    }),
  );
  return reports.sort((a, b) => a.seed - b.seed);
}

/** Sums of the run statistics. */
export function totals(reports: readonly RunReport[]): RunStats {
  const out = noStats();
  for (const r of reports) for (const k of Object.keys(out) as (keyof RunStats)[]) out[k] += r.stats[k];
  return out;
}
