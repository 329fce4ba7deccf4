// Typed code tables of the property-management API (shared/spec/code-tables.md) and a small id → name lookup.
// The API sometimes sends ids that are not in these tables, so lookups fall back to '#<id>' rather than fail.
import { AMENITIES } from './amenities';
import { CONCEPTS, EXTRAS } from './charges';
import { COUNTRIES, type Country } from './countries';
import { CUSTOMER_TYPES, DOCUMENT_TYPES, LANGUAGES } from './people';
import { REGIONS, STATES } from './regions';

export * from './amenities';
export * from './charges';
export * from './countries';
export * from './country-choices';
export type { CodeEntry } from './entry';
export * from './people';
export * from './regions';

export interface Lookup<T extends { id: number }> {
  /** The entry with this id, or undefined when the table has none. */
  byId(id: number): T | undefined;
  /**
   * The entry's name; for an id not in the table, `fallback` (default '#<id>');
   * for a null/undefined id, `fallback` or ''.
   */
  name(id: number | null | undefined, fallback?: string): string;
}

function entryName(entry: { id: number }): string | undefined {
  return 'name' in entry && typeof entry.name === 'string' ? entry.name : undefined;
}

export function makeLookup<T extends { id: number }>(table: readonly T[]): Lookup<T> {
  const index = new Map<number, T>();
  for (const entry of table) {
    if (!index.has(entry.id)) index.set(entry.id, entry);
  }
  return {
    byId: (id) => index.get(id),
    name(id, fallback) {
      if (id === null || id === undefined) return fallback ?? '';
      const entry = index.get(id);
      const found = entry === undefined ? undefined : entryName(entry);
      return found ?? fallback ?? `#${id}`;
    },
  };
}

export const countries = makeLookup(COUNTRIES);
export const regions = makeLookup(REGIONS);
export const states = makeLookup(STATES);
export const customerTypes = makeLookup(CUSTOMER_TYPES);
export const documentTypes = makeLookup(DOCUMENT_TYPES);
export const languages = makeLookup(LANGUAGES);
export const concepts = makeLookup(CONCEPTS);
export const extras = makeLookup(EXTRAS);
export const amenities = makeLookup(AMENITIES);

const countriesByIso = new Map<string, Country>();
for (const country of COUNTRIES) {
  if (country.iso !== null && !countriesByIso.has(country.iso)) countriesByIso.set(country.iso, country);
}

/** The country with this ISO code (alpha-2 or the alpha-3 codes some entries use), case-insensitive. */
export function countryByIso(code: string | null | undefined): Country | undefined {
  if (!code) return undefined;
  return countriesByIso.get(code.trim().toUpperCase());
}
