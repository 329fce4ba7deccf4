// Every choice the simulator makes where spec/interface.md says "not shown" or
// leaves room, in ONE place. Change a value here (or pass SimulatorOptions) to
// make the simulator behave like a real server that decided differently.
// The README's "Choices where the spec is silent" section mirrors this file.

export const SIM = {
  /** Listings pagination: the largest `per_page` honoured; larger values are clamped (not rejected). */
  perPageMax: 100,
  /** Ids in this range "belong to another host": the operations whose spec row lists 403 answer 403. */
  foreignIds: { from: 9_000_000, to: 9_000_999 },
  /** Longest window (days) accepted where one record per day is returned (prices, availability); longer → 400. */
  maxDailyWindowDays: 3 * 366,
  /** Days before "today" and after it for which daily prices exist ("a year of daily prices", plus some history). */
  priceHorizon: { pastDays: 60, futureDays: 366 },
  /** Create responses are "not shown": answer `{}` (as the block-create sample does). 'record' answers {data: record}. */
  createResponse: 'empty' as 'empty' | 'record',
  /** Updates whose response is "not shown" answer `{}`; 'record' answers {data: record}. */
  updateResponse: 'empty' as 'empty' | 'record',
  /** GET /customersTypes: the sample is an empty object. 'data' answers {data: [{id, nombre}]}. */
  customerTypesBody: 'empty' as 'empty' | 'data',
  /** Cleaning status values are not shown: these are accepted on update (0 pending, 1 in progress, 2 done). */
  cleaningStatuses: [0, 1, 2] as readonly number[],
  /** Photo image size limits (spec: at least 50 KB, at most 25 MB), on the decoded base64 content. */
  imageBytes: { min: 50 * 1024, max: 25 * 1024 * 1024 },
  /** Request bodies above this are refused with 413 (25 MB of image is ~34 MB of base64). */
  maxBodyBytes: 40 * 1024 * 1024,
  /** A booking overlaps a list window when its stay [start, end) touches [start_date, end_date]. */
  bookingWindow: 'overlap' as 'overlap' | 'arrival',
  /** Keep at most this many request-log entries (oldest dropped first); counters are never dropped. */
  requestLogMax: 100_000,
  /** Keep at most this many mutation-log entries (oldest dropped first). */
  mutationLogMax: 200_000,
  /** Latency of the rejection when a route is faulted with a 5xx: answered at once (plus `latencyMs`). */
  errorBody: { 500: 'Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' } as Record<number, string>,
} as const;

/**
 * Which documented wire variant a record gets. Each is a pure function of the
 * record id, so the same record always looks the same and a client that handles
 * only one form meets the other one within the first few records.
 */
export const VARIANT = {
  /** Listing `mu` as a string "0"/"1" instead of an integer. */
  listingMuAsString: (id: number) => mix(id, 0x11) % 2 === 0,
  /** Listing `longstay` as a string "0"/"1". */
  listingLongstayAsString: (id: number) => mix(id, 0x12) % 3 === 0,
  /** A listing without rooms is sent as `rooms: []` (a PHP empty array) rather than `{}`. */
  emptyRoomsAsArray: (id: number) => mix(id, 0x13) % 2 === 0,
  /** Booking `tourist_tax` as a string ("12.50"). */
  bookingTouristTaxAsString: (id: number) => mix(id, 0x21) % 3 === 0,
  /** Booking times as HH:MM:SS (else HH:MM). */
  bookingTimesWithSeconds: (id: number) => mix(id, 0x22) % 2 === 0,
  /** Booking `checkin_completed` as the strings "true"/"false" (else a boolean). */
  bookingCheckinAsString: (id: number) => mix(id, 0x23) % 4 === 0,
  /** Booking `key_numbers` as a string ("2") instead of an integer. */
  bookingKeysAsString: (id: number) => mix(id, 0x24) % 2 === 0,
  /** Task `inspected` as a boolean (else 0/1). */
  taskInspectedAsBoolean: (id: number) => mix(id, 0x31) % 2 === 0,
  /** Message `thread_id` null (the spec: integer or null). */
  messageThreadIdNull: (id: number) => mix(id, 0x41) % 5 === 0,
} as const;

/** A small integer hash (for variant choice only; data randomness uses the seeded PRNG). */
export function mix(id: number, salt: number): number {
  let h = Math.imul(id ^ (salt * 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
