// Keeps the history the person chose (Settings.historyMonths) on this computer: a while after the
// account opens, again when the choice changes, and once a day after that, what ended before the
// cut is dropped from the cache in chunks (cache/history.ts), each chunk a transaction of its own
// with a pause for other work between them, and the screens are told which resources changed; then
// the file's free pages go back to the disk (a trim's, sync's deletions', a migration's).
// Nothing is asked of the server; a screen that reaches an older day fetches it on demand.
import { nextTask, type Clock, type Timer } from '../api/clock';
import type { ResourceName, StorageUsage } from '../../shared/contract';
import type { WritableDB } from '../cache/db';
import { dropHistoryBefore, historyCut, olderHistory, type HistoryMonths } from '../cache/history';

/** After the account opens, the first trim waits this long (the first screens and the first pass come first). */
export const FIRST_TRIM_DELAY_MS = 60_000;
/** And then runs again this often (the cut moves a day each day). */
export const TRIM_EVERY_MS = 24 * 60 * 60_000;

/** `PRAGMA auto_vacuum` of a file that gives freed pages back on request (cache/db.ts). */
const INCREMENTAL = 2;
/** Pages given back per step (4 KiB each). */
const VACUUM_PAGES = 256;

export interface HistoryKeeperOptions {
  db: WritableDB;
  clock: Clock;
  /** The business's today (YYYY-MM-DD). */
  today: () => string;
  months: () => HistoryMonths;
  /** Which resources a chunk changed (the cache.changed event). */
  changed: (resources: ResourceName[]) => void;
  log?: { warn(message: string, e?: unknown): void };
}

export class HistoryKeeper {
  private timer: Timer | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly o: HistoryKeeperOptions) {}

  /** Trims after `delayMs`, then daily. */
  start(delayMs = FIRST_TRIM_DELAY_MS): void {
    this.stopped = false;
    this.schedule(delayMs);
  }

  /** The choice changed: trim now (a trim under way finishes, then runs again with the new cut). */
  changed(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** What the cache holds (its pages in use: free pages of a file made before incremental vacuum are not), and what `months` of history would drop from it. */
  usage(months: HistoryMonths): StorageUsage {
    const pages = this.pragma('page_count') - this.pragma('freelist_count');
    const keepsFrom = historyCut(this.o.today(), months);
    const older = olderHistory(this.o.db, keepsFrom);
    return {
      bytes: pages * this.pragma('page_size'),
      bookings: older.allBookings,
      olderBookings: older.bookings,
      keepsFrom,
    };
  }

  private pragma(name: 'page_count' | 'freelist_count' | 'page_size' | 'auto_vacuum'): number {
    return Number(this.o.db.get<Record<string, number>>(`PRAGMA ${name}`)?.[name] ?? 0);
  }

  /** Drops what is older than the cut now, chunk by chunk; resolves when nothing older is left. */
  trim(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.trim();
      }
    });
    return this.running;
  }

  /** No more trims (a chunk under way finishes: it is one transaction). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    this.timer?.cancel();
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = null;
      void this.trim().then(() => {
        if (!this.stopped && this.timer === null) this.schedule(TRIM_EVERY_MS);
      });
    }, ms);
  }

  private async run(): Promise<void> {
    const cut = historyCut(this.o.today(), this.o.months());
    if (cut !== null && !(await this.dropOlder(cut))) return;
    // Also what else freed pages (deletions by sync, a migration that dropped a column).
    await this.giveSpaceBack();
  }

  /** Drops what ended before `cut`, chunk by chunk; false when it had to stop (a closed or busy cache). */
  private async dropOlder(cut: string): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      let r;
      try {
        r = dropHistoryBefore(this.o.db, cut);
      } catch (e) {
        // The next trim tries again; nothing is half-dropped (one transaction).
        this.o.log?.warn('history trim stopped', e);
        return false;
      }
      const resources = Object.keys(r.dropped) as ResourceName[];
      if (resources.length) this.o.changed(resources);
      if (!r.more) return true;
      await nextTask();
    }
  }

  /** The freed pages back to the disk, a few at a time (a file made before incremental vacuum keeps them). */
  private async giveSpaceBack(): Promise<void> {
    if (this.pragma('auto_vacuum') !== INCREMENTAL) return;
    while (!this.stopped && this.pragma('freelist_count') > 0) {
      try {
        this.o.db.exec(`PRAGMA incremental_vacuum(${VACUUM_PAGES})`);
      } catch (e) {
        this.o.log?.warn('giving space back stopped', e);
        return;
      }
      await nextTask();
    }
  }
}
