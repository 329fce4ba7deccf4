// Coverage, in one place: from sync_state (when each resource, scope and
// window was last fetched WHOLE — cache/state.ts, sync/jobs.ts), whether what
// a document or a screen reads was received completely, how fresh it is, and
// what is missing — as gaps (structure: resource, days, listings, bookings)
// and as the sync jobs that would fill them (jobs.ts JobSpec, run by
// fetchers.ts runJob), with their cost in requests.
//
// A date window is covered for a listing when the complete fetches of that
// resource — for every listing at once (scope 'all') or for that listing —
// together hold every day of it (windows may overlap or abut: the day after
// one ends may start the next). The answer's freshness is the oldest of the
// newest fetches that cover it. Only complete fetches count: a failed one
// leaves the days missing.
//
// THE CHOICE about what a window holds (the spec says "start_date, end_date",
// not how a stay relates to them): a list fetched for [from, to] is taken to
// hold every record dated in it, and every stay touching it — the simulator's
// default (simulator/config.ts SIM.bookingWindow 'overlap'). The deletion check
// of fetchers.ts windowScope relies on less (stays entirely inside).
import type { CoverageGap, CoverageResource } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { addDays } from '../cache/queries';
import type { JobSpec, WindowResource } from './jobs';
import type { Capabilities } from './sources';

/** One thing a document or screen reads. */
export type Need =
  /** A date-window list (inclusive days) for these listings, or every listing (null). */
  | { kind: 'window'; resource: WindowResource; from: string; to: string; listingIds: readonly number[] | null }
  /** Per-booking records (customer + guests, or message threads). Local (negative) numbers need nothing. */
  | { kind: 'perBooking'; resource: 'guests' | 'threads'; bookingNumbers: readonly number[] }
  /** Daily prices of these rates over the days. */
  | {
      kind: 'prices';
      rates: readonly { rateId: number; listingId: number | null }[];
      from: string;
      to: string;
    }
  /** A whole reference list. */
  | { kind: 'reference'; resource: 'listings' | 'owners' | 'costs' | 'admins' };

export interface Gap {
  gap: CoverageGap;
  /** The sync jobs that fill it (never carrying a local id). */
  jobs: JobSpec[];
}

export interface Coverage {
  complete: boolean;
  /** Oldest of the newest complete fetches relied on (ms); null when something was never received. */
  asOf: number | null;
  resources: { resource: CoverageResource; complete: boolean; asOf: number | null }[];
  gaps: Gap[];
}

type Range = readonly [string, string];
interface Fetched {
  from: string;
  to: string;
  at: number;
}

/** [from, to] minus one window, as the parts left (inclusive days). */
function subtract(left: readonly Range[], w: Range): Range[] {
  const out: Range[] = [];
  for (const [a, b] of left) {
    if (w[1] < a || w[0] > b) {
      out.push([a, b]);
      continue;
    }
    if (a < w[0]) out.push([a, addDays(w[0], -1)]);
    if (b > w[1]) out.push([addDays(w[1], 1), b]);
  }
  return out;
}

/**
 * The days of [from, to] no window holds, and the freshness of the rest: windows are taken newest
 * first, each counting only if it adds days, so an old window already covered by newer ones does
 * not age the answer.
 */
export function cover(from: string, to: string, windows: readonly Fetched[]): { gaps: Range[]; asOf: number | null } {
  let left: Range[] = [[from, to]];
  let asOf: number | null = null;
  for (const w of [...windows].sort((a, b) => b.at - a.at)) {
    if (!left.length) break;
    const next = subtract(left, [w.from, w.to]);
    const changed = next.length !== left.length || next.some((r, i) => r[0] !== left[i]![0] || r[1] !== left[i]![1]);
    if (!changed) continue;
    asOf = asOf === null ? w.at : Math.min(asOf, w.at);
    left = next;
  }
  return { gaps: left, asOf };
}

