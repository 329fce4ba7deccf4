// Migration 12: intranet users get a numeric `id` column the outbox can find
// them by. The admins table is keyed by TEXT ("id:<n>", or "user:<username>"
// for a server that sends no id — the spec's admin table lists none), while
// every outbox entry names its record by an INTEGER id. A virtual column
// derived from the key (NULL for "user:" rows: such a user cannot be updated,
// since the update path is /admins/{id}) lets the admins kind use the same
// outbox machinery as every other kind without a second key scheme. Sync
// keeps writing by `key`; nothing else changes.
export const ADMIN_IDS = `
ALTER TABLE admins ADD COLUMN id INTEGER GENERATED ALWAYS AS (CASE WHEN substr(key, 1, 3) = 'id:' THEN CAST(substr(key, 4) AS INTEGER) END) VIRTUAL;
CREATE INDEX admins_id ON admins (id);
`;
