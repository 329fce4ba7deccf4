// The outbox's migrations, appended after the cache's (numbers from 100, see
// electron/cache/migrations.ts), one file per migration as the cache's are
// (electron/cache/schema/). Append only: never edit an entry that shipped —
// each is literal SQL whose checksum every database stores and every open
// verifies, pinned in electron/cache/migrations.test.ts.
import { OUTBOX_FIRST_VERSION, type Migration } from '../../cache/migrations';
import { OUTBOX_V1 } from './100_outbox';
import { PHOTO_BLOBS_V1 } from './101_photo_blobs';
import { CHANGE_SUBJECTS_V1 } from './102_change_subjects';

export const OUTBOX_MIGRATIONS: readonly Migration[] = [
  { version: OUTBOX_FIRST_VERSION, name: '100_outbox', up: OUTBOX_V1 },
  { version: OUTBOX_FIRST_VERSION + 1, name: '101_photo_blobs', up: PHOTO_BLOBS_V1 },
  { version: OUTBOX_FIRST_VERSION + 2, name: '102_change_subjects', up: CHANGE_SUBJECTS_V1 },
];
