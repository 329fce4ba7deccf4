// Migration 15: "the newest data received" (lastDataAt, electron/sync/service.ts)
// answered from an index. It is asked with every sync status and read the
// whole of sync_state for the largest fetched_at: 84 ms at 5,000 listings
// (1.1M rows, one per booking and per-booking resource), on the main process.
// The index makes it one descent (0.3 ms); it costs ≈ 16 MB at that size.
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in
// each database and pinned in migrations.test.ts): add a new migration.
export const SYNC_STATE_NEWEST = `
-- Serves lastDataAt (electron/sync/service.ts): SELECT MAX(fetched_at) FROM sync_state.
CREATE INDEX sync_state_fetched ON sync_state (fetched_at);
`;
