// `npm run bench -- --compare`: each figure of this run beside the same figure
// in the committed baseline table (bench/baseline.json for full sizes,
// bench/baseline-quick.json for --quick; written by `--save`), its change,
// and a flag on every figure more than 25 % worse. Pure functions here; the
// files are read and written by bench/index.ts.
import type { GrowthRow } from './growth';
import type { BenchRow } from './types';

/** A saved run: the shape bench/index.ts writes to .bench/latest.json and to a baseline file. */
export interface BenchReport {
  at: string;
  quick: boolean;
  node: string;
  seconds: number;
  rows: (BenchRow & { suite: string })[];
  failures: string[];
  /** The machine's 1, 5 and 15 min load averages at the end of the run (2 cores: above 2, suites waited for a core). */
  load?: number[];
  /** How each sized figure grows with the business, when the run measured two sizes or more (growth.ts). */
  growth?: GrowthRow[];
  /** Anything a reader of the figures should know (written by hand). */
  note?: string;
  /** Saved with --only: the other suites' rows are those of earlier runs, from `at` to `until` (when more than one). */
  earlier?: { at: string; until?: string; suites: string[] };
}

/** A figure more than this fraction worse than its baseline is flagged. */
export const REGRESSION_THRESHOLD = 0.25;

/** Baseline file name for a run's mode: full and quick sizes are never compared with each other. */
export const baselineFile = (quick: boolean): string => (quick ? 'baseline-quick.json' : 'baseline.json');

/**
 * Which way is better for a figure. Rates ("rec/s", "req/s") are better
 * higher; everything else the bench reports (times, requests, memory, ages) is
 * better lower. A row may say otherwise with `better`. The one place this
 * choice is made.
 */
export function betterWay(row: Pick<BenchRow, 'unit' | 'better'>): 'higher' | 'lower' {
  if (row.better) return row.better;
  return /\/\s*(s|sec|min|h)$/.test(row.unit.trim()) ? 'higher' : 'lower';
}

export interface Comparison {
  id: string;
  what: string;
  unit: string;
  before: number | null;
  after: number | null;
  /** Relative change, signed so that > 0 is WORSE (e.g. 0.3 = 30 % worse); null when not comparable. */
  worse: number | null;
  flagged: boolean;
  note: 'new' | 'gone' | null;
}

function worseBy(before: number, after: number, way: 'higher' | 'lower'): number | null {
  if (!Number.isFinite(before) || !Number.isFinite(after)) return null;
  if (before === 0) return after === 0 ? 0 : null;
  const change = (after - before) / Math.abs(before);
  return way === 'lower' ? change : -change;
}

/** Compares this run's rows with the baseline's, by row id, in this run's order (figures gone since last). */
export function compareRows(
  baseline: readonly BenchRow[],
  current: readonly BenchRow[],
  threshold = REGRESSION_THRESHOLD,
): Comparison[] {
  const before = new Map(baseline.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const out: Comparison[] = [];
  for (const row of current) {
    seen.add(row.id);
    const old = before.get(row.id);
    if (!old) {
      out.push({
        id: row.id,
        what: row.what,
        unit: row.unit,
        before: null,
        after: row.figure,
        worse: null,
        flagged: false,
        note: 'new',
      });
      continue;
    }
    const worse = worseBy(old.figure, row.figure, betterWay(row));
    out.push({
      id: row.id,
      what: row.what,
      unit: row.unit,
      before: old.figure,
      after: row.figure,
      worse,
      flagged: worse !== null && worse > threshold,
      note: null,
    });
  }
  for (const old of baseline) {
    if (seen.has(old.id)) continue;
    out.push({
      id: old.id,
      what: old.what,
      unit: old.unit,
      before: old.figure,
      after: null,
      worse: null,
      flagged: false,
      note: 'gone',
    });
  }
  return out;
}

/** The change in words: "+12.0 % worse", "−30.1 % better", "same", "new", "not measured this run". */
export function describeChange(c: Comparison): string {
  if (c.note === 'new') return 'new (no baseline)';
  if (c.note === 'gone') return 'not measured this run';
  if (c.worse === null) return 'not comparable';
  const pct = Math.abs(c.worse * 100).toFixed(1);
  if (Math.abs(c.worse) < 0.0005) return 'same';
  return c.worse > 0 ? `${pct} % worse${c.flagged ? '  ◀ REGRESSION' : ''}` : `${pct} % better`;
}
