// Migration 6: change counters for the tables whose derived reads are cached
// in memory (see cache/versions.ts: the board's listing directory and open
// incidents). Triggers, so every writer on every connection bumps them.
//
// Frozen: literal SQL, exactly what ran on people's machines (it used to be
// built from live code at every start; this is that output, copied). Never
// edit it: its checksum is stored in each database and pinned in
// migrations.test.ts — add a new migration instead.
export const TABLE_VERSIONS = `CREATE TABLE IF NOT EXISTS table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT, WITHOUT ROWID;
INSERT INTO table_versions (name, version) VALUES ('listings', 0);
CREATE TRIGGER listings_version_ins AFTER INSERT ON listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER listings_version_upd AFTER UPDATE ON listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER listings_version_del AFTER DELETE ON listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'listings'; END;
INSERT INTO table_versions (name, version) VALUES ('incidents', 0);
CREATE TRIGGER incidents_version_ins AFTER INSERT ON incidents BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incidents'; END;
CREATE TRIGGER incidents_version_upd AFTER UPDATE ON incidents BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incidents'; END;
CREATE TRIGGER incidents_version_del AFTER DELETE ON incidents BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incidents'; END;
INSERT INTO table_versions (name, version) VALUES ('incident_listings', 0);
CREATE TRIGGER incident_listings_version_ins AFTER INSERT ON incident_listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incident_listings'; END;
CREATE TRIGGER incident_listings_version_upd AFTER UPDATE ON incident_listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incident_listings'; END;
CREATE TRIGGER incident_listings_version_del AFTER DELETE ON incident_listings BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'incident_listings'; END;`;
