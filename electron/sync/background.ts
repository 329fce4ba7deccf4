// The sync service's background loop (service.ts start): a pass, then sleep
// until the next refresh is due — or, with only the paced deep fill left,
// until its slice has room — while signed in; offline passes back off; a
// wake (sync now, back online, a screen's interest) ends the sleep sooner.
import { backoffDelay } from '../../shared/backoff';
import type { Clock, Timer } from '../api/clock';
import type { PassSummary } from './pass-report';
import { OFFLINE_RETRY } from './policy';

/** What the loop needs of the service. */
export interface LoopHost {
  readonly clock: Clock;
  signedIn(): boolean;
  /** Not signed in: the state says so (the loop looks again in a minute). */
  signedOut(): void;
  /** One pass (null: it threw, and the service kept the error). */
  pass(): Promise<PassSummary | null>;
  /** When the next refresh is due (null: nothing planned). */
  nextDueAt(): number | null;
  /** When the deep fill's slice has room again. */
  deepRoomAt(): number | null;
  /** Whether the first pass is being held (start's delay). */
  holding(held: boolean): void;
}

export class BackgroundLoop {
  private stopped = false;
  private timer: Timer | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly host: LoopHost) {}

  /** Runs until stop(); `firstPassDelayMs`: wait that long before the first pass. */
  async run(firstPassDelayMs: number): Promise<void> {
    let offlinePasses = 0;
    if (firstPassDelayMs > 0) {
      this.host.holding(true);
      await this.sleep(firstPassDelayMs).finally(() => this.host.holding(false));
    }
    while (!this.stopped) {
      if (!this.host.signedIn()) {
        this.host.signedOut();
        await this.sleep(60_000);
        continue;
      }
      const s = await this.host.pass();
      if (this.stopped) break;
      if (s?.stopped === 'offline') {
        await this.sleep(backoffDelay(offlinePasses++, OFFLINE_RETRY));
        continue;
      }
      offlinePasses = 0;
      await this.sleep(this.restMs(s));
    }
  }

  /** Sleep until the next refresh is due or, with the deep fill left for its pace, until it has room. */
  private restMs(s: PassSummary | null): number {
    const due = this.host.nextDueAt();
    const room = s?.stopped === 'paced' ? this.host.deepRoomAt() : null;
    const next = due === null ? room : room === null ? due : Math.min(due, room);
    return next === null ? 60_000 : Math.min(60_000, Math.max(1_000, next - this.host.clock.now()));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeUp = () => {
        this.timer?.cancel();
        this.wakeUp = null;
        resolve();
      };
      this.timer = this.host.clock.setTimeout(() => this.wakeUp?.(), ms);
    });
  }

  /** Ends the current sleep (the next pass runs now). */
  wake(): void {
    this.wakeUp?.();
  }

  stop(): void {
    this.stopped = true;
    this.wakeUp?.();
  }
}
