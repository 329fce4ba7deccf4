// Booking statuses and block types from the spec, with "blocks the calendar",
// and the two booking transitions the spec documents.

export interface StatusInfo {
  readonly id: number;
  readonly name: string;
  readonly blocksCalendar: boolean;
}

export const BOOKING_STATUSES = [
  { id: 1, name: 'Cancelled', blocksCalendar: false },
  { id: 2, name: 'Pre Booking', blocksCalendar: false },
  { id: 3, name: 'Confirmed', blocksCalendar: true },
  { id: 4, name: 'Abandonate', blocksCalendar: false },
  { id: 5, name: 'On Request', blocksCalendar: false },
  { id: 6, name: 'Provisional', blocksCalendar: true },
  { id: 8, name: 'No Show', blocksCalendar: true },
  { id: 9, name: 'Virtual', blocksCalendar: false },
] as const satisfies readonly StatusInfo[];

export const BLOCK_TYPES = [
  { id: 1, name: 'Closing Sales', blocksCalendar: true },
  { id: 2, name: 'Out of Service', blocksCalendar: false },
  { id: 4, name: 'Blocking from another provider', blocksCalendar: true },
] as const satisfies readonly StatusInfo[];

export const BOOKING_STATUS = {
  cancelled: 1,
  preBooking: 2,
  confirmed: 3,
  abandoned: 4,
  onRequest: 5,
  provisional: 6,
  noShow: 8,
  virtual: 9,
} as const;

const statusById = new Map<number, StatusInfo>(BOOKING_STATUSES.map((s) => [s.id, s]));
const blockById = new Map<number, StatusInfo>(BLOCK_TYPES.map((s) => [s.id, s]));

/** Status info; unknown ids (the API sends values outside the table) do not block and show their number. */
export function bookingStatus(id: number): StatusInfo {
  return statusById.get(id) ?? { id, name: `#${id}`, blocksCalendar: false };
}

/** Block type info; values outside the table are seen in responses and are treated as blocking (safer). */
export function blockType(id: number): StatusInfo {
  return blockById.get(id) ?? { id, name: `#${id}`, blocksCalendar: true };
}

/** The two documented moves: booking update with status confirmed / canceled. */
export const BOOKING_TRANSITIONS = {
  confirmed: BOOKING_STATUS.confirmed,
  canceled: BOOKING_STATUS.cancelled,
} as const;
export type BookingStatusCommand = keyof typeof BOOKING_TRANSITIONS;

/** The state a booking is in after an update with that `status` value. */
export function stateAfter(command: BookingStatusCommand): number {
  return BOOKING_TRANSITIONS[command];
}

/** Statuses a booking counts as "live" for operations (arrivals, departures, cleaning). */
export function isLiveBooking(state: number): boolean {
  return bookingStatus(state).blocksCalendar;
}
