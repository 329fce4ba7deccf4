// Paper in Chromium: the Today board's "Day sheet" downloads a PDF whose text
// lists the day's listings with no access code or wifi password (the choice
// to include them is there, unticked), and "Export CSV" downloads the board as
// a CSV that opens with the board's columns and one line per listing shown.
// With STAYBOARD_PAPER_SHOTS=<dir> it also writes the screens at 1366×768 and
// 1024×700 and the sheet's pages as PNGs, to look at.
import { parseCsv, pdfText, pdfToPngs } from '../../electron/documents/testing/look';
import { expect, test } from './fixtures';
import { addDays, ask, downloaded, eventually, open, shoot, today } from './screens-helpers';

const shots = process.env['STAYBOARD_PAPER_SHOTS'];

test('the day sheet lists the day’s listings without access codes, and the board exports as CSV', async ({
  page,
  demoHost,
}) => {
  const day = today();
  const board = await eventually('a busy day on the board', async () => {
    const b = await ask(demoHost, 'board.day', { date: day });
    return b.rows.length >= 5 && b.rows.some((r) => r.arrivals.length) ? b : null;
  });

  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  await expect(page.locator('.board-grid')).toBeVisible({ timeout: 30_000 });
  await shoot(page, shots, 'today');

  // The dialog: the choice to include secrets is visible and unticked.
  await page.getByRole('button', { name: 'Day sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Day sheet (PDF)' });
  await expect(dialog).toBeVisible();
  const secrets = dialog.getByLabel('Include access codes, key numbers and wifi passwords');
  await expect(secrets).toBeVisible();
  await expect(secrets).not.toBeChecked();
  await shoot(page, shots, 'day-sheet-dialog');

  const pdf = await downloaded(page, () => dialog.getByRole('button', { name: 'Make the PDF' }).click());
  expect(pdf.name).toBe(`day-sheet-${day}.pdf`);
  await expect(dialog).toBeHidden();
  const bytes = new Uint8Array(pdf.bytes);
  if (shots) {
    pdfToPngs(bytes, `${shots}/day-sheet-demo`);
    // And the busiest day of the coming week, in Spanish, to look at a dense sheet.
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    const sizes = await Promise.all(week.map(async (d) => (await ask(demoHost, 'board.day', { date: d })).rows.length));
    const busiest = week[sizes.indexOf(Math.max(...sizes))]!;
    const dense = await ask(demoHost, 'documents.daySheet', { date: busiest, locale: 'es' });
    pdfToPngs(new Uint8Array(Buffer.from(dense.base64, 'base64')), `${shots}/day-sheet-dense-es`);
  }
  const text = pdfText(bytes).join('\n');
  // Every listing of the day is on the sheet (names may wrap: compare their first words).
  const sheetRows = await ask(demoHost, 'board.day', { date: day });
  for (const r of sheetRows.rows) expect(text).toContain(r.listing.name.split(' ').slice(0, 2).join(' '));
  expect(text).toContain('Access codes and wifi passwords are not printed.');
  expect(text).not.toMatch(/Opening code|Wifi .* password|Key number/);
  // None of the day's secrets, which the same sheet prints when asked.
  const listingSecrets = await Promise.all(
    board.rows.map(async (r) => (await ask(demoHost, 'listings.get', { id: r.listing.id })).listing),
  );
  const words = listingSecrets.flatMap((l) => [l.wifi_password, l.key_number]).filter((s): s is string => !!s);
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) expect(text).not.toMatch(new RegExp(`\\b${w}\\b`));
  const asked = await ask(demoHost, 'documents.daySheet', { date: day, locale: 'en', includeSecrets: true });
  const withSecrets = pdfText(new Uint8Array(Buffer.from(asked.base64, 'base64'))).join('\n');
  for (const w of words) expect(withSecrets).toContain(w);

  // The board as CSV: the board's columns, one line per listing on screen.
  const csv = await downloaded(page, () => page.locator('[data-export="board"]').click());
  expect(csv.name).toBe(`board-${day}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...lines] = parseCsv(csv.bytes.subarray(3).toString('utf8'), ',');
  expect(head).toEqual([
    'Listing',
    'City',
    'Departures',
    'Cleaning',
    'Maintenance',
    'Arrivals',
    'Open incidents',
    'Ready for check-in',
    'Not ready because',
  ]);
  expect(lines.map((l) => l[0])).toEqual(
    (await ask(demoHost, 'board.day', { date: day })).rows.map((r) => r.listing.name),
  );
});

test('every list has its Export CSV button, in the UI language', async ({ page, demoHost }) => {
  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  for (const [hash, list] of [
    ['#/cleaning', 'cleaning'],
    ['#/maintenance', 'maintenance'],
    ['#/incidents', 'openIncidents'],
    ['#/arrivals', 'bookings'],
    ['#/calendar', 'bookings'],
  ] as const) {
    await open(page, hash);
    await expect(page.locator(`[data-export="${list}"]`)).toHaveText('Export CSV');
    await shoot(page, shots, hash.slice(2));
  }
  // Spanish: ";" between fields and the columns named in Spanish.
  await open(page, '#/cleaning');
  await page.getByTestId('language').selectOption('es');
  await expect(page.locator('[data-export="cleaning"]')).toHaveText('Exportar CSV');
  const csv = await downloaded(page, () => page.locator('[data-export="cleaning"]').click());
  expect(csv.name).toMatch(/^limpieza-\d{4}-\d{2}-\d{2}(_\d{4}-\d{2}-\d{2})?\.csv$/);
  const [head] = parseCsv(csv.bytes.subarray(3).toString('utf8'), ';');
  expect(head?.slice(0, 4)).toEqual(['Fecha', 'Hora', 'Alojamiento', 'Estado']);
});

test('the registration papers: the day’s arrivals list from the Registration screen, a booking’s cards from its guests', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  const item = await eventually('a stay owing a guest registration', async () => {
    const due = await ask(demoHost, 'registration.due', { date: today() });
    return due.find((i) => i.guestsKnown && i.start_date === today()) ?? due.find((i) => i.guestsKnown);
  });
  const full = await ask(demoHost, 'bookings.get', { bookingNumber: item.booking_number });
  await page.goto(demoHost.url);
  await open(page, '#/registration');
  await shoot(page, shots, 'registration-screen');
  const list = await downloaded(page, () => page.getByTestId('registration-list-pdf').click());
  expect(list.name).toBe(`registration-list-${today()}.pdf`);
  const listText = pdfText(new Uint8Array(list.bytes)).join('\n');
  expect(listText).toContain('Guest registration — arrivals');
  if (shots) pdfToPngs(new Uint8Array(list.bytes), `${shots}/registration-list-demo`);

  await open(page, `#/booking/${item.booking_number}`);
  await shoot(page, shots, 'booking-guests-print');
  const cards = await downloaded(page, () => page.getByTestId('guest-cards-pdf').click());
  expect(cards.name).toBe(`registration-cards-${item.booking_number}.pdf`);
  const pages = pdfText(new Uint8Array(cards.bytes));
  expect(pages.length).toBeGreaterThanOrEqual(item.expected);
  expect(pages.join('\n')).toContain('Guest’s signature');
  if (full.booking.opening_code) expect(pages.join('\n')).not.toContain(full.booking.opening_code);
  if (shots) pdfToPngs(new Uint8Array(cards.bytes), `${shots}/registration-cards-demo`);
});
