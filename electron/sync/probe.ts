// The reachability probe: the one cheap request (policy.ts probeEndpoint, one
// attempt, background priority) that keeps the connectivity state true when
// nothing else talks to the server. While unreachable or failing it finds the
// way back with a doubling back-off (with jitter); while rate-limited it looks
// once the pause ends; while online it speaks only after a silence, and never
// more often than its share of the hourly budget allows. Its outcome reaches
// the tracker through the API client like any other request's.
import { backoffDelay } from '../../shared/backoff';
import type { Clock, Timer } from '../api/clock';
import type { ConnectivityTracker } from '../api/connectivity';
import type { ConnectivityPolicy } from './policy';

const HOUR = 3_600_000;

export interface ProbeOptions {
  tracker: ConnectivityTracker;
  clock: Clock;
  policy: ConnectivityPolicy;
  /** Sends the probe request (errors are ignored: the client has reported the outcome). */
  ping: () => Promise<unknown>;
  /** Requests the connectivity slice of the budget may start now (the governor's headroom): no room, no heartbeat. */
  headroom: () => number;
  /** The hourly request limit now in force. */
  limit: () => number;
  /** [0, 1) source of the jitter (seeded in tests). */
  random?: () => number;
}

export class ConnectivityProbe {
  private readonly o: ProbeOptions;
  private readonly random: () => number;
  private timer: Timer | null = null;
  private at: number | null = null;
  private inFlight = false;
  private failedProbes = 0;
  private running = false;
  private readonly onChange = () => this.schedule();

  constructor(options: ProbeOptions) {
    this.o = options;
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.o.tracker.on('change', this.onChange);
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.o.tracker.off('change', this.onChange);
    this.timer?.cancel();
    this.timer = null;
    this.at = null;
  }

  /** When the next probe is planned (ms epoch), or null. */
  get nextProbeAt(): number | null {
    return this.at;
  }

  /** The silence after which an online app probes: the heartbeat, stretched to its share of the limit. */
  heartbeatMs(): number {
    const p = this.o.policy;
    return Math.max(p.heartbeatMs, HOUR / Math.max(1, this.o.limit() * p.heartbeatShare));
  }

  /** The wait before the n-th probe (0-based) while the server is not there. */
  backoffMs(n: number): number {
    const p = this.o.policy;
    return backoffDelay(
      n,
      { baseMs: p.probeBackoffMs, maxMs: p.probeBackoffMaxMs, jitter: p.probeJitter },
      this.random,
    );
  }

  /** Probes now, unless one is on the wire already (then its answer is the news): whether one is underway. */
  fireNow(): boolean {
    if (!this.running) return false;
    if (this.inFlight) return true;
    this.timer?.cancel();
    this.timer = null;
    this.at = null;
    void this.fire(true);
    return true;
  }

  /** Plans the next probe from the state now; called on every change and after every probe. */
  private schedule(): void {
    if (!this.running || this.inFlight) return;
    const s = this.o.tracker.snapshot();
    const now = this.o.clock.now();
    let at: number | null;
    switch (s.kind) {
      case 'unreachable':
      case 'failing':
        at = now + this.backoffMs(this.failedProbes);
        break;
      case 'rateLimited':
        at = Math.max(now, s.until ?? now);
        break;
      case 'sessionExpired':
        at = null; // only the person can fix that
        break;
      default:
        this.failedProbes = 0;
        at = Math.max(now, (s.lastReportAt ?? now) + this.heartbeatMs());
    }
    this.arm(at);
  }

  private arm(at: number | null): void {
    if (at === this.at && this.timer) return;
    this.timer?.cancel();
    this.timer = null;
    this.at = at;
    if (at === null) return;
    this.timer = this.o.clock.setTimeout(() => void this.fire(), at - this.o.clock.now());
  }

  /** `asked`: the person asked for it (fireNow): no heartbeat wait. */
  private async fire(asked = false): Promise<void> {
    this.timer = null;
    this.at = null;
    if (!this.running) return;
    const s = this.o.tracker.snapshot();
    const now = this.o.clock.now();
    const quietSince = s.lastReportAt ?? 0;
    if (!asked && (s.kind === 'online' || s.kind === 'unknown')) {
      // Requests flowed meanwhile (they told the tracker all it needs): at the end of the new silence.
      if (now - quietSince < this.heartbeatMs()) {
        this.arm(quietSince + this.heartbeatMs());
        return;
      }
      // The connectivity slice of the hour is spent (it never is at one check per heartbeat): look again later.
      if (this.o.headroom() < 1) {
        this.arm(now + this.o.policy.probeBackoffMs);
        return;
      }
    }
    this.inFlight = true;
    try {
      await this.o.ping();
    } catch {
      // The client reported the outcome to the tracker.
    } finally {
      this.inFlight = false;
    }
    if (!this.running) return;
    const after = this.o.tracker.kind;
    if (after === 'unreachable' || after === 'failing') this.failedProbes++;
    else this.failedProbes = 0;
    this.schedule();
  }
}
