// Migration 6: change counters for the tables whose derived reads are cached
// in memory (see cache/versions.ts: the board's listing directory and open
// incidents). Triggers, so every writer on every connection bumps them.
import { tableVersionsSql } from '../versions';

export const TABLE_VERSIONS = tableVersionsSql(['listings', 'incidents', 'incident_listings']);
