// The calendar's words of what was never received: only its own lists' dated gaps count, their span is
// from the first day to the last, and either list missing (or arriving) is the calendar's state.
import { describe, expect, it } from 'vitest';
import type { CoverageAnswer, CoverageGap } from '../../../shared/contract';
import { calendarArrival, inSpans, outerSpan, unreceivedSpans } from './calendar-coverage';

const gap = (resource: CoverageGap['resource'], from: string | null, to: string | null): CoverageGap => ({
  resource,
  from,
  to,
  listingIds: null,
  bookingNumbers: null,
});

describe('calendar coverage', () => {
  it('keeps the dated gaps of bookings and blocks, and spans them', () => {
    const answer = {
      gaps: [
        gap('bookings', '2026-05-10', '2026-05-12'),
        gap('cleaning', '2026-05-01', '2026-05-30'),
        gap('blocks', '2026-05-03', '2026-05-04'),
        gap('guests', null, null),
      ],
    } as unknown as CoverageAnswer;
    const spans = unreceivedSpans(answer);
    expect(spans).toEqual([
      { from: '2026-05-10', to: '2026-05-12' },
      { from: '2026-05-03', to: '2026-05-04' },
    ]);
    expect(outerSpan(spans)).toEqual({ from: '2026-05-03', to: '2026-05-12' });
    expect(inSpans(spans, '2026-05-04')).toBe(true);
    expect(inSpans(spans, '2026-05-07')).toBe(false);
    expect(outerSpan(unreceivedSpans(null))).toBeNull();
  });
  it('is missing if either list is, else arriving if either is', () => {
    expect(calendarArrival((r) => (r === 'blocks' ? 'missing' : 'arriving'))).toBe('missing');
    expect(calendarArrival((r) => (r === 'bookings' ? 'arriving' : 'whole'))).toBe('arriving');
    expect(calendarArrival(() => 'whole')).toBe('whole');
  });
});
