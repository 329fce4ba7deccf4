// Output shapes of the app's own state: the session, the sync status (with
// connectivity, request budget and freshness per resource), the outbox
// (entries with their state and both values of a conflict) and the settings.
import { z } from 'zod';
import { quietTime } from './notifications';
import { changeSubject } from './subject';
import { contractError } from './result';
import { instant, nullable, OUTBOX_STATES, outboxState, resourceName, type OutboxState } from './primitives';

// ───────────────────────── session ─────────────────────────

/**
 * `custom`: a server whose address the person typed (the spec names a test and a
 * production environment but gives no address for either); `demo`: the embedded simulator.
 */
export const ENVIRONMENTS = ['custom', 'demo'] as const;
export const environment = z.enum(ENVIRONMENTS);
export type Environment = (typeof ENVIRONMENTS)[number];

export const accountInfo = z.object({
  /** Base URL without /api/v1, e.g. https://api.example.com */
  baseUrl: z.string(),
  environment,
  user: z.string(),
});
export type AccountInfo = z.output<typeof accountInfo>;

export const sessionInfo = z.object({
  /**
   * `expired`: the server refused the stored credentials; the person must sign in again.
   * `locked`: the last account (in `account`) waits for its password, checked on this
   * computer; nothing of it is served until then.
   */
  state: z.enum(['signedOut', 'signedIn', 'expired', 'locked']),
  account: nullable(accountInfo),
  /** True when the credentials are in the OS keychain (signed in with "remember"). */
  remembered: z.boolean(),
  keychain: z.object({
    available: z.boolean(),
    /** Why it is not, in plain words (null when it is). */
    message: nullable(z.string()),
  }),
});
export type SessionInfo = z.output<typeof sessionInfo>;

/** An account used on this computer, for the sign-in screen (no password, no verifier). */
export const knownAccount = accountInfo.extend({
  /** It can be opened without the server: its password can be checked on this computer. */
  offline: z.boolean(),
});
export type KnownAccount = z.output<typeof knownAccount>;

// ───────────────────────── outbox ─────────────────────────

/** Field → value. Values are whatever the write schemas allow (JSON). */
const fieldValues = z.record(z.string(), z.unknown());

export const conflictField = z.object({
  field: z.string(),
  /** The value when the edit was made. */
  base: z.unknown(),
  mine: z.unknown(),
  /** The value the server has now. */
  theirs: z.unknown(),
});
export type ConflictField = z.output<typeof conflictField>;

export const outboxEntry = z.object({
  id: z.number().int(),
  /** The command that made it, e.g. `cleaning.update`, `guests.create`, `blocks.delete`. */
  operation: z.string(),
  resource: resourceName,
  recordId: nullable(z.number().int()),
  /** What the change is about (the booking, its listing…), as data, taken when the edit was made. */
  subject: changeSubject,
  /**
   * Names of the records the changed values point at, by field and id (`owner_id` → `{"-2": "Ana Puig"}`):
   * a change shows "Owner: Ana Puig", never an id.
   */
  names: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  state: outboxState,
  /** Changes as sent (coalesced edits show their merged values). */
  changes: fieldValues,
  /** Values the change was made against (null for creates and deletes). */
  base: nullable(fieldValues),
  attempts: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
  nextAttemptAt: nullable(instant),
  /** The server's reason for a rejection, or the last error of a retryable failure. */
  error: nullable(contractError),
  /** Present in state `conflict`. */
  conflicts: z.array(conflictField).default([]),
  /**
   * Set while the change points at a record created offline that the server does not have
   * yet (a guest of a new booking): it is not sent until that record's create is. `refused`:
   * the server refused that create (the person amends or discards it; this waits meanwhile).
   */
  waitingFor: nullable(
    z.object({
      resource: resourceName,
      /** The new record's local (negative) id. */
      recordId: z.number().int(),
      /** What the create is about (its listing, its name…). */
      subject: changeSubject,
      refused: nullable(contractError),
    }),
  ).default(null),
});
export type OutboxEntry = z.output<typeof outboxEntry>;

const entryCount = z.number().int();
/** One count per outbox state, derived from the states so that a new state cannot be left uncounted. */
const countPerState = Object.fromEntries(OUTBOX_STATES.map((state) => [state, entryCount])) as Record<
  OutboxState,
  typeof entryCount
>;

/** How many entries are in each state; `confirmed` ones stay listed a while so the person sees the outcome. */
export const outboxSummary = z.object({
  /** Everything not yet confirmed: pending + sending + rejected + conflict + unknown. */
  unsent: entryCount,
  ...countPerState,
});
export type OutboxSummary = z.output<typeof outboxSummary>;

/** What an edit command answers: the entry it wrote (visible at once as pending). */
export const editReceipt = z.object({
  entryId: z.number().int(),
  state: outboxState,
  /** Creates: the new record's local (negative) id, e.g. the booking number to open. */
  recordId: z.number().int().optional(),
});
export type EditReceipt = z.output<typeof editReceipt>;

