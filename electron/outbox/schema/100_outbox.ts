// Migration 100, the outbox itself.
//
// One row per edit the person made, ordered by an AUTOINCREMENT id — never by
// a clock, which can jump. A row keeps what was changed (payload, write form),
// the values it was changed from (base, canonical form), where it stands
// (state, attempts, next attempt, last error, conflict), and, for creates, the
// content fingerprint that was sent, the ids of identical records that already
// existed before the first send (snapshot), whether the server accepted it,
// and the server id it was matched to. `batch` names the first entry of the
// group sent in one request, so a crash leaves evidence of what was in flight.
export const OUTBOX_V1 = `
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  operation TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('update', 'delete', 'create')),
  resource TEXT NOT NULL,
  -- the record's id now: a local (negative) id until its create is matched, then the server's
  record_id INTEGER NOT NULL,
  -- creates: the collection they are serialised in ("guests@1042", "thread@55", "blocks@101")
  parent TEXT,
  context TEXT NOT NULL DEFAULT '{}',
  label TEXT NOT NULL,
  payload TEXT NOT NULL,
  base TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'confirmed', 'rejected', 'conflict', 'unknown')),
  attempts INTEGER NOT NULL DEFAULT 0,
  checks INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  error TEXT,
  conflicts TEXT,
  batch INTEGER,
  fingerprint TEXT,
  snapshot TEXT,
  accepted INTEGER NOT NULL DEFAULT 0,
  server_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
-- The chain of one record, in order: the worker reads heads through this.
CREATE INDEX outbox_chain ON outbox (resource, record_id, id) WHERE state <> 'confirmed';
CREATE INDEX outbox_parent ON outbox (parent, id) WHERE state <> 'confirmed' AND kind = 'create';
CREATE INDEX outbox_state ON outbox (state, id);

-- Local ids of records created offline → the server ids they were matched to,
-- so an edit the renderer sends with the old local id still finds its record.
CREATE TABLE outbox_ids (
  resource TEXT NOT NULL,
  local_id INTEGER NOT NULL,
  server_id INTEGER NOT NULL,
  PRIMARY KEY (resource, local_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX outbox_ids_server ON outbox_ids (resource, server_id);

-- The next local id (counts down from -1; never reused, even after a discard).
CREATE TABLE outbox_counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
INSERT INTO outbox_counter (name, value) VALUES ('local_id', -1);
`;
