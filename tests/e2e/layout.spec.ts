// The layout check: every screen and dialog at 1024×700, 1366×768 and
// 1920×1080, in English, Spanish and Catalan, on the demo's real data plus
// the hard cases of layout-data.ts, held to the rules of layout-rules.ts
// (nothing wider than its box outside the scrollers meant to scroll, no
// overlapping column headers, no two listing names reading alike, no button
// label wrapped or cut, the page never sideways). The Today board shows at
// least 8 listings' rows at 1024×700 in every language, the calendar's From
// moves its grid, and the PDFs never split a word nor leave a label without
// its value (layout-pdf.ts).
//
// One web host, one browser page and one seeding serve the whole matrix (the
// tests below share them, in order); waits are on the page's own signals
// (headings, aria-busy, animation frames), never on the clock.
// Pictures: LAYOUT_SHOTS=1 (or a folder) writes every screen × size ×
// language to test-results/layout/ (or that folder); a combination that
// fails is always written there.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { launchWebHost } from '../../electron/host/launch';
import type { HostFixture } from './fixtures';
import { DESTINATION_NAMES, seedLayoutData, type LayoutData } from './layout-data';
import { pdfFaults } from './layout-pdf';
import { layoutFaults } from './layout-rules';
import { addDays, ask, eventually, today } from './screens-helpers';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const LOCALES = ['en', 'es', 'ca'] as const;
type Locale = (typeof LOCALES)[number];
const SHOTS_ENV = process.env['LAYOUT_SHOTS'];
const SHOTS = resolve(SHOTS_ENV && SHOTS_ENV !== '1' ? SHOTS_ENV : 'test-results/layout');

interface World {
  host: HostFixture;
  page: Page;
  data: LayoutData;
  ids: { cleaning: number; maintenance: number; incident: number; admin: number; owner: number };
}

const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-layout-'));
      const launched = await launchWebHost({ demo: true, dataDir });
      if (launched.startupError) throw new Error(`the demo did not open: ${launched.startupError}`);
      const host: HostFixture = {
        url: launched.url,
        launched,
        simulator: () => launched.runtime.workspace.demoSimulator(),
      };
      const day = today();
      const data = await seedLayoutData(host);
      const ids = {
        cleaning: (
          await eventually(
            'a cleaning task',
            async () => (await ask(host, 'cleaning.list', { from: day, to: addDays(day, 7) }))[0],
          )
        ).id,
        maintenance: (
          await eventually(
            'a maintenance task',
            async () => (await ask(host, 'maintenance.list', { from: addDays(day, -30), to: addDays(day, 30) }))[0],
          )
        ).id,
        incident: (await eventually('an open incident', async () => (await ask(host, 'incidents.open', {}))[0])).id,
        admin: (
          await eventually('an intranet user', async () =>
            (await ask(host, 'admins.list', {})).find((a) => a.id !== null),
          )
        ).id!,
        owner: (await eventually('an owner', async () => (await ask(host, 'owners.list', {}))[0])).id,
      };
      const page = await browser.newPage({ viewport: SIZES[0] });
      await page.goto(host.url);
      await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
      await use({ host, page, data, ids });
      await page.close();
      await launched.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** Two animation frames: the layout after a resize or a change of language is done. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function setLocale(page: Page, locale: Locale): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === locale) return;
  await page.locator('[data-testid="language"], .lang select').first().selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

async function openHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await frames(page);
}

/** Closes what a case opened (the search palette takes one Escape to clear its text, one to close). */
async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.locator('dialog[open], [role="dialog"]').count()); i++)
    await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open], [role="dialog"]')).toHaveCount(0);
}

/** Each size and language of one view: the faults found, as lines; pictures as asked (and of every fault). */
async function tour(
  world: World,
  name: string,
  hash: string,
  prepare?: (page: Page, locale: Locale) => Promise<void>,
  page: Page = world.page,
): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(SIZES[0]);
  await openHash(page, hash);
  for (const locale of LOCALES) {
    // The language changes in place (the header's chooser, as a person does): the screen is not opened again.
    await page.setViewportSize(SIZES[0]);
    await setLocale(page, locale);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    if (prepare) await prepare(page, locale);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await frames(page);
      const faults = await page.evaluate(layoutFaults, world.data.listingNames);
      const tag = `${name} ${locale} ${size.width}×${size.height}`;
      found.push(...faults.map((f) => `${tag}: ${f.rule}: ${f.where} — ${f.detail}`));
      if (SHOTS_ENV || faults.length) {
        mkdirSync(SHOTS, { recursive: true });
        const file = `${name.replace(/[^a-z0-9]+/gi, '-')}-${locale}-${size.width}x${size.height}.png`;
        await page.screenshot({ path: join(SHOTS, file) });
      }
    }
    if (prepare) {
      // Close what was opened: the next language opens it afresh.
      await closeDialogs(page);
      await openHash(page, hash);
    }
  }
  for (const line of found) console.log(`layout: ${line}`);
  return found;
}

