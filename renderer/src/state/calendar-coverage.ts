// What the calendar says of the bookings and blocks of its window that were
// never received (state/screen-coverage.svelte.ts asks): the days to hatch in
// its head, their span for the note above the grid, and whether they are
// still arriving or missing — never free days shown as if known.
import type { CoverageAnswer } from '../../../shared/contract';
import type { Arrival } from './screen-coverage.svelte';

/** Days never received whole (inclusive). */
export interface DaySpan {
  from: string;
  to: string;
}

/** The gaps of the calendar's own lists (bookings, blocks) that name days. */
export function unreceivedSpans(answer: CoverageAnswer | null): DaySpan[] {
  return (answer?.gaps ?? []).flatMap((g) =>
    (g.resource === 'bookings' || g.resource === 'blocks') && g.from && g.to ? [{ from: g.from, to: g.to }] : [],
  );
}

/** From the first day of the spans to the last: what the note above the grid names. */
export function outerSpan(spans: readonly DaySpan[]): DaySpan | null {
  return spans.length
    ? {
        from: spans.map((s) => s.from).reduce((a, b) => (a < b ? a : b)),
        to: spans.map((s) => s.to).reduce((a, b) => (a > b ? a : b)),
      }
    : null;
}

/** Whether a day is in one of the spans. */
export const inSpans = (spans: readonly DaySpan[], day: string) => spans.some((s) => s.from <= day && day <= s.to);

/** The calendar's two lists as one: missing if either is, else arriving if either is. */
export function calendarArrival(of: (resource: 'bookings' | 'blocks') => Arrival): Arrival {
  const states = [of('bookings'), of('blocks')];
  return states.includes('missing') ? 'missing' : states.includes('arriving') ? 'arriving' : 'whole';
}
