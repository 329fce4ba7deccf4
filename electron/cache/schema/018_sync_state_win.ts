// Migration 18: sync_state's non-booking rows by window, so the planner reads the states of
// today's jobs only. A date window's name moves with today ("2026-11-28..2027-11-28" becomes
// "2026-11-29..2027-11-29"), so every day of use leaves a row per listing (availability), per rate
// (prices) and per list behind, and the history trim cuts only windows that start before the
// history kept — windows that start today are kept a year. Reading every non-booking row at each
// plan grew by ≈ 1,000 rows a day at 500 listings (≈ 3.6 million after a year at 5,000), all on
// the main process. The planner's jobs name a handful of windows (today's near, full, incidents
// and ahead windows, a screen's dates, and '' for what has none): one seek of this index each.
// Serves `Planner.plan` (electron/sync/planner.ts).
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in each database and
// pinned in migrations.test.ts): add a new migration.
export const SYNC_STATE_WIN = `
CREATE INDEX sync_state_win ON sync_state (win) WHERE scope NOT LIKE 'booking:%';
`;
