// The fault suite's case "an edit whose outcome is unknown, then more edits of
// the same fields while replay runs" (tests and the soak only). Called from
// the scenario's trace hook during the bad-day replay: when an update's
// request fails (often applied with its answer lost: the entry becomes
// unknown) or is leaving, the person edits some of the same fields again at
// that very instant — before any kill at the same event, so the edit is
// committed and a restarted engine must carry it. Only fields this app alone
// changes in the phase are edited again, so the oracle stays exact: any
// conflict on them is one this app made with itself.
import type { Rng } from '../../../simulator/prng';
import type { Outbox } from '../index';
import { getEntry, resolveId } from '../entries';
import { canonOf } from '../kinds/fields';
import { KIND_SPECS } from '../kinds';
import type { Entry, TraceEvent, Values } from '../types';
import type { Target } from './oracle';
import type { Device } from './rig';
import { EDITABLE } from './world';

/** Queues an update of a target the way the screens do (a booking by its number). */
export function enqueueUpdate(outbox: Outbox, t: Target, changes: Values): void {
  if (t.kind === 'bookings') outbox.enqueue('bookings.update', { bookingNumber: t.id, changes });
  else outbox.enqueue(`${t.kind}.update` as 'cleaning.update', { id: t.id, changes });
}

export interface LateEditRules {
  /** May the person edit this field of this record again now (edited in this phase, not by the other user)? */
  eligible(t: Target, field: string): boolean;
  /** An edit was queued: the canonical value the person set. */
  edited(t: Target, field: string, value: unknown): void;
}

/** How likely the person edits again: right after a failed request of an update, or as one leaves. */
const AFTER_FAILURE = 0.7;
const WHILE_SENDING = 0.15;

/** Maybe edits again the fields of the update this event is about; true when an edit was queued. */
export function editWhileReplaying(
  dev: Device,
  rng: Rng,
  targets: readonly Target[],
  e: TraceEvent,
  rules: LateEditRules,
): boolean {
  let chance: number;
  if (e.type === 'answered' && !e.ok) chance = AFTER_FAILURE;
  else if (e.type === 'send' && e.op === 'update') chance = WHILE_SENDING;
  else return false;
  if (dev.current.transport.dead) return false; // a dead app takes no edits
  const entries = e.entryIds.map((id) => getEntry(dev.db, id)).filter((x): x is Entry => x?.op === 'update');
  const first = entries[0];
  if (!first) return false;
  const t = targets.find(
    (x) => x.gone === null && x.kind === first.resource && resolveId(dev.db, x.kind, x.id) === first.recordId,
  );
  if (!t) return false;
  const gen = EDITABLE[t.kind] ?? {};
  const fields = [...new Set(entries.flatMap((x) => Object.keys(x.payload)))].filter(
    (f) => gen[f] !== undefined && rules.eligible(t, f),
  );
  if (!fields.length || !rng.chance(chance)) return false;
  const changes: Values = {};
  for (const f of rng.sample(fields, rng.int(1, fields.length))) changes[f] = gen[f]!(rng);
  try {
    enqueueUpdate(dev.current.outbox, t, changes);
  } catch {
    return false; // refused (e.g. the record is being deleted): the person sees that and moves on
  }
  for (const [f, v] of Object.entries(changes)) rules.edited(t, f, canonOf(KIND_SPECS[t.kind].fields, f, v));
  return true;
}
