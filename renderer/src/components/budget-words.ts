// The words for the request budget's truth, shared by the header and the Sync
// screen so both say the same: how old today's data is, or that it waits for
// the budget (until when) or is still arriving; how far the first fill is and
// when the rest will be in; and what "Sync now" did.
import type { SyncNowAnswer } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';
import type { FillProgress, SyncState } from '../state/sync.svelte';
import { clockOf } from './connectivity';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** "about 40 min", "about 14 h", "about 3 days": how long until `at`. */
export function aboutUntil(i18n: I18n, at: string, now: number): string {
  const ms = Math.max(0, Date.parse(at) - now);
  const [value, unit] =
    ms < HOUR
      ? [Math.max(1, Math.round(ms / MIN)), 'minute']
      : ms < 48 * HOUR
        ? [Math.round(ms / HOUR), 'hour']
        : [Math.round(ms / (24 * HOUR)), 'day'];
  // "1 min" (a narrow minute loses its space in Spanish), "14h", "3 días" (days read whole).
  const unitDisplay = unit === 'minute' ? 'short' : unit === 'hour' ? 'narrow' : 'long';
  const amount = new Intl.NumberFormat(i18n.tag, { style: 'unit', unit, unitDisplay }).format(value);
  return i18n.t('budget.about', { amount });
}

/**
 * The header's line about today's data: paused for the budget (until when,
 * and how many of today's refreshes wait), still arriving, or how old it is
 * ("Synced 3 min ago" only when every list of today is that fresh).
 */
export function todayLine(i18n: I18n, sync: SyncState): string {
  const plan = sync.plan;
  const at = sync.lastSyncAt;
  if (plan?.pausedUntil) {
    const paused = i18n.t('budget.pausedUntil', { time: clockOf(i18n, plan.pausedUntil, sync.now) });
    return plan.today.overdue > 0 ? `${paused} · ${i18n.t('budget.overdue', { count: plan.today.overdue })}` : paused;
  }
  if (plan && !plan.today.complete) return i18n.t('budget.arriving');
  if (!at) return i18n.t('header.neverSynced');
  return sync.connectivity.kind === 'online'
    ? i18n.t('header.lastSync', { ago: i18n.relative(at, sync.now) })
    : i18n.t('conn.syncedAt', { time: clockOf(i18n, at, sync.now) });
}

/** "Next 14 days 40 % · the rest in about 14 h" (short: the header), or the whole sentence (the Sync screen, the tooltip). */
export function fillLine(i18n: I18n, fill: FillProgress, now: number, long = false): string {
  const rest =
    fill.left === 0
      ? null
      : fill.doneAt === null
        ? i18n.t(long ? 'budget.restNeverLong' : 'budget.restNever')
        : i18n.t(long ? 'budget.restLong' : 'budget.rest', { about: aboutUntil(i18n, fill.doneAt, now) });
  const parts = [
    ...(long ? [i18n.t('budget.todayReady')] : []),
    i18n.t('budget.fortnight', { percent: fill.fortnightPercent }),
    ...(rest ? [rest] : []),
  ];
  return parts.join(' · ');
}

/** What "Sync now" did, as the person is told it (tone and words). */
export function syncNowWords(i18n: I18n, a: SyncNowAnswer, now: number): { tone: 'info' | 'warn'; text: string } {
  const time = a.until ? clockOf(i18n, a.until, now) : '';
  if (a.action === 'sync') return { tone: 'info', text: i18n.t('budget.now.sync') };
  if (a.action === 'check') return { tone: 'info', text: i18n.t('budget.now.check') };
  return { tone: 'warn', text: i18n.t(`budget.now.${a.reason ?? 'running'}`, { time }) };
}
