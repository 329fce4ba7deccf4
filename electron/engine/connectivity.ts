// The engine's connectivity part: the one tracker every client of this
// engine reports to (api/connectivity.ts), the probe of the signed-in
// session (sync/probe.ts) and the stall watchdog (sync/watchdog.ts), turned
// into the contract's shapes and push events (`connectivity.changed`,
// `sync.stall`). The engine owns one; it outlives sign-ins and sign-outs.
import type { Connectivity, EventInput, OutboxEntry, StallInfo } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import type { Clock, Timer } from '../api/clock';
import { ConnectivityTracker, type ConnectivitySnapshot } from '../api/connectivity';
import { CONNECTIVITY_POLICY, type ConnectivityPolicy } from '../sync/policy';
import { ConnectivityProbe } from '../sync/probe';
import { StallWatchdog, type Stall } from '../sync/watchdog';

export interface EngineConnectivityOptions {
  clock: Clock;
  policy?: ConnectivityPolicy;
  /** Sends a push event (the engine's emit). */
  emit<E extends 'connectivity.changed' | 'sync.stall'>(event: E, payload: EventInput<E>): void;
  /** The outbox's unsent entries (empty without an outbox). */
  entries(): OutboxEntry[];
  /** The server answers again after a problem: sync and replay now. */
  onBack(): void;
}

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

export class EngineConnectivity {
  readonly tracker: ConnectivityTracker;
  readonly policy: ConnectivityPolicy;
  private readonly o: EngineConnectivityOptions;
  private probe: ConnectivityProbe | null = null;
  private readonly watchdog: StallWatchdog;
  private stall: Stall | null = null;
  private stallTimer: Timer | null = null;

  constructor(o: EngineConnectivityOptions) {
    this.o = o;
    this.policy = o.policy ?? CONNECTIVITY_POLICY;
    this.tracker = new ConnectivityTracker({ clock: o.clock, serverFailuresToFail: this.policy.serverFailuresToFail });
    this.watchdog = new StallWatchdog(this.policy);
    this.tracker.on('change', (now: ConnectivitySnapshot, before: ConnectivitySnapshot) => {
      this.o.emit('connectivity.changed', {
        connectivity: this.snapshot(),
        at: new Date(this.o.clock.now()).toISOString(),
      });
      // Back from a known problem: wake sync now. The first answer of a session (unknown → online) does
      // not cut short a resumed start's first-pass delay (the cache is served first).
      if (now.kind === 'online' && before.kind !== 'online' && before.kind !== 'unknown') this.o.onBack();
      this.checkStall();
    });
  }

  /** A signed-in session's client: its probe starts (one at a time). */
  attach(client: ApiClient): void {
    this.detach();
    const governor = client.governor;
    this.probe = new ConnectivityProbe({
      tracker: this.tracker,
      clock: this.o.clock,
      policy: this.policy,
      ping: () =>
        client.request(this.policy.probeEndpoint, {
          priority: 'probe',
          once: true,
          timeoutMs: this.policy.probeTimeoutMs,
        }),
      headroom: () => governor.headroom('probe'),
      limit: () => governor.snapshot().limit,
    });
    this.probe.start();
  }

  /** Checks the server now ("Sync now" while it is not answering): the next probe, without its back-off. */
  checkNow(): boolean {
    return this.probe?.fireNow() ?? false;
  }

  /** The session ended (sign-out, close): no more probes; nothing is known about the server any more. */
  detach(opts: { forget?: boolean } = {}): void {
    this.probe?.stop();
    this.probe = null;
    if (opts.forget) this.tracker.reset();
  }

  /** The contract's Connectivity. */
  snapshot(): Connectivity {
    const s = this.tracker.snapshot();
    return {
      kind: s.kind,
      since: iso(s.since),
      until: iso(s.until),
      lastAnswerAt: iso(s.lastAnswerAt),
      nextProbeAt: s.kind === 'online' || s.kind === 'unknown' ? null : iso(this.probe?.nextProbeAt ?? null),
    };
  }

  /** The stall now, in the contract's shape. */
  stallInfo(): StallInfo | null {
    const s = this.stall;
    return s ? { ...s, since: new Date(s.since).toISOString() } : null;
  }

  /** Looks again (the outbox changed, the connectivity changed, or the no-progress time came). */
  checkStall(): void {
    const now = this.o.clock.now();
    const connectivity = this.tracker.snapshot();
    const next = this.watchdog.observe(now, connectivity, this.o.entries());
    const changed = JSON.stringify(next) !== JSON.stringify(this.stall);
    this.stall = next;
    if (changed) this.o.emit('sync.stall', { stall: this.stallInfo() });
    this.stallTimer?.cancel();
    this.stallTimer = null;
    const at = next ? null : this.watchdog.nextCheckAt(connectivity);
    if (at !== null) this.stallTimer = this.o.clock.setTimeout(() => this.checkStall(), Math.max(0, at - now) + 1);
  }

  close(): void {
    this.detach();
    this.stallTimer?.cancel();
    this.stallTimer = null;
    this.tracker.removeAllListeners();
  }
}
