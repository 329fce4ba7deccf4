// Checks the typed code tables against shared/spec/code-tables.md: every section is parsed from the markdown
// at run time and compared entry by entry (ids, names, extra fields), so any transcription error fails.
// Also covers the lookup helpers (fallbacks for unknown ids, countryByIso) and the document's note on names.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  CONCEPTS,
  COUNTRIES,
  CUSTOMER_TYPES,
  DOCUMENT_TYPES,
  EXTRAS,
  LANGUAGES,
  REGIONS,
  STATES,
  amenities,
  countries,
  countryByIso,
  documentTypes,
  makeLookup,
  states,
} from './index';

const DOC_PATH = path.resolve(process.cwd(), '../shared/spec/code-tables.md');
const doc: string | null = fs.existsSync(DOC_PATH) ? fs.readFileSync(DOC_PATH, 'utf8') : null;

/** The entries of the section whose '### ' heading starts with `headingPrefix`, split on '; '. */
function sectionEntries(markdown: string, headingPrefix: string): string[] {
  const section = markdown.split(/^### /m).find((chunk) => chunk.startsWith(headingPrefix));
  if (section === undefined) throw new Error(`no section '${headingPrefix}' in ${DOC_PATH}`);
  const paragraph = section
    .split('\n')
    .slice(1)
    .find((line) => /^\d+ /.test(line));
  if (paragraph === undefined) throw new Error(`no entries in section '${headingPrefix}'`);
  return paragraph.trim().replace(/\.$/, '').split('; ');
}

function match(re: RegExp, entry: string): string[] {
  const m = re.exec(entry);
  if (m === null) throw new Error(`entry does not match ${String(re)}: '${entry}'`);
  return m.map((group) => group ?? '');
}

const idName = (entry: string): { id: number; name: string } => {
  const [, id, name] = match(/^(\d+) (.+)$/, entry);
  return { id: Number(id), name: name ?? '' };
};

/** An "id name" entry, with the columns (or the name) that `more` derives from the name as written. */
const idNameWith =
  (more: (name: string) => object) =>
  (entry: string): object => {
    const parsed = idName(entry);
    return { ...parsed, ...more(parsed.name) };
  };

interface TableCase {
  heading: string;
  data: readonly object[];
  parse(entry: string): object;
  /**
   * Entry count measured from code-tables.md when these tables were written; only used as the expectation
   * when the document is not available at DOC_PATH (e.g. the repo checked out on its own).
   */
  measuredCount: number;
}

const TABLES: Record<string, TableCase> = {
  COUNTRIES: {
    heading: 'Countries',
    data: COUNTRIES,
    parse(entry) {
      const [, id, iso, name] = match(/^(\d+) (?:\(no code\)|([A-Z]{2,3})) (.+)$/, entry);
      return { id: Number(id), iso: iso === '' ? null : iso, name };
    },
    measuredCount: 259,
  },
  REGIONS: {
    heading: 'Regions',
    data: REGIONS,
    parse: idNameWith(() => ({ countryId: 73 })),
    measuredCount: 19,
  },
  STATES: {
    heading: 'States',
    data: STATES,
    parse(entry) {
      const [, id, name, regionId] = match(/^(\d+) (.+) \((\d+)\)$/, entry);
      return { id: Number(id), name, regionId: Number(regionId) };
    },
    measuredCount: 52,
  },
  CUSTOMER_TYPES: { heading: 'Customer types', data: CUSTOMER_TYPES, parse: idName, measuredCount: 5 },
  DOCUMENT_TYPES: {
    heading: 'Document types',
    data: DOCUMENT_TYPES,
    parse: idNameWith((name) => ({ spanishOnly: name.endsWith(' (Spanish only)') })),
    measuredCount: 7,
  },
  LANGUAGES: {
    heading: 'Languages',
    data: LANGUAGES,
    parse(entry) {
      const [, id, code, name] = match(/^(\d+) ([a-z]{2}) (.+)$/, entry);
      return { id: Number(id), code, name };
    },
    measuredCount: 9,
  },
  CONCEPTS: { heading: 'Concepts', data: CONCEPTS, parse: idName, measuredCount: 26 },
  EXTRAS: { heading: 'Extra fees', data: EXTRAS, parse: idName, measuredCount: 48 },
  AMENITIES: {
    heading: 'Services / amenities',
    data: AMENITIES,
    parse: idNameWith((name) => ({ name: name === '(empty name)' ? '' : name })),
    measuredCount: 539,
  },
};

describe('code tables match code-tables.md', () => {
  for (const [tableName, table] of Object.entries(TABLES)) {
    if (doc !== null) {
      it(`${tableName} has every entry of '${table.heading}', in order, with the same ids and names`, () => {
        const expected = sectionEntries(doc, table.heading).map((entry) => table.parse(entry));
        expect(expected.length).toBeGreaterThan(0);
        expect(table.data.length).toBe(expected.length);
        expect(table.data).toEqual(expected);
      });
    } else {
      // Document not found: fall back to the counts measured from it when the tables were written.
      it(`${tableName} has the measured number of entries (code-tables.md not found at ${DOC_PATH})`, () => {
        expect(table.data.length).toBe(table.measuredCount);
      });
    }

    it(`${tableName} ids are unique`, () => {
      const ids = table.data.map((entry) => (entry as { id: number }).id);
      expect(new Set(ids).size).toBe(ids.length);
    });
  }

  it('every state belongs to a known region, and every region to Spain (73)', () => {
    const regionIds = new Set(REGIONS.map((r) => r.id));
    for (const state of STATES) expect(regionIds.has(state.regionId), state.name).toBe(true);
    expect(REGIONS.every((r) => r.countryId === 73)).toBe(true);
    expect(countries.name(73)).toBe('Spain');
  });
});

describe("the document's note on duplicated names", () => {
  // 'Note: ids 1199 and 1200 carry the same name, and ids 81 and 153 carry the same name.' (amenities)
  const notedPairs: [number, number][] =
    doc === null
      ? [
          [1199, 1200],
          [81, 153],
        ]
      : [...doc.matchAll(/ids (\d+) and (\d+) carry the same name/g)].map((m) => [Number(m[1]), Number(m[2])]);

  it('names the two pairs', () => {
    expect(notedPairs).toEqual([
      [1199, 1200],
      [81, 153],
    ]);
  });

  it('holds: each pair has distinct ids and the same name', () => {
    for (const [a, b] of notedPairs) {
      expect(a).not.toBe(b);
      expect(amenities.byId(a)).toBeDefined();
      expect(amenities.byId(b)).toBeDefined();
      expect(amenities.name(a)).toBe(amenities.name(b));
    }
    expect(amenities.name(81)).toBe('Microwave');
    expect(amenities.name(1199)).toBe("Children's television networks");
  });

  it('is not exhaustive: these amenity names also repeat (ids still unique)', () => {
    const byName = new Map<string, number[]>();
    for (const { id, name } of AMENITIES) byName.set(name, [...(byName.get(name) ?? []), id]);
    const repeated = [...byName.values()].filter((ids) => ids.length > 1);
    expect(repeated).toEqual([
      [45, 1156], // Hiking
      [81, 153], // Microwave (noted)
      [1088, 1182], // Concierge service
      [1148, 1310], // Trouser press
      [1199, 1200], // Children's television networks (noted)
      [1374, 1375, 1376, 1377, 1438, 1439, 1440], // Game console (brand model)
    ]);
  });
});

describe('lookups', () => {
  it('byId finds entries and returns undefined for unknown ids', () => {
    expect(countries.byId(73)).toEqual({ id: 73, iso: 'ES', name: 'Spain' });
    expect(states.byId(1)).toEqual({ id: 1, name: 'A_Coruna', regionId: 12 });
    expect(countries.byId(2)).toBeUndefined();
  });

  it('name gives the fallback for ids outside the table', () => {
    expect(countries.name(2)).toBe('#2');
    expect(amenities.name(123456)).toBe('#123456');
    expect(amenities.name(123456, 'Unknown')).toBe('Unknown');
    expect(countries.name(null)).toBe('');
    expect(countries.name(undefined, '-')).toBe('-');
    expect(countries.name(73, 'Unknown')).toBe('Spain');
  });

  it("keeps id 191's empty amenity name", () => {
    expect(amenities.byId(191)).toEqual({ id: 191, name: '' });
    expect(amenities.name(191)).toBe('');
  });

  it('marks the Spanish-only document types', () => {
    expect(documentTypes.byId(1)).toEqual({ id: 1, name: 'Passport (Spanish only)', spanishOnly: true });
    expect(DOCUMENT_TYPES.filter((d) => d.spanishOnly).map((d) => d.id)).toEqual([1, 2]);
  });

  it('makeLookup works on any table with ids', () => {
    const lookup = makeLookup([{ id: 7, label: 'no name field' }]);
    expect(lookup.byId(7)).toEqual({ id: 7, label: 'no name field' });
    expect(lookup.name(7)).toBe('#7');
  });

  it('countryByIso is case-insensitive', () => {
    expect(countryByIso('es')).toEqual({ id: 73, iso: 'ES', name: 'Spain' });
    expect(countryByIso('ES')?.id).toBe(73);
    expect(countryByIso(' gb ')?.name).toBe('United Kingdom');
    expect(countryByIso('mkd')?.id).toBe(260);
    expect(countryByIso('zz')).toBeUndefined();
    expect(countryByIso('')).toBeUndefined();
    expect(countryByIso(null)).toBeUndefined();
  });

  it('country ISO codes are unique, and only Caribbean (249) has none', () => {
    const codes = COUNTRIES.flatMap((c) => (c.iso === null ? [] : [c.iso]));
    expect(new Set(codes).size).toBe(codes.length);
    expect(COUNTRIES.filter((c) => c.iso === null)).toEqual([{ id: 249, iso: null, name: 'Caribbean' }]);
  });
});
