// Bad days: decides, per request, which injected fault (if any) hits it. The
// draws come from a PRNG seeded from the simulator's seed and always happen in
// the same order, so a sequential client sees the same faults on every run.
import { mulberry32, type Rng } from '../prng';
import type { FaultConfig } from '../types';

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  errorRate: 0,
  resetBeforeRate: 0,
  resetAfterRate: 0,
  hangRate: 0,
  malformedRate: 0,
};

export interface FaultPlan {
  resetBefore: boolean;
  hang: boolean;
  /** A 5xx to answer instead of processing, or null. */
  error: 500 | 502 | 503 | null;
  resetAfter: boolean;
  /** 'truncated' JSON or an 'html' page instead of the real body (GET only), or null. */
  malformed: 'truncated' | 'html' | null;
}

const RATE_KEYS = ['errorRate', 'resetBeforeRate', 'resetAfterRate', 'hangRate', 'malformedRate'] as const;

/** Checks and merges a partial fault configuration; throws with a readable message on bad values. */
export function mergeFaults(base: FaultConfig, change: Partial<FaultConfig>): FaultConfig {
  const next: FaultConfig = { ...base, ...change };
  for (const key of RATE_KEYS) {
    const v = next[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw new Error(`${key} must be a number from 0 to 1`);
  }
  if (!Number.isFinite(next.latencyMs) || next.latencyMs < 0) throw new Error('latencyMs must be a number ≥ 0');
  for (const key of ['errorRoutes', 'routes'] as const) {
    const v = next[key];
    if (v === undefined || v === null) delete next[key];
    else if (!Array.isArray(v) || v.some((r) => typeof r !== 'string'))
      throw new Error(`${key} must be a list of endpoint names`);
  }
  return next;
}

export class Faults {
  config: FaultConfig;
  private readonly rng: Rng;

  constructor(seed: number, initial: Partial<FaultConfig> = {}) {
    this.rng = mulberry32((seed ^ 0xfa17) >>> 0);
    this.config = mergeFaults(NO_FAULTS, initial);
  }

  set(change: Partial<FaultConfig>): void {
    this.config = mergeFaults(this.config, change);
  }

  reset(): void {
    this.config = { ...NO_FAULTS };
  }

  /** The faults for one request to `endpoint` (null when no operation matched). */
  plan(endpoint: string | null, method: string): FaultPlan {
    const c = this.config;
    // Always draw all five numbers, so one fault's setting never shifts another's sequence.
    const [rBefore, rHang, rError, rAfter, rMalformed, rKind] = Array.from({ length: 6 }, () => this.rng.next()) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const routed = !c.routes || (endpoint !== null && c.routes.includes(endpoint));
    const errorRouted = !c.errorRoutes || (endpoint !== null && c.errorRoutes.includes(endpoint));
    return {
      resetBefore: routed && rBefore < c.resetBeforeRate,
      hang: routed && rHang < c.hangRate,
      error: errorRouted && rError < c.errorRate ? ([500, 502, 503] as const)[Math.floor(rKind * 3)]! : null,
      resetAfter: routed && rAfter < c.resetAfterRate,
      malformed:
        routed && method === 'GET' && rMalformed < c.malformedRate ? (rKind < 0.5 ? 'truncated' : 'html') : null,
    };
  }
}
