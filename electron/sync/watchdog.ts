// The stall watchdog: the server answers, changes are waiting to be sent, and
// yet none has gone through for a while (policy.ts stallAfterMs), or one
// change keeps failing (stallFailures tries). Then the header warns and the
// Sync page names the change, since when, and the next try. Offline,
// rate-limited or failing servers are not stalls: the connectivity state says
// those. Changes waiting for a person (refused, conflicting) are not either.
import type { ContractError, OutboxEntry } from '../../shared/contract';
import type { ConnectivitySnapshot } from '../api/connectivity';
import type { ConnectivityPolicy } from './policy';

export interface Stall {
  reason: 'noProgress' | 'failing';
  /** noProgress: since when nothing was settled; failing: since the change's first failure seen. */
  since: number;
  entryId: number;
  /** The change's record, as data (the renderer words it). */
  resource: OutboxEntry['resource'];
  subject: OutboxEntry['subject'];
  operation: string;
  attempts: number;
  error: ContractError | null;
  nextAttemptAt: string | null;
}

/** The entries the worker still has to send (not those waiting for a person). */
export const SENDABLE: readonly OutboxEntry['state'][] = ['pending', 'sending', 'unknown'];

export class StallWatchdog {
  private readonly policy: Pick<ConnectivityPolicy, 'stallAfterMs' | 'stallFailures'>;
  /** Sendable entry ids at the last look. */
  private seen = new Set<number>();
  /** When an entry last left the sendable set, or the set last became non-empty. */
  private progressAt: number | null = null;
  /** First time each entry was seen failing. */
  private failingSince = new Map<number, number>();

  constructor(policy: Pick<ConnectivityPolicy, 'stallAfterMs' | 'stallFailures'>) {
    this.policy = policy;
  }

  /**
   * Looks at the sendable entries now (call it on every outbox change and
   * when `nextCheckAt` comes); answers the stall, or null.
   */
  observe(now: number, connectivity: ConnectivitySnapshot, entries: readonly OutboxEntry[]): Stall | null {
    const sendable = entries.filter((e) => SENDABLE.includes(e.state));
    const ids = new Set(sendable.map((e) => e.id));
    const left = [...this.seen].some((id) => !ids.has(id));
    if (left || (this.seen.size === 0 && ids.size > 0)) this.progressAt = now;
    if (ids.size === 0) this.progressAt = null;
    this.seen = ids;
    for (const id of this.failingSince.keys()) if (!ids.has(id)) this.failingSince.delete(id);
    for (const e of sendable)
      if (e.error && e.attempts > 0 && !this.failingSince.has(e.id)) this.failingSince.set(e.id, now);

    if (connectivity.kind !== 'online' || sendable.length === 0) return null;
    const oldestFirst = [...sendable].sort((a, b) => a.id - b.id);
    const failing = oldestFirst.find((e) => e.error && e.attempts >= this.policy.stallFailures);
    if (failing) return stallOf('failing', this.failingSince.get(failing.id) ?? now, failing);
    // Offline time is not stall time: the clock starts when the server answered again.
    const since = Math.max(this.progressAt ?? now, connectivity.since ?? now);
    if (now - since < this.policy.stallAfterMs) return null;
    return stallOf('noProgress', since, oldestFirst.find((e) => e.error) ?? oldestFirst[0]!);
  }

  /** When a look would next find something new without any event (the no-progress threshold), or null. */
  nextCheckAt(connectivity: ConnectivitySnapshot): number | null {
    if (connectivity.kind !== 'online' || this.seen.size === 0 || this.progressAt === null) return null;
    return Math.max(this.progressAt, connectivity.since ?? 0) + this.policy.stallAfterMs;
  }
}

function stallOf(reason: Stall['reason'], since: number, e: OutboxEntry): Stall {
  return {
    reason,
    since,
    entryId: e.id,
    resource: e.resource,
    subject: e.subject,
    operation: e.operation,
    attempts: e.attempts,
    error: e.error,
    nextAttemptAt: e.nextAttemptAt,
  };
}
