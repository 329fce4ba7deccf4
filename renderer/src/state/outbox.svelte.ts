// The Sync screen's outbox: entries not yet confirmed (or all recent ones),
// re-read whenever the outbox moves, and the three actions a person takes —
// retry now, discard (undo the local change), resolve a conflict (keep mine /
// take theirs, all fields or field by field).
import type { OutboxEntry, OutboxState, ResourceName, StayboardBridge } from '../../../shared/contract';
import type { RouteName } from '../app/routes';
import { Query } from './query.svelte';

export type OutboxView = 'unsent' | 'all';
const UNSENT: OutboxState[] = ['pending', 'sending', 'rejected', 'conflict', 'unknown'];

/** Actions an entry allows in its state. */
export function actionsFor(state: OutboxState): { retry: boolean; discard: boolean; resolve: boolean } {
  return {
    retry: state === 'rejected' || state === 'unknown' || state === 'pending',
    discard: state !== 'sending' && state !== 'confirmed',
    resolve: state === 'conflict',
  };
}

/** Where the record an entry changed is shown, when it has a screen of its own. */
export function recordLink(resource: ResourceName, id: number | null): { name: RouteName; id: number | null } | null {
  if (id === null) return null;
  switch (resource) {
    case 'cleaning':
      return { name: 'cleaning', id };
    case 'maintenance':
      return { name: 'maintenance', id };
    case 'incidents':
      return { name: 'incidents', id };
    case 'bookings':
      return { name: 'booking', id };
    case 'blocks':
      return { name: 'calendar', id: null };
    default:
      return null;
  }
}

/** Most urgent first: conflicts and rejections need a person; then unknown, sending, pending; confirmed last. */
const ORDER: Record<OutboxState, number> = {
  conflict: 0,
  rejected: 1,
  unknown: 2,
  sending: 3,
  pending: 4,
  confirmed: 5,
};
export function sortEntries(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => ORDER[a.state] - ORDER[b.state] || b.createdAt.localeCompare(a.createdAt));
}

export class OutboxList {
  view = $state<OutboxView>('unsent');
  readonly query: Query<'outbox.list'>;

  constructor(bridge: StayboardBridge) {
    this.query = new Query(bridge, 'outbox.list', []);
  }

  get entries(): OutboxEntry[] {
    return sortEntries(this.query.value ?? []);
  }

  async load(): Promise<void> {
    await this.query.load(this.view === 'unsent' ? { states: UNSENT, limit: 500 } : { limit: 500 });
  }
}
