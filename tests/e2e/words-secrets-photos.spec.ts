// Issue 26, observations 6 and 7, as a receptionist meets them: a wrong server
// address at sign-in says that nothing answers there (not "This record is not
// in the local data"); the sync settings and a destination's form say what
// their fields mean; the Wi-Fi password, the key's number and a booking's
// opening code are masked on every screen until Show is pressed; a photo added
// here is shown from its own bytes, and a photo never downloaded says so,
// never "offline".
// With SCREENSHOTS=<dir>, pictures at 1024×700 in en, es and ca.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { startSimulator } from '../../simulator';
import { expect, test } from './fixtures';
import {
  addDays,
  ask,
  eventually,
  expectUnsent,
  firstSyncPass,
  open,
  shoot,
  simulator,
  today,
} from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];
const SMALL = [[1024, 700]] as const;
const LANGS = ['en', 'es', 'ca'] as const;

/** Words that must not reach a receptionist any more (the quotes). */
const GONE = [
  'Requests per hour of the account',
  'shown back by the server',
  'which language it is in is not known here',
  'not in the local data',
  'not available offline',
];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG of noise (so it is not compressed below the spec's 50 KB), 200×150. */
function noisePng(): Buffer {
  const [w, h] = [200, 150];
  const rows = Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), randomBytes(w * 3)]));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function language(page: Page, lang: (typeof LANGS)[number]): Promise<void> {
  await page.getByTestId('language').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function noOldWords(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const w of GONE) expect(text, w).not.toContain(w);
}

test('a wrong server address at sign-in says nothing answers there, in en, es and ca', async ({ page, webHost }) => {
  const sim = await startSimulator({ listings: 2, seed: 3 });
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(webHost.url);
    await page.getByLabel('Server address').fill(`${sim.url}/wrong`);
    await page.getByLabel('User').fill(sim.user);
    await page.getByLabel('Password').fill(sim.password);
    const says = {
      en: 'Nothing answers as a PMS at this address',
      es: 'En esta dirección no responde ningún PMS',
      ca: 'En aquesta adreça no respon cap PMS',
    };
    for (const lang of LANGS) {
      await language(page, lang);
      await page.locator('button[type="submit"]').click();
      const error = page.getByTestId('sign-in-error');
      await expect(error).toContainText(says[lang]);
      await expect(error).not.toContainText(/local|locales|record|registro|registre/i);
      await noOldWords(page);
      await shoot(page, SHOTS, `sign-in-wrong-${lang}`, false, SMALL);
    }
  } finally {
    await sim.close();
  }
});

test('the sync settings (history kept here too) and a destination say what their fields mean, in en, es and ca', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  await firstSyncPass(demoHost);
  const destination = (await ask(demoHost, 'destinations.list', {}))[0]!;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(demoHost.url);
  const words = {
    en: [
      'Server requests allowed per hour',
      'Stayboard cannot read the fields below back from the PMS',
      'History kept on this computer',
      'before',
    ],
    es: [
      'Peticiones al servidor permitidas por hora',
      'Stayboard no puede leer del PMS los campos de abajo',
      'Historial que se guarda en este ordenador',
      'antes del',
    ],
    ca: [
      'Peticions al servidor permeses per hora',
      'Stayboard no pot llegir del PMS els camps de sota',
      'Historial que es conserva en aquest ordinador',
      'abans del',
    ],
  };
  for (const lang of LANGS) {
    await language(page, lang);
    await open(page, '#/sync');
    await expect(page.locator('label[for="s-budget"]')).toHaveText(words[lang][0]!);
    await expect(page.locator('#s-budget')).toHaveAttribute('aria-describedby', 's-budget-hint');
    // The history kept here: what the cache holds, and what the choice drops (from this computer only).
    await expect(page.locator('label[for="s-history"]')).toHaveText(words[lang][2]!);
    await expect(page.getByTestId('history-hint')).toContainText(/\d MB/);
    await expect(page.getByTestId('history-hint')).toContainText(words[lang][3]!);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('history-hint').scrollIntoViewIfNeeded();
    await shoot(page, SHOTS, `sync-history-${lang}`, false, SMALL);
    await page.locator('#s-budget').scrollIntoViewIfNeeded();
    await noOldWords(page);
    await shoot(page, SHOTS, `sync-settings-${lang}`, false, SMALL);
    await open(page, `#/destinations/${destination.id}`);
    const note = page.getByText(words[lang][1]!);
    await expect(note).toBeVisible();
    await note.scrollIntoViewIfNeeded();
    await noOldWords(page);
    await shoot(page, SHOTS, `destination-note-${lang}`, false, SMALL);
  }
});

