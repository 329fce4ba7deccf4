// Countries as a person chooses them: one entry per country. The code table
// (countries.ts, transcribed from the spec) names some countries twice — an
// alpha-2 row and a later alpha-3 row (Cape Verde 38/248, Grenada 89/255,
// Timor-Leste 217/267, DR Congo 54/270 "Zaire"…) — and uses historical codes.
// Every id stays readable; choices offer one id per country: the lowest id of
// the rows naming it (the original alpha-2 row), which is what gets sent.
import { COUNTRIES, type Country } from './countries';

/** Alpha-2 region of the table's alpha-3 codes, and of historical alpha-2 codes (CS: Serbia and Montenegro → RS). */
const ALPHA2: Readonly<Record<string, string>> = {
  ALA: 'AX',
  BES: 'BQ',
  IOT: 'IO',
  MMR: 'MM',
  CPV: 'CV',
  CIV: 'CI',
  CUW: 'CW',
  FLK: 'FK',
  FSM: 'FM',
  GRD: 'GD',
  GGY: 'GG',
  VAT: 'VA',
  IMN: 'IM',
  JEY: 'JE',
  MKD: 'MK',
  MNE: 'ME',
  COG: 'CG',
  VCT: 'VC',
  BLM: 'BL',
  STP: 'ST',
  SGS: 'GS',
  TLS: 'TL',
  VIR: 'VI',
  UMI: 'UM',
  COD: 'CD',
  CS: 'RS',
};

/** The current alpha-2 region code of an entry (what Intl.DisplayNames names), or null when it has none. */
export function regionOf(c: Country): string | null {
  if (c.iso === null) return null;
  return ALPHA2[c.iso] ?? (c.iso.length === 2 ? c.iso : null);
}

const byId = new Map<number, Country>(COUNTRIES.map((c) => [c.id, c]));
const choiceOfRegion = new Map<string, Country>();
for (const c of [...COUNTRIES].sort((a, b) => a.id - b.id)) {
  const region = regionOf(c);
  if (region !== null && !choiceOfRegion.has(region)) choiceOfRegion.set(region, c);
}

/** The id offered for the country this id names (itself unless a lower id names the same country). Unknown ids stay as they are. */
export function choiceIdOf(id: number): number {
  const c = byId.get(id);
  const region = c ? regionOf(c) : null;
  return region === null ? id : choiceOfRegion.get(region)!.id;
}

/** One entry per country, in table order. */
export const COUNTRY_CHOICES: readonly Country[] = COUNTRIES.filter((c) => choiceIdOf(c.id) === c.id);

/**
 * The choice id of what the API sends where a country is expected: an id
 * (number or digits), an ISO code (alpha-2 or alpha-3) or a table name. Null
 * when it names none.
 */
export function countryChoiceFrom(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d+$/.test(value.trim()))
    return byId.has(Number(value)) ? choiceIdOf(Number(value)) : null;
  const v = value.trim().toUpperCase();
  const region = ALPHA2[v] ?? v;
  const hit = choiceOfRegion.get(region) ?? COUNTRIES.find((c) => c.name.toUpperCase() === v);
  return hit ? choiceIdOf(hit.id) : null;
}

/**
 * Countries in the order a picker offers them: the `mostUsed` ids first (as
 * given, one per country; how many is the caller's choice — countries.mostUsed
 * answers the top 8), then every other country ordered by `nameOf` with the UI
 * language's collator.
 */
export function orderCountryChoices<T extends { id: number }>(
  named: readonly T[],
  nameOf: (t: T) => string,
  locale: string,
  mostUsed: readonly number[] = [],
): { mostUsed: T[]; rest: T[] } {
  const byChoice = new Map(named.map((n) => [n.id, n]));
  const first: T[] = [];
  for (const id of mostUsed) {
    const n = byChoice.get(choiceIdOf(id));
    if (n && !first.includes(n)) first.push(n);
  }
  const collator = new Intl.Collator(locale);
  const rest = named.filter((n) => !first.includes(n)).sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  return { mostUsed: first, rest };
}
