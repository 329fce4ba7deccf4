// Migration 16: the daily rows (prices, availability) keep only their columns. Each day's wire JSON
// (`raw`) was written and never read — the columns hold every field the app uses, and both are
// fetched again within a day (sync/policy.ts maxAge) — yet it was most of the bytes of the largest
// tables (a year of days per rate and per listing). Writes now tell a changed day by its columns.
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in each database and
// pinned in migrations.test.ts): add a new migration.
export const DAILY_ROWS_LEAN = `
ALTER TABLE prices DROP COLUMN raw;
ALTER TABLE availability DROP COLUMN raw;
`;
