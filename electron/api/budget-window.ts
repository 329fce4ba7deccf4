// The request budget's arithmetic (the governor's, governor.ts): one token's
// requests as completion stamps in a sliding window, who gets the room left in
// it (the guaranteed slices first, the deep fill only what nobody keeps, and
// its pace), and when a slice with no room now will have some.
import { SLICES, type BudgetPolicy, type Slices } from './budget-plan';
import type { Priority } from './governor';

/** Completion timestamps of one token, oldest first. */
export class SlidingWindow {
  private stamps: number[] = [];
  private head = 0;

  prune(cutoff: number): void {
    while (this.head < this.stamps.length && this.stamps[this.head]! <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
  }
  get size(): number {
    return this.stamps.length - this.head;
  }
  oldest(): number | undefined {
    return this.stamps[this.head];
  }
  /** Stamps strictly newer than cutoff (scans from the newest end). */
  countNewerThan(cutoff: number): number {
    let n = 0;
    for (let i = this.stamps.length - 1; i >= this.head && this.stamps[i]! > cutoff; i--) n++;
    return n;
  }
  /** The oldest stamp strictly newer than cutoff. */
  oldestNewerThan(cutoff: number): number | undefined {
    let found: number | undefined;
    for (let i = this.stamps.length - 1; i >= this.head && this.stamps[i]! > cutoff; i--) found = this.stamps[i];
    return found;
  }
  /** The stamps in the window, oldest first (a copy). */
  list(): number[] {
    return this.stamps.slice(this.head);
  }
  /** Adds a stamp keeping order (completions can finish out of order by a few ms). */
  add(t: number, count = 1): void {
    for (let i = 0; i < count; i++) {
      let j = this.stamps.length;
      while (j > this.head && this.stamps[j - 1]! > t) j--;
      this.stamps.splice(j, 0, t);
    }
  }
}

/**
 * What is left of the window (the limit less the margin and every request
 * counted) is kept for the guaranteed slices, each up to its unused share, in
 * this order: a few minutes of connectivity checks, the person, the rest of
 * the checks, today. In a normal hour everything is kept in full and the
 * order does not matter; when the server has counted more than we did, it
 * decides who goes first. A slice's room is what is kept for it plus what
 * nobody keeps (the deep fill has only the latter); a check never more than
 * its own share.
 */
export function roomOf(
  priority: Priority,
  sl: Slices,
  used: Record<Priority, number>,
  counted: number,
  policy: BudgetPolicy,
): number {
  let left = sl.limit - sl.margin - counted;
  const unused = (p: Priority) => Math.max(0, sl[p] - used[p]);
  const firstChecks = Math.min(unused('probe'), policy.probeKeep);
  const kept: Record<Priority, number> = { user: 0, probe: 0, today: 0, deep: 0 };
  for (const [p, want] of [
    ['probe', firstChecks],
    ['user', unused('user')],
    ['probe', unused('probe') - firstChecks],
    ['today', unused('today')],
  ] as const) {
    const k = Math.max(0, Math.min(want, left));
    kept[p] += k;
    left -= k;
  }
  const room = kept[priority] + Math.max(0, left);
  return priority === 'probe' ? Math.min(room, unused('probe')) : room;
}

/** One token's counts: every request, and per slice (stamps the server counted beyond ours are in `all` only). */
export interface TokenWindows {
  all: SlidingWindow;
  slice: Record<Priority, SlidingWindow>;
}

export const zeroPerSlice = (): Record<Priority, number> => ({ user: 0, probe: 0, today: 0, deep: 0 });

/**
 * When a request of `priority`, with no room now, will have some (ms epoch;
 * never before `earliest`): walks the stamps leaving the window (and the
 * deep pace window) in order until there is room. Null: not within the
 * window (the slice has no share at all). `counted`: what is counted now —
 * every request, per slice, and the deep fill's pace — in flight included.
 */
export function whenRoom(
  priority: Priority,
  w: TokenWindows,
  counted: { all: number; used: Record<Priority, number>; paced: number },
  sl: Slices,
  policy: BudgetPolicy,
  now: number,
  earliest: number,
): number | null {
  const leaving: { at: number; p: Priority | null; pace: boolean }[] = [];
  // Every stamp of the window: those of a slice, and those the server counted beyond ours (in no slice).
  const unsliced = new Map<number, number>();
  for (const t of w.all.list()) unsliced.set(t, (unsliced.get(t) ?? 0) + 1);
  for (const p of SLICES)
    for (const t of w.slice[p].list()) {
      leaving.push({ at: t + policy.windowMs, p, pace: false });
      unsliced.set(t, (unsliced.get(t) ?? 0) - 1);
    }
  for (const [t, n] of unsliced)
    for (let i = 0; i < n; i++) leaving.push({ at: t + policy.windowMs, p: null, pace: false });
  if (priority === 'deep')
    for (const t of w.slice.deep.list())
      if (t > now - policy.deepPaceMs) leaving.push({ at: t + policy.deepPaceMs, p: 'deep', pace: true });
  leaving.sort((a, b) => a.at - b.at);
  const used = { ...counted.used };
  let all = counted.all;
  let paced = counted.paced;
  const fits = () => roomOf(priority, sl, used, all, policy) > 0 && !(priority === 'deep' && paced >= sl.deepPace);
  if ((priority === 'deep' || priority === 'probe') && sl[priority] === 0) return null;
  for (const l of leaving) {
    if (l.pace) paced--;
    else {
      all--;
      if (l.p) used[l.p]--;
    }
    if (fits()) return Math.max(earliest, l.at);
  }
  return null;
}
