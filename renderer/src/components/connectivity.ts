// The words for the connectivity state and its times, shared by the header
// and the Sync screen so both say exactly the same thing.
import type { Connectivity } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';

/** An instant as a clock time ("10:42", with seconds when asked), with the date when it is not today. */
export function clockOf(i18n: I18n, iso: string | null, now: number, seconds = false): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const today = new Date(now).toDateString() === at.toDateString();
  if (!today) return i18n.dateTime(iso);
  return i18n.clock(at.getTime(), seconds);
}

/** "Online", "Server unreachable since 10:42", "Request limit reached until 11:00"… */
export function connectivityLabel(i18n: I18n, c: Connectivity, now: number): string {
  switch (c.kind) {
    case 'unreachable':
    case 'failing':
      return i18n.t(`conn.${c.kind}`, { time: clockOf(i18n, c.since, now) });
    case 'rateLimited':
      return i18n.t('conn.rateLimited', { time: clockOf(i18n, c.until, now) });
    default:
      return i18n.t(`conn.${c.kind}`);
  }
}

/** Colour class of the connection dot and pill. */
export function connectivityTone(c: Connectivity): 'ok' | 'danger' | 'warn' | '' {
  return c.kind === 'online'
    ? 'ok'
    : c.kind === 'unreachable' || c.kind === 'failing'
      ? 'danger'
      : c.kind === 'unknown'
        ? ''
        : 'warn';
}
