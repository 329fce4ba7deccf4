// The image of a photo queued for upload (photos.create), outside the hot
// tables: the outbox row's payload names it ("image": "blob:<id>"), the bytes
// live here. Written in the enqueue transaction; the triggers remove it in the
// transaction that confirms or deletes (discards) its create, so no path can
// leave an orphan. (Files beside the cache could not share those transactions.)
export const PHOTO_BLOBS_V1 = `
CREATE TABLE photo_blobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  size INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE TRIGGER photo_blobs_confirmed AFTER UPDATE OF state ON outbox
  WHEN NEW.state = 'confirmed' AND NEW.kind = 'create' AND NEW.resource = 'photos'
  BEGIN DELETE FROM photo_blobs WHERE id = CAST(substr(json_extract(NEW.payload, '$.image'), 6) AS INTEGER); END;
CREATE TRIGGER photo_blobs_discarded AFTER DELETE ON outbox
  WHEN OLD.kind = 'create' AND OLD.resource = 'photos'
  BEGIN DELETE FROM photo_blobs WHERE id = CAST(substr(json_extract(OLD.payload, '$.image'), 6) AS INTEGER); END;
`;
