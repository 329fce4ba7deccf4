// The day sheet as a supervisor reads it: the day's listings in route order
// (city, then name), no access code or wifi password unless asked for, names
// in any script, and the words of the UI language. Set STAYBOARD_SHEET_PNG=<dir>
// to also write each page as a PNG to look at.
import { mkdirSync } from 'node:fs';
import { DateFormat } from '../../shared/date-format';
import { describe, expect, it } from 'vitest';
import { openCache } from '../cache/db';
import { recordFetched } from '../cache/state';
import { loadHost, makeHost } from '../cache/testing/fixtures';
import { daySheet, sheetRows, type DaySheetInput } from './day-sheet';
import { pdfText, pdfToPngs } from './testing/look';

const START = '2026-06-01';
const SECRETS = ['WIFI-PASS-9931', 'KEYNR-4417', 'OPEN-5550'];

function cache() {
  const db = openCache({ path: ':memory:' });
  const host = makeHost({ listings: 14, bookingsPerListing: 10, start: START, days: 40, seed: 7 });
  const cities = ['Girona', 'Barcelona', 'Łódź', 'Barcelona', 'Girona'];
  host.listings.forEach((l, i) => {
    l['city'] = cities[i % cities.length];
    l['wifi_network'] = `Casa-${i}`;
    l['wifi_password'] = SECRETS[0];
    l['key_number'] = SECRETS[1];
  });
  host.listings[0]!['name'] = 'Apartament Øresund Жемчужина with a very long name that has to wrap inside its heading';
  host.listings[1]!['name'] = 'Ático Ñandú';
  host.bookings.forEach((b, i) => {
    b['opening_code'] = SECRETS[2];
    if (i % 2 === 0) b['infants'] = 1;
  });
  host.cleaning.forEach((c, i) => {
    if (i % 5 === 0)
      c['notes'] =
        'Change every towel, check the dishwasher filter, the guest reported the bedroom window does not close well; ' +
        'bring two spare bulbs (E27) and leave the welcome pack on the kitchen table. '.repeat(2);
  });
  loadHost(db, host);
  // The day with the most cleaning: a dense day.
  const perDay = new Map<string, number>();
  for (const c of host.cleaning) perDay.set(c['date'] as string, (perDay.get(c['date'] as string) ?? 0) + 1);
  const date = [...perDay].sort((a, b) => b[1] - a[1])[0]![0];
  return { db, date };
}

const shots = process.env['STAYBOARD_SHEET_PNG'];
function look(bytes: Uint8Array, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  pdfToPngs(bytes, `${shots}/${name}`);
}

describe('day sheet', () => {
  const { db, date } = cache();
  const base: DaySheetInput = { date, includeSecrets: false, locale: 'en' };

  it('lists the day’s listings in route order (city, then name), each once', async () => {
    const rows = sheetRows(db, base);
    expect(rows.length).toBeGreaterThan(4);
    const file = await daySheet(db, base);
    look(file.bytes, 'day-sheet-en');
    expect(file.filename).toBe(`day-sheet-${date}.pdf`);
    const text = pdfText(file.bytes).join('\n');
    const names = rows.map((r) => r.listing.name);
    let at = -1;
    for (const name of names) {
      const first = name.split(' ').slice(0, 2).join(' ');
      const found = text.indexOf(first, at + 1);
      expect(found, `${name} after the previous listing`).toBeGreaterThan(at);
      at = found;
    }
    const cities = rows.map((r) => r.listing.city);
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
    expect(text).toContain('Departure');
    expect(text).toContain('Cleaning');
    expect(text).toContain('Arrival');
    expect(text).toMatch(/\b[1-9]\d* adults?\b/);
    expect(text).not.toMatch(/adults [0-9]/);
    expect(text).toContain(', 1 infant');
  });

  it('prints no access code, key number or wifi password unless asked', async () => {
    const text = pdfText((await daySheet(db, base)).bytes).join('\n');
    for (const s of SECRETS) expect(text).not.toContain(s);
    expect(text).toContain('Access codes and wifi passwords are not printed.');
    const asked = pdfText((await daySheet(db, { ...base, includeSecrets: true })).bytes).join('\n');
    for (const s of SECRETS) expect(asked).toContain(s);
  });

  it('prints names in any script and speaks the UI language', async () => {
    const file = await daySheet(db, { ...base, locale: 'ca', city: 'Łódź' });
    look(file.bytes, 'day-sheet-ca-lodz');
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain('Full del dia');
    expect(text).toContain('Ciutat: Łódź');
    expect(file.filename).toBe(`full-del-dia-${date}.pdf`);
    const all = pdfText((await daySheet(db, { ...base, locale: 'es' })).bytes).join('\n');
    expect(all).toContain('Hoja del día');
    expect(sheetRows(db, base).some((r) => r.listing.name.includes('Øresund'))).toBe(true);
    expect(all).toContain('Apartament Øresund Жемчужина');
  });

  it('keeps to the chosen listings', async () => {
    const rows = sheetRows(db, base);
    const [a, b, c] = rows;
    const text = pdfText((await daySheet(db, { ...base, listingIds: [a!.listing.id, b!.listing.id] })).bytes).join(
      '\n',
    );
    expect(text).toContain(a!.listing.name.slice(0, 20));
    expect(text).toContain(b!.listing.name.slice(0, 20));
    expect(text).not.toContain(c!.listing.name);
  });

  it('says when the day’s data was last received: the oldest of bookings, cleaning and maintenance', async () => {
    const fresh = cache();
    // Printed in 2026: the year of a 2026 moment goes without saying, as on screen (shared/date-format.ts).
    const printed = { now: new Date(Date.UTC(2026, 5, 16, 9)) };
    const text = async () =>
      pdfText((await daySheet(fresh.db, { ...base, date: fresh.date }, printed)).bytes).join(' ');
    expect(await text()).toContain('have not been received from the server yet');
    const at = (hh: string) => Date.parse(`2026-06-10T${hh}:00Z`);
    const win = `${START}..2026-07-10`;
    recordFetched(fresh.db, { resource: 'bookings', scope: 'all', win, at: at('09:00'), records: 1 });
    recordFetched(fresh.db, { resource: 'cleaning', scope: 'all', win, at: at('08:00'), records: 1 });
    expect(await text()).toContain('have not been received from the server yet');
    recordFetched(fresh.db, { resource: 'maintenance', scope: 'all', win, at: at('10:00'), records: 1 });
    const stamp = new DateFormat('en-GB', () => printed.now).dateTime(at('08:00'));
    expect(stamp).toMatch(/^10 Jun, \d\d:00$/);
    expect((await text()).replace(/\s+/g, ' ')).toContain(`were last received from the server ${stamp}.`);
  });
});
