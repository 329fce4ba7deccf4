// CSV exports as a spreadsheet opens them: BOM, the separator of the UI
// language, headers in that language, the screen's filters applied, cells that
// cannot run as formulas, ISO dates, decimal money, and never a secret. And the
// paper commands refuse bad input at the door.
import { describe, expect, it } from 'vitest';
import { adminRead } from '../../shared/api';
import { openCache } from '../cache/db';
import { adminsTable } from '../cache/tables';
import { loadHost, makeHost, storeWire } from '../cache/testing/fixtures';
import { harness } from '../services/testing';
import { csvText, toCsv } from './csv';
import { exportList } from './exports';
import { parseCsv } from './testing/look';
import { numbered, wordsFor } from './words';

const START = '2026-06-01';
const END = '2026-06-20';

function host() {
  const h = makeHost({ listings: 8, bookingsPerListing: 6, start: START, days: 30, seed: 3 });
  for (const b of h.bookings) {
    b['opening_code'] = 'OPEN-5550';
    b['notes'] = '=HYPERLINK("http://x")';
  }
  h.listings.forEach((l) => (l['wifi_password'] = 'WIFI-PASS-9931'));
  return h;
}

function cache() {
  const db = openCache({ path: ':memory:' });
  loadHost(db, host());
  return db;
}

const read = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('CSV', () => {
  it('starts with a BOM and uses ";" for Spanish and Catalan, "," for English', () => {
    const cols = [{ header: 'col.listing' as const, cell: (r: { n: string }) => r.n }];
    const es = read(toCsv(cols, [{ n: 'Ático, Ñandú' }], 'es'));
    expect(es.charCodeAt(0)).toBe(0xfeff);
    expect(es.slice(1)).toBe('Alojamiento\r\nÁtico, Ñandú\r\n');
    expect(read(toCsv(cols, [{ n: 'a;b' }], 'ca')).slice(1)).toBe('Allotjament\r\n"a;b"\r\n');
    expect(read(toCsv(cols, [{ n: 'a,b' }], 'en')).slice(1)).toBe('Listing\r\n"a,b"\r\n');
  });

  it('never lets a cell run as a formula', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx']) expect(csvText(bad).startsWith("'")).toBe(true);
    expect(csvText('Casa Azul')).toBe('Casa Azul');
  });

  it('writes money as decimals with the separator’s decimal mark', () => {
    const cols = [{ header: 'col.total' as const, cell: (r: { t: number | null }) => ({ money: r.t }) }];
    expect(read(toCsv(cols, [{ t: 1234.5 }, { t: null }], 'en')).slice(1)).toBe('Total\r\n1234.50\r\n\r\n');
    expect(read(toCsv(cols, [{ t: 1234.5 }], 'es')).slice(1)).toBe('Total\r\n1234,50\r\n');
  });
});

