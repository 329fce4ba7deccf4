// A list read over a date window with filters (cleaning, maintenance,
// incidents): the window and filters live in the URL, the read is live, and
// the selected record (the URL's id) is read on its own so it shows even
// outside the window.
import type { CommandInput, CommandName, Interest, ResourceName, StayboardBridge } from '../../../shared/contract';
import type { QueryValue } from '../lib/routes';
import { addDays, daysBetween, isIsoDateString, today } from './dates';
import { Query } from './query.svelte';

export type Tri = 'any' | 'yes' | 'no';
export const tri = (v: string | undefined): Tri => (v === 'yes' || v === 'no' ? v : 'any');
export const triBool = (v: Tri): boolean | undefined => (v === 'any' ? undefined : v === 'yes');

/** Numbers from "1,3" (junk dropped). */
export const numberList = (v: string | undefined): number[] =>
  (v ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/** The days a dated list shows, from and to (YYYY-MM-DD). Not the DOM's Window. */
export interface DateWindow {
  from: string;
  to: string;
}

/** Longest window a list reads at once (the contract allows more; screens stay quick). */
export const MAX_WINDOW_DAYS = 92;
export const DEFAULT_WINDOW_DAYS = 6;

export function windowFromQuery(q: Record<string, string>): DateWindow {
  const from = q['from'] && isIsoDateString(q['from']) ? q['from'] : today();
  let to = q['to'] && isIsoDateString(q['to']) ? q['to'] : addDays(from, DEFAULT_WINDOW_DAYS);
  if (to < from) to = from;
  if (daysBetween(from, to) > MAX_WINDOW_DAYS) to = addDays(from, MAX_WINDOW_DAYS);
  return { from, to };
}

export interface ListSpec<N extends CommandName, F> {
  command: N;
  resources: readonly ResourceName[];
  /** Filters (beyond the window) from the URL query. */
  parse(q: Record<string, string>): F;
  /** Filters back into the URL query. */
  format(f: F): Record<string, QueryValue>;
  /** The read's input. */
  input(w: DateWindow, f: F): CommandInput<N>;
}

export class DatedList<N extends CommandName, F> {
  window = $state<DateWindow>(windowFromQuery({}));
  filters: F;
  readonly query: Query<N>;

  constructor(
    bridge: StayboardBridge,
    readonly spec: ListSpec<N, F>,
    q: Record<string, string>,
  ) {
    this.window = windowFromQuery(q);
    this.filters = $state(spec.parse(q));
    this.query = new Query(bridge, spec.command, spec.resources);
  }

  /** The URL query that reproduces this window and these filters. */
  toQuery(): Record<string, QueryValue> {
    return { from: this.window.from, to: this.window.to, ...this.spec.format(this.filters) };
  }

  async load(): Promise<void> {
    await this.query.load(this.spec.input(this.window, this.filters));
  }

  setWindow(from: string, to: string): void {
    this.window = windowFromQuery({ from, to });
  }

  /**
   * Keeps the list live and read again when the window or a filter changes,
   * the URL in step, and the sync told which dates are on screen. Call once
   * while the screen's component initialises.
   */
  follow(app: ScreenHost, screen: 'cleaning' | 'maintenance'): void {
    $effect(() => this.query.watch());
    $effect(() => {
      void $state.snapshot(this.window);
      void $state.snapshot(this.filters);
      void this.load();
      app.router.setQuery(this.toQuery());
      app.interest({ screen, from: this.window.from, to: this.window.to });
    });
  }
}

/** What a list screen tells the app: its URL query, and the dates it shows (for the sync's plan). */
export interface ScreenHost {
  router: { setQuery(query: Record<string, QueryValue>): void };
  interest(interest: Interest): void;
}
