// What the header and the Sync screen tell about the engine: connectivity,
// last successful sync, activity, request budget, freshness, outbox counts
// and the stall watchdog. Loaded from `sync.status`, then kept current by
// push events, with a slow re-read as a safety net in case an event was
// missed. Both screens read the same getters, so they can never disagree.
import type {
  BudgetInfo,
  Connectivity,
  ContractError,
  Freshness,
  OutboxSummary,
  StayboardBridge,
  StallInfo,
  SyncActivity,
  SyncNowAnswer,
  SyncPlan,
  SyncStatus,
} from '../../../shared/contract';
import { call, callThen } from './call';

const RESYNC_MS = 15_000;

const UNKNOWN: Connectivity = { kind: 'unknown', since: null, until: null, lastAnswerAt: null, nextProbeAt: null };

/**
 * The one line about sync that sits beside the connection: never "Up to
 * date" beside a problem newer than the last success, a stalled outbox,
 * today's refreshes paused for the budget, today's data still arriving or
 * overdue, or a server that is not answering.
 */
export type SyncVerdict =
  | 'notConnected'
  | 'signedOut'
  | 'stalled'
  | 'budgetPaused'
  | 'arriving'
  | 'syncing'
  | 'waiting'
  | 'problem'
  | 'overdue'
  | 'notYet'
  | 'upToDate';

export function syncVerdict(s: SyncStatus, lastSyncAt: string | null): SyncVerdict {
  if (s.state === 'signedOut' || s.connectivity.kind === 'sessionExpired') return 'signedOut';
  if (s.connectivity.kind !== 'online') return 'notConnected';
  if (s.stall) return 'stalled';
  if (s.plan?.pausedUntil || s.stoppedFor === 'budget') return 'budgetPaused';
  if (s.plan && !s.plan.today.complete) return 'arriving';
  if (s.state === 'syncing') return 'syncing';
  if (s.state === 'waiting') return 'waiting';
  if (s.lastErrorAt && (!lastSyncAt || s.lastErrorAt > lastSyncAt)) return 'problem';
  if (s.stoppedFor) return 'problem';
  if (!lastSyncAt) return 'notYet';
  if (s.plan && !s.plan.today.fresh) return 'overdue';
  return 'upToDate';
}

/** How far the first sign-in's fill is: the next 14 days (0–100), and when the rest is in (null: not within the limit). */
export interface FillProgress {
  fortnightPercent: number;
  /** Requests the deep fill still needs. */
  left: number;
  /** When it ends at the request limit's pace (null: the limit leaves it no room). */
  doneAt: string | null;
}

/** The fill while it is going on (null once everything was received at least once). */
export function fillProgress(plan: SyncPlan | null): FillProgress | null {
  if (!plan) return null;
  const { fortnight, deep } = plan;
  if (deep.left === 0 && fortnight.done >= fortnight.total) return null;
  return {
    fortnightPercent: fortnight.total === 0 ? 100 : Math.floor((fortnight.done / fortnight.total) * 100),
    left: deep.left,
    doneAt: deep.doneAt,
  };
}

export class SyncState {
  status = $state.raw<SyncStatus | null>(null);
  error = $state.raw<ContractError | null>(null);
  /** Wall clock, ticking, so "synced 3 min ago" stays true without a re-read. */
  now = $state(Date.now());

  constructor(private readonly bridge: StayboardBridge) {}

  get connectivity(): Connectivity {
    return this.status?.connectivity ?? UNKNOWN;
  }
  get stall(): StallInfo | null {
    return this.status?.stall ?? null;
  }
  get verdict(): SyncVerdict | null {
    return this.status ? syncVerdict(this.status, this.lastSyncAt) : null;
  }
  get lastSuccessAt(): string | null {
    return this.status?.lastSuccessAt ?? null;
  }
  get plan(): SyncPlan | null {
    return this.status?.plan ?? null;
  }
  get fill(): FillProgress | null {
    return fillProgress(this.plan);
  }
  /**
   * How old the data the person works from is: when the OLDEST of today's
   * lists was received, once all of them have been (the plan says); never
   * the newest fetch of anything, which made "Synced just now" out of one
   * list among stale ones. Without a plan (signed out): the last complete
   * pass, or the newest data received if that is later. Never the time of an
   * attempt.
   */
  get lastSyncAt(): string | null {
    const plan = this.plan;
    if (plan) return plan.today.listsAt;
    let newest = this.lastSuccessAt;
    const data = this.status?.lastDataAt ?? null;
    if (data && (!newest || data > newest)) newest = data;
    for (const f of this.freshness) if (f.fetchedAt && (!newest || f.fetchedAt > newest)) newest = f.fetchedAt;
    return newest;
  }
  get outbox(): OutboxSummary | null {
    return this.status?.outbox ?? null;
  }
  get unsent(): number {
    return this.status?.outbox.unsent ?? 0;
  }
  /** Entries a person must act on (rejected, conflicting). */
  get needsAttention(): number {
    const o = this.status?.outbox;
    return o ? o.rejected + o.conflict : 0;
  }
  get budget(): BudgetInfo | null {
    return this.status?.budget ?? null;
  }
  get current(): SyncActivity | null {
    return this.status?.current ?? null;
  }
  get freshness(): Freshness[] {
    return this.status?.freshness ?? [];
  }

  async load(): Promise<void> {
    this.error = await callThen(this.bridge, 'sync.status', {}, (status) => (this.status = status));
  }

  /** Applies a partial update from an event onto the last full status (ignored until one was loaded). */
  #patch(patch: Partial<SyncStatus>): void {
    if (this.status) this.status = { ...this.status, ...patch };
    else void this.load();
  }

  start(): () => void {
    const offs = [
      this.bridge.on('sync.progress', (p) => this.#patch({ state: p.state, current: p.current, budget: p.budget })),
      this.bridge.on('sync.freshness', (p) =>
        this.#patch({ lastSuccessAt: p.lastSuccessAt, freshness: p.freshness, plan: p.plan }),
      ),
      this.bridge.on('outbox.changed', (p) => this.#patch({ outbox: p.summary })),
      this.bridge.on('sync.stall', (p) => this.#patch({ stall: p.stall })),
      this.bridge.on('connectivity.changed', (p) => {
        this.#patch({ connectivity: p.connectivity });
        void this.load();
      }),
    ];
    const resync = setInterval(() => void this.load(), RESYNC_MS);
    const tick = setInterval(() => (this.now = Date.now()), 10_000);
    return () => {
      for (const off of offs) off();
      clearInterval(resync);
      clearInterval(tick);
    };
  }

  /** "Sync now": what it did (to be said to the person), or the error. */
  async syncNow(full: boolean): Promise<{ ok: true; value: SyncNowAnswer } | { ok: false; error: ContractError }> {
    const r = await call(this.bridge, 'sync.now', { full });
    if (r.ok) void this.load();
    return r;
  }
}