const SCREENS: [string, (w: World) => string][] = [
  ['board', () => '#/today'],
  ['arrivals', () => '#/arrivals'],
  ['registration', () => '#/registration'],
  ['calendar', () => '#/calendar'],
  ['cleaning', () => '#/cleaning'],
  ['cleaning task', (w) => `#/cleaning/${w.ids.cleaning}`],
  ['maintenance', () => '#/maintenance'],
  ['maintenance task', (w) => `#/maintenance/${w.ids.maintenance}`],
  ['incidents', () => '#/incidents'],
  ['incident', (w) => `#/incidents/${w.ids.incident}`],
  ['listings', () => '#/listings'],
  ['listing', (w) => `#/listings/${w.data.twinIds[0]}`],
  ['new listing', () => '#/listings?edit=1'],
  ['listing editor', (w) => `#/listings/${w.data.twinIds[0]}?edit=1`],
  ['prices', (w) => `#/prices/${w.data.twinIds[0]}`],
  ['owners', () => '#/owners'],
  ['owner', (w) => `#/owners/${w.ids.owner}`],
  ['costs', () => '#/costs'],
  ['destinations', () => '#/destinations'],
  ['intranet users', () => '#/admins'],
  ['intranet user', (w) => `#/admins/${w.ids.admin}`],
  ['new intranet user', () => '#/admins/new'],
  ['new booking', (w) => `#/newBooking?listing=${w.data.twinIds[0]}`],
  ['booking', (w) => `#/booking/${w.data.party}`],
  ['sync', () => '#/sync'],
];

for (const [name, hash] of SCREENS) {
  test(`layout: ${name}`, async ({ world }) => {
    test.setTimeout(240_000);
    expect(await tour(world, name, hash(world))).toEqual([]);
  });
}

