// The police registration papers as reception reads them: a card per guest
// with the document details and a signature line (a blank card for a guest
// not registered yet), and the day's arrivals with each guest's registration
// state — names in any script, the UI language, no access code. Set
// STAYBOARD_SHEET_PNG=<dir> to also write each page as a PNG to look at.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookingRead, guestRead, listingRead } from '../../shared/api';
import { openCache, type WritableDB } from '../cache/db';
import { bookingsTable, guestsTable, listingsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { registrationDocument } from './registration';
import { pdfText, pdfToPngs } from './testing/look';

const D = '2026-06-10';
const SECRETS = ['OPEN-5550', 'KEYS-4417', 'WIFI-PASS-9931'];

function fixture(): WritableDB {
  const db = openCache({ path: ':memory:' });
  const listings = Array.from({ length: 14 }, (_, i) => ({
    id: i + 1,
    name: i === 0 ? 'Apartament Øresund Жемчужина with a very long name that has to wrap' : `Casa ${i + 1}`,
    street: 'Carrer Major 12',
    floor: '2',
    door: 'B',
    zipcode: '08870',
    city: i % 2 ? 'Sitges' : 'Łódź',
    license: `HUTB-00${i + 100}`,
    key_number: SECRETS[1],
    wifi_password: SECRETS[2],
  }));
  upsertRecords(
    db,
    listingsTable,
    listings.map((raw) => ({ value: listingRead.parse(raw), raw })),
  );
  const bookings = listings.map((l, i) => ({
    booking_number: 500 + i,
    listing_id: l.id,
    start_date: D,
    end_date: '2026-06-14',
    state: i === 13 ? 1 : 3, // the last one is cancelled: not on the list
    adults: 2,
    children: i % 3 === 0 ? 1 : 0,
    arrival_time: `${String(12 + (i % 8)).padStart(2, '0')}:30`,
    opening_code: SECRETS[0],
    key_numbers: SECRETS[1],
  }));
  upsertRecords(
    db,
    bookingsTable,
    bookings.map((raw) => ({ value: bookingRead.parse(raw), raw })),
  );
  const guest = (id: number, booking: number, extra: object) => {
    const raw = {
      id,
      name: 'Anna',
      lastname: 'Test',
      nationality: 'PL',
      sex: 'F',
      date_birth: '1980-01-02',
      document_type: '5',
      number_id: `PA${id}`,
      date_issue: '2020-01-01',
      ...extra,
    };
    return { value: { ...guestRead.parse(raw), booking_number: booking }, raw };
  };
  upsertRecords(db, guestsTable, [
    guest(1, 500, {
      name: 'Małgorzata Żółkiewska-Brzęczyszczykiewicz',
      lastname: 'Александровна Достоевская',
      address: 'ul. Świętokrzyska 14',
      city: 'Łódź',
      zip_code: '90-001',
      country: 176,
    }),
    guest(2, 500, { name: 'Jan', lastname: 'Kowalski', number_id: '' }),
    guest(3, 501, { nationality: 'ES', document_type: '2', number_id: '12345678Z' }),
    guest(4, 501, { nationality: 'ES' }),
  ]);
  // The guests of these stays were fetched (the others' were not: "not received yet").
  for (const n of [500, 501, 502])
    db.run(
      `INSERT INTO sync_state (resource, scope, win, fetched_at, attempted_at, error, records) VALUES ('guests', ?, '', 1, 1, NULL, 0)`,
      [`booking:${n}`],
    );
  return db;
}

const shots = process.env['STAYBOARD_SHEET_PNG'];
function look(bytes: Uint8Array, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  pdfToPngs(bytes, `${shots}/${name}`);
}

const textOf = (bytes: Uint8Array) => pdfText(bytes).join('\n').replace(/\s+/g, ' ');

describe('registration cards', () => {
  const db = fixture();

  it('prints one card per guest with the document details and signature lines, and a blank card for each guest owed', async () => {
    const file = await registrationDocument(db, { document: 'cards', bookingNumber: 500, locale: 'en' });
    expect(file).not.toBeNull();
    look(file!.bytes, 'registration-cards-en');
    expect(file!.filename).toBe('registration-cards-500.pdf');
    const pages = pdfText(file!.bytes).map((p) => p.replace(/\s+/g, ' '));
    // Two guests registered, a party of 2 adults + 1 child: one blank card to fill in by hand.
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Małgorzata Żółkiewska-Brzęczyszczykiewicz');
    expect(pages[0]).toContain('Александровна Достоевская');
    expect(pages[0]).toContain('PA1');
    expect(pages[0]).toContain('Passport');
    expect(pages[0]).toContain('Poland');
    expect(pages[0]).toContain('HUTB-00100');
    expect(pages[0]).toContain('Guest’s signature');
    expect(pages[0]).toContain('Guest 1 of 3');
    expect(pages[1]).toContain('Missing: Document number');
    expect(pages[2]).toContain('Not registered yet: fill in by hand.');
    for (const s of SECRETS) expect(pages.join(' ')).not.toContain(s);
  });

  it('prints one guest’s card when asked, in the UI language', async () => {
    const file = await registrationDocument(db, { document: 'cards', bookingNumber: 501, guestId: 3, locale: 'es' });
    look(file!.bytes, 'registration-card-es');
    const text = textOf(file!.bytes);
    expect(pdfText(file!.bytes)).toHaveLength(1);
    expect(text).toContain('Parte de entrada de viajero');
    expect(text).toContain('DNI (España)');
    expect(text).toContain('12345678Z');
    expect(text).toContain('España');
    expect(text).toContain('Firma del huésped');
  });

  it('answers null for a booking that is not on this computer', async () => {
    expect(await registrationDocument(db, { document: 'cards', bookingNumber: 999, locale: 'en' })).toBeNull();
  });
});

describe('registration day list', () => {
  const db = fixture();

  it('lists every arrival of the day with its guests’ documents and what each lacks; never an access code', async () => {
    const file = await registrationDocument(db, { document: 'dayList', date: D, locale: 'en' }, new Date(D));
    look(file!.bytes, 'registration-list-en');
    expect(file!.filename).toBe(`registration-list-${D}.pdf`);
    const text = textOf(file!.bytes);
    // 13 live arrivals (the cancelled one is not reported): 31 guests expected, 3 complete.
    expect(text).toContain('13 arrivals · 3 of 31 guests registered');
    expect(text).toContain('Małgorzata Żółkiewska-');
    expect(text).toContain('Brzęczyszczykiewicz');
    expect(text).toContain('Passport PA1');
    expect(text).toContain('Missing: Document number');
    expect(text).toContain('Not registered');
    expect(text).toContain('Guests not received from the server yet');
    expect(text).toContain('Report by');
    expect(text).not.toContain('Casa 14');
    for (const s of SECRETS) expect(text).not.toContain(s);
    // Earliest arrival first: 12:30 stays before 19:30 ones.
    expect(text.indexOf('Casa 9')).toBeLessThan(text.indexOf('Casa 8'));
  });

  it('speaks Catalan and says so when the day has no arrival', async () => {
    const file = await registrationDocument(db, { document: 'dayList', date: '2026-07-01', locale: 'ca' });
    look(file!.bytes, 'registration-list-ca-empty');
    const text = textOf(file!.bytes);
    expect(text).toContain('Registre de viatgers — entrades');
    expect(text).toContain('No hi ha entrades aquest dia.');
  });
});
