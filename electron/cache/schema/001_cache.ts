// Migration 1: the cache tables. Every record table keeps, beside the typed
// columns the queries use:
//   data        the normalised record (contract shape, JSON) that reads return;
//   raw         the JSON exactly as the server sent it (card fields and
//               passwords removed: they are never stored);
//   outbox_mark the OutboxMark JSON while a local change is unsent — NULL means
//               "in sync". Sync never overwrites typed columns/data/raw of a
//               marked row; it keeps the server's latest JSON in
//   server_raw  instead, so the outbox can compare base / server / mine.
// Deletion bookkeeping lives in sync_state (per resource, scope and window),
// junk records in quarantine, and instant offline search in an FTS5 index fed
// by triggers (so optimistic edits are searchable at once too).
//
// Frozen: literal SQL, exactly what ran on people's machines (it used to be
// built from live code at every start; this is that output, copied). Never
// edit it: its checksum is stored in each database and pinned in
// migrations.test.ts — add a new migration instead.
export const CACHE_V1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE listings (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  -- name without accents/case, numbers padded: ORDER BY gives the order people expect
  sort_key TEXT NOT NULL,
  city TEXT NOT NULL,
  active INTEGER NOT NULL,
  mu INTEGER NOT NULL,
  destination INTEGER,
  owner_id INTEGER,
  person_capacity INTEGER,
  bedrooms INTEGER,
  checkinfrom TEXT,
  checkinto TEXT,
  checkout TEXT,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX listings_sort ON listings (sort_key);
CREATE INDEX listings_city ON listings (city COLLATE NOCASE, sort_key);

CREATE TABLE photos (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER,
  position INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX photos_listing ON photos (listing_id, position);

CREATE TABLE rates (
  rate_id INTEGER PRIMARY KEY,
  listing_id INTEGER,
  category_id INTEGER,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX rates_listing ON rates (listing_id);

-- One row per rate and day: every field is a typed column; raw keeps the wire form.
CREATE TABLE prices (
  rate_id INTEGER NOT NULL,
  date TEXT NOT NULL,
  listing_id INTEGER,
  price REAL NOT NULL,
  min_days INTEGER,
  max_days INTEGER,
  active INTEGER NOT NULL,
  cta INTEGER NOT NULL,
  ctd INTEGER NOT NULL,
  raw TEXT NOT NULL,
  PRIMARY KEY (rate_id, date)
) STRICT, WITHOUT ROWID;

-- Single-unit: one row per listing, rate and day (available 0/1).
-- Multi-unit: rate_id 0, available = free units.
CREATE TABLE availability (
  listing_id INTEGER NOT NULL,
  date TEXT NOT NULL,
  rate_id INTEGER NOT NULL,
  available INTEGER NOT NULL,
  mu INTEGER NOT NULL,
  category_id INTEGER,
  raw TEXT NOT NULL,
  PRIMARY KEY (listing_id, date, rate_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE blocks (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  block_type INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX blocks_listing ON blocks (listing_id, start_date);
CREATE INDEX blocks_start ON blocks (start_date);
CREATE INDEX blocks_end ON blocks (end_date);

CREATE TABLE bookings (
  booking_number INTEGER PRIMARY KEY,
  listing_id INTEGER,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  -- nights, so a window query can bound its scan of start_date
  stay_days INTEGER NOT NULL,
  customer_id INTEGER,
  state INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX bookings_start ON bookings (start_date, listing_id);
CREATE INDEX bookings_end ON bookings (end_date, listing_id);
CREATE INDEX bookings_listing ON bookings (listing_id, start_date);
CREATE INDEX bookings_customer ON bookings (customer_id);
CREATE INDEX bookings_stay ON bookings (stay_days);

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  lastname TEXT NOT NULL,
  email TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;

CREATE TABLE guests (
  id INTEGER PRIMARY KEY,
  booking_number INTEGER,
  name TEXT NOT NULL,
  lastname TEXT NOT NULL,
  email TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX guests_booking ON guests (booking_number);

CREATE TABLE incidents (
  id INTEGER PRIMARY KEY,
  priority INTEGER NOT NULL,
  date TEXT NOT NULL,
  -- 1 while any of its listings is not finished
  open INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX incidents_date ON incidents (date);
CREATE INDEX incidents_open ON incidents (open, priority);

CREATE TABLE incident_listings (
  incident_id INTEGER NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  listing_id INTEGER NOT NULL,
  finished INTEGER NOT NULL,
  PRIMARY KEY (incident_id, listing_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX incident_listings_listing ON incident_listings (listing_id, finished);

CREATE TABLE maintenance (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER,
  booking_id INTEGER,
  type INTEGER NOT NULL,
  date TEXT NOT NULL,
  hour TEXT,
  inspected INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX maintenance_date ON maintenance (date, listing_id);
CREATE INDEX maintenance_listing ON maintenance (listing_id, date);
CREATE INDEX maintenance_booking ON maintenance (booking_id);

CREATE TABLE cleaning (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER,
  booking_id INTEGER,
  status INTEGER NOT NULL,
  date TEXT NOT NULL,
  time TEXT,
  inspected INTEGER NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX cleaning_date ON cleaning (date, listing_id);
CREATE INDEX cleaning_listing ON cleaning (listing_id, date);
CREATE INDEX cleaning_booking ON cleaning (booking_id);

CREATE TABLE threads (
  id INTEGER PRIMARY KEY,
  booking_number INTEGER,
  listing_id INTEGER,
  customer_id INTEGER,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX threads_booking ON threads (booking_number);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  -- the thread the message came in (its own thread_id may be null on the wire)
  thread_ref INTEGER NOT NULL,
  booking_number INTEGER,
  created_at TEXT,
  message TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX messages_thread ON messages (thread_ref, created_at);
CREATE INDEX messages_booking ON messages (booking_number);

CREATE TABLE destinations (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;
CREATE TABLE origins (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;
CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;
CREATE TABLE costs (id INTEGER PRIMARY KEY, owner_id INTEGER,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;
CREATE INDEX costs_owner ON costs (owner_id);
CREATE TABLE customer_types (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;
-- Admins may come without an id: keyed by "id:<n>" or "user:<username>".
CREATE TABLE admins (key TEXT PRIMARY KEY, username TEXT NOT NULL,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT) STRICT;

-- Freshness and deletion bookkeeping per (resource, scope, window).
CREATE TABLE sync_state (
  resource TEXT NOT NULL,
  scope TEXT NOT NULL,
  win TEXT NOT NULL,
  fetched_at INTEGER,
  attempted_at INTEGER,
  error TEXT,
  records INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (resource, scope, win)
) STRICT;

-- Records that failed validation: kept with the error, never silently dropped.
CREATE TABLE quarantine (
  id INTEGER PRIMARY KEY,
  resource TEXT NOT NULL,
  scope TEXT NOT NULL,
  record_key TEXT NOT NULL,
  raw TEXT NOT NULL,
  error TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  times INTEGER NOT NULL DEFAULT 1,
  UNIQUE (resource, record_key)
) STRICT;

-- Contentless: the text lives in the record tables; the index only maps words
-- to rowids (id * 8 + kind), which halves the cost of keeping it during sync.
CREATE VIRTUAL TABLE search USING fts5 (
  title, body,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER listings_search_ins AFTER INSERT ON listings BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 1, new.name, new.city); END;
CREATE TRIGGER listings_search_upd AFTER UPDATE OF name, city ON listings WHEN old.name IS NOT new.name OR old.city IS NOT new.city BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 1;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 1, new.name, new.city);
END;
CREATE TRIGGER listings_search_del AFTER DELETE ON listings BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 1;
END;

CREATE TRIGGER customers_search_ins AFTER INSERT ON customers BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 3, new.name || ' ' || new.lastname, new.email); END;
CREATE TRIGGER customers_search_upd AFTER UPDATE OF name, lastname, email ON customers WHEN old.name IS NOT new.name OR old.lastname IS NOT new.lastname OR old.email IS NOT new.email BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 3;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 3, new.name || ' ' || new.lastname, new.email);
END;
CREATE TRIGGER customers_search_del AFTER DELETE ON customers BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 3;
END;

CREATE TRIGGER guests_search_ins AFTER INSERT ON guests BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 4, new.name || ' ' || new.lastname, new.email); END;
CREATE TRIGGER guests_search_upd AFTER UPDATE OF name, lastname, email ON guests WHEN old.name IS NOT new.name OR old.lastname IS NOT new.lastname OR old.email IS NOT new.email BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 4;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 4, new.name || ' ' || new.lastname, new.email);
END;
CREATE TRIGGER guests_search_del AFTER DELETE ON guests BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 4;
END;

CREATE TRIGGER messages_search_ins AFTER INSERT ON messages BEGIN INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 5, '', new.message); END;
CREATE TRIGGER messages_search_upd AFTER UPDATE OF message ON messages WHEN old.message IS NOT new.message BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 5;
  INSERT INTO search (rowid, title, body) VALUES (new.id * 8 + 5, '', new.message);
END;
CREATE TRIGGER messages_search_del AFTER DELETE ON messages BEGIN
  DELETE FROM search WHERE rowid = old.id * 8 + 5;
END;
`;
