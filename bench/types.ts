// The shape every benchmark suite returns: one row per measured figure, with
// the baseline or limit measured in the same run, and the goal it is held to.

export interface BenchRow {
  /** Stable id, e.g. "ingest.records_per_s". */
  id: string;
  /** What was measured, in words. */
  what: string;
  figure: number;
  unit: string;
  /** The baseline measured in the same run (or the limit the figure is held against). */
  baseline?: number;
  baselineWhat?: string;
  /** figure / baseline, when that ratio means something. */
  ratio?: number;
  /** The goal in words, e.g. "≥ 0.5× baseline", "p95 < 2 ms". */
  goal: string;
  /** Whether the goal was met (undefined when the row is informational). */
  ok?: boolean;
  /** Spread of the repeated runs, e.g. "min 10.1 / max 12.3 (5 runs)". */
  spread?: string;
  /** Which way is better, when the unit does not say (see betterWay in compare.ts). */
  better?: 'higher' | 'lower';
  /** The business size (listings) a sized suite measured it at (set by bench/index.ts; see growth.ts). */
  listings?: number;
}

export interface BenchContext {
  /** Fewer repetitions and smaller sizes (CI smoke); the full run is the default. */
  quick: boolean;
  /** The business size to measure (--listings); a sized suite without it measures BIG_CACHE_LISTINGS (growth.ts). */
  listings?: number;
  log: (line: string) => void;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
