// Country code table (API fields country, country_id, nationality), generated from
// shared/spec/code-tables.md in document order into tables/countries.json; do not hand-edit entries.
import countryRows from './tables/countries.json' with { type: 'json' };
import type { CodeEntry } from './entry';

export interface Country extends CodeEntry {
  /** ISO code as written: alpha-2, or alpha-3 for most ids from 243 on (254 is 'TF'); null for 249, which has none. */
  readonly iso: string | null;
}

export const COUNTRIES: readonly Country[] = countryRows;
