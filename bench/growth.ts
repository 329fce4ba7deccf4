// How each cost grows with the business (issue 18, "five times the
// business"): the sizes the sized suites (reads, coldstart) run at, the id a
// figure gets at each size, and the growth table — each figure at every size
// beside its value at the smallest one (×1 … ×5). Pure functions here; bench/
// index.ts runs the suites, prints the table and writes it to .bench/latest.json.
import type { BenchRow } from './types';

/** The suites whose figures depend on the business's size: each runs once per size. */
export const SIZED_SUITES: readonly string[] = ['reads', 'coldstart'];

/** The size a sized suite measures when it is not told one (a 1,000-listing business; 100 with --quick). */
export const BIG_CACHE_LISTINGS = (quick: boolean): number => (quick ? 100 : 1000);

/** The sizes a run measures by default: ×1, ×2.5 and ×5 of the full size (--quick: its one small size). */
export const SCALE_LISTINGS = (quick: boolean): number[] => (quick ? [100] : [1000, 2500, 5000]);

/**
 * A figure's id at a size: the default size keeps the plain id (the one every
 * earlier table has), another size is suffixed "@<listings>" — a figure of its
 * own for --compare, never compared with another size's.
 */
export function sizedId(id: string, listings: number, quick: boolean): string {
  return listings === BIG_CACHE_LISTINGS(quick) ? id : `${id}@${listings}`;
}

/** The id without its size. */
export const unsizedId = (id: string): string => id.replace(/@\d+$/, '');

/** "--listings 1000,5000" → [1000, 5000] (sorted, unique); an absent option → the default sizes. */
export function parseListings(value: string | undefined, quick: boolean): number[] {
  if (value === undefined) return SCALE_LISTINGS(quick);
  const sizes = value.split(',').map((s) => Number(s.trim()));
  const bad = sizes.find((n) => !Number.isInteger(n) || n < 1);
  if (bad !== undefined || sizes.length === 0)
    throw new Error(`--listings takes whole numbers ≥ 1, comma-separated: "${value}"`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

export interface GrowthRow {
  /** The figure's id without its size. */
  id: string;
  unit: string;
  /** The sizes measured, smallest first. */
  listings: number[];
  /** The figure at each size (null where that size did not give it). */
  figures: (number | null)[];
  /** Each figure / the figure at the smallest size (null where either is missing or that one is 0). */
  ratios: (number | null)[];
}

/** One row per sized figure measured at two sizes or more, in the order the figures first appear. */
export function growthTable(rows: readonly BenchRow[]): GrowthRow[] {
  const sized = rows.filter((r): r is BenchRow & { listings: number } => r.listings !== undefined);
  const sizes = [...new Set(sized.map((r) => r.listings))].sort((a, b) => a - b);
  if (sizes.length < 2) return [];
  const byId = new Map<string, Map<number, BenchRow>>();
  for (const r of sized) {
    const id = unsizedId(r.id);
    const at = byId.get(id) ?? new Map<number, BenchRow>();
    at.set(r.listings, r);
    byId.set(id, at);
  }
  const out: GrowthRow[] = [];
  for (const [id, at] of byId) {
    if (at.size < 2) continue;
    const figures = sizes.map((n) => at.get(n)?.figure ?? null);
    const first = figures[0] ?? null;
    out.push({
      id,
      unit: [...at.values()][0]!.unit,
      listings: sizes,
      figures,
      ratios: figures.map((f) => (f === null || first === null || first === 0 ? null : f / first)),
    });
  }
  return out;
}
