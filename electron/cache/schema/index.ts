// The cache's migrations, in order. Append only: never edit or reorder an
// entry once it has shipped — each is literal SQL (never built from live code)
// whose checksum every database stores and every open verifies, and
// migrations.test.ts pins (see ../migrations.ts).
// Other modules (the outbox) append their own list after this one — see
// migrations.ts for the numbering rule.
import type { Migration } from '../migrations';
import { CACHE_V1 } from './001_cache';
import { SEARCH_DOCUMENTS } from './002_search_documents';
import { MARKED_INDEXES } from './003_marked_indexes';
import { BOARD_BOOKING_COLUMNS } from './004_board_booking_columns';
import { BOOKING_WINDOW_INDEX } from './005_booking_window_index';
import { TABLE_VERSIONS } from './006_table_versions';
import { BOOKING_CUSTOMER_NAME } from './007_booking_customer_name';
import { BOARD_TASK_COLUMNS } from './008_board_task_columns';
import { SYNC_STATE_INDEXES } from './009_sync_state_indexes';
import { LISTING_TEXTS } from './010_listing_texts';
import { PRICE_EDITS } from './011_price_edits';
import { ADMIN_IDS } from './012_admin_ids';
import { DESTINATION_TEXTS } from './013_destination_texts';
import { BOOKING_FRESHNESS } from './014_booking_freshness';
import { SYNC_STATE_NEWEST } from './015_sync_state_newest';
import { DAILY_ROWS_LEAN } from './016_daily_rows_lean';
import { UNUSED_INDEXES } from './017_unused_indexes';
import { SYNC_STATE_WIN } from './018_sync_state_win';
import { RATES_VERSION } from './019_rates_version';

export const CACHE_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '001_cache', up: CACHE_V1 },
  { version: 2, name: '002_search_documents', up: SEARCH_DOCUMENTS },
  { version: 3, name: '003_marked_indexes', up: MARKED_INDEXES },
  { version: 4, name: '004_board_booking_columns', up: BOARD_BOOKING_COLUMNS },
  { version: 5, name: '005_booking_window_index', up: BOOKING_WINDOW_INDEX },
  { version: 6, name: '006_table_versions', up: TABLE_VERSIONS },
  { version: 7, name: '007_booking_customer_name', up: BOOKING_CUSTOMER_NAME },
  { version: 8, name: '008_board_task_columns', up: BOARD_TASK_COLUMNS },
  { version: 9, name: '009_sync_state_indexes', up: SYNC_STATE_INDEXES },
  { version: 10, name: '010_listing_texts', up: LISTING_TEXTS },
  { version: 11, name: '011_price_edits', up: PRICE_EDITS },
  { version: 12, name: '012_admin_ids', up: ADMIN_IDS },
  { version: 13, name: '013_destination_texts', up: DESTINATION_TEXTS },
  { version: 14, name: '014_booking_freshness', up: BOOKING_FRESHNESS },
  { version: 15, name: '015_sync_state_newest', up: SYNC_STATE_NEWEST },
  { version: 16, name: '016_daily_rows_lean', up: DAILY_ROWS_LEAN },
  { version: 17, name: '017_unused_indexes', up: UNUSED_INDEXES },
  { version: 18, name: '018_sync_state_win', up: SYNC_STATE_WIN },
  { version: 19, name: '019_rates_version', up: RATES_VERSION },
];
