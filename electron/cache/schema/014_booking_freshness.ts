// Migration 14: when each booking's customer + guests and threads were last
// fetched, kept beside the booking's dates in one narrow table, so the
// planner's per-booking questions ("the stalest far bookings", "how many never
// fetched", "the next fortnight's guests received") read one compact range
// instead of joining sync_state once per booking. That join looked a text key
// up ('booking:' || booking_number) in a million-row table for every booking
// of the year: 0.3–0.5 s per query at 5,000 listings (691k bookings), five of
// them per far-booking picture, all on the main process.
//
// sync_state stays the record of every fetch; this table is a copy kept by
// triggers, whichever is written first (a booking's bundle can arrive before
// its list, a booking can move, be deleted, or be adopted under a server
// number; an INSERT OR REPLACE of a booking fires no delete trigger, hence the
// trigger's own OR REPLACE). `*_failed_at` is the last attempt's time while that attempt's error
// stands (NULL when the last fetch succeeded or none failed).
//
// Keyed by (state, end_date, booking_number): the far window's live bookings
// are "a live state, ending on or after the window's first day" — one range of
// the key per live state, with no 400 days of earlier arrivals and no
// cancelled booking walked to be rejected (each rejected row cost as much as a
// kept one). This key serves farBookingJobs and farBookingSummary
// (electron/sync/sources.ts).
//
// Frozen: literal SQL. Never edit it once shipped (its checksum is stored in
// each database and pinned in migrations.test.ts): add a new migration.
export const BOOKING_FRESHNESS = `
CREATE TABLE booking_freshness (
  booking_number INTEGER NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  state INTEGER NOT NULL,
  guests_at INTEGER,
  guests_failed_at INTEGER,
  threads_at INTEGER,
  threads_failed_at INTEGER,
  PRIMARY KEY (state, end_date, booking_number)
) STRICT, WITHOUT ROWID;
-- Serves the triggers below and the registration list's "guests received" (electron/cache/queries/registration.ts).
CREATE UNIQUE INDEX booking_freshness_number ON booking_freshness (booking_number);

-- The fill walks sync_state's per-booking rows once (an integer look-up each)
-- rather than looking a text key up per booking: ≈ 9 s instead of 15 s for
-- 691k bookings (5,000 listings) on the 2-core machine.
INSERT INTO booking_freshness (booking_number, start_date, end_date, state)
  SELECT booking_number, start_date, end_date, state FROM bookings;
UPDATE booking_freshness SET guests_at = s.fetched_at,
    guests_failed_at = CASE WHEN s.error IS NOT NULL THEN s.attempted_at END
  FROM sync_state s WHERE s.resource = 'guests' AND s.win = '' AND s.scope LIKE 'booking:%'
    AND booking_freshness.booking_number = CAST(substr(s.scope, 9) AS INTEGER);
UPDATE booking_freshness SET threads_at = s.fetched_at,
    threads_failed_at = CASE WHEN s.error IS NOT NULL THEN s.attempted_at END
  FROM sync_state s WHERE s.resource = 'threads' AND s.win = '' AND s.scope LIKE 'booking:%'
    AND booking_freshness.booking_number = CAST(substr(s.scope, 9) AS INTEGER);

-- Serves fortnightGuests (electron/sync/sources.ts): arrivals of the next 14 days and how many have their guests.
CREATE INDEX booking_freshness_arrivals ON booking_freshness (state, start_date, guests_at);

CREATE TRIGGER booking_freshness_booking_ins AFTER INSERT ON bookings BEGIN
  INSERT OR REPLACE INTO booking_freshness (booking_number, start_date, end_date, state,
      guests_at, guests_failed_at, threads_at, threads_failed_at)
    SELECT new.booking_number, new.start_date, new.end_date, new.state,
      g.fetched_at, CASE WHEN g.error IS NOT NULL THEN g.attempted_at END,
      t.fetched_at, CASE WHEN t.error IS NOT NULL THEN t.attempted_at END
    FROM (SELECT 1)
    LEFT JOIN sync_state g ON g.resource = 'guests' AND g.scope = 'booking:' || new.booking_number AND g.win = ''
    LEFT JOIN sync_state t ON t.resource = 'threads' AND t.scope = 'booking:' || new.booking_number AND t.win = '';
END;
CREATE TRIGGER booking_freshness_booking_upd AFTER UPDATE OF booking_number, start_date, end_date, state ON bookings
  WHEN old.booking_number IS NOT new.booking_number OR old.start_date IS NOT new.start_date
    OR old.end_date IS NOT new.end_date OR old.state IS NOT new.state BEGIN
  DELETE FROM booking_freshness WHERE booking_number = old.booking_number;
  INSERT OR REPLACE INTO booking_freshness (booking_number, start_date, end_date, state,
      guests_at, guests_failed_at, threads_at, threads_failed_at)
    SELECT new.booking_number, new.start_date, new.end_date, new.state,
      g.fetched_at, CASE WHEN g.error IS NOT NULL THEN g.attempted_at END,
      t.fetched_at, CASE WHEN t.error IS NOT NULL THEN t.attempted_at END
    FROM (SELECT 1)
    LEFT JOIN sync_state g ON g.resource = 'guests' AND g.scope = 'booking:' || new.booking_number AND g.win = ''
    LEFT JOIN sync_state t ON t.resource = 'threads' AND t.scope = 'booking:' || new.booking_number AND t.win = '';
END;
CREATE TRIGGER booking_freshness_booking_del AFTER DELETE ON bookings BEGIN
  DELETE FROM booking_freshness WHERE booking_number = old.booking_number;
END;

CREATE TRIGGER booking_freshness_guests_ins AFTER INSERT ON sync_state
  WHEN new.resource = 'guests' AND new.win = '' AND new.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET guests_at = new.fetched_at,
    guests_failed_at = CASE WHEN new.error IS NOT NULL THEN new.attempted_at END
  WHERE booking_number = CAST(substr(new.scope, 9) AS INTEGER);
END;
CREATE TRIGGER booking_freshness_guests_upd AFTER UPDATE ON sync_state
  WHEN new.resource = 'guests' AND new.win = '' AND new.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET guests_at = new.fetched_at,
    guests_failed_at = CASE WHEN new.error IS NOT NULL THEN new.attempted_at END
  WHERE booking_number = CAST(substr(new.scope, 9) AS INTEGER);
END;
CREATE TRIGGER booking_freshness_guests_del AFTER DELETE ON sync_state
  WHEN old.resource = 'guests' AND old.win = '' AND old.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET guests_at = NULL, guests_failed_at = NULL
  WHERE booking_number = CAST(substr(old.scope, 9) AS INTEGER);
END;
CREATE TRIGGER booking_freshness_threads_ins AFTER INSERT ON sync_state
  WHEN new.resource = 'threads' AND new.win = '' AND new.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET threads_at = new.fetched_at,
    threads_failed_at = CASE WHEN new.error IS NOT NULL THEN new.attempted_at END
  WHERE booking_number = CAST(substr(new.scope, 9) AS INTEGER);
END;
CREATE TRIGGER booking_freshness_threads_upd AFTER UPDATE ON sync_state
  WHEN new.resource = 'threads' AND new.win = '' AND new.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET threads_at = new.fetched_at,
    threads_failed_at = CASE WHEN new.error IS NOT NULL THEN new.attempted_at END
  WHERE booking_number = CAST(substr(new.scope, 9) AS INTEGER);
END;
CREATE TRIGGER booking_freshness_threads_del AFTER DELETE ON sync_state
  WHEN old.resource = 'threads' AND old.win = '' AND old.scope LIKE 'booking:%' BEGIN
  UPDATE booking_freshness SET threads_at = NULL, threads_failed_at = NULL
  WHERE booking_number = CAST(substr(old.scope, 9) AS INTEGER);
END;
`;
