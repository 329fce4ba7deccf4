// Texts of a listing per language as written in this app (descriptions are
// sent as language objects and read back as one string, so only this computer
// knows the other languages). Kept per listing id — a local id until the
// listing created offline is matched; reads follow outbox_ids.
export const LISTING_TEXTS = `
CREATE TABLE listing_texts (
  listing_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  texts TEXT NOT NULL,
  PRIMARY KEY (listing_id, field)
) STRICT;
`;
