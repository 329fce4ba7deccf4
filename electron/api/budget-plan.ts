// The request budget's plan, in ONE place. The server allows `limit` requests
// per hour per token (the spec: 5,000; the provider grants more on request).
// The limit in force is the lower of the person's setting
// (Settings.budgetPerHour: raised when granted more, lowered when other tools
// share the login) and the server's X-RateLimit-Limit once it has said one
// (governor.ts). A whole business costs far more (one request
// per booking for guests, customers and threads). So the hour is shared out
// in slices, and every request is counted in one:
//
//   user    the person: edits, what is on screen, what they ask for now
//           (a document's data, "Sync now") — Settings.reservePercent
//   probe   connectivity: one check every 12 s at most when nothing else
//           talks to the server (any answer is proof, so it costs nothing
//           while other traffic flows)
//   today   today's freshness: the lists of today ± 48 h, today's people,
//           the listings and reference data — the planner's estimate of
//           what that costs an hour, with headroom, short of `deepMinShare`
//   deep    everything else (guests, customers and messages of every
//           booking, far dates, history): what is left (at least
//           `deepMinShare` of the limit), PACED over the hour
//           so a first sign-in does not spend the hour in its first minutes
//
// user, probe and today are guaranteed: whatever of their share is unused in
// the sliding hour is kept for them, so no other slice can eat it. Each of
// them may also use the deep fill's room. The deep fill has only what is
// left, and in any `deepPaceMs` no more than its hourly share × deepPaceMs /
// hour. When the server says it counted more than we did (another device on
// the same API user), what is left is kept in this order: a few minutes of
// connectivity checks (`probeKeep`), the person, the rest of the checks,
// today. electron/api/governor.ts enforces it; the Sync page shows it.
import type { Priority } from './governor';

export interface BudgetPolicy {
  /** The server's counting window (the spec: per hour). */
  windowMs: number;
  /** Share of the limit never used: our count can trail the server's (clock skew, answers in flight). */
  marginShare: number;
  /** The person's share (Settings.reservePercent / 100). */
  userShare: number;
  /** Connectivity checks an hour at most: 300 = one every 12 s, 6 % of 5,000. */
  probePerHour: number;
  /** …and never more than this share of a small limit. */
  probeMaxShare: number;
  /** When the hour runs short, this many checks are kept even before the person's share (five minutes of them). */
  probeKeep: number;
  /** Today's slice: the planner's estimate of today's refreshes an hour × this (retries, extra pages, jobs due together)… */
  todayHeadroom: number;
  /** …and at least this share of the limit (before the first plan, and for a small business). */
  todayMinShare: number;
  /**
   * The deep fill's share the today slice never takes: at 1,000 listings today's
   * estimate × headroom took everything left after the person and the checks, and
   * the deep fill (far dates, the next 14 days' guests) never ran.
   */
  deepMinShare: number;
  /** The deep fill: in any window this long, at most its hourly share × deepPaceMs / windowMs. */
  deepPaceMs: number;
}

const MIN = 60_000;

export const BUDGET_POLICY: BudgetPolicy = {
  windowMs: 60 * MIN,
  marginShare: 0.01,
  userShare: 0.2,
  probePerHour: 300,
  probeMaxShare: 0.06,
  probeKeep: 25,
  todayHeadroom: 1.3,
  todayMinShare: 0.1,
  deepMinShare: 0.1,
  deepPaceMs: MIN,
};

/** Requests each slice may count in one window (per token), and the margin nobody uses. */
export interface Slices {
  limit: number;
  margin: number;
  user: number;
  probe: number;
  today: number;
  deep: number;
  /** The most deep-fill requests in any deepPaceMs. */
  deepPace: number;
}

/**
 * The slices of `limit` for today's estimated demand (requests an hour; null
 * before the planner has made one). Whatever the inputs, the four add up to
 * `limit − margin` and none is negative: today's demand is clamped to what is
 * left after the person and connectivity.
 */
export function slicesOf(limit: number, todayDemandPerHour: number | null, policy: BudgetPolicy): Slices {
  const margin = Math.max(1, Math.ceil(limit * policy.marginShare));
  const usable = Math.max(0, limit - margin);
  const probe = Math.min(usable, Math.max(1, Math.min(policy.probePerHour, Math.floor(limit * policy.probeMaxShare))));
  const user = Math.min(usable - probe, Math.floor(limit * policy.userShare));
  const wanted = Math.max(
    Math.floor(limit * policy.todayMinShare),
    Math.ceil((todayDemandPerHour ?? 0) * policy.todayHeadroom),
  );
  const deepMin = Math.min(usable - probe - user, Math.floor(limit * policy.deepMinShare));
  const today = Math.max(0, Math.min(usable - probe - user - deepMin, wanted));
  const deep = usable - probe - user - today;
  return {
    limit,
    margin,
    user,
    probe,
    today,
    deep,
    deepPace: deep === 0 ? 0 : Math.max(1, Math.floor((deep * policy.deepPaceMs) / policy.windowMs)),
  };
}

/** The slice a request of this priority is counted in (they share their names). */
export const SLICES: readonly Priority[] = ['user', 'probe', 'today', 'deep'];
