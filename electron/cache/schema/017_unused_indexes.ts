// Migration 17: indexes no query plan uses, dropped (each remaining one is named with the queries
// it serves in electron/cache/schema/INDEXES.md; found by planning every statement of the app on a
// 100-listing cache, with and without each index).
//   messages_thread (thread_ref, created_at): no statement filters, joins or sorts on thread_ref;
//     a thread's messages are found by booking_number (messages_booking).
//   bookings_start (start_date, listing_id): every plan that chose it seeks the same start_date
//     range on bookings_window (start_date, end_date, state), which also tests end_date and state in
//     the index (the registration check 0.49 → 0.22 ms; the others the same).
//   price_edits_listing (listing_id): price_edits is read and written by rate_id only.
//   sync_state_scope (scope): its last users (the planner's near-booking states, the history trim's
//     removal of a booking's fetch state) now name the resource, so sync_state's key serves them.
// 1.35 MB at 100 listings (≈ 3 % of the file); dropping an index is one catalogue change.
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in each database and
// pinned in migrations.test.ts): add a new migration.
export const UNUSED_INDEXES = `
DROP INDEX messages_thread;
DROP INDEX bookings_start;
DROP INDEX price_edits_listing;
DROP INDEX sync_state_scope;
`;
