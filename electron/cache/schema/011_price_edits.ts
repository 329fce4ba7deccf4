// Migration 11: daily prices the outbox is changing. A daily price is addressed
// by (rate, date), not by an id, and `prices` has no outbox columns; the
// outbox's record of kind `prices` is a rate's calendar: ONE row per rate with
// unsent or unsettled price edits, holding only the days those edits touch
// (`data`: as shown, server + my edits, `{rate_id, listing_id, days: {date:
// {price, min_days, …}}}`; `raw` / `server_raw`: the server's values of those
// days). Reads overlay it on `prices`; a confirmed edit writes its days into
// `prices` and the row goes away.
export const PRICE_EDITS = `
CREATE TABLE price_edits (
  rate_id INTEGER PRIMARY KEY,
  listing_id INTEGER,
  data TEXT NOT NULL,
  raw TEXT NOT NULL,
  outbox_mark TEXT,
  server_raw TEXT
) STRICT;
CREATE INDEX price_edits_listing ON price_edits (listing_id);
`;
