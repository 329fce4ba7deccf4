// Small statistics helpers for benchmarks: repeat a measurement, report the
// median and the spread, percentiles of latency samples.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export function spreadOf(samples: readonly number[], digits = 1): string {
  if (samples.length === 0) return '';
  const fmt = (n: number) => n.toFixed(digits);
  return `min ${fmt(Math.min(...samples))} / max ${fmt(Math.max(...samples))} (${samples.length} runs)`;
}

/** A figure as the tables show it: whole with thousands separators from 1,000, one decimal from 10, else 2–3. */
export function figure(n: number | null | undefined): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '';
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(Math.abs(n) >= 1 ? 2 : 3);
}

/** Runs `measure` `runs` times (after one warm-up) and returns every figure. */
export async function repeat(runs: number, measure: () => number | Promise<number>, warmup = 1): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await measure();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(await measure());
  return out;
}

/** High-resolution milliseconds. */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;
