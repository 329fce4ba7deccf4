// Seeded randomness for data generation, churn and fault decisions: mulberry32
// plus the few helpers the generators need. Never Math.random for data, so the
// same seed always produces the same business.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen by weight ([item, weight] pairs, weights > 0). */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
  /** k distinct elements (k clamped to the array length), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  /** An independent generator derived from this one (so adding draws in one place does not shift another). */
  fork(salt: number): Rng;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (pairs) => {
      let total = 0;
      for (const [, w] of pairs) total += w;
      let r = next() * total;
      for (const [item, w] of pairs) {
        r -= w;
        if (r < 0) return item;
      }
      return pairs[pairs.length - 1]![0];
    },
    sample: (items, k) => {
      const copy = items.slice();
      const n = Math.min(k, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
    fork: (salt) => mulberry32((Math.imul(seed ^ 0x5bd1e995, 31) + Math.imul(salt, 0x27d4eb2d)) >>> 0),
  };
  return rng;
}
