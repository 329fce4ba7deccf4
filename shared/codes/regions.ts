// Spanish regions (all country_id 73) and states (provinces, each in a region), transcribed from
// shared/spec/code-tables.md in document order into tables/*.json (data, one entry a line). Names are kept exactly as written (e.g. 'A_Coruna').
import regionRows from './tables/regions.json' with { type: 'json' };
import stateRows from './tables/states.json' with { type: 'json' };
import type { CodeEntry } from './entry';

export interface Region extends CodeEntry {
  readonly countryId: 73;
}

export interface State extends CodeEntry {
  readonly regionId: number;
}

export const REGIONS: readonly Region[] = regionRows.map((region) => ({ ...region, countryId: 73 as const }));

export const STATES: readonly State[] = stateRows;
