// Documents and screens fetch what they need, in Chromium through the web host
// on the demo: sync never fetches a month a quarter back (its windows start a
// week before today), so
// - online, the owner statement of that month, the day sheet and the
//   registration list of a day in it are made after fetching it at the
//   person's priority (the note says what it cost) — with the server's own
//   numbers (checked against the simulator's count of those bookings);
// - offline, each is still made, with "INCOMPLETE" in its title and a line
//   naming what is missing, and the note says why;
// - the board of a day never received says "not received yet" where its
//   figures would be (never 0); the calendar at a past month says its days are
//   still arriving until they are in; a booking's messages likewise.
// With STAYBOARD_COVERAGE_SHOTS=<dir>: the notes in en/es/ca and the PDFs' pages as PNGs, to look at.
import { ApiClient } from '../../electron/api/client';
import { BudgetGovernor } from '../../electron/api/governor';
import { pdfText, pdfToPngs } from '../../electron/documents/testing/look';
import { serverDay, serverNights } from '../../electron/sync/testing/server-counts';
import { BOOKING_STATUS } from '../../shared/domain/states';
import type { Page } from '@playwright/test';
import type { HostFixture } from './fixtures';
import { expect, test } from './fixtures';
import { addDays, ask, downloaded, eventually, firstSyncPass, open, shoot, simulator, today } from './screens-helpers';

const SHOTS = process.env['STAYBOARD_COVERAGE_SHOTS'];
const monthOf = (day: string) => day.slice(0, 7);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const text = (bytes: Buffer) => pdfText(new Uint8Array(bytes)).join('\n');
const png = (bytes: Buffer, name: string) => SHOTS && pdfToPngs(new Uint8Array(bytes), `${SHOTS}/${name}`);

async function reader(host: HostFixture): Promise<ApiClient> {
  const sim = simulator(host);
  const client = new ApiClient({ baseUrl: sim.url, governor: new BudgetGovernor({ limit: 1_000_000 }) });
  await client.signIn({ user: sim.user, password: sim.password });
  return client;
}

/** An owner of a few listings with stays in the month on the server, and the server's figures. */
async function ownerWithStays(host: HostFixture, server: ApiClient, month: string) {
  const owners = await eventually('owners synced', async () => {
    const all = await ask(host, 'owners.list', {});
    return all.length ? all : null;
  });
  for (const o of owners) {
    const account = await ask(host, 'owners.account', { id: o.id });
    if (!account.listings.length || account.listings.length > 4) continue;
    const nights = await serverNights(
      server,
      account.listings.map((l) => l.id),
      month,
    );
    if ([...nights.values()].some((n) => n.stays > 0)) return { owner: o, listings: account.listings, nights };
  }
  throw new Error(`no owner with stays in ${month}`);
}

/** Makes the statement from the owner's page; answers the file. */
async function statement(page: Page, ownerId: number, month: string) {
  await open(page, `#/owners/${ownerId}`);
  await page.locator('#owner-month').fill(month);
  return downloaded(page, () => page.getByRole('button', { name: 'Print PDF' }).click());
}

