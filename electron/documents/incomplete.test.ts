// A document made while part of what it reads was never received says so: "INCOMPLETE" in its title
// (es "INCOMPLETO", ca "INCOMPLET"), in its file name, and a line naming what is missing — the
// resource, the days, the listings by name, the bookings — in the document's language; a CSV on its
// first lines, before the header. Whole, none of it. Set STAYBOARD_SHEET_PNG=<dir> to write the pages.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownerRead } from '../../shared/api';
import type { CoverageGap } from '../../shared/contract';
import { openCache } from '../cache/db';
import { ownersTable } from '../cache/tables';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { upsertRecords } from '../cache/write';
import { daySheet } from './day-sheet';
import { exportList } from './exports';
import { ownerStatementCsv, ownerStatementPdf } from './owner-statement';
import { registrationDocument } from './registration';
import { parseCsv, pdfText, pdfToPngs } from './testing/look';

const D = '2026-06-10';
const shots = process.env['STAYBOARD_SHEET_PNG'];

function cache() {
  const db = openCache({ path: ':memory:' });
  const host = makeHost({ listings: 3, bookingsPerListing: 2, start: '2026-06-01', days: 30, seed: 3 });
  host.listings.forEach((l, i) => {
    l['owner_id'] = 5;
    l['name'] = ['Casa Ñandú', 'Àtic Øresund', 'Loft Mar'][i];
  });
  loadHost(db, host);
  const owner = {
    id: '5',
    name: 'Marta Vidal',
    company_name: '',
    email: '',
    phone: '',
    document_number: '',
    tourist_tax: '0',
  };
  db.transaction(() => upsertRecords(db, ownersTable, [{ value: ownerRead.parse(owner), raw: owner }]));
  return { db, ids: host.listings.map((l) => Number(l['id'])) };
}

const october = (listingIds: number[] | null): CoverageGap => ({
  resource: 'bookings',
  from: '2025-10-01',
  to: '2025-10-31',
  listingIds,
  bookingNumbers: null,
});

const look = (bytes: Uint8Array, name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  pdfToPngs(bytes, `${shots}/${name}`);
};

describe('an incomplete document', () => {
  const { db, ids } = cache();

  it('owner statement, in Spanish: INCOMPLETO in its title and file, the month and listings missing by name', async () => {
    const input = { id: 5, month: '2025-10', locale: 'es' as const };
    const file = await ownerStatementPdf(db, {
      ...input,
      received: { missing: [october(ids.slice(0, 2))], asOf: null },
    });
    look(file.bytes, 'statement-incomplete-es');
    expect(file.filename).toMatch(/-2025-10-INCOMPLETO\.pdf$/);
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain('Liquidación al propietario — INCOMPLETO');
    expect(text).toContain('No todo lo que lee este documento se ha recibido del servidor');
    expect(text).toContain('Reservas · 1 oct 2025 – 31 oct 2025 · alojamientos: Casa Ñandú, Àtic Øresund');
    // No zero where the month was not received: those listings show a floor or "not received", so does the total.
    expect(text).toMatch(/Casa Ñandú\s+\S+\s+sin recibir\s+sin recibir/);
    expect(text).toMatch(/Loft Mar\s+\S+\s+0\s+0/);
    expect(text).toMatch(/Total\s+≥ 0/);
    // The old guess is not printed beside the truth.
    expect(text).not.toContain('pueden estar incompletas');

    const csv = ownerStatementCsv(db, { ...input, received: { missing: [october(ids.slice(0, 2))], asOf: null } });
    expect(csv.filename).toMatch(/-INCOMPLETO\.csv$/);
    const rows = parseCsv(new TextDecoder().decode(csv.bytes).replace(/^\uFEFF/, ''), ';');
    expect(rows[0]![0]).toMatch(/^INCOMPLETO: No todo lo que lee/);
    expect(rows[1]![0]).toContain('Reservas · 1 oct 2025 – 31 oct 2025');
    expect(rows[2]![0]).toBe('Propietario');
  });

  it('day sheet, in Catalan: INCOMPLET, the incidents of every listing named missing', async () => {
    const gap: CoverageGap = {
      resource: 'incidents',
      from: '2025-12-12',
      to: D,
      listingIds: null,
      bookingNumbers: null,
    };
    const file = await daySheet(db, {
      date: D,
      includeSecrets: false,
      locale: 'ca',
      received: { missing: [gap], asOf: null },
    });
    look(file.bytes, 'day-sheet-incomplete-ca');
    expect(file.filename).toBe('full-del-dia-2026-06-10-INCOMPLET.pdf');
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain('Full del dia — INCOMPLET');
    expect(text).toContain('Incidències · 12 de des. 2025 – 10 de juny 2026 · tots els allotjaments');
  });

  it('registration list, in English: the guests of the bookings never received', async () => {
    const gap: CoverageGap = { resource: 'guests', from: null, to: null, listingIds: null, bookingNumbers: [501, 502] };
    const file = await registrationDocument(db, {
      document: 'dayList',
      date: D,
      locale: 'en',
      received: { missing: [gap], asOf: null },
    });
    look(file!.bytes, 'registration-incomplete-en');
    expect(file!.filename).toBe('registration-list-2026-06-10-INCOMPLETE.pdf');
    const text = pdfText(file!.bytes).join('\n');
    expect(text).toContain('Guest registration — arrivals — INCOMPLETE');
    expect(text).toContain('Guests of bookings 501, 502');
  });

  it('a CSV export: the file and its first lines say so', () => {
    const file = exportList(
      db,
      { list: 'board', query: { date: D, onlyActive: true }, locale: 'en' },
      {
        missing: [october(null)],
        asOf: null,
      },
    );
    expect(file.filename).toBe('board-2026-06-10-INCOMPLETE.csv');
    const rows = parseCsv(new TextDecoder().decode(file.bytes).replace(/^\uFEFF/, ''), ',');
    expect(rows[0]![0]).toMatch(/^INCOMPLETE: /);
    expect(rows[1]![0]).toBe('– Bookings · 1 Oct 2025 – 31 Oct 2025 · every listing');
    expect(rows[2]![0]).toBe('Listing');
  });

  it('whole: no mark, and the time its data was received', async () => {
    const at = Date.UTC(2026, 5, 10, 7, 30);
    const file = await daySheet(db, {
      date: D,
      includeSecrets: false,
      locale: 'en',
      received: { missing: [], asOf: at },
    });
    const text = pdfText(file.bytes).join('\n');
    expect(file.filename).toBe('day-sheet-2026-06-10.pdf');
    expect(text).not.toContain('INCOMPLETE');
    expect(text).toContain('This day’s bookings and tasks were last received from the server');
    const csv = exportList(
      db,
      { list: 'board', query: { date: D, onlyActive: true }, locale: 'en' },
      { missing: [], asOf: at },
    );
    expect(parseCsv(new TextDecoder().decode(csv.bytes).replace(/^\uFEFF/, ''), ',')[0]![0]).toBe('Listing');
  });
});
