// Calendar geometry: bookings span their nights (mid-day to mid-day), blocks
// whole days, both clipped to the window; overlapping bookings get lanes.
import { describe, expect, it } from 'vitest';
import { exampleBooking } from '../../../shared/contract/testing/examples';
import { DAY_W, assignLanes, blockBar, bookingBar } from './calendar.svelte';

const booking = (n: number, start: string, end: string) => ({
  ...exampleBooking,
  booking_number: n,
  start_date: start,
  end_date: end,
  customer_name: null,
  overbooked: false,
});

describe('calendar geometry', () => {
  it('draws a booking from the middle of arrival to the middle of departure', () => {
    expect(bookingBar('2026-05-01', 30, '2026-05-04', '2026-05-08')).toEqual({
      left: 3.5 * DAY_W,
      width: 4 * DAY_W,
      clippedStart: false,
      clippedEnd: false,
    });
  });
  it('clips at the window and drops what is outside', () => {
    expect(bookingBar('2026-05-05', 30, '2026-05-01', '2026-05-07')).toMatchObject({ left: 0, clippedStart: true });
    expect(bookingBar('2026-05-05', 30, '2026-04-01', '2026-04-07')).toBeNull();
    expect(blockBar('2026-05-01', 10, '2026-05-09', '2026-05-20')).toMatchObject({
      left: 8 * DAY_W,
      width: 2 * DAY_W,
      clippedEnd: true,
    });
  });
  it('covers a one-day block whole', () => {
    expect(blockBar('2026-05-01', 30, '2026-05-02', '2026-05-02')).toMatchObject({ left: DAY_W, width: DAY_W });
  });
  it('puts overlapping bookings on separate lanes and reuses a lane on the departure day', () => {
    const lanes = assignLanes([
      booking(1, '2026-05-01', '2026-05-05'),
      booking(2, '2026-05-03', '2026-05-06'),
      booking(3, '2026-05-05', '2026-05-08'),
    ]);
    expect(lanes).toEqual({ 1: 0, 2: 1, 3: 0 });
  });
});