// ───────────────────────── sync ─────────────────────────

/**
 * What the app knows about the server, from every request's outcome (sync,
 * outbox replay, login, probes): `unknown` before any answer, `online`,
 * `unreachable` (nothing comes back), `failing` (5xx answers),
 * `sessionExpired` (the sign-in was refused), `rateLimited` (until `until`).
 */
export const CONNECTIVITY_KINDS = [
  'unknown',
  'online',
  'unreachable',
  'failing',
  'sessionExpired',
  'rateLimited',
] as const;
export const connectivityKind = z.enum(CONNECTIVITY_KINDS);
export type ConnectivityKind = (typeof CONNECTIVITY_KINDS)[number];

export const connectivity = z.object({
  kind: connectivityKind,
  /** When this kind began (null while unknown). */
  since: nullable(instant),
  /** `rateLimited`: when requests may go again. */
  until: nullable(instant),
  /** The last time the server answered at all. */
  lastAnswerAt: nullable(instant),
  /** When the app next checks the server by itself (null: none planned). */
  nextProbeAt: nullable(instant),
});
export type Connectivity = z.output<typeof connectivity>;

/** Online, changes waiting, yet none went through for a while, or one keeps failing (the stall watchdog). */
export const stallInfo = z.object({
  reason: z.enum(['noProgress', 'failing']),
  since: instant,
  entryId: z.number().int(),
  /** The change's record, as data (the renderer words it). */
  resource: resourceName,
  subject: changeSubject,
  operation: z.string(),
  attempts: z.number().int(),
  error: nullable(contractError),
  nextAttemptAt: nullable(instant),
});
export type StallInfo = z.output<typeof stallInfo>;

/** One slice of the hour's budget (electron/api/budget-plan.ts): what it may count, what it has. */
export const sliceUse = z.object({ cap: z.number().int(), used: z.number().int() });
export type SliceUse = z.output<typeof sliceUse>;

/** The slices: the person, connectivity checks, today's freshness, the deep fill (paced over the hour). */
export const BUDGET_SLICES = ['user', 'probe', 'today', 'deep'] as const;
export type BudgetSlice = (typeof BUDGET_SLICES)[number];

export const budgetInfo = z.object({
  /** Requests Stayboard may make per hour per token: the lower of the setting and the server's limit. */
  limit: z.number().int(),
  /** The server's own limit (X-RateLimit-Limit), or null before it said one: above `limit` when the setting is lower. */
  serverLimit: nullable(z.number().int()),
  /** Requests counted in the last hour. */
  used: z.number().int(),
  remaining: z.number().int(),
  /** Part of the limit background refresh may not use (kept for edits and on-screen reads). */
  reserve: z.number().int(),
  /** When the oldest counted request leaves the hour window (more room then). */
  nextFreeAt: nullable(instant),
  /** Set while the server asked us to wait (Retry-After). */
  throttledUntil: nullable(instant),
  /** 429 answers received this session (the goal is zero). */
  rateLimited: z.number().int(),
  /** The hour shared out: each slice's cap and use in the current window. */
  slices: z.object({ user: sliceUse, probe: sliceUse, today: sliceUse, deep: sliceUse }),
  /** Requests the server counted this hour that this app did not make (another device on the same API user). */
  others: z.number().int(),
  /** The deep fill's pace: at most `cap` requests in any `minutes`, `used` in the current one. */
  deepPace: z.object({ cap: z.number().int(), used: z.number().int(), minutes: z.number().int() }),
});
export type BudgetInfo = z.output<typeof budgetInfo>;

export const freshness = z.object({
  resource: resourceName,
  /** Human-readable scope ("all", "listing 12", "booking 1042"). */
  scope: z.string(),
  from: nullable(z.string()),
  to: nullable(z.string()),
  /** Last complete fetch (null: never fetched). */
  fetchedAt: nullable(instant),
  /** True when it is older than the planner wants for its importance. */
  stale: z.boolean(),
});
export type Freshness = z.output<typeof freshness>;

/**
 * What the budget plan means for the person: whether today's data waits for
 * the budget, whether it is complete and fresh, how far the next 14 days are,
 * and when the deep fill (guests, customers and messages of every booking;
 * far dates) will be done at the account's request limit. Structure only:
 * the renderer words it.
 */
