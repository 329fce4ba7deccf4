// "Check against the server": for the next days (RECONCILE_DAYS), the number
// of bookings (by arrival day), cleaning and maintenance tasks per day and
// listing here and on the server, and a fix that fetches the differing windows
// again through the sync layer's own jobs (runJob: the same upsert, deletion
// detection and quarantine as any pass, so the rows written are those sync
// writes). Counting takes one list request per kind when the server answers
// for every listing at once (these lists are not paginated), else one per
// listing and kind. Background priority: it asks the governor first and stops
// with the numbers when the person's share of the hour has no room.
import type { ResourceName } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import type { BudgetGovernor } from '../api/governor';
import type { ReadName } from '../api/reads';
import type { WritableDB } from '../cache/db';
import { addDays } from '../cache/queries/common';
import { runJob } from './fetchers';
import type { IngestObserver } from './ingest';
import type { WindowResource } from './jobs';
import type { Capabilities } from './sources';

/** How far ahead the check looks, today included. */
export const RECONCILE_DAYS = 14;

export const COUNT_KINDS = ['bookings', 'cleaning', 'maintenance'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface CountDiff {
  kind: CountKind;
  day: string;
  listingId: number;
  local: number;
  server: number;
}

export type ReconcileResult =
  | { stopped: null; from: string; to: string; requests: number; diffs: CountDiff[] }
  | { stopped: 'budget'; from: string; to: string; requests: number; need: number; left: number };

export interface ReconcileDeps {
  db: WritableDB;
  client: ApiClient;
  governor: BudgetGovernor;
  today: () => string;
  now: () => number;
  capabilities: () => Capabilities;
  /** Resources the fix changed (cache.changed: screens re-read). */
  changed: (resources: ResourceName[]) => void;
  observe?: IngestObserver;
}

const SOURCE: Record<CountKind, { endpoint: ReadName; table: string; day: string; key: string }> = {
  bookings: { endpoint: 'bookings.list', table: 'bookings', day: 'start_date', key: 'booking_number' },
  cleaning: { endpoint: 'cleanings.list', table: 'cleaning', day: 'date', key: 'id' },
  maintenance: { endpoint: 'maintenance.list', table: 'maintenance', day: 'date', key: 'id' },
};

const cell = (day: string, listingId: number) => `${day}|${listingId}`;

interface ServerRecord {
  listing_id?: number | null;
  start_date?: string;
  date?: string;
}

export class Reconciler {
  constructor(private readonly deps: ReconcileDeps) {}

  private window(): { from: string; to: string } {
    const from = this.deps.today();
    return { from, to: addDays(from, RECONCILE_DAYS - 1) };
  }

  private listings(): number[] {
    // A listing made here (local id) is not the server's to count yet.
    return this.deps.db.pluck<number>('SELECT id FROM listings WHERE id > 0 ORDER BY id');
  }

  /** Requests a whole check takes with this server's capabilities. */
  cost(): number {
    return COUNT_KINDS.length * (this.deps.capabilities().globalLists ? 1 : this.listings().length);
  }

  private budgetStop(need: number, requests: number): ReconcileResult | null {
    const left = this.deps.governor.headroom('user');
    if (left >= need) return null;
    return { stopped: 'budget', ...this.window(), requests, need, left };
  }

  /** Compares the counts; answers every differing (kind, day, listing), or why it stopped before asking. */
  async check(): Promise<ReconcileResult> {
    const { from, to } = this.window();
    const stop = this.budgetStop(this.cost(), 0);
    if (stop) return stop;
    const global = this.deps.capabilities().globalLists;
    const scopes: (number | null)[] = global ? [null] : this.listings();
    let requests = 0;
    const diffs: CountDiff[] = [];
    for (const kind of COUNT_KINDS) {
      const server = new Map<string, number>();
      for (const listingId of scopes) {
        const r = await this.deps.client.list(SOURCE[kind].endpoint, {
          priority: 'user',
          query: { listing_id: listingId ?? undefined, start_date: from, end_date: to },
        });
        requests++;
        for (const item of r.items) {
          const v = item.value as ServerRecord;
          const day = (kind === 'bookings' ? v.start_date : v.date)?.slice(0, 10);
          const listing = v.listing_id ?? listingId;
          if (!day || day < from || day > to || listing === null) continue;
          server.set(cell(day, listing), (server.get(cell(day, listing)) ?? 0) + 1);
        }
      }
      diffs.push(...compare(kind, this.localCounts(kind, from, to), server));
    }
    diffs.sort(byDayListingKind);
    this.last = diffs;
    return { stopped: null, from, to, requests, diffs };
  }

  /** The differences of the last complete check (what `fix()` fetches again). */
  last: readonly CountDiff[] = [];

  /**
   * Local counts per cell; cells holding a change of mine not yet confirmed are
   * left out (their difference is that change, shown on the Sync page already).
   */
  private localCounts(kind: CountKind, from: string, to: string): Map<string, number | 'mine'> {
    const s = SOURCE[kind];
    const rows = this.deps.db.all<{ day: string; listing_id: number; n: number; mine: number }>(
      `SELECT ${s.day} AS day, listing_id, COUNT(*) AS n, MAX(outbox_mark IS NOT NULL OR ${s.key} < 0) AS mine
         FROM ${s.table} WHERE ${s.day} BETWEEN ? AND ? AND listing_id IS NOT NULL GROUP BY 1, 2`,
      [from, to],
    );
    return new Map(rows.map((r) => [cell(r.day.slice(0, 10), r.listing_id), r.mine ? 'mine' : r.n]));
  }

  /**
   * Fetches the windows of these differences again through sync's own jobs:
   * per kind one window from the first to the last differing day (for every
   * listing at once when the server allows it, else per differing listing);
   * a booking window reaches the last departure of the local bookings it must
   * be able to drop. Then checks again and answers that check.
   */
  async fix(diffs: readonly CountDiff[] = this.last): Promise<ReconcileResult & { fixRequests: number }> {
    const global = this.deps.capabilities().globalLists;
    const jobs: { resource: WindowResource; listingId: number | null; from: string; to: string }[] = [];
    for (const kind of COUNT_KINDS) {
      const mine = diffs.filter((d) => d.kind === kind);
      if (!mine.length) continue;
      const listingIds = global ? [null] : [...new Set(mine.map((d) => d.listingId))];
      for (const listingId of listingIds) {
        const days = mine.filter((d) => listingId === null || d.listingId === listingId).map((d) => d.day);
        const from = days.reduce((a, b) => (a < b ? a : b));
        let to = days.reduce((a, b) => (a > b ? a : b));
        if (kind === 'bookings') to = this.lastDeparture(mine, listingId, to);
        jobs.push({ resource: kind, listingId, from, to });
      }
    }
    const stop = this.budgetStop(jobs.length, 0);
    if (stop) return { ...stop, fixRequests: 0 };
    let fixRequests = 0;
    const changed = new Set<ResourceName>();
    for (const job of jobs) {
      const r = await runJob(
        {
          db: this.deps.db,
          client: this.deps.client,
          now: this.deps.now,
          priority: 'user',
          ...(this.deps.observe ? { observe: this.deps.observe } : {}),
        },
        { kind: 'window', ...job },
      );
      fixRequests++;
      for (const resource of r.changed) changed.add(resource);
    }
    if (changed.size) this.deps.changed([...changed]);
    return { ...(await this.check()), fixRequests };
  }

  /** The latest end date of the local bookings arriving on the differing days (deletions need the whole stay inside). */
  private lastDeparture(diffs: readonly CountDiff[], listingId: number | null, to: string): string {
    let last = to;
    for (const d of diffs) {
      if (listingId !== null && d.listingId !== listingId) continue;
      const end = this.deps.db.get<{ e: string | null }>(
        'SELECT MAX(end_date) AS e FROM bookings WHERE start_date = ? AND listing_id = ?',
        [d.day, d.listingId],
      )?.e;
      if (end && end > last) last = end;
    }
    return last;
  }
}

function compare(kind: CountKind, local: Map<string, number | 'mine'>, server: Map<string, number>): CountDiff[] {
  const out: CountDiff[] = [];
  for (const key of new Set([...local.keys(), ...server.keys()])) {
    const here = local.get(key) ?? 0;
    if (here === 'mine') continue;
    const there = server.get(key) ?? 0;
    if (here === there) continue;
    const [day, listing] = key.split('|') as [string, string];
    out.push({ kind, day, listingId: Number(listing), local: here, server: there });
  }
  return out;
}

const byDayListingKind = (a: CountDiff, b: CountDiff): number =>
  a.day.localeCompare(b.day) || a.listingId - b.listingId || a.kind.localeCompare(b.kind);
