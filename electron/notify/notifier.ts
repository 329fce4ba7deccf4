// The one place that decides whether a notification is shown: its kind is
// switched on in the settings, it is not quiet hours, and — for what sync
// brings — the session's first complete pass is over (so signing in after a
// week away does not flood the desktop with a week of news). What is shown
// goes out as the contract's `notification.show` event; the hosts only show it.
import { NOTICE_SETTING, type Notice, type Settings } from '../../shared/contract';
import type { Clock } from '../api/clock';

/** Kinds that come with sync: held back until the first complete pass. */
const FROM_SYNC: ReadonlySet<Notice['kind']> = new Set(['incident', 'arrival']);

export interface NotifierDeps {
  settings: () => Settings;
  clock: Pick<Clock, 'now'>;
  show: (event: { notice: Notice; at: string }) => void;
  /** Minutes since local midnight of an instant (default: this computer's local time). */
  minuteOfDay?: (ms: number) => number;
}

const localMinute = (ms: number): number => {
  const d = new Date(ms);
  return d.getHours() * 60 + d.getMinutes();
};

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Quiet hours from–to, local time: from > to spans midnight (22:00–07:00);
 * from = to, or either unset, means none. The end minute is no longer quiet.
 */
export function inQuietHours(from: string | null, to: string | null, minute: number): boolean {
  if (!from || !to || from === to) return false;
  const a = minutes(from);
  const b = minutes(to);
  return a < b ? minute >= a && minute < b : minute >= a || minute < b;
}

export class Notifier {
  private armed_ = false;

  constructor(private readonly deps: NotifierDeps) {}

  /** True once the first complete sync pass of the session is over. */
  get armed(): boolean {
    return this.armed_;
  }

  arm(): void {
    this.armed_ = true;
  }

  /** Shows the notice when its kind is on and it is not quiet hours; answers whether it was shown. */
  offer(notice: Notice): boolean {
    if (FROM_SYNC.has(notice.kind) && !this.armed_) return false;
    const s = this.deps.settings();
    if (!s[NOTICE_SETTING[notice.kind]]) return false;
    const now = this.deps.clock.now();
    // Not kept for later: at the end of the night the screens say what changed.
    if (inQuietHours(s.quietFrom, s.quietTo, (this.deps.minuteOfDay ?? localMinute)(now))) return false;
    this.deps.show({ notice, at: new Date(now).toISOString() });
    return true;
  }
}