/** Dialogs and states a screen opens, each found by what does not change with the language. */
const OPENED: [string, (w: World) => string, (page: Page) => Promise<void>][] = [
  [
    'day sheet dialog',
    () => '#/today',
    async (page) => {
      await page.locator('.paper button:not([data-export])').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
  [
    'board with tasks selected',
    () => '#/today',
    async (page) => {
      // The selection stays from the previous size or language of the tour: a second click would undo it.
      const box = page.locator('.board-grid [role="row"] input[type="checkbox"]').first();
      if (!(await box.isChecked())) await box.click();
      await expect(page.locator('.bulk')).toBeVisible();
    },
  ],
  [
    'guest dialog',
    (w) => `#/booking/${w.data.party}`,
    async (page) => {
      await page.locator('section[aria-labelledby="guests-title"] button.add').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
  [
    'cancel booking dialog',
    (w) => `#/booking/${w.data.party}`,
    async (page) => {
      await page.locator('.screen-head .btn.danger').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
  [
    'new block dialog',
    () => '#/calendar',
    async (page) => {
      await page.getByTestId('new-block').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
  [
    'new cost dialog',
    () => '#/costs',
    async (page) => {
      await page.locator('main .btn.primary.new').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
  [
    // The stay clashes with the 13-guest party: the PMS's answer and this computer's side by side
    // ("received … — Not free"), and the free listing of the same long name offered instead.
    'new booking with a clash',
    (w) => `#/newBooking?listing=${w.data.twinIds[0]}&from=${today()}&to=${addDays(today(), 2)}`,
    async (page) => {
      await expect(page.getByTestId('stay-clashes')).toBeVisible();
      await expect(page.locator('.asof')).toContainText('—');
      await expect(page.locator('.alts button').first()).toBeVisible();
    },
  ],
  [
    'search palette',
    () => '#/today',
    async (page) => {
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Apartamento');
      await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
    },
  ],
];

for (const [name, hash, open] of OPENED) {
  test(`layout: ${name}`, async ({ world }) => {
    test.setTimeout(240_000);
    expect(await tour(world, name, hash(world), open)).toEqual([]);
  });
}

test('layout: sign-in', async ({ world, browser }) => {
  test.setTimeout(240_000);
  // A host with no account yet: the sign-in screen, as a new person first sees it.
  const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-layout-signin-'));
  const launched = await launchWebHost({ demo: false, dataDir });
  const page = await browser.newPage({ viewport: SIZES[0] });
  try {
    await page.goto(launched.url);
    expect(await tour(world, 'sign-in', '#/', undefined, page)).toEqual([]);
  } finally {
    await page.close();
    await launched.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('layout: the Today board shows at least 8 listings’ rows at 1024×700 in every language', async ({ world }) => {
  const { page } = world;
  await page.setViewportSize(SIZES[0]);
  // The busiest day of the coming week, so there are more than 8 rows to show.
  const week = Array.from({ length: 7 }, (_, i) => addDays(today(), i));
  const sizes = await Promise.all(week.map(async (d) => (await ask(world.host, 'board.day', { date: d })).rows.length));
  const busiest = week[sizes.indexOf(Math.max(...sizes))]!;
  expect(Math.max(...sizes)).toBeGreaterThan(8);
  const counts: Record<string, number> = {};
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await openHash(page, `#/today?date=${busiest}`);
    await expect(page.locator('.board-grid')).toBeVisible();
    counts[locale] = await page.evaluate(() => {
      const view = document.querySelector('.board-grid .rows')?.getBoundingClientRect();
      if (!view) return 0;
      return [...document.querySelectorAll('.board-grid .rows [role="row"]')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= view.top - 1 && r.bottom <= Math.min(view.bottom, window.innerHeight) + 1;
      }).length;
    });
  }
  expect(counts).toEqual({ en: expect.any(Number), es: expect.any(Number), ca: expect.any(Number) });
  for (const locale of LOCALES) expect(counts[locale], `rows in ${locale}`).toBeGreaterThanOrEqual(8);
});

test('layout: the calendar’s From moves the grid, not only its title, in every language', async ({ world }) => {
  test.setTimeout(180_000);
  const { page } = world;
  await page.setViewportSize(SIZES[0]);
  const from = `${Number(today().slice(0, 4)) + 1}-10-01`;
  /** The day of the first column the grid shows (the head moves with the grid). */
  const firstShown = () =>
    page.evaluate(() => {
      const body = document.querySelector('.cal .body')?.getBoundingClientRect();
      const days = [...document.querySelectorAll('.cal .head .day')];
      return (
        (body && days.find((d) => d.getBoundingClientRect().right > body.left + 2)?.getAttribute('data-day')) ?? null
      );
    });
  await closeDialogs(page);
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await openHash(page, '#/calendar');
    // From today's week (scrolled to today), as a person finds it, to the first of October next year.
    await page.getByTestId('jump-today').click();
    await expect.poll(firstShown).not.toBe(from);
    await page.locator('#cal-from').fill(`${from.slice(8)}/${from.slice(5, 7)}/${from.slice(0, 4)}`);
    await page.locator('#cal-from').press('Enter');
    await expect.poll(firstShown, { message: `first day shown in ${locale}` }).toBe(from);
  }
});

test('layout: a destination named in es, en and ca is listed by its name in the screen’s language', async ({
  world,
}) => {
  const { page } = world;
  await page.setViewportSize(SIZES[0]);
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await openHash(page, '#/destinations');
    // The server shows back one name (the Spanish one); this computer knows what was typed in each language.
    await expect(page.locator('main').getByText(DESTINATION_NAMES[locale], { exact: true })).toBeVisible();
    for (const other of LOCALES.filter((l) => l !== locale))
      await expect(page.locator('main').getByText(DESTINATION_NAMES[other], { exact: true })).toHaveCount(0);
  }
});

test('layout: no PDF splits a word (day sheet, arrivals list, guest cards, owner statement) in en, es, ca', async ({
  world,
}) => {
  const found = await pdfFaults(world.host, world.data, world.ids.owner);
  for (const line of found) console.log(`layout: ${line}`);
  expect(found).toEqual([]);
});
