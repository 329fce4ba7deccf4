// What the header and the Sync screen tell about the engine: connectivity,
// last successful sync, activity, request budget, freshness and outbox
// counts. Loaded from `sync.status`, then kept current by push events, with
// a slow re-read as a safety net in case an event was missed.
import type {
  BudgetInfo,
  Connectivity,
  ContractError,
  Freshness,
  OutboxSummary,
  StayboardBridge,
  SyncActivity,
  SyncStatus,
} from '../../../shared/contract';
import { call } from './call';

const RESYNC_MS = 15_000;

export class SyncState {
  status = $state.raw<SyncStatus | null>(null);
  error = $state.raw<ContractError | null>(null);
  /** Wall clock, ticking, so "synced 3 min ago" stays true without a re-read. */
  now = $state(Date.now());

  constructor(private readonly bridge: StayboardBridge) {}

  get connectivity(): Connectivity {
    return this.status?.connectivity ?? 'unknown';
  }
  get lastSuccessAt(): string | null {
    return this.status?.lastSuccessAt ?? null;
  }
  /**
   * When data last came in successfully: the last complete pass, or the
   * newest complete fetch of any resource if that is later. (A pass stopped by
   * the hourly budget never counts as complete, yet what it fetched is fresh;
   * saying "not synced yet" then would not be true.)
   */
  get lastSyncAt(): string | null {
    let newest = this.lastSuccessAt;
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
    const r = await call(this.bridge, 'sync.status', {});
    if (r.ok) {
      this.status = r.value;
      this.error = null;
    } else this.error = r.error;
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
        this.#patch({ lastSuccessAt: p.lastSuccessAt, freshness: p.freshness, degraded: p.degraded }),
      ),
      this.bridge.on('outbox.changed', (p) => this.#patch({ outbox: p.summary })),
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

  async syncNow(full: boolean): Promise<ContractError | null> {
    const r = await call(this.bridge, 'sync.now', { full });
    if (r.ok) void this.load();
    return r.ok ? null : r.error;
  }
}
