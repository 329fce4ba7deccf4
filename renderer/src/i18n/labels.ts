// Words and colour classes for coded values (cleaning status, incident
// priority, booking status, readiness), so every screen names them alike.
import { bookingStatus, blockType } from '../../../shared/domain/states';
import { DEPARTMENTS } from '../../../shared/api';
import { CLEANING_STATUSES, INCIDENT_PRIORITIES } from '../../../shared/api/tasks';
import type { OutboxState } from '../../../shared/contract';
import type { I18n, MessageKey } from './i18n.svelte';

export function cleaningStatusLabel(i18n: I18n, status: number): string {
  return status === 0 || status === 1 || status === 2
    ? i18n.t(`cleaning.status.${status}`)
    : i18n.t('cleaning.status.other', { n: status });
}

/** Pill class per cleaning status: done is calm green, in progress blue, pending amber. */
export function cleaningStatusClass(status: number): string {
  return status === 2 ? 'ok' : status === 1 ? 'info' : status === 0 ? 'warn' : '';
}

export function priorityLabel(i18n: I18n, priority: number): string {
  return priority in INCIDENT_PRIORITIES ? i18n.t(`incidents.priority.${priority as 1 | 2 | 3 | 4}`) : `#${priority}`;
}

export function priorityClass(priority: number): string {
  return priority >= 1 && priority <= 4 ? `prio-${priority}` : '';
}

export function bookingStatusLabel(i18n: I18n, state: number): string {
  return i18n.code('bookingStatus', state);
}

/** Pill class per booking status: confirmed green, cancelled red, provisional/on request amber. */
export function bookingStatusClass(state: number): string {
  if (state === 3) return 'ok';
  if (state === 1 || state === 4) return 'danger';
  if (state === 8) return 'warn';
  return bookingStatus(state).blocksCalendar ? 'info' : 'warn';
}

export function blockTypeLabel(i18n: I18n, type: number): string {
  return i18n.code('blockType', type);
}

export function blocksCalendar(type: number): boolean {
  return blockType(type).blocksCalendar;
}

export function maintenanceTypeLabel(i18n: I18n, type: number): string {
  return type === 0 || type === 1 ? i18n.t(`maintenance.type.${type}`) : String(type);
}

export const SEX_KEYS: Record<'M' | 'F', MessageKey> = { M: 'person.sex.M', F: 'person.sex.F' };

/** The "yes" and "no" choices of a three-way filter (its first choice is "any"). */
export function yesNoOptions(i18n: I18n): { value: 'yes' | 'no'; label: string }[] {
  return [
    { value: 'yes', label: i18n.t('common.yes') },
    { value: 'no', label: i18n.t('common.no') },
  ];
}

/** The cleaning statuses Stayboard has words for, as filter choices. */
export function cleaningStatusOptions(i18n: I18n): { value: number; label: string }[] {
  return Object.keys(CLEANING_STATUSES).map((s) => ({ value: Number(s), label: cleaningStatusLabel(i18n, Number(s)) }));
}

/** Pill class per state of a change on its way (the change's mark and the Sync page's list alike). */
export const OUTBOX_STATE_CLASS: Record<OutboxState, string> = {
  pending: 'info',
  sending: 'info',
  confirmed: 'ok',
  rejected: 'danger',
  conflict: 'danger',
  unknown: 'warn',
};

/** A department's name in the UI language (the API's word when it is not one of the spec's). */
export function departmentName(i18n: I18n, d: string): string {
  return (DEPARTMENTS as readonly string[]).includes(d)
    ? i18n.t(`admins.dept.${d as (typeof DEPARTMENTS)[number]}`)
    : d || i18n.t('admins.noDepartment');
}
