// The answers of the contract's `coverage.check` and `coverage.fetch`: a
// subject (a document with its input, or a screen's data) → its needs
// (needs.ts) → coverage (coverage.ts) → what is missing, its cost and whether
// the person's fetch can run now (on-demand.ts) — and the fetch itself, in
// rounds, since fetched bookings can reveal more to fetch (their guests).
import type { CoverageAnswer, CoverageFetched, CoverageSubjectArgs } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { coverageOf, type Coverage, type Gap } from './coverage';
import { needsOf } from './needs';
import { ON_DEMAND, type OnDemand, type PartResult } from './on-demand';
import type { Policy } from './policy';
import type { Capabilities } from './sources';

export interface CoverageDeps {
  db: ReadableDB;
  /** Today in the business's time zone. */
  today: () => string;
  policy: Policy;
  capabilities: () => Capabilities;
  /** The session's fetcher; null when signed out (nothing can be fetched). */
  onDemand: OnDemand | null;
  now: () => number;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** The coverage of a subject (what the documents print from). */
export function coverageOfSubject(deps: CoverageDeps, subject: CoverageSubjectArgs): Coverage {
  const needs = needsOf(deps.db, subject, { today: deps.today(), policy: deps.policy });
  return coverageOf(deps.db, needs, deps.capabilities());
}

/** Per-booking parts may follow once bookings are in: a day's registration list (its arrivals' guests). */
function mayRevealMore(subject: CoverageSubjectArgs, c: Coverage): boolean {
  return (
    subject.of === 'documents.registration' &&
    subject.input.document === 'dayList' &&
    c.gaps.some((g) => g.gap.resource === 'bookings')
  );
}

function answer(deps: CoverageDeps, subject: CoverageSubjectArgs, c: Coverage): CoverageAnswer {
  const { requests, estimateMs } = deps.onDemand?.estimate(c.gaps) ?? { requests: 0, estimateMs: 0 };
  const ready = deps.onDemand?.readiness(requests) ?? { fetch: 'signedOut' as const, until: null, room: null };
  return {
    complete: c.complete,
    asOf: iso(c.asOf),
    resources: c.resources.map((r) => ({ ...r, asOf: iso(r.asOf) })),
    gaps: c.gaps.map((g) => g.gap),
    requests,
    more: mayRevealMore(subject, c),
    estimateMs,
    fetch: c.complete ? 'ready' : ready.fetch,
    until: c.complete ? null : ready.until,
    room: ready.room,
  };
}

export function checkCoverage(deps: CoverageDeps, subject: CoverageSubjectArgs): CoverageAnswer {
  return answer(deps, subject, coverageOfSubject(deps, subject));
}

const gapKey = (g: Gap) => JSON.stringify(g.gap);

/**
 * Fetches what the subject is missing at the person's priority, then looks again (a few rounds:
 * what was fetched can reveal more). A part that did not come in is not asked for again in the
 * same fetch. Signed out, offline or out of budget: no request, every part says why.
 */
export async function fetchCoverage(deps: CoverageDeps, subject: CoverageSubjectArgs): Promise<CoverageFetched> {
  const started = deps.now();
  const parts: PartResult[] = [];
  const tried = new Set<string>();
  let requests = 0;
  for (let round = 0; round < ON_DEMAND.rounds; round++) {
    const c = coverageOfSubject(deps, subject);
    const gaps = c.gaps.filter((g) => !tried.has(gapKey(g)));
    if (c.complete || !gaps.length) break;
    for (const g of gaps) tried.add(gapKey(g));
    const onDemand = deps.onDemand;
    if (!onDemand) {
      parts.push(...gaps.map((g) => ({ gap: g.gap, outcome: 'failed' as const, reason: 'not_signed_in' as const })));
      break;
    }
    const ready = onDemand.readiness(onDemand.estimate(gaps).requests);
    if (ready.fetch === 'offline' || ready.fetch === 'signedOut') {
      const reason = ready.fetch === 'offline' ? ('unreachable' as const) : ('not_signed_in' as const);
      parts.push(
        ...gaps.map((g) => ({
          gap: g.gap,
          outcome: ready.fetch === 'offline' ? ('offline' as const) : ('failed' as const),
          reason,
        })),
      );
      break;
    }
    // Out of budget for all of it: what fits still goes (the runner stops each part that does not).
    const r = await onDemand.run(gaps);
    parts.push(...r.parts);
    requests += r.requests;
    if (r.parts.some((p) => p.outcome !== 'fetched')) break;
  }
  return {
    parts,
    requests,
    ms: Math.max(0, Math.round(deps.now() - started)),
    after: checkCoverage(deps, subject),
  };
}
