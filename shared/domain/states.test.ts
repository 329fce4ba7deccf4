// Booking statuses and block types match the spec's tables and transitions.
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, BOOKING_STATUSES, blockType, bookingStatus, isLiveBooking, stateAfter } from './states';

describe('states', () => {
  it('lists the eight booking statuses with the calendar-blocking ones', () => {
    expect(BOOKING_STATUSES.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 9]);
    expect(BOOKING_STATUSES.filter((s) => s.blocksCalendar).map((s) => s.id)).toEqual([3, 6, 8]);
  });

  it('lists the three block types; only Out of Service leaves the calendar open', () => {
    expect(BLOCK_TYPES.map((b) => [b.id, b.blocksCalendar])).toEqual([
      [1, true],
      [2, false],
      [4, true],
    ]);
  });

  it('has the two documented transitions', () => {
    expect(stateAfter('confirmed')).toBe(3);
    expect(stateAfter('canceled')).toBe(1);
  });

  it('survives values outside the tables', () => {
    expect(bookingStatus(7)).toEqual({ id: 7, name: '#7', blocksCalendar: false });
    expect(blockType(3).blocksCalendar).toBe(true);
    expect(isLiveBooking(3)).toBe(true);
    expect(isLiveBooking(1)).toBe(false);
  });
});