test('documents and screens of a month never fetched: fetched first online (the server’s numbers); offline INCOMPLETE, never a silent zero', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(480_000);
  await firstSyncPass(demoHost);
  const sim = simulator(demoHost);
  // A booking whose messages sync has not fetched yet (it fetches those of far bookings a few at a time).
  const booking = await eventually('a booking whose messages were never fetched', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: addDays(today(), 60), to: addDays(today(), 200) });
    for (const b of list.slice(0, 300)) {
      const c = await ask(demoHost, 'coverage.check', { of: 'messages', bookingNumber: b.booking_number });
      if (!c.complete) return b;
    }
    return null;
  });
  const server = await reader(demoHost);
  const month = monthOf(addDays(today(), -100));
  const { owner, listings, nights } = await ownerWithStays(demoHost, server, month);
  const subject = {
    of: 'documents.ownerStatement' as const,
    input: { id: owner.id, month, format: 'pdf' as const, locale: 'en' as const },
  };
  const before = await ask(demoHost, 'coverage.check', subject);
  expect(before.complete).toBe(false);
  expect(before.gaps.map((g) => g.resource)).toContain('bookings');

  // Online: the statement fetches its month first, then prints the server's stays and nights.
  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  const pdf = await statement(page, owner.id, month);
  expect(pdf.name).not.toContain('INCOMPLETE');
  const note = page.getByTestId('paper-note');
  await expect(note).toHaveAttribute('data-phase', 'complete');
  await expect(note).toContainText(/Fetched what was missing \(\d+ requests?\): the file is complete\./);
  await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, SHOTS, 'statement-fetched-en');
  png(pdf.bytes, 'statement-fetched');
  const printed = text(pdf.bytes);
  expect(printed).not.toContain('INCOMPLETE');
  for (const l of listings) {
    const n = nights.get(l.id)!;
    expect(printed).toMatch(new RegExp(`${l.name}[\\s\\S]*?\\s${n.stays}\\s+${n.nights}\\b`));
  }
  expect((await ask(demoHost, 'coverage.check', subject)).complete).toBe(true);

  // The day sheet of a day of that month, from the board's dialog: fetched first, the server's day on it.
  const day = `${month}-14`;
  const theirs = await serverDay(server, day);
  await open(page, '#/today');
  await page.getByRole('button', { name: 'Day sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Day sheet (PDF)' });
  await dialog.getByLabel('Day').fill(ddmmyyyy(day));
  await dialog.getByLabel('Day').press('Enter');
  const sheet = await downloaded(page, () => dialog.getByRole('button', { name: 'Make the PDF' }).click());
  expect(sheet.name).toBe(`day-sheet-${day}.pdf`);
  await expect(dialog.getByTestId('paper-note')).toHaveAttribute('data-phase', 'complete');
  await shoot(page, SHOTS, 'day-sheet-fetched-en');
  const sheetText = text(sheet.bytes);
  expect(sheetText).not.toContain('INCOMPLETE');
  const names = new Map((await ask(demoHost, 'listings.list', {})).map((l) => [l.id, l.name]));
  const busy = [...theirs.arrivals, ...theirs.departures].map((b) => names.get(b.listing_id!)!);
  expect(busy.length).toBeGreaterThan(0);
  for (const name of busy) expect(sheetText).toContain(name.split(' ').slice(0, 2).join(' '));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The registration list of that day (the web host's own command path): its arrivals, then their guests.
  const reg = {
    of: 'documents.registration' as const,
    input: { document: 'dayList' as const, date: day, locale: 'en' as const },
  };
  const fetched = await ask(demoHost, 'coverage.fetch', reg);
  expect(fetched.after.complete).toBe(true);
  const list = await ask(demoHost, 'documents.registration', reg.input);
  const listText = pdfText(new Uint8Array(Buffer.from(list.base64, 'base64'))).join('\n');
  // The list's stays are the arrivals reported to the police: every live one but a no-show.
  const reported = theirs.arrivals.filter((b) => b.state !== BOOKING_STATUS.noShow);
  expect(listText).toContain(`${reported.length} arrivals ·`);
  expect(listText).not.toContain('INCOMPLETE');
  expect(listText).not.toContain('Guests not received from the server yet');

  // Offline: the month before is made anyway, marked, naming what it lacks; the note says why.
  sim.setOnline(false);
  const earlier = monthOf(addDays(`${month}-01`, -1));
  const offline = await statement(page, owner.id, earlier);
  expect(offline.name).toMatch(/-INCOMPLETE\.pdf$/);
  await expect(note).toHaveAttribute('data-phase', 'incomplete', { timeout: 30_000 });
  await expect(note).toContainText('Made, marked INCOMPLETE — the server cannot be reached. Missing:');
  await expect(note).toContainText('Bookings ·');
  await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, SHOTS, 'statement-offline-en');
  png(offline.bytes, 'statement-offline');
  const offlineText = text(offline.bytes);
  expect(offlineText).toContain('Owner statement — INCOMPLETE');
  expect(offlineText).toContain('Not everything this document reads was received from the server');
  expect(offlineText).toMatch(/Bookings · 1 \w+ \d{4} – \d+ \w+ \d{4} · listings: /);
  for (const [locale, word, label] of [
    ['es', 'INCOMPLETO', 'Imprimir PDF'],
    ['ca', 'INCOMPLET', 'Imprimeix PDF'],
  ] as const) {
    await page.getByTestId('language').selectOption(locale);
    const file = await downloaded(page, () => page.getByRole('button', { name: label }).click());
    expect(file.name).toMatch(new RegExp(`-${word}\\.pdf$`));
    expect(text(file.bytes)).toContain(`— ${word}`);
    await expect(note).toHaveAttribute('data-phase', 'incomplete');
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, SHOTS, `statement-offline-${locale}`);
  }
  await page.getByTestId('language').selectOption('en');

  // The day sheet and registration list of a day never fetched, offline: INCOMPLETE too.
  const otherDay = `${earlier}-14`;
  await open(page, `#/today?date=${otherDay}`);
  // The board says its figures were not received, where the numbers would be.
  await expect(page.locator('[data-total="arrivals"]')).toHaveAttribute('data-arrival', 'missing');
  await expect(page.locator('[data-total="arrivals"]')).toContainText('not received yet');
  await expect(page.locator('[data-total="departures"]')).toContainText('not received yet');
  await expect(
    page.getByText('This day’s bookings and tasks have not been received yet: the server cannot be reached.'),
  ).toBeVisible();
  await shoot(page, SHOTS, 'board-not-received-en');
  await page.getByRole('button', { name: 'Day sheet' }).click();
  const sheetOffline = await downloaded(page, () => dialog.getByRole('button', { name: 'Make the PDF' }).click());
  expect(sheetOffline.name).toBe(`day-sheet-${otherDay}-INCOMPLETE.pdf`);
  expect(text(sheetOffline.bytes)).toContain('Day sheet — INCOMPLETE');
  png(sheetOffline.bytes, 'day-sheet-offline');
  await shoot(page, SHOTS, 'day-sheet-offline-en');
  const regOffline = await ask(demoHost, 'documents.registration', {
    document: 'dayList',
    date: otherDay,
    locale: 'ca',
  });
  expect(regOffline.filename).toMatch(/-INCOMPLET\.pdf$/);
  expect(pdfText(new Uint8Array(Buffer.from(regOffline.base64, 'base64'))).join('\n')).toContain(
    'Registre de viatgers — entrades — INCOMPLET',
  );

  // The calendar at a past month and a booking's messages, offline: never shown as empty; back online,
  // fetched at the person's priority (or by sync, whichever comes first) and shown.
  const from = `${monthOf(addDays(today(), -130))}-01`;
  await open(page, `#/calendar?from=${from}`);
  const arrival = page.getByTestId('calendar-arrival');
  await expect(arrival).toContainText('have not been received: the server cannot be reached.');
  // The calendar opens at today; its first days (the month never received) are hatched.
  await page.locator('.cal .body').evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(page.locator('.day.unreceived').first()).toBeVisible();
  await expect(arrival).toBeVisible();
  await shoot(page, SHOTS, 'calendar-not-received-en');
  for (const [locale, words] of [
    ['es', 'no se han recibido: no se puede contactar con el servidor'],
    ['ca', 'no s’han rebut: no es pot contactar amb el servidor'],
  ] as const) {
    await page.getByTestId('language').selectOption(locale);
    await expect(arrival).toContainText(words);
    await shoot(page, SHOTS, `calendar-not-received-${locale}`);
  }
  await page.getByTestId('language').selectOption('en');
  await open(page, `#/booking/${booking.booking_number}`);
  const messages = page.getByTestId('messages-arrival');
  await expect(messages).toHaveText(
    'This booking’s messages have not been received yet: the server cannot be reached.',
  );
  await messages.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, SHOTS, 'messages-not-received-en');

  // Back online: fetched at the person's priority (or by sync, whichever is first), and shown.
  sim.setOnline(true);
  await expect(messages).toBeHidden({ timeout: 90_000 });
  expect(
    (await ask(demoHost, 'coverage.check', { of: 'messages', bookingNumber: booking.booking_number })).complete,
  ).toBe(true);
  await open(page, `#/calendar?from=${from}`);
  await expect(arrival).toBeHidden({ timeout: 90_000 });
  await expect(page.locator('.day.unreceived')).toHaveCount(0);
  await shoot(page, SHOTS, 'calendar-fetched-en');

  // A day never fetched, online with a slow server: the board says its figures are still arriving while
  // the person's fetch runs, in every language, then shows them.
  sim.setFaults({ latencyMs: 15_000 });
  await open(page, `#/today?date=${addDays(from, -40)}`);
  const arrivals = page.locator('[data-total="arrivals"]');
  await expect(arrivals).toHaveAttribute('data-arrival', 'arriving');
  await expect(arrivals).toContainText('still arriving');
  await shoot(page, SHOTS, 'board-arriving-en', false, [[1024, 700]]);
  for (const [locale, word] of [
    ['es', 'recibiendo…'],
    ['ca', 'rebent…'],
  ] as const) {
    await page.getByTestId('language').selectOption(locale);
    await expect(arrivals).toContainText(word);
    await shoot(page, SHOTS, `board-arriving-${locale}`, false, [[1024, 700]]);
  }
  await page.getByTestId('language').selectOption('en');
  await expect(arrivals).toHaveAttribute('data-arrival', 'whole', { timeout: 90_000 });
  await expect(arrivals).toContainText(/\d/);
  sim.resetFaults();
  await server.close();
});

