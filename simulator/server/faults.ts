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
const RECORD_RATE_KEYS = ['wrongIdRate', 'duplicateIdRate', 'negativeIdRate'] as const;

/** The secrets a hostile server (`secretKeys`) adds to every object it answers: a test looks for these values on disk. */
export const SECRET_VALUES = {
  password: 'SIM-SECRET-PASSWORD-4417',
  card_number: '4111 1111 1111 1111',
  card_cvv: 'CVV-SECRET-731',
  card_expiration: '12/29-SECRET',
  cardholder: 'SIM-SECRET-HOLDER',
} as const;

/** The key of a record as the API names it, first found. */
const KEY_FIELDS = ['booking_number', 'rate_id', 'id'] as const;

/** Checks and merges a partial fault configuration; throws with a readable message on bad values. */
export function mergeFaults(base: FaultConfig, change: Partial<FaultConfig>): FaultConfig {
  const next: FaultConfig = { ...base, ...change };
  for (const key of RATE_KEYS) {
    const v = next[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw new Error(`${key} must be a number from 0 to 1`);
  }
  for (const key of RECORD_RATE_KEYS) {
    const v = next[key];
    if (v === undefined || v === null) delete next[key];
    else if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw new Error(`${key} must be a number from 0 to 1`);
  }
  if (next.secretKeys !== undefined && typeof next.secretKeys !== 'boolean')
    throw new Error('secretKeys must be true or false');
  for (const key of ['mediaRedirect', 'mediaType'] as const) {
    const v = next[key];
    if (v !== undefined && v !== null && typeof v !== 'string') throw new Error(`${key} must be text`);
  }
  const bytes = next.mediaBytes;
  if (bytes !== undefined && bytes !== null && (!Number.isInteger(bytes) || bytes < 16))
    throw new Error('mediaBytes must be a whole number ≥ 16');
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
  /** The record faults draw from a sequence of their own: setting them never shifts the request faults'. */
  private readonly recordRng: Rng;

  constructor(seed: number, initial: Partial<FaultConfig> = {}) {
    this.rng = mulberry32((seed ^ 0xfa17) >>> 0);
    this.recordRng = mulberry32((seed ^ 0x1d5) >>> 0);
    this.config = mergeFaults(NO_FAULTS, initial);
  }

  /**
   * A hostile server's read answer: keys of the wrong type, duplicated or
   * negative, and secrets added to every object — as configured. Answers the
   * body to send (the store's own records are never changed).
   */
  records(endpoint: string, body: unknown): unknown {
    const c = this.config;
    if (c.routes && !c.routes.includes(endpoint)) return body;
    if (!c.wrongIdRate && !c.duplicateIdRate && !c.negativeIdRate && !c.secretKeys) return body;
    if (typeof body !== 'object' || body === null || !('data' in body)) return body;
    let data = structuredClone(body.data);
    const list = Array.isArray(data) ? data : [data];
    const keyed = list.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
    const keyOf = (r: Record<string, unknown>) => KEY_FIELDS.find((k) => k in r);
    if (Array.isArray(data) && keyed.length > 1 && this.recordRng.next() < (c.duplicateIdRate ?? 0)) {
      const k = keyOf(keyed[0]!);
      if (k) for (const r of keyed) r[k] = keyed[0]![k];
    }
    for (const r of keyed) {
      const k = keyOf(r);
      const [wrong, negative] = [this.recordRng.next(), this.recordRng.next()];
      if (k && typeof r[k] === 'number') {
        if (negative < (c.negativeIdRate ?? 0)) r[k] = -Math.abs(r[k]);
        if (wrong < (c.wrongIdRate ?? 0)) r[k] = `${String(r[k])}x`;
      }
    }
    if (c.secretKeys) data = withSecrets(data);
    return { ...body, data };
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

/**
 * Every record inside `v` with SECRET_VALUES added: the answer's records and
 * every object in a list they nest (a booking's customers, an incident's
 * listings, a thread's messages…). Objects used as maps (a listing's rooms, a
 * text per language) are left as they are: a key there would be a room or a language.
 */
function withSecrets(v: unknown, record = true): unknown {
  if (Array.isArray(v)) return v.map((x) => withSecrets(x, true));
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = withSecrets(x, false);
  return record ? { ...out, ...SECRET_VALUES } : out;
}
