// Charge code tables: booking-line concepts (concept_id) and extra fees (extra_id), transcribed from
// shared/spec/code-tables.md in document order into tables/*.json (data, one entry a line).
import conceptRows from './tables/concepts.json' with { type: 'json' };
import extraRows from './tables/extras.json' with { type: 'json' };
import type { CodeEntry } from './entry';

export type Concept = CodeEntry;
export type Extra = CodeEntry;

export const CONCEPTS: readonly Concept[] = conceptRows;

export const EXTRAS: readonly Extra[] = extraRows;