test('a shorter history kept here drops a month fetched before: its statement says so offline and is fetched again online', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(300_000);
  await firstSyncPass(demoHost);
  const sim = simulator(demoHost);
  const server = await reader(demoHost);
  // A month about four months back: sync never fetches it; the statement's fetch brings it here.
  const month = monthOf(addDays(today(), -125));
  const { owner } = await ownerWithStays(demoHost, server, month);
  const subject = {
    of: 'documents.ownerStatement' as const,
    input: { id: owner.id, month, format: 'pdf' as const, locale: 'en' as const },
  };
  expect((await ask(demoHost, 'coverage.fetch', subject)).after.complete).toBe(true);

  // The person keeps three months: the hint counts what leaves this computer before it is saved.
  await page.goto(demoHost.url);
  await open(page, '#/sync');
  await page.locator('#s-history').selectOption('3');
  const hint = page.getByTestId('history-hint');
  await expect(hint).toContainText(/\d+ bookings? ended before/);
  await page.setViewportSize({ width: 1024, height: 700 });
  await hint.scrollIntoViewIfNeeded();
  await shoot(page, SHOTS, 'history-three-months-en', false, [[1024, 700]]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await eventually('the month left this computer', async () =>
    (await ask(demoHost, 'coverage.check', subject)).complete ? null : true,
  );
  await expect(hint).toContainText(/Nothing held here ended before|\d+ bookings? ended before/);

  // Offline, the statement of that month is made INCOMPLETE — never a month of zeros.
  sim.setOnline(false);
  const offline = await statement(page, owner.id, month);
  expect(offline.name).toMatch(/-INCOMPLETE\.pdf$/);
  // Online again (once the app has seen the server answer), it is fetched first and whole.
  sim.setOnline(true);
  await expect(page.getByTestId('header-status').locator('[data-connectivity]')).toHaveAttribute(
    'data-connectivity',
    'online',
    { timeout: 45_000 },
  );
  const again = await statement(page, owner.id, month);
  expect(again.name).not.toContain('INCOMPLETE');
  await expect(page.getByTestId('paper-note')).toHaveAttribute('data-phase', 'complete');
  await server.close();
});
