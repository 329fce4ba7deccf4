// How close a stay's police-report deadline is, as the Registration view
// colours it: overdue, due soon (within SOON_HOURS), or later. Deadlines are
// local wall times "YYYY-MM-DDTHH:MM" (read as local time by Date.parse).

/** Hours before the deadline from which a stay is shown as due soon. */
export const SOON_HOURS = 6;

export type DeadlineState = 'overdue' | 'soon' | 'later';

export function deadlineState(deadline: string, now: number): DeadlineState {
  const left = Date.parse(deadline) - now;
  if (Number.isNaN(left) || left <= 0) return 'overdue';
  return left <= SOON_HOURS * 3_600_000 ? 'soon' : 'later';
}
