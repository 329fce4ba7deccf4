// Migration 4: the day board reads its bookings from columns, not from `data`.
// At 1,000 listings a day has ≈ 300 arrivals + departures; parsing each
// booking's whole JSON (≈ 500 bytes: prices, services, extras…) to show four
// fields was the largest single cost of the board (measured 0.7 ms of ≈ 4 ms).
// The board also needs the times and the party size, so they become typed
// columns, filled by the bookings table spec (cache/tables.ts) on every write
// — sync and local edits alike — and backfilled here from the stored records.

export const BOARD_BOOKING_COLUMNS = `
ALTER TABLE bookings ADD COLUMN arrival_time TEXT;
ALTER TABLE bookings ADD COLUMN departure_time TEXT;
ALTER TABLE bookings ADD COLUMN adults INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN children INTEGER NOT NULL DEFAULT 0;
UPDATE bookings SET
  arrival_time = data ->> 'arrival_time',
  departure_time = data ->> 'departure_time',
  adults = coalesce(data ->> 'adults', 0),
  children = coalesce(data ->> 'children', 0);
`;
