// An owner's statement for a month as the owner reads it: their listings with the nights booked in that
// month (stays clipped to the month, cancelled ones not counted), every cost of theirs (undated in the
// API, said on the page), contact and fiscal data, and no other owner's listing or cost. Read back as
// text from the PDF (mupdf) and parsed from the CSV. Set STAYBOARD_SHEET_PNG=<dir> to write the pages as PNG.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costRead, ownerRead } from '../../shared/api';
import { openCache } from '../cache/db';
import { recordFetched } from '../cache/state';
import { costsTable, ownersTable } from '../cache/tables';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { upsertRecords } from '../cache/write';
import { ownerStatementCsv, ownerStatementPdf } from './owner-statement';
import { parseCsv, pdfText, pdfToPngs } from './testing/look';

function cache() {
  const db = openCache({ path: ':memory:' });
  const host = makeHost({ listings: 3, bookingsPerListing: 2, start: '2026-06-01', days: 30, seed: 3 });
  const [a, b, other] = host.listings;
  a!['owner_id'] = 5;
  a!['name'] = 'Casa Ñandú';
  b!['owner_id'] = 5;
  b!['name'] = 'Àtic Øresund';
  other!['owner_id'] = 6;
  other!['name'] = 'Not Theirs';
  const template = host.bookings[0]!;
  const stay = (n: number, listing: unknown, start: string, end: string, state = 3) => ({
    ...template,
    booking_number: n,
    listing_id: listing,
    start_date: start,
    end_date: end,
    state,
  });
  host.bookings = [
    stay(1, a!['id'], '2026-05-29', '2026-06-03'), // 2 nights in June
    stay(2, a!['id'], '2026-06-10', '2026-06-15'), // 5
    stay(3, a!['id'], '2026-06-20', '2026-06-25', 1), // cancelled: 0
    stay(4, b!['id'], '2026-06-28', '2026-07-04'), // 3
    stay(5, other!['id'], '2026-06-05', '2026-06-09'), // another owner's
  ];
  loadHost(db, host);
  const owners = [
    {
      id: '5',
      name: 'Marta Vidal',
      company_name: 'Vidal Lloguers SL',
      email: 'marta@example.org',
      phone: '600111222',
      document_number: 'B17000001',
      tourist_tax: '0',
      fiscal_address: 'C/ Major 1',
      fiscal_city: 'Girona',
      fiscal_postal_code: '17001',
    },
    { id: '6', name: 'Other Owner', company_name: '', email: '', phone: '', document_number: '', tourist_tax: '0' },
  ];
  db.transaction(() =>
    upsertRecords(
      db,
      ownersTable,
      owners.map((o) => ({ value: ownerRead.parse(o), raw: o })),
    ),
  );
  const costs = [
    { id: 1, owner_id: 5, concept: 'Fontanero', amount: 85.5 },
    { id: 2, owner_id: 5, concept: 'Limpieza extra', amount: 40 },
    { id: 3, owner_id: 6, concept: 'Someone else’s cost', amount: 999 },
  ];
  db.transaction(() =>
    upsertRecords(
      db,
      costsTable,
      costs.map((c) => ({ value: costRead.parse(c), raw: c })),
    ),
  );
  recordFetched(db, {
    resource: 'bookings',
    scope: 'all',
    win: '2026-05-01..2026-07-31',
    at: Date.UTC(2026, 5, 30, 8),
    records: 5,
  });
  return db;
}

const shots = process.env['STAYBOARD_SHEET_PNG'];

describe('owner statement', () => {
  const db = cache();

  it('the PDF lists the owner’s listings with the month’s nights, their costs and total, and nobody else’s', async () => {
    const file = await ownerStatementPdf(db, { id: 5, month: '2026-06', locale: 'en' }, new Date(Date.UTC(2026, 6, 1)));
    if (shots) {
      mkdirSync(shots, { recursive: true });
      pdfToPngs(file.bytes, `${shots}/owner-statement`);
    }
    expect(file.filename).toBe('owner-statement-Marta-Vidal-Vidal-Lloguers-SL-2026-06.pdf');
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain('Owner statement');
    expect(text).toContain('June 2026');
    expect(text).toContain('Girona');
    expect(text).toMatch(/Casa Ñandú[\s\S]*2\s*7/); // 2 stays, 7 nights (2 + 5; the cancelled stay not counted)
    expect(text).toMatch(/Àtic Øresund[\s\S]*1\s*3/);
    expect(text).toMatch(/Total\s*10/);
    expect(text).toContain('Fontanero');
    expect(text).toContain('€125.50');
    expect(text).toContain('Costs have no date');
    expect(text).not.toContain('Not Theirs');
    expect(text).not.toContain('Someone else');
  });

  it('says when the nights may be incomplete (the month’s bookings not all received)', async () => {
    const text = pdfText((await ownerStatementPdf(db, { id: 5, month: '2026-09', locale: 'es' })).bytes).join('\n');
    expect(text).toContain('Liquidación al propietario');
    expect(text).toContain('pueden estar incompletas');
  });

  it('the CSV has a row per listing (nights) and per cost (amount)', () => {
    const file = ownerStatementCsv(db, { id: 5, month: '2026-06', locale: 'es' });
    const rows = parseCsv(new TextDecoder().decode(file.bytes).replace(/^\uFEFF/, ''), ';');
    expect(rows[0]).toEqual([
      'Propietario',
      'Mes',
      'Alojamiento',
      'Ciudad',
      'Noches reservadas',
      'Concepto',
      'Importe',
      'Tu cambio',
    ]);
    const body = rows.slice(1).filter((r) => r.length > 1);
    expect(body.map((r) => [r[2], r[4], r[5], r[6]])).toEqual([
      ['Casa Ñandú', '7', '', ''],
      ['Àtic Øresund', '3', '', ''],
      ['', '', 'Fontanero', '85,50'],
      ['', '', 'Limpieza extra', '40,00'],
    ]);
  });
});