test('the Wi-Fi password, the key number and an opening code are masked on every screen until Show', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(180_000);
  await firstSyncPass(demoHost);
  const listing = (await ask(demoHost, 'listings.list', {}))[0]!;
  const secrets = { wifi_network: 'CasaMar', wifi_password: 'sea-view-2026', key_number: 'K-77' };
  await ask(demoHost, 'listings.update', { id: listing.id, changes: secrets });
  const arrival = await eventually('a booking arriving in the next days', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: today(), to: addDays(today(), 3) });
    return list.find((b) => b.start_date >= today() && b.booking_number > 0 && b.state === 3) ?? null;
  });
  await ask(demoHost, 'bookings.update', { bookingNumber: arrival.booking_number, changes: { opening_code: '4821' } });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(demoHost.url);
  await expectUnsent(page, 0, 60_000);
  const plain = async () => {
    const text = await page.locator('main').innerText();
    return ['sea-view-2026', 'K-77', '4821'].filter((s) => text.includes(s));
  };

  // The listing page: masked, with Show and Hide.
  await open(page, `#/listings/${listing.id}`);
  await expect(page.getByText('CasaMar')).toBeVisible();
  expect(await plain()).toEqual([]);
  await page.getByRole('button', { name: 'Show Wi-Fi password' }).click();
  await expect(page.getByText('sea-view-2026')).toBeVisible();
  expect(await plain()).toEqual(['sea-view-2026']);
  await page.getByRole('button', { name: 'Hide Wi-Fi password' }).click();
  expect(await plain()).toEqual([]);
  await page.getByText('CasaMar').scrollIntoViewIfNeeded();
  for (const lang of LANGS) {
    await language(page, lang);
    expect(await plain()).toEqual([]);
    await shoot(page, SHOTS, `listing-secrets-${lang}`, false, SMALL);
  }
  await language(page, 'en');

  // Reception: the arrival's opening code.
  await open(page, `#/arrivals?from=${arrival.start_date}&to=${arrival.start_date}`);
  const row = page.locator(`[data-booking="${arrival.booking_number}"]`).first();
  await expect(row).toBeVisible();
  expect(await plain()).toEqual([]);
  await row.getByRole('button', { name: 'Show Opening code' }).click();
  await expect(row).toContainText('4821');
  await shoot(page, SHOTS, 'reception-code-en', false, SMALL);

  // The booking: typed masked; the Sync list: masked, each with its own Show.
  await open(page, `#/booking/${arrival.booking_number}`);
  await expect(page.getByLabel('Opening code')).toHaveAttribute('type', 'password');
  await open(page, '#/sync');
  await page.getByRole('tab', { name: 'All recent' }).click();
  await expect(page.locator('li[data-entry]').first()).toBeVisible();
  expect(await plain()).toEqual([]);
  await shoot(page, SHOTS, 'sync-secrets-en', false, SMALL);
});

test('a photo added here shows its own bytes; one never downloaded says so, not "offline"', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(240_000);
  await firstSyncPass(demoHost);
  const withPhotos = await eventually('two listings with photos', async () => {
    const found = [];
    for (const l of await ask(demoHost, 'listings.list', {})) {
      if ((await ask(demoHost, 'listings.get', { id: l.id })).photos.length >= 2) found.push(l.id);
      if (found.length === 2) return found;
    }
    return null;
  });
  const [mine, never] = withPhotos as [number, number];
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(demoHost.url);
  await open(page, `#/listings/${mine}`);
  const card = page.locator('[aria-labelledby="l-photos"]');
  const png = noisePng();
  const mineUrl = `data:image/png;base64,${png.toString('base64')}`;
  await card.locator('input[type="file"]').setInputFiles({ name: 'terrace.png', mimeType: 'image/png', buffer: png });
  const added = card.locator('li.tile').last();
  await expect(added.locator('img')).toHaveAttribute('src', mineUrl);
  await expectUnsent(page, 0, 90_000);
  // Sent: the tile is the server's photo now (its own id), still showing the bytes sent from here.
  await expect(added).not.toHaveAttribute('data-photo', /^-/);
  await expect(added.locator('img')).toHaveAttribute('src', mineUrl);
  await expect(card).not.toContainText('Image not');
  expect(
    simulator(demoHost)
      .mutations()
      .filter((m) => m.endpoint === 'photos.create' && m.result === 'applied'),
  ).toHaveLength(1);

  // A listing whose photos were never downloaded, opened with the server unreachable.
  simulator(demoHost).setOnline(false);
  await open(page, `#/listings/${never}`);
  const other = page.locator('[aria-labelledby="l-photos"]');
  const says = { en: 'Image not downloaded yet', es: 'Imagen aún no descargada', ca: 'Imatge encara no baixada' };
  await other.scrollIntoViewIfNeeded();
  for (const lang of LANGS) {
    await language(page, lang);
    await expect(other.getByText(says[lang]).first()).toBeVisible({ timeout: 30_000 });
    await noOldWords(page);
    await shoot(page, SHOTS, `photos-not-downloaded-${lang}`, false, SMALL);
  }
});
