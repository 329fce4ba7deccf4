// The notifications of one account's engine, put together: the notifier (the
// decision), the look at what sync writes (incidents, arrivals), the outbox's
// refused changes and the stall watchdog. The wiring feeds it the engine's
// events; it answers with `notification.show` payloads through `show`.
import type { Notice, OutboxEntry, Settings, StallInfo } from '../../shared/contract';
import { systemClock, type Clock } from '../api/clock';
import type { IngestObserver } from '../sync/ingest';
import { today as localToday } from '../../shared/dates';
import type { PassSummary } from '../sync/pass-report';
import { Notifier } from './notifier';
import { syncWatch } from './sync-watch';

export { Notifier, inQuietHours } from './notifier';

export interface Notifications {
  /** Give it to the engine (EngineOptions.ingest). */
  readonly ingest: IngestObserver;
  readonly notifier: Notifier;
  /** Each sync pass: the first one that brought data in arms the sync kinds. */
  onPass(summary: PassSummary): void;
  /** Each outbox change: `refused` lists the entries now refused or in conflict. */
  onOutboxChanged(entryIds: readonly number[], refused: () => readonly OutboxEntry[]): void;
  /** Each stall watchdog event. */
  onStall(stall: Pick<StallInfo, 'entryId' | 'resource' | 'subject'> | null): void;
}

export function createNotifications(o: {
  settings: () => Settings;
  show: (event: { notice: Notice; at: string }) => void;
  clock?: Clock;
  today?: () => string;
  minuteOfDay?: (ms: number) => number;
}): Notifications {
  const clock = o.clock ?? systemClock;
  const notifier = new Notifier({
    settings: o.settings,
    clock,
    show: o.show,
    ...(o.minuteOfDay ? { minuteOfDay: o.minuteOfDay } : {}),
  });
  const today = o.today ?? (() => localToday(clock.now()));
  /** Refused entries already told of (null: not looked yet). */
  let refusedSeen: Set<number> | null = null;
  let stalledOn: number | null = null;
  return {
    notifier,
    ingest: syncWatch({ today, armed: () => notifier.armed, offer: (n) => void notifier.offer(n) }),
    onPass(s) {
      // A pass stopped by the budget still brought today's data in; one cut off by the network did not.
      if (s.jobs > s.failed && (s.stopped === null || s.stopped === 'budget')) notifier.arm();
    },
    onOutboxChanged(entryIds, refused) {
      const now = refused();
      const changed = new Set(entryIds);
      // First look: what was refused before this change is old news (an earlier session's).
      refusedSeen ??= new Set(now.filter((e) => !changed.has(e.id)).map((e) => e.id));
      const seen = refusedSeen;
      for (const e of now) {
        if (seen.has(e.id) || (e.state !== 'rejected' && e.state !== 'conflict')) continue;
        notifier.offer({ kind: 'refused', entryId: e.id, resource: e.resource, subject: e.subject, state: e.state });
      }
      // An entry sent again and refused again is told of again.
      refusedSeen = new Set(now.map((e) => e.id));
    },
    onStall(stall) {
      if (stall && stall.entryId !== stalledOn)
        notifier.offer({ kind: 'stall', entryId: stall.entryId, resource: stall.resource, subject: stall.subject });
      stalledOn = stall?.entryId ?? null;
    },
  };
}
