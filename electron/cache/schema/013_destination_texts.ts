// Migration 13: a destination's names per language as written in this app. A
// name is sent as a language object and read back as ONE string, so only this
// computer knows the others (as listing_texts, migration 10, for descriptions).
// Kept per destination id — a local id until the destination created offline
// is matched; reads follow outbox_ids (electron/cache/queries/destination-texts.ts).
export const DESTINATION_TEXTS = `
CREATE TABLE destination_texts (
  destination_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  texts TEXT NOT NULL,
  PRIMARY KEY (destination_id, field)
) STRICT;
`;
