// Migration 3: find the records with unsent changes without reading every row.
// The outbox looks for them at start and before every drain (records whose
// newer server version sync stored aside); on a 1,000-listing cache those full
// scans cost ≈ 0.5 s of the cold start (measured by the cold-start bench).
// Partial indexes hold only marked rows, so keeping them costs sync nothing.
//
// Frozen: literal SQL, exactly what ran on people's machines (it used to be
// built from live code at every start; this is that output, copied). Never
// edit it: its checksum is stored in each database and pinned in
// migrations.test.ts — add a new migration instead.
export const MARKED_INDEXES = `CREATE INDEX bookings_marked ON bookings (booking_number) WHERE outbox_mark IS NOT NULL;
CREATE INDEX cleaning_marked ON cleaning (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX maintenance_marked ON maintenance (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX incidents_marked ON incidents (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX guests_marked ON guests (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX customers_marked ON customers (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX messages_marked ON messages (id) WHERE outbox_mark IS NOT NULL;
CREATE INDEX blocks_marked ON blocks (id) WHERE outbox_mark IS NOT NULL;`;
