// The Sync screen's outbox: entries not yet confirmed (or all recent ones),
// re-read whenever the outbox moves, and the three actions a person takes —
// retry now, discard (undo the local change), resolve a conflict (keep mine /
// take theirs, all fields or field by field).
import type { OutboxEntry, OutboxState, ResourceName, StayboardBridge } from '../../../shared/contract';
import type { RouteName } from '../lib/routes';
import { Query } from './query.svelte';

export type OutboxView = 'unsent' | 'all';
const UNSENT: OutboxState[] = ['pending', 'sending', 'rejected', 'conflict', 'unknown'];

/**
 * Whether sending an entry again can turn out differently. Waiting and
 * unknown entries: yes (now instead of after the back-off). A refusal (4xx:
 * a value the server does not accept, a record it no longer has, a change it
 * does not allow) would only be refused again — the person edits or discards
 * it. Spec-silent choice, kept here: `bad_response` refusals (the server
 * accepted a change but shows something else, or answered an unexpected 4xx)
 * may go through on a second try, so they keep "Retry".
 */
export function retryable(entry: Pick<OutboxEntry, 'state' | 'error'>): boolean {
  if (entry.state === 'pending' || entry.state === 'unknown') return true;
  return entry.state === 'rejected' && entry.error?.code === 'bad_response';
}

/** Creates whose refusal the person corrects in a form: a new guest (guest dialog), a new booking (New booking). */
const AMENDABLE_CREATES: ReadonlySet<string> = new Set(['guests.create', 'bookings.create']);

/** A refused edit of a record can be edited and sent again (creates and deletes only discarded or retried). */
export function amendable(entry: Pick<OutboxEntry, 'state' | 'operation'>): boolean {
  // Edits of a record, and a new guest or booking (its create takes my corrected values: electron/outbox/actions.ts).
  return (
    entry.state === 'rejected' &&
    (/\.(update|updateMany)$/.test(entry.operation) || AMENDABLE_CREATES.has(entry.operation))
  );
}

/** Actions an entry allows in its state. */
export function actionsFor(entry: Pick<OutboxEntry, 'state' | 'error' | 'operation'>): {
  retry: boolean;
  discard: boolean;
  resolve: boolean;
  amend: boolean;
} {
  return {
    retry: retryable(entry),
    discard: entry.state !== 'sending' && entry.state !== 'confirmed',
    resolve: entry.state === 'conflict',
    amend: amendable(entry),
  };
}

/** Where the record an entry changed is shown, when it has a screen of its own. */
export function recordLink(
  resource: ResourceName,
  id: number | null,
): { name: RouteName; id: number | null; query?: Record<string, string> } | null {
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
    case 'listings':
      return { name: 'listings', id, query: { edit: '1' } };
    case 'owners':
    case 'costs':
    case 'destinations':
      return { name: resource, id };
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
