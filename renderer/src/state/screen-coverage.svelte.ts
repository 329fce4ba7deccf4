// Whether the data a screen shows was received whole (`coverage.check` of
// the Today board's date, the calendar's window, a booking's messages), kept
// current as sync brings data in, and — when part was never received and the
// server can be asked — fetched once at the person's priority
// (`coverage.fetch`). The screen then says "still arriving" (or "not
// received yet", with why) where the number would be, never 0.
import type { CoverageAnswer, CoverageResource, CoverageSubject, StayboardBridge } from '../../../shared/contract';
import { call } from './call';
import { whenReconnected } from './link.svelte';

/** What a screen says of one resource: its figures, "still arriving", or "not received yet". */
export type Arrival = 'whole' | 'arriving' | 'missing';

/** Sync's progress events come per job: coverage is looked at again at most this often while they flow. */
const RECHECK_MS = 1_000;
/** Subjects change in bursts (scrolling the calendar): only the last of a burst is checked. */
const SETTLE_MS = 250;

export class ScreenCoverage {
  answer = $state.raw<CoverageAnswer | null>(null);
  /** The person's fetch of what this screen lacks is running. */
  fetching = $state(false);

  #subject: CoverageSubject | null = null;
  #key = '';
  #seq = 0;
  #settle: ReturnType<typeof setTimeout> | null = null;
  #recheck: ReturnType<typeof setTimeout> | null = null;
  /** Gaps already fetched for (once per screen: a fetch that failed is not repeated on every event). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never rendered
  #asked = new Set<string>();

  constructor(private readonly bridge: StayboardBridge) {}

  /** Follows sync while the screen is shown; returns the stop. */
  watch(): () => void {
    const soon = () => {
      if (this.#recheck !== null || !this.#subject) return;
      this.#recheck = setTimeout(() => {
        this.#recheck = null;
        void this.#check();
      }, RECHECK_MS);
    };
    const offs = [
      this.bridge.on('cache.changed', soon),
      this.bridge.on('sync.progress', soon),
      this.bridge.on('connectivity.changed', soon),
      whenReconnected(this.bridge, soon),
    ];
    return () => {
      offs.forEach((off) => off());
      if (this.#recheck !== null) clearTimeout(this.#recheck);
      if (this.#settle !== null) clearTimeout(this.#settle);
      this.#recheck = this.#settle = null;
    };
  }

  /** What the screen shows now (null: nothing to check). */
  set(subject: CoverageSubject | null): void {
    const key = JSON.stringify(subject);
    if (key === this.#key) return;
    this.#key = key;
    this.#subject = subject;
    // The answer shown stays until the new one comes (a notice that vanished and came back would move the
    // page, change the rows in view, and so the subject again).
    if (!subject) this.answer = null;
    if (this.#settle !== null) clearTimeout(this.#settle);
    this.#settle = setTimeout(() => {
      this.#settle = null;
      void this.#check();
    }, SETTLE_MS);
  }

  /** What the screen says of this resource (whole until known otherwise: no flash before the first answer). */
  of(resource: CoverageResource): Arrival {
    const r = this.answer?.resources.find((x) => x.resource === resource);
    if (!r || r.complete) return 'whole';
    return this.fetching || this.answer?.fetch === 'ready' ? 'arriving' : 'missing';
  }

  async #check(): Promise<void> {
    const subject = this.#subject;
    if (!subject) return;
    const seq = ++this.#seq;
    const r = await call(this.bridge, 'coverage.check', subject);
    if (seq !== this.#seq || !r.ok) return;
    this.answer = r.value;
    const gaps = JSON.stringify([this.#key, r.value.gaps]);
    if (r.value.complete || r.value.fetch !== 'ready' || this.fetching || this.#asked.has(gaps)) return;
    this.#asked.add(gaps);
    this.fetching = true;
    const fetched = await call(this.bridge, 'coverage.fetch', subject);
    this.fetching = false;
    if (fetched.ok && seq === this.#seq) this.answer = fetched.value.after;
  }
}
