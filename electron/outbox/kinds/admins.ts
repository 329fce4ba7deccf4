// Intranet users (admins): edited through the outbox like every record —
// never their password, which is write-only and set online in one foreground
// request (electron/engine/foreground.ts), so it never reaches the outbox or
// SQLite. The cache keys admins by text ("id:<n>", or "user:<name>" when a
// server sends no id); the outbox finds them by the numeric `id` column
// migration 10 derives from that key. A user without a server id cannot be
// updated (the update path is /admins/{id}): its edit is refused as not found.
// The update answers nothing: it is confirmed by reading the user back.
import { adminRead, F, type AdminUpdate } from '../../../shared/api';
import type { Admin } from '../../../shared/api';
import { adminsTable, type TableSpec } from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import { same } from './fields';
import { edits, record, updatedByGet } from './parts';
import type { FieldCodec, FieldCodecs, KindSpec } from './spec';

/** The admins table as the outbox sees it: by the numeric id column (sync keeps writing by `key`). */
const byId: TableSpec<Admin> = { ...adminsTable, key: 'id', keyOf: (v) => v.id ?? 0 };

/** `active` is "true"/"false" on write and a boolean on read; compared in the write form. */
const ACTIVE: FieldCodec = {
  read: 'active',
  apply: (rec, v) => {
    rec['active'] = v === 'true' || v === true;
  },
  canon: (rec) => (rec['active'] === true ? 'true' : 'false'),
};

const fields: FieldCodecs<AdminUpdate> = {
  username: same('username', F.text),
  department: same('department', F.text),
  name: same('name', F.text),
  last_name: same('last_name', F.text),
  // YYYY/MM/DD on the wire (the spec's form), YYYY-MM-DD on the record: compared as read.
  date_of_birth: same('date_of_birth', F.dateOrNull),
  address: same('address', F.text),
  city: same('city', F.text),
  zip_code: same('zip_code', F.text),
  email: same('email', F.text),
  phone: same('phone', F.text),
  active: ACTIVE,
  notes: same('notes', F.text),
  iso_lang: same('iso_lang', F.text),
  user_type: same('user_type', F.text),
};

export const admins = {
  ...record('admins', byId, adminRead, fields),
  commands: edits('admins', 'This intranet user'),
  subject: { name: 'username' },
  // Server versions are stored the way sync stores them (by key), so both find the same row.
  store: (db, items) => {
    upsertRecords(db, adminsTable, items as never);
  },
  update: updatedByGet('admins'),
} satisfies KindSpec<'admins'>;
