// The board's bulk actions as the person is told about them: what is selected
// ("5 cleanings, 4 maintenance tasks", never "9 tasks" of mixed kinds), the
// edits an action makes (one updateMany per kind, nothing queued that changes
// nothing) and what it leaves alone and why (already inspected, already in
// that status, a maintenance task has no status), in one sentence the toast
// shows before the change's fate ("… Sent ✓").
import type { BoardCleaning, BoardMaintenance, CommandInput } from '../../../shared/contract';
import { cleaningStatusLabel } from '../i18n/labels';
import type { I18n } from '../i18n/i18n.svelte';
import { today } from './dates';

export type TaskKey = `c:${number}` | `m:${number}`;

export type BulkAction = { kind: 'inspected' } | { kind: 'status'; status: number } | { kind: 'note'; note: string };

/** How many of each kind. */
export interface KindCounts {
  cleaning: number;
  maintenance: number;
}

export interface BulkPlan {
  cleaning: CommandInput<'cleaning.updateMany'>['items'];
  maintenance: CommandInput<'maintenance.updateMany'>['items'];
  /** Tasks already as the action would make them (inspected, or in that status): left alone. */
  already: KindCounts;
  /** Tasks the action does not apply to: a maintenance task has no status. */
  notApplicable: KindCounts;
}

const NOTE_MAX = 5000;

/** Appends a line to existing notes, within the API's length limit. */
export function appendNote(existing: string, note: string): string {
  const joined = existing.trim() ? `${existing.trimEnd()}\n${note.trim()}` : note.trim();
  return joined.slice(0, NOTE_MAX);
}

/** How many cleanings and maintenance tasks the keys name. */
export function countKinds(keys: Iterable<TaskKey>): KindCounts {
  const out = { cleaning: 0, maintenance: 0 };
  for (const k of keys) out[k.startsWith('c:') ? 'cleaning' : 'maintenance']++;
  return out;
}

/**
 * The edits of a bulk action on these tasks: one `updateMany` per kind (each one
 * transaction on the main side), and what is left alone and why.
 */
export function planBulk(
  cleaning: readonly BoardCleaning[],
  maintenance: readonly BoardMaintenance[],
  action: BulkAction,
): BulkPlan {
  // The inspection happens now, whatever day the board shows.
  const date = today();
  const plan: BulkPlan = {
    cleaning: [],
    maintenance: [],
    already: { cleaning: 0, maintenance: 0 },
    notApplicable: { cleaning: 0, maintenance: 0 },
  };
  if (action.kind === 'inspected') {
    for (const t of cleaning)
      if (t.inspected) plan.already.cleaning++;
      else plan.cleaning.push({ id: t.id, changes: { inspected: 1 } });
    for (const t of maintenance)
      if (t.inspected) plan.already.maintenance++;
      else plan.maintenance.push({ id: t.id, changes: { inspected: 1, inspection_date: date } });
  } else if (action.kind === 'status') {
    for (const t of cleaning)
      if (t.status === action.status) plan.already.cleaning++;
      else plan.cleaning.push({ id: t.id, changes: { status: action.status } });
    plan.notApplicable.maintenance = maintenance.length;
  } else if (action.note.trim()) {
    for (const t of cleaning) plan.cleaning.push({ id: t.id, changes: { notes: appendNote(t.notes, action.note) } });
    for (const t of maintenance)
      plan.maintenance.push({ id: t.id, changes: { notes: appendNote(t.notes, action.note) } });
  }
  return plan;
}

/** "5 cleanings, 4 maintenance tasks" (only the kinds there are); "" for none. */
export function kindsText(i18n: I18n, n: KindCounts): string {
  return [
    n.cleaning ? i18n.t('today.nCleanings', { count: n.cleaning }) : '',
    n.maintenance ? i18n.t('today.nMaintenance', { count: n.maintenance }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const none = (n: KindCounts) => n.cleaning + n.maintenance === 0;

/**
 * What the action did and what it left alone, as one sentence: "Status set to Done: 5
 * cleanings. Left alone, they have no status: 4 maintenance tasks." With nothing to
 * change it says so ("Nothing to change. Already inspected: 2 cleanings."), and with
 * no task at all that none is selected.
 */
export function bulkReport(i18n: I18n, action: BulkAction, plan: BulkPlan): string {
  const t = i18n.t;
  const status = action.kind === 'status' ? cleaningStatusLabel(i18n, action.status) : '';
  const done = { cleaning: plan.cleaning.length, maintenance: plan.maintenance.length };
  if (none(done) && none(plan.already) && none(plan.notApplicable)) return t('today.nothingSelected');
  const what = kindsText(i18n, done);
  const parts = [
    none(done)
      ? t('today.nothingChanged')
      : action.kind === 'inspected'
        ? t('today.did.inspected', { what })
        : action.kind === 'status'
          ? t('today.did.status', { status, what })
          : t('today.did.note', { what }),
  ];
  if (!none(plan.already))
    parts.push(
      action.kind === 'status'
        ? t('today.skipped.status', { status, what: kindsText(i18n, plan.already) })
        : t('today.skipped.inspected', { what: kindsText(i18n, plan.already) }),
    );
  if (!none(plan.notApplicable)) parts.push(t('today.skipped.noStatus', { what: kindsText(i18n, plan.notApplicable) }));
  return parts.join(' ');
}