/** Complete window fetches of a resource, per scope ('all', 'listing:12', 'rate:3'). */
function windowsOf(db: ReadableDB, resource: string): Map<string, Fetched[]> {
  const out = new Map<string, Fetched[]>();
  // The predicate matches the partial index sync_state_not_booking (migration 9): a look-up, not a scan.
  for (const [scope, win, at] of db.rows(
    `SELECT scope, win, fetched_at FROM sync_state
     WHERE resource = ? AND scope NOT LIKE 'booking:%' AND fetched_at IS NOT NULL AND win <> ''`,
    [resource],
  )) {
    const [from, to] = String(win).split('..');
    if (!from || !to) continue;
    const list = out.get(String(scope)) ?? [];
    list.push({ from, to, at: at as number });
    out.set(String(scope), list);
  }
  return out;
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

interface Part {
  resource: CoverageResource;
  complete: boolean;
  asOf: number | null;
  gaps: Gap[];
}

/** Requests a job takes: one, except the listings list (one page per 100). */
export function jobCost(db: ReadableDB, spec: JobSpec): number {
  if (spec.kind !== 'listings') return 1;
  const n = db.get<{ n: number }>('SELECT count(*) AS n FROM listings')?.n ?? 0;
  return Math.max(1, Math.ceil(n / 100));
}

const rangeKey = (r: readonly Range[]) => r.map(([a, b]) => `${a}..${b}`).join(',');

function windowPart(
  db: ReadableDB,
  need: Extract<Need, { kind: 'window' }>,
  caps: Capabilities,
  fetched: Map<string, Fetched[]>,
): Part {
  const all = fetched.get('all') ?? [];
  const whole = cover(need.from, need.to, all);
  if (!whole.gaps.length) return { resource: need.resource, complete: true, asOf: whole.asOf, gaps: [] };
  // Not covered for every listing at once: per listing, its own fetches may fill the rest.
  const ids = (need.listingIds ?? db.pluck<number>('SELECT id FROM listings WHERE id > 0 ORDER BY id')).filter(
    (id) => id > 0,
  );
  let asOf: number | null = null;
  const byGaps = new Map<string, { ranges: Range[]; ids: number[] }>();
  for (const id of ids) {
    const own = fetched.get(`listing:${id}`);
    const c = own ? cover(need.from, need.to, [...all, ...own]) : whole;
    if (!c.gaps.length) {
      asOf = minOf(asOf, c.asOf);
      continue;
    }
    const key = rangeKey(c.gaps);
    const group = byGaps.get(key) ?? { ranges: c.gaps, ids: [] };
    group.ids.push(id);
    byGaps.set(key, group);
  }
  // No listing known at all (a first sign-in): the whole window is missing for every listing.
  if (!ids.length && need.listingIds === null) byGaps.set('', { ranges: whole.gaps, ids: [] });
  const gaps: Gap[] = [];
  for (const { ranges, ids: group } of byGaps.values()) {
    const everyListing = need.listingIds === null && group.length === ids.length;
    for (const [from, to] of ranges) {
      // One request for every listing at once when the server allows it and it saves requests.
      const jobs: JobSpec[] =
        caps.globalLists && (everyListing || group.length > 1)
          ? [{ kind: 'window', resource: need.resource, listingId: null, from, to }]
          : group.map((listingId) => ({ kind: 'window', resource: need.resource, listingId, from, to }));
      gaps.push({
        gap: {
          resource: need.resource,
          from,
          to,
          listingIds: everyListing ? null : group,
          bookingNumbers: null,
        },
        jobs,
      });
    }
  }
  if (!gaps.length) return { resource: need.resource, complete: true, asOf, gaps: [] };
  return { resource: need.resource, complete: false, asOf: null, gaps };
}

function perBookingPart(db: ReadableDB, need: Extract<Need, { kind: 'perBooking' }>): Part {
  // A booking made on this computer has nothing on the server yet: nothing to fetch, and no request may carry its id.
  const numbers = [...new Set(need.bookingNumbers.filter((n) => n > 0))];
  if (!numbers.length) return { resource: need.resource, complete: true, asOf: null, gaps: [] };
  const at = new Map<number, number>();
  for (const [scope, fetchedAt] of db.rows(
    `SELECT scope, fetched_at FROM sync_state WHERE resource = ? AND win = ''
       AND scope IN (SELECT 'booking:' || value FROM json_each(?)) AND fetched_at IS NOT NULL`,
    [need.resource, JSON.stringify(numbers)],
  ))
    at.set(Number(String(scope).slice('booking:'.length)), fetchedAt as number);
  const missing = numbers.filter((n) => !at.has(n));
  if (!missing.length) {
    const asOf = [...at.values()].reduce<number | null>((m, t) => minOf(m, t), null);
    return { resource: need.resource, complete: true, asOf, gaps: [] };
  }
  const kind = need.resource === 'guests' ? 'bundle' : 'threads';
  return {
    resource: need.resource,
    complete: false,
    asOf: null,
    gaps: [
      {
        gap: { resource: need.resource, from: null, to: null, listingIds: null, bookingNumbers: missing },
        jobs: missing.map((bookingNumber) => ({ kind, bookingNumber })),
      },
    ],
  };
}

function pricesPart(need: Extract<Need, { kind: 'prices' }>, fetched: Map<string, Fetched[]>): Part {
  let asOf: number | null = null;
  const gaps: Gap[] = [];
  for (const r of need.rates) {
    if (r.rateId <= 0) continue;
    const c = cover(need.from, need.to, fetched.get(`rate:${r.rateId}`) ?? []);
    if (!c.gaps.length) asOf = minOf(asOf, c.asOf);
    for (const [from, to] of c.gaps)
      gaps.push({
        gap: {
          resource: 'prices',
          from,
          to,
          listingIds: r.listingId === null ? null : [r.listingId],
          bookingNumbers: null,
        },
        jobs: [{ kind: 'prices', rateId: r.rateId, listingId: r.listingId, from, to }],
      });
  }
  return gaps.length
    ? { resource: 'prices', complete: false, asOf: null, gaps }
    : { resource: 'prices', complete: true, asOf, gaps: [] };
}

function referencePart(db: ReadableDB, need: Extract<Need, { kind: 'reference' }>): Part {
  const at =
    db.get<{ at: number | null }>(
      "SELECT fetched_at AS at FROM sync_state WHERE resource = ? AND scope = 'all' AND win = ''",
      [need.resource],
    )?.at ?? null;
  if (at !== null) return { resource: need.resource, complete: true, asOf: at, gaps: [] };
  const job: JobSpec =
    need.resource === 'listings' ? { kind: 'listings' } : { kind: 'reference', resource: need.resource };
  return {
    resource: need.resource,
    complete: false,
    asOf: null,
    gaps: [
      { gap: { resource: need.resource, from: null, to: null, listingIds: null, bookingNumbers: null }, jobs: [job] },
    ],
  };
}

/** Whether these needs are covered by complete fetches, how fresh, and what would fill the rest. */
export function coverageOf(db: ReadableDB, needs: readonly Need[], caps: Capabilities): Coverage {
  const fetchedBy = new Map<string, Map<string, Fetched[]>>();
  const fetched = (resource: string) => {
    let f = fetchedBy.get(resource);
    if (!f) fetchedBy.set(resource, (f = windowsOf(db, resource)));
    return f;
  };
  const parts = needs.map((need): Part => {
    switch (need.kind) {
      case 'window':
        return windowPart(db, need, caps, fetched(need.resource));
      case 'perBooking':
        return perBookingPart(db, need);
      case 'prices':
        return pricesPart(need, fetched('prices'));
      case 'reference':
        return referencePart(db, need);
    }
  });
  const resources = new Map<CoverageResource, { resource: CoverageResource; complete: boolean; asOf: number | null }>();
  for (const p of parts) {
    const r = resources.get(p.resource);
    if (!r) resources.set(p.resource, { resource: p.resource, complete: p.complete, asOf: p.asOf });
    else {
      r.complete &&= p.complete;
      r.asOf = r.complete ? minOf(r.asOf, p.asOf) : null;
    }
  }
  const complete = parts.every((p) => p.complete);
  const asOf = complete ? parts.reduce<number | null>((m, p) => minOf(m, p.asOf), null) : null;
  return { complete, asOf, resources: [...resources.values()], gaps: parts.flatMap((p) => p.gaps) };
}

/** Requests the jobs of these gaps take. */
export function gapCost(db: ReadableDB, gaps: readonly Gap[]): number {
  return gaps.reduce((n, g) => n + g.jobs.reduce((m, j) => m + jobCost(db, j), 0), 0);
}
