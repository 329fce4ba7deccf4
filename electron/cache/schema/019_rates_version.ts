// Migration 19: a change counter for rates (as migration 6 keeps for listings), so the planner
// keeps the jobs made from every listing and rate — about 15,000 candidates at 5,000 listings, and
// the two reads behind them (19 ms there) — until one of those tables changes
// (electron/sync/planner.ts, cache/versions.ts).
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in each database and
// pinned in migrations.test.ts): add a new migration.
export const RATES_VERSION = `
INSERT OR IGNORE INTO table_versions (name, version) VALUES ('rates', 0);
CREATE TRIGGER rates_version_ins AFTER INSERT ON rates BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'rates'; END;
CREATE TRIGGER rates_version_upd AFTER UPDATE ON rates BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'rates'; END;
CREATE TRIGGER rates_version_del AFTER DELETE ON rates BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'rates'; END;
`;