describe('exports of the lists', () => {
  const db = cache();

  it('the board: one row per listing of the screen, columns named in the UI language', () => {
    const file = exportList(db, { list: 'board', query: { date: '2026-06-10', onlyActive: true }, locale: 'es' });
    expect(file.filename).toBe('tablero-2026-06-10.csv');
    const rows = parseCsv(read(file.bytes).slice(1), ';');
    expect(rows[0]).toEqual([
      'Alojamiento',
      'Ciudad',
      'Salidas',
      'Limpieza',
      'Mantenimiento',
      'Entradas',
      'Incidencias abiertas',
      'Listo para la entrada',
      'No listo porque',
    ]);
    expect(rows.length - 1).toBeGreaterThan(0);
    expect(rows.every((r) => r.length === 9)).toBe(true);
  });

  it('the board: arrivals say what the screen says, guests registered of those expected ("3/3"), never "1+2"', () => {
    const day = db.get<{ d: string }>(
      'SELECT start_date AS d FROM bookings GROUP BY start_date ORDER BY count(*) DESC LIMIT 1',
    )!.d;
    const file = exportList(db, { list: 'board', query: { date: day, onlyActive: true }, locale: 'es' });
    const arrivals = parseCsv(read(file.bytes).slice(1), ';')
      .slice(1)
      .map((r) => r[5]!)
      .filter(Boolean);
    expect(arrivals.length).toBeGreaterThan(0);
    for (const cell of arrivals)
      for (const item of cell.split(' | ')) expect(item).toMatch(/ \d+\/\d+ registrados(?: |$)/);
    expect(arrivals.join('')).not.toMatch(/\d\+\d/);
  });

  it('bookings of a range: the filter applies, dates are ISO, no secret, notes cannot run', () => {
    const file = exportList(db, {
      list: 'bookings',
      query: { from: START, to: END, kind: 'arrivals' },
      locale: 'en',
    });
    expect(file.filename).toBe(`arrivals-${START}_${END}.csv`);
    const text = read(file.bytes);
    expect(text).not.toContain('OPEN-5550');
    expect(text).not.toContain('WIFI-PASS-9931');
    const [head, ...rows] = parseCsv(text.slice(1), ',');
    const at = (name: string) => head!.indexOf(name);
    expect(at('Arrival')).toBeGreaterThan(-1);
    for (const r of rows) {
      expect(r[at('Arrival')]! >= START && r[at('Arrival')]! <= END).toBe(true);
      expect(r[at('Arrival')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r[at('Notes')]).toBe('\'=HYPERLINK("http://x")');
      expect(r[at('Total')]).toMatch(/^\d+\.\d\d$/);
    }
  });

  it('cleaning, maintenance and incidents export with their filters', () => {
    const done = exportList(db, { list: 'cleaning', query: { from: START, to: END, status: [2] }, locale: 'ca' });
    const [head, ...rows] = parseCsv(read(done.bytes).slice(1), ';');
    expect(head![3]).toBe('Estat');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['Feta']));
    const m = exportList(db, { list: 'maintenance', query: { from: START, to: END }, locale: 'en' });
    expect(parseCsv(read(m.bytes).slice(1), ',')[0]![3]).toBe('Type');
    const open = exportList(db, { list: 'openIncidents', query: {}, locale: 'en' });
    expect(open.filename).toBe('open-incidents.csv');
  });

  it('intranet users: the screen’s filters, departments in the UI language, never a password', () => {
    const raw = (username: string, department: string, active: string) => ({
      id: username.length,
      username,
      password: '$2y$10$hash-never-stored',
      department,
      name: username.split('.')[0],
      last_name: 'Puig',
      date_of_birth: '1990/04/12',
      email: `${username}@example.com`,
      active,
      iso_lang: 'ES',
      user_type: 'Internal',
    });
    const items = [
      raw('anna.c', 'Cleaning', 'true'),
      raw('joan.rec', 'Reception', 'true'),
      raw('old.x', 'Cleaning', 'false'),
    ];
    storeWire(db, adminsTable, adminRead, items);
    const done = exportList(db, { list: 'admins', query: { department: 'Cleaning', active: true }, locale: 'es' });
    expect(done.filename).toBe('usuarios-intranet.csv');
    const text = read(done.bytes);
    const [head, ...rows] = parseCsv(text.slice(1), ';');
    expect(head!.slice(0, 4)).toEqual(['Departamento', 'Nombre', 'Apellidos', 'Usuario']);
    expect(rows.map((r) => [r[0], r[3]])).toEqual([['Limpieza', 'anna.c']]);
    expect(text).not.toContain('hash-never-stored');
    expect(text).not.toContain('1990');
  });
});

describe('paper commands at the door', () => {
  async function dispatcher() {
    const h = harness({ setup: (e) => loadHost(e.writable, host()) });
    await h.runtime.dispatcher.dispatch('session.signIn', {
      baseUrl: 'https://pms.example.com',
      user: 'ana',
      password: 'pw',
    });
    return h.runtime.dispatcher;
  }

  it('refuse bad input', async () => {
    const d = await dispatcher();
    const bad = [
      ['documents.daySheet', { date: '10/06/2026', locale: 'en' }],
      ['documents.daySheet', { date: '2026-06-10', locale: 'fr' }],
      ['documents.daySheet', { date: '2026-06-10', locale: 'en', includeSecrets: 'yes' }],
      ['documents.daySheet', { date: '2026-06-10', locale: 'en', listingIds: [-1] }],
      ['documents.exportCsv', { list: 'guests', query: {}, locale: 'en' }],
      ['documents.exportCsv', { list: 'board', query: { from: START }, locale: 'en' }],
      ['documents.exportCsv', { list: 'cleaning', query: { from: END, to: START }, locale: 'en' }],
    ] as const;
    for (const [name, input] of bad)
      expect(await d.dispatch(name, input), JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
  });

  it('answer a PDF and a CSV as files', async () => {
    const d = await dispatcher();
    const pdf = await d.dispatch('documents.daySheet', { date: '2026-06-10', locale: 'en' });
    expect(pdf.ok).toBe(true);
    const value = pdf.ok ? (pdf.value as { base64: string; mime: string }) : null;
    expect(value?.mime).toBe('application/pdf');
    expect(
      Buffer.from(value?.base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const csv = await d.dispatch('documents.exportCsv', { list: 'board', query: { date: '2026-06-10' }, locale: 'en' });
    expect(csv).toMatchObject({ ok: true, value: { filename: 'board-2026-06-10.csv' } });
  });
});

describe('words for values outside the tables', () => {
  it('fall back to a numbered phrase in every family', () => {
    for (const locale of ['en', 'es', 'ca'] as const) {
      const say = wordsFor(locale);
      for (const family of ['status', 'priority', 'bookingState', 'maintenanceType'] as const)
        expect(numbered(say, family, 77)).toMatch(/\S+ 77$/);
    }
  });
});
