// On-demand fetch: what a document or a screen is missing (coverage.ts gaps),
// fetched now at the PERSON's priority — sync's own jobs, run by runJob
// through the one ApiClient and the one budget governor ('user' requests go
// before background sync; no other path) — with an outcome per part:
// fetched, offline, out of budget, or failed (with the error's code).
// It also says beforehand whether a fetch can run and what it costs: the
// requests, and the time they take at the request latency seen lately.
//
// Never blocks the person for long: a server known unreachable is not asked
// (offline at once); parts that no longer fit the hour's budget are not
// started (out of budget); a 429 pause or a silent network ends at a
// deadline. A fetched bookings list can reveal more (a day's arrivals → their
// guests): the caller asks again for what is then missing, a few rounds.
import type { ErrorCode, FetchOutcome, FetchReadiness, ResourceName } from '../../shared/contract';
import type { ApiClient, RequestEvent } from '../api/client';
import type { Clock } from '../api/clock';
import { contractErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import type { BudgetGovernor } from '../api/governor';
import type { WritableDB } from '../cache/db';
import { jobCost, type Gap } from './coverage';
import { CapabilityMissing, runJob } from './fetchers';
import type { IngestObserver } from './ingest';
import type { JobSpec } from './jobs';

/** Every number of the person's fetches, in one place. */
export const ON_DEMAND = {
  /** Jobs at once (the governor bounds requests in flight; the person's priority may use all of them). */
  concurrency: 4,
  /** The latency assumed before any request was seen (ms). */
  defaultLatencyMs: 300,
  /** The estimate takes the median of this many latest request latencies. */
  latencySamples: 40,
  /** A fetch ends at max(minDeadlineMs, deadlineFactor × its estimate); what is left then counts as failed or out of budget. */
  minDeadlineMs: 30_000,
  deadlineFactor: 4,
  /** Rounds of "fetch what is missing, look again" (fetched bookings reveal their guests). */
  rounds: 3,
} as const;

export interface OnDemandDeps {
  db: WritableDB;
  client: ApiClient;
  governor: BudgetGovernor;
  clock: Clock;
  /** Sees what is written (the notifier), as it sees sync's writes. */
  observe?: IngestObserver;
  /** Resources whose cached records changed (cache.changed: screens re-read). */
  changed: (resources: ResourceName[]) => void;
}

export interface Readiness {
  fetch: FetchReadiness;
  /** budget: when there is room again; offline: since when. ISO or null. */
  until: string | null;
  /** Requests the person may still make now (null when signed out). */
  room: number | null;
}

export interface PartResult {
  gap: Gap['gap'];
  outcome: FetchOutcome;
  reason: ErrorCode | null;
}

const iso = (t: number | null | undefined) => (t === null || t === undefined ? null : new Date(t).toISOString());

/** The latencies of the latest answered requests (any priority): what the next ones will likely take. */
class Latency {
  private readonly samples: number[] = [];
  seen(ms: number): void {
    this.samples.push(ms);
    if (this.samples.length > ON_DEMAND.latencySamples) this.samples.shift();
  }
  median(): number {
    if (!this.samples.length) return ON_DEMAND.defaultLatencyMs;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }
}

export class OnDemand {
  private readonly latency = new Latency();
  private readonly onRequest = (e: RequestEvent) => {
    if (e.status !== null) this.latency.seen(e.ms);
  };

  constructor(private readonly deps: OnDemandDeps) {
    deps.client.on('request', this.onRequest);
  }

  /** Stops listening to the client (the session ended). */
  close(): void {
    this.deps.client.off('request', this.onRequest);
  }

  /** Requests these gaps take and about how long (ms): rounds of `concurrency` requests at the median latency. */
  estimate(gaps: readonly Gap[]): { requests: number; estimateMs: number } {
    const requests = gaps.reduce((n, g) => n + g.jobs.reduce((m, j) => m + jobCost(this.deps.db, j), 0), 0);
    const estimateMs = Math.round(Math.ceil(requests / ON_DEMAND.concurrency) * this.latency.median());
    return { requests, estimateMs };
  }

  /** Whether a fetch of `requests` requests can run now, and if not, why and until when. */
  readiness(requests: number): Readiness {
    const { client, governor } = this.deps;
    if (!client.hasCredentials || client.sessionExpired) return { fetch: 'signedOut', until: null, room: null };
    const room = governor.headroom('user');
    const conn = client.connectivity.snapshot();
    if (conn.kind === 'unreachable' || conn.kind === 'failing')
      return { fetch: 'offline', until: iso(conn.since), room };
    const snap = governor.snapshot();
    if (snap.blockedUntil !== null) return { fetch: 'budget', until: iso(snap.blockedUntil), room: 0 };
    if (requests > room) return { fetch: 'budget', until: iso(snap.nextFreeAt), room };
    return { fetch: 'ready', until: null, room };
  }

  /**
   * Runs the jobs of these gaps at the person's priority. A gap is fetched when all its jobs were;
   * the first network failure ends the fetch (what is left: offline); a job that no longer fits the
   * budget is not started (out of budget).
   */
  async run(gaps: readonly Gap[]): Promise<{ parts: PartResult[]; requests: number }> {
    const { client, clock } = this.deps;
    let requests = 0;
    const count = () => requests++;
    client.on('request', count);
    const abort = new AbortController();
    const { estimateMs } = this.estimate(gaps);
    const deadline = clock.setTimeout(
      () => abort.abort(new Error('the fetch took too long')),
      Math.max(ON_DEMAND.minDeadlineMs, ON_DEMAND.deadlineFactor * estimateMs),
    );
    const results = gaps.map((g): PartResult => ({ gap: g.gap, outcome: 'fetched', reason: null }));
    /** Why what is left stops: set by the first failure that makes every further request pointless. */
    let stop: { outcome: FetchOutcome; reason: ErrorCode | null } | null = null;
    const changed = new Set<ResourceName>();
    const queue = gaps.flatMap((g, i) => g.jobs.map((spec) => ({ spec, part: i })));
    const fail = (part: number, outcome: FetchOutcome, reason: ErrorCode | null) => {
      const r = results[part]!;
      // The worst outcome of its jobs stands: failed > out of budget > offline > fetched.
      const rank: Record<FetchOutcome, number> = { fetched: 0, offline: 1, budget: 2, failed: 3 };
      if (rank[outcome] >= rank[r.outcome]) Object.assign(r, { outcome, reason });
    };
    const worker = async () => {
      for (;;) {
        const next = queue.shift();
        if (!next) return;
        if (stop) {
          fail(next.part, stop.outcome, stop.reason);
          continue;
        }
        const readiness = this.readiness(jobCost(this.deps.db, next.spec));
        if (readiness.fetch !== 'ready') {
          fail(next.part, readiness.fetch === 'budget' ? 'budget' : 'offline', null);
          if (readiness.fetch !== 'budget') stop = { outcome: 'offline', reason: 'unreachable' };
          continue;
        }
        try {
          const r = await runJob(
            {
              db: this.deps.db,
              client,
              now: () => clock.now(),
              priority: 'user',
              signal: abort.signal,
              ...(this.deps.observe ? { observe: this.deps.observe } : {}),
            },
            assertServerIds(next.spec),
          );
          for (const res of r.changed) changed.add(res);
        } catch (e) {
          const why = this.outcomeOf(e, abort.signal.aborted);
          fail(next.part, why.outcome, why.reason);
          // Offline, out of budget, signed out or past the deadline: every further request would fail alike.
          if (why.outcome !== 'failed' || why.reason === 'not_signed_in' || abort.signal.aborted) stop ??= why;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: ON_DEMAND.concurrency }, worker));
    } finally {
      deadline.cancel();
      client.off('request', count);
      if (changed.size) this.deps.changed([...changed]);
    }
    return { parts: results, requests };
  }

  private outcomeOf(e: unknown, timedOut: boolean): { outcome: FetchOutcome; reason: ErrorCode | null } {
    if (timedOut)
      return this.deps.governor.snapshot().blockedUntil !== null
        ? { outcome: 'budget', reason: 'rate_limited' }
        : { outcome: 'failed', reason: 'unreachable' };
    if (e instanceof CapabilityMissing) return { outcome: 'failed', reason: 'bad_response' };
    if (!isApiError(e)) return { outcome: 'failed', reason: 'internal' };
    if (e.kind === 'network' || e.kind === 'timeout') return { outcome: 'offline', reason: 'unreachable' };
    if (e.kind === 'rate_limited') return { outcome: 'budget', reason: 'rate_limited' };
    return { outcome: 'failed', reason: contractErrorOf(e).code };
  }
}

/** The rule, checked where requests are made: no request carries an id that exists only on this computer. */
function assertServerIds(spec: JobSpec): JobSpec {
  const ids = [
    'listingId' in spec ? spec.listingId : null,
    'bookingNumber' in spec ? spec.bookingNumber : null,
    'rateId' in spec ? spec.rateId : null,
  ];
  if (ids.some((id) => id !== null && id <= 0))
    throw new Error(`a local id cannot be fetched from the server (${spec.kind})`);
  return spec;
}
