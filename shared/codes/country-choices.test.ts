// Country pickers: one entry per country (duplicate and historical rows of the
// code table fold into one id that stays valid), ordered by the UI language,
// the business's most used first.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { COUNTRY_CHOICES, choiceIdOf, countryChoiceFrom, orderCountryChoices, regionOf } from './country-choices';

const spanish = new Intl.DisplayNames(['es-ES'], { type: 'region' });
const nameEs = (c: { id: number }) => {
  const entry = COUNTRIES.find((x) => x.id === c.id)!;
  const region = regionOf(entry);
  return region ? (spanish.of(region) ?? entry.name) : entry.name;
};

describe('country choices', () => {
  it('offers one entry per country', () => {
    const names = COUNTRY_CHOICES.map(nameEs);
    expect(names.length).toBe(new Set(names).size);
    const ids = COUNTRY_CHOICES.map((c) => c.id);
    for (const [dup, kept] of [
      [248, 38], // Cape Verde
      [255, 89], // Grenada
      [267, 217], // Timor-Leste
      [270, 54], // "Zaire": DR Congo
      [262, 55],
      [257, 50],
    ]) {
      expect(ids).not.toContain(dup);
      expect(ids).toContain(kept);
      expect(choiceIdOf(dup!)).toBe(kept);
    }
    expect(COUNTRY_CHOICES.every((c) => COUNTRIES.some((x) => x.id === c.id))).toBe(true);
  });

  it('names no country by a historical name', () => {
    const names = COUNTRY_CHOICES.map(nameEs);
    expect(names).not.toContain('Zaire');
    expect(names).toContain('República Democrática del Congo');
    expect(names).toContain('Serbia');
  });

  it('orders by the UI language, the most used first and only once', () => {
    const named = COUNTRY_CHOICES.map((c) => ({ id: c.id, name: nameEs(c) }));
    const { mostUsed, rest } = orderCountryChoices(named, (c) => c.name, 'es-ES', [73, 270, 54, 4]);
    expect(mostUsed.map((c) => c.id)).toEqual([73, 54, 4]);
    expect(rest.some((c) => [73, 54, 4].includes(c.id))).toBe(false);
    expect(mostUsed.length + rest.length).toBe(COUNTRY_CHOICES.length);
    const names = rest.map((c) => c.name);
    // Spanish order: accents sort with their letter (Austria < Azerbaiyán < Bahamas; Irak < Irán < Irlanda).
    const i = (n: string) => names.indexOf(n);
    expect(i('Albania')).toBeLessThan(i('Andorra'));
    expect(i('Bélgica')).toBeLessThan(i('Belice'));
    expect(i('Irán')).toBeLessThan(i('Irlanda'));
    expect(i('Österreich')).toBe(-1);
    expect(names.slice(0, 3)).toEqual(['Afganistán', 'Albania', 'Andorra']);
  });

  it('reads what the API sends: ids, ISO codes, names', () => {
    expect(countryChoiceFrom(73)).toBe(73);
    expect(countryChoiceFrom('270')).toBe(54);
    expect(countryChoiceFrom('es')).toBe(countryChoiceFrom('ES'));
    expect(countryChoiceFrom('TLS')).toBe(217);
    expect(countryChoiceFrom('Cape Verde')).toBe(38);
    expect(countryChoiceFrom('Atlantis')).toBeNull();
    expect(countryChoiceFrom('')).toBeNull();
  });
});
