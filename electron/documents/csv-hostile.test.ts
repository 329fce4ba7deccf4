// Issue 27 case 1: no exported cell can run as a formula or break out of its
// field, whatever the value — typed by the person (a cost concept queued in
// the outbox) or sent by the server (names, notes, concepts stored by sync).
// Every list's export (and the owner statement's) is read back with a real
// CSV parser (csv-parse) in both locales' separators, and checked cell by
// cell and physical line by physical line.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { adminRead, costRead, ownerRead } from '../../shared/api';
import type { ExportInput } from '../../shared/contract/commands/documents';
import { openCache } from '../cache/db';
import { adminsTable, costsTable, ownersTable } from '../cache/tables';
import { loadHost, makeHost, storeWire } from '../cache/testing/fixtures';
import { enqueueEdit } from '../outbox/enqueue';
import { MIGRATIONS } from '../outbox/testing/rig';
import { csvText } from './csv';
import { exportList } from './exports';
import { ownerStatementCsv } from './owner-statement';

/** Values a spreadsheet might run or split on: formula starters, every line break, quotes, both separators, BOM-like characters. */
const HOSTILE = [
  "Plumbing\n=cmd|' /C calc'!A0",
  "Plumbing\r=cmd|' /C calc'!A0",
  'Plumbing\r\n+SUM(A1:A9)',
  'Paint\n@SUM(1,2)',
  'Paint\n-2+3',
  'Paint\u2028=1+1',
  'Paint\u2029=1+1',
  'a\n\n=1+1',
  'a\n \t=1+1',
  '=HYPERLINK("http://x","y")',
  '+1',
  '-1+1',
  '@cmd',
  '\t=1',
  ' =1+1',
  '\uFEFF=1+1',
  '\u200B@x',
  '\u00A0+1',
  'say "hi"',
  '"=1+1"',
  '"',
  'a,b',
  'a;b',
  ';=1+1',
  ',@x',
  'x;\n=1',
  '\uFEFF',
  'Ático, Ñandú; «ok»',
];

const START = '2026-06-01';
const END = '2026-06-20';
const pickHostile = (i: number) => HOSTILE[i % HOSTILE.length]!;

/** A cache holding the hostile corpus in every text the server sends that a list exports. */
function serverCache() {
  const h = makeHost({ listings: HOSTILE.length, bookingsPerListing: 3, start: START, days: 25, seed: 27 });
  h.listings.forEach((l, i) => {
    l['name'] = pickHostile(i);
    l['city'] = pickHostile(i + 3);
  });
  h.bookings.forEach((b, i) => {
    b['notes'] = pickHostile(i);
    b['customer_name'] = pickHostile(i + 5);
  });
  h.cleaning.forEach((c, i) => (c['notes'] = pickHostile(i + 7)));
  h.maintenance.forEach((m, i) => (m['notes'] = pickHostile(i + 9)));
  h.incidents.forEach((x, i) => {
    x['note'] = pickHostile(i);
    x['subtitle'] = pickHostile(i + 1);
  });
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  loadHost(db, h);
  db.transaction(() => {
    storeWire(
      db,
      ownersTable,
      ownerRead,
      HOSTILE.map((v, i) => ({ id: i + 1, name: v, company_name: pickHostile(i + 2) })),
    );
    storeWire(
      db,
      costsTable,
      costRead,
      HOSTILE.map((v, i) => ({ id: i + 1, owner_id: 1, concept: v, amount: i % 2 ? -12.5 : 40 })),
    );
    storeWire(
      db,
      adminsTable,
      adminRead,
      HOSTILE.map((v, i) => ({
        id: i + 1,
        username: `u${i}`,
        department: 'Cleaning',
        name: v,
        last_name: pickHostile(i + 4),
        city: pickHostile(i + 6),
        active: 1,
      })),
    );
  });
  return db;
}

const LIST_QUERIES = (['en', 'es', 'ca'] as const).flatMap((locale): ExportInput[] => [
  { list: 'board', query: { date: '2026-06-05', onlyActive: false }, locale },
  { list: 'bookings', query: { from: START, to: END }, locale },
  { list: 'cleaning', query: { from: START, to: END }, locale },
  { list: 'maintenance', query: { from: START, to: END }, locale },
  { list: 'incidents', query: { from: START, to: END }, locale },
  { list: 'openIncidents', query: {}, locale },
  { list: 'costs', query: {}, locale },
  { list: 'admins', query: {}, locale },
]);

