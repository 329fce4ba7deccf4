// The sync policy in ONE place: which date windows are fetched, how old each
// kind of data may get before it is refreshed, and how much each kind
// matters. The planner turns this into an order of work within the budget;
// change a number here to change the app's refresh behaviour.
import type { Backoff } from '../../shared/backoff';

export interface Policy {
  /** Days after today the cache covers (Settings.horizonDays). */
  horizonDays: number;
  /** Days before today kept fresh (recent departures, tasks done yesterday). */
  pastDays: number;
  /** Incidents are reported long before they are fixed: open ones from this far back are fetched. */
  incidentPastDays: number;
  /**
   * An incident opened long before that and never closed must not hide: a
   * second, rarely refreshed window reaches this far back (before the
   * incidents window), so old open incidents reach the cache too.
   */
  incidentDeepDays: number;
  /** "Today + 48 h": the near window, refreshed most often. */
  nearDaysBefore: number;
  nearDaysAfter: number;
  /** Maximum age (ms) per kind of data before it is due again. */
  maxAge: {
    near: number;
    far: number;
    reference: number;
    listings: number;
    photos: number;
    availability: number;
    prices: number;
    /** Customer + guests of bookings arriving or leaving today / tomorrow. */
    nearBooking: number;
    /** Threads of those bookings (messages come in often). */
    nearThreads: number;
    /** Customer, guests and threads of every other booking in the window. */
    farBooking: number;
    /** Anything on screen (the renderer's interest). */
    onScreen: number;
    /** The old incidents window (before incidentPastDays): old open incidents change rarely. */
    incidentsDeep: number;
  };
  /** Importance weights: score = weight × age / maxAge. */
  weight: { onScreen: number; near: number; reference: number; far: number };
  /**
   * A start on an existing cache (a remembered account reopened) waits this
   * long before its first pass, so the first screens are read from the cache
   * without queueing behind the first plan (≈ 0.2 s of the main thread at
   * 1,000 listings). "Sync now", coming online or a screen's interest start
   * the pass sooner. A fresh sign-in syncs at once (its cache is empty).
   */
  resumeSyncDelayMs: number;
  /** After a failure, wait this long (doubling per consecutive failure, capped at maxAge) before retrying the job. */
  failureBackoffMs: number;
  /** Jobs run at once (the governor still bounds requests in flight). */
  concurrency: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

export const DEFAULT_POLICY: Policy = {
  horizonDays: 365,
  pastDays: 7,
  incidentPastDays: 180,
  incidentDeepDays: 5 * 365,
  nearDaysBefore: 1,
  nearDaysAfter: 2,
  maxAge: {
    near: 4 * MIN,
    far: 6 * HOUR,
    reference: 24 * HOUR,
    listings: 24 * HOUR,
    photos: 24 * HOUR,
    availability: 6 * HOUR,
    prices: 24 * HOUR,
    nearBooking: HOUR,
    nearThreads: 30 * MIN,
    farBooking: 7 * 24 * HOUR,
    onScreen: 2 * MIN,
    incidentsDeep: 24 * HOUR,
  },
  weight: { onScreen: 8, near: 4, reference: 2, far: 1 },
  failureBackoffMs: MIN,
  resumeSyncDelayMs: 1_500,
  concurrency: 4,
};

/** Settings (shared/contract DEFAULT_SETTINGS) → policy. */
export function policyFor(settings: { horizonDays?: number } = {}, base: Policy = DEFAULT_POLICY): Policy {
  return { ...base, horizonDays: settings.horizonDays ?? base.horizonDays };
}

/**
 * How the app finds out whether the server is there, and when unsent
 * changes count as stuck. All the numbers of electron/sync/probe.ts and
 * electron/sync/watchdog.ts, in one place.
 */
export interface ConnectivityPolicy {
  /** The probe: one cheap GET, one attempt, in the budget's connectivity slice (no other slice can eat it). */
  probeEndpoint: 'customerTypes.list';
  /** A probe with no complete answer within this long counts as unreachable (a black-holed network). */
  probeTimeoutMs: number;
  /** While unreachable or failing: first probe after this long, doubling per failed probe… */
  probeBackoffMs: number;
  /**
   * …up to this long: the server's return is noticed within it. A probe that
   * finds nothing there never reached the server, so it costs no budget.
   */
  probeBackoffMaxMs: number;
  /** ± this share of random spread on every probe delay (many desks must not probe in step). */
  probeJitter: number;
  /**
   * While online and nothing else talks to the server: a probe after this
   * long of silence, so a lost network shows within seconds with no edit made…
   */
  heartbeatMs: number;
  /** …but never more than this share of the hourly request limit (a small limit stretches the interval). */
  heartbeatShare: number;
  /** 5xx answers in a row before the server counts as failing (see api/connectivity.ts). */
  serverFailuresToFail: number;
  /** Online with unsent changes and none settled for this long: the outbox is stalled. */
  stallAfterMs: number;
  /** Or one change failed this many times in a row. */
  stallFailures: number;
}

export const CONNECTIVITY_POLICY: ConnectivityPolicy = {
  probeEndpoint: 'customerTypes.list',
  probeTimeoutMs: 5_000,
  probeBackoffMs: 5_000,
  probeBackoffMaxMs: 30_000,
  probeJitter: 0.2,
  heartbeatMs: 12_000,
  heartbeatShare: 0.06,
  serverFailuresToFail: 3,
  stallAfterMs: 2 * MIN,
  stallFailures: 5,
};

/**
 * A pass stopped because the server cannot be reached waits this long before
 * the next (the probe wakes it sooner when the server answers again): 5 s
 * doubling to 5 min, no jitter (one loop per app).
 */
export const OFFLINE_RETRY: Backoff = { baseMs: 5_000, maxMs: 5 * MIN, jitter: 0 };