export const syncPlan = z.object({
  /** Today's share of the hour is used up (or the server asked to wait): today's refreshes wait until then. */
  pausedUntil: nullable(instant),
  today: z.object({
    /** Every list and person of today ±48 h has been received at least once. */
    complete: z.boolean(),
    /** …and none is older than its refresh interval. */
    fresh: z.boolean(),
    /** When the oldest of today's lists was received (null: one never was). */
    listsAt: nullable(instant),
    /** Today's refreshes overdue now. */
    overdue: z.number().int(),
  }),
  /** The next 14 days: the lists, and the guests of every live booking arriving (parts received of all). */
  fortnight: z.object({ done: z.number().int(), total: z.number().int() }),
  /** The deep fill: requests still needed for what was never received, its requests an hour, when it ends at that pace. */
  deep: z.object({ left: z.number().int(), perHour: z.number().int(), doneAt: nullable(instant) }),
  /** Keeping everything fresh needs more requests an hour than today's and the deep fill's share (null: it fits). */
  short: nullable(z.object({ demandPerHour: z.number().int(), capacityPerHour: z.number().int() })),
});
export type SyncPlan = z.output<typeof syncPlan>;

export const syncActivity = z.object({
  resource: resourceName,
  scope: z.string(),
  /** Steps done and planned in the current pass. */
  done: z.number().int(),
  planned: z.number().int(),
});
export type SyncActivity = z.output<typeof syncActivity>;

export const syncStatus = z.object({
  state: z.enum(['idle', 'syncing', 'waiting', 'offline', 'signedOut']),
  connectivity,
  /** The end of the last pass that completed every due refresh (never a pass that failed or did nothing). */
  lastSuccessAt: nullable(instant),
  /** The newest data actually received (a complete fetch of anything), even from a pass that stopped early. */
  lastDataAt: nullable(instant),
  /** Why the last pass stopped early, if it did ('budget': the hour's background share is used up). */
  stoppedFor: nullable(z.enum(['budget', 'offline', 'signedOut', 'aborted', 'failed'])),
  lastError: nullable(contractError),
  /** When lastError happened (a problem newer than the last success is never shown beside "Up to date"). */
  lastErrorAt: nullable(instant),
  /** Set while the outbox is stalled (see stallInfo). */
  stall: nullable(stallInfo),
  current: nullable(syncActivity),
  budget: budgetInfo,
  freshness: z.array(freshness),
  /** The budget plan's meaning for the person (null before the first plan). */
  plan: nullable(syncPlan),
  /** Records that failed validation and were kept aside. */
  quarantined: z.number().int(),
  outbox: outboxSummary,
});
export type SyncStatus = z.output<typeof syncStatus>;

// ───────────────────────── settings ─────────────────────────

export const LOCALES = ['en', 'es', 'ca'] as const;
export const locale = z.enum(LOCALES, { error: 'must be en, es or ca' });
export type Locale = (typeof LOCALES)[number];

export const settingsShape = z.object({
  locale,
  /** The per-token hourly request limit of the account (the spec says 5000; more can be bought). */
  budgetPerHour: z.number().int().min(100).max(1_000_000),
  /** Percent of the budget kept for edits and on-screen reads. */
  reservePercent: z.number().int().min(0).max(50),
  /** Keep refreshing in the background (off: only what is on screen and the outbox). */
  backgroundSync: z.boolean(),
  /** How far ahead sync looks, in days. */
  horizonDays: z.number().int().min(7).max(730),
  /**
   * Months of history kept on this computer (null: everything). Older records are dropped from the
   * cache, never from the server, and fetched again when a screen asks for them.
   */
  historyMonths: z.number().int().min(1).max(120).nullable(),
  /** Notifications, per kind (notifications.ts NOTICE_SETTING): off = never shown. */
  notifyIncidents: z.boolean(),
  notifyArrivals: z.boolean(),
  notifyRefused: z.boolean(),
  notifyStall: z.boolean(),
  /** Quiet hours, local time "HH:MM" (from > to spans midnight; either null: none): nothing is shown then. */
  quietFrom: quietTime,
  quietTo: quietTime,
});
export type Settings = z.output<typeof settingsShape>;

export const DEFAULT_SETTINGS: Settings = {
  locale: 'en',
  budgetPerHour: 5000,
  reservePercent: 20,
  backgroundSync: true,
  horizonDays: 365,
  historyMonths: 12,
  notifyIncidents: true,
  notifyArrivals: true,
  notifyRefused: true,
  notifyStall: true,
  quietFrom: null,
  quietTo: null,
};

/** What the cache holds on this computer, and what a choice of history would drop from it. */
export const storageUsage = z.object({
  /** What the cache file holds: its pages in use, bytes. */
  bytes: z.number().int().nonnegative(),
  /** Bookings held. */
  bookings: z.number().int().nonnegative(),
  /** Of those, the ones that ended before the first day the choice keeps (0 when it keeps everything). */
  olderBookings: z.number().int().nonnegative(),
  /** The first day the choice keeps, or null (everything). */
  keepsFrom: z.string().nullable(),
});
export type StorageUsage = z.output<typeof storageUsage>;

// ───────────────────────── app ─────────────────────────

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** True while the demo workspace (embedded simulator) is the account. */
  demo: z.boolean(),
});
export type AppInfo = z.output<typeof appInfo>;