/** A line a spreadsheet would run: = + - @ (or a tab) first, after invisible characters. */
const RUNS = /^(?:\t|[\s\uFEFF\u200B-\u200D\u2060]*[=+\-@])/;
/** A cell that is a plain number (money, counts): a leading minus there is a sign, not a formula. */
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const LINES = /\r\n|\r|\n|\u2028|\u2029/;

/** Reads a CSV file as a spreadsheet would, and checks every cell and every physical line. */
function checkFile(bytes: Uint8Array, sep: ',' | ';', what: string): string[][] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.charCodeAt(0), what).toBe(0xfeff);
  const rows = parse(text, { bom: true, delimiter: sep, relax_column_count: true });
  const width = rows[0]!.length;
  for (const [i, row] of rows.entries()) {
    // A cell that broke out of its field or row would change the row's width.
    expect(row.length, `${what} row ${i}: ${JSON.stringify(row)}`).toBe(width);
    for (const cell of row) {
      if (NUMBER.test(cell)) continue;
      for (const line of cell.split(LINES))
        expect(RUNS.test(line), `${what}: cell ${JSON.stringify(cell)}`).toBe(false);
    }
  }
  // A reader that ignores quotes (or a spreadsheet's "text import" preview) sees physical lines: none may start a formula.
  for (const line of text.slice(1).split(LINES))
    expect(RUNS.test(line) && !NUMBER.test(line.split(sep)[0]!), `${what}: line ${JSON.stringify(line)}`).toBe(false);
  return rows;
}

describe('CSV exports of hostile values (issue 27, case 1)', () => {
  it('the server’s names, notes and concepts: every list, every locale, read back by a real CSV parser', () => {
    const db = serverCache();
    for (const input of LIST_QUERIES) {
      const file = exportList(db, input as never);
      const rows = checkFile(file.bytes, input.locale === 'en' ? ',' : ';', `${input.list}/${input.locale}`);
      expect(rows.length, `${input.list}/${input.locale} has rows`).toBeGreaterThan(1);
    }
    // Each hostile concept comes back whole in its own cell (only the guard added).
    const costs = checkFile(exportList(db, { list: 'costs', query: {}, locale: 'es' }).bytes, ';', 'costs');
    const concept = costs[0]!.indexOf('Concepto');
    expect(new Set(costs.slice(1).map((r) => r[concept]))).toEqual(new Set(HOSTILE.map(csvText)));
    for (const locale of ['en', 'es'] as const) {
      const owner = ownerStatementCsv(db, { id: 1, month: '2026-06', locale });
      checkFile(owner.bytes, locale === 'en' ? ',' : ';', `owner statement/${locale}`);
    }
  });

  it('what the person types: a cost concept queued offline exports guarded, in both separators', () => {
    const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
    db.transaction(() => {
      storeWire(db, ownersTable, ownerRead, [{ id: 1, name: 'Marta Puig' }]);
      storeWire(
        db,
        costsTable,
        costRead,
        HOSTILE.map((_, i) => ({ id: i + 1, owner_id: 1, concept: 'Plumbing', amount: 10 })),
      );
    });
    HOSTILE.forEach((concept, i) =>
      enqueueEdit(db, 'costs.update', { id: i + 1, changes: { concept: concept.slice(0, 200) } }, 1_000 + i),
    );
    for (const [locale, sep] of [
      ['en', ','],
      ['es', ';'],
    ] as const) {
      const rows = checkFile(exportList(db, { list: 'costs', query: {}, locale }).bytes, sep, `typed/${locale}`);
      expect(rows.length).toBe(HOSTILE.length + 1);
    }
  });

  it('the issue’s own file: the concept’s second line is a cell line, never a physical line of its own', () => {
    const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
    storeWire(db, costsTable, costRead, [
      { id: 1, owner_id: null, concept: "Plumbing\n=cmd|' /C calc'!A0", amount: 1 },
    ]);
    const text = new TextDecoder().decode(exportList(db, { list: 'costs', query: {}, locale: 'en' }).bytes);
    expect(text).toContain(`"Plumbing\n'=cmd|' /C calc'!A0"`);
    expect(text.split(/\r\n|\r|\n/).some((l) => l.startsWith('='))).toBe(false);
  });
});
