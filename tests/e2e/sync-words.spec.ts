// The words of sync never borrow a business word, seen in Chromium in every UI
// language: an offline edit on the board, then the mark on the record, the
// header's connection and unsent count, and the Sync page's own words (record
// names and changed values aside) are checked against the booking statuses and
// task states of that language's catalog; the offline toast says the change is
// saved on this computer. And the header at 1024×700 with unsent changes (one
// refused, so "needs attention" too) keeps the connection words, the count and
// "Sign out" whole, inside the window.
// Set SCREENSHOTS=<dir> to keep PNGs of the header at 1366×768 and 1024×700.
import type { Page } from '@playwright/test';
import { isBusinessWordKey } from '../../renderer/src/i18n/business-words';
import { ca } from '../../renderer/src/i18n/ca';
import { caCodes } from '../../renderer/src/i18n/codes-ca';
import { enCodes } from '../../renderer/src/i18n/codes-en';
import { esCodes } from '../../renderer/src/i18n/codes-es';
import { en } from '../../renderer/src/i18n/en';
import { es } from '../../renderer/src/i18n/es';
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, shoot, simulator, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];
/** Each language's messages and code names (booking statuses live with the codes), as the app merges them. */
const CATALOGS: Record<'en' | 'es' | 'ca', Record<string, string>> = {
  en: { ...en, ...enCodes },
  es: { ...es, ...esCodes },
  ca: { ...ca, ...caCodes },
};

/** Words of a text, lower case, without accents (as the catalog test reads them). */
function words(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return plain.split(/[^a-z]+/).filter((w) => w.length >= 3);
}

/** Two words collide when they are the same short word or share the first five letters ("confirm…", "pendi…"). */
const stem = (w: string): string => (w.length >= 5 ? w.slice(0, 5) : w);

/** The booking-status and task-state words of a catalog, as stems. */
function businessStems(catalog: Record<string, string>): Set<string> {
  const messages = Object.entries(catalog)
    .filter(([k]) => isBusinessWordKey(k))
    .map(([, v]) => v);
  return new Set(messages.flatMap(words).map(stem));
}

/**
 * The budget's own sentences ("Paused until 04:25: this hour's requests are used up"), which may show on a
 * demo whose hour earlier tests spent: the request budget is no change's fate (see NOT_SYNC_WORDS), and its
 * "requests" share a stem with the booking status "On request".
 */
const BUDGET_KEYS = ['budget.pausedUntil', 'conn.verdict.budgetPaused'];
const budgetSentences = (catalog: Record<string, string>): RegExp[] =>
  BUDGET_KEYS.map(
    (k) =>
      new RegExp(
        catalog[k]!.split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*?'),
        'g',
      ),
  );

/** "where: word" for every word of `text` that is a business word (the budget's own sentences left out). */
function clashes(where: string, text: string, taken: Set<string>, budget: readonly RegExp[] = []): string[] {
  return words(budget.reduce((t, re) => t.replace(re, ' '), text))
    .filter((w) => taken.has(stem(w)))
    .map((w) => `${where}: "${w}" in "${text.trim()}"`);
}

/**
 * The Sync page's own text: the main column without what names records or
 * kinds of records (a change's record and values; the freshness table's data
 * and scope names: "Bookings", "from all bookings" — nouns, while "booking" is
 * also a word of the status "Pre-booking"), and without the request budget
 * and its settings — the API's "requests" per hour, which are no change's fate
 * (and share a stem with the booking status "On request" in every language).
 * A string expression: these tests compile without the DOM library.
 */
const NOT_SYNC_WORDS = [
  '.changes',
  '.label',
  'section[aria-labelledby="budget-title"]',
  'section[aria-labelledby="settings-title"]',
  'section[aria-labelledby="fresh-title"] tbody td:nth-child(-n+2)',
].join(', ');

async function syncPageWords(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const main = document.querySelector('main').cloneNode(true);
    for (const el of main.querySelectorAll(${JSON.stringify(NOT_SYNC_WORDS)})) el.remove();
    return main.innerText ?? main.textContent;
  })()`);
}

/** At this size the header keeps connection, unsent count and "Sign out" whole, in the window. */
async function expectHeaderFits(
  page: Page,
  signOut: string,
  [width, height]: readonly [number, number],
): Promise<void> {
  await page.setViewportSize({ width, height });
  const header = page.locator('header.top');
  const box = (await header.boundingBox())!;
  for (const part of [
    page.locator('[data-connectivity]'),
    page.getByTestId('unsent-count'),
    header.getByRole('button', { name: signOut }),
  ]) {
    await expect(part).toBeVisible();
    const b = (await part.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    expect(b.y).toBeGreaterThanOrEqual(box.y);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
  }
  // Nothing cut (a string expression: see above): the count on one line; the connection words whole,
  // on two lines at most when the window is narrow ("Server unreachable / since 02:08").
  const fits = await page.evaluate<Record<string, { sw: number; cw: number; sh: number; ch: number; lines: number }>>(
    `Object.fromEntries([['count', '[data-testid="unsent-count"]'], ['connection', '[data-connectivity] .conn-text']]
      .map(([name, sel]) => {
        const el = document.querySelector(sel);
        const s = getComputedStyle(el);
        const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
        return [name, { sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight,
          lines: Math.round(el.getBoundingClientRect().height / line) }];
      }))`,
  );
  for (const [name, f] of Object.entries(fits)) {
    expect(f.sw, name).toBeLessThanOrEqual(f.cw + 1);
    expect(f.sh, name).toBeLessThanOrEqual(f.ch + 1);
  }
  expect(fits['count']!.lines).toBe(1);
  expect(fits['connection']!.lines).toBeLessThanOrEqual(2);
  await page.setViewportSize({ width: 1366, height: 768 });
}

for (const locale of ['en', 'es', 'ca'] as const) {
  test(`${locale}: an offline edit is marked and listed in sync words, never a business word`, async ({
    page,
    demoHost,
  }) => {
    test.setTimeout(120_000);
    const catalog = CATALOGS[locale];
    const taken = businessStems(catalog);
    expect(taken.size).toBeGreaterThanOrEqual(11);
    const day = today();
    const task = await eventually('an uninspected cleaning task today', async () => {
      const board = await ask(demoHost, 'board.day', { date: day });
      return board.rows.flatMap((r) => r.cleaning).find((c) => !c.inspected && !c.outbox);
    });

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(demoHost.url);
    await expect(page.getByRole('heading', { name: en['today.title'] })).toBeVisible();
    if (locale !== 'en') {
      await page.getByTestId('language').selectOption(locale);
      await expect(page.getByRole('heading', { name: catalog['today.title'] })).toBeVisible();
    }
    await expect(page.getByTestId(`inspect-c-${task.id}`)).toBeVisible({ timeout: 30_000 });

    // Offline, known as offline: the edit is kept on this computer, and the toast says so.
    simulator(demoHost).setOnline(false);
    await expect(page.locator('[data-connectivity]')).toHaveAttribute('data-connectivity', 'unreachable', {
      timeout: 30_000,
    });
    // A toast lives 4 s, which a loaded machine can spend before the test reads it: every toast text
    // shown from the click on is kept as it appears (a string expression: see above).
    await page.evaluate(`(() => {
      window.__toastTexts = [];
      const keep = () => {
        for (const el of document.querySelectorAll('.toast')) {
          if (!window.__toastTexts.includes(el.innerText)) window.__toastTexts.push(el.innerText);
        }
      };
      new MutationObserver(keep).observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);
    await page.getByTestId(`inspect-c-${task.id}`).click();
    const savedOffline = catalog['toast.savedOffline']!;
    await expect
      .poll(() => page.evaluate<string[]>('window.__toastTexts'))
      .toContainEqual(expect.stringContaining(savedOffline));
    await expectUnsent(page, 1);

    const found: string[] = [];
    const toastText = (await page.evaluate<string[]>('window.__toastTexts')).find((t) => t.includes(savedOffline))!;
    found.push(...clashes('toast', toastText, taken));
    const mark = page.locator(`[data-task="c:${task.id}"] [data-outbox]`).first();
    await expect(mark).toHaveAttribute('data-outbox', /pending|unknown/);
    found.push(...clashes('mark', await mark.innerText(), taken));
    found.push(...clashes('mark title', (await mark.getAttribute('title')) ?? '', taken));
    const budget = budgetSentences(catalog);
    found.push(...clashes('header', await page.getByTestId('header-status').innerText(), taken, budget));
    await shoot(page, SHOTS, `sync-words-header-${locale}`);
    await expectHeaderFits(page, catalog['header.signOut']!, [1024, 700]);

    await open(page, '#/sync');
    await expect(page.locator('li[data-entry]')).toHaveCount(1);
    found.push(...clashes('sync page', await syncPageWords(page), taken, budget));
    expect(found).toEqual([]);
  });
}

for (const locale of ['ca', 'es'] as const) {
  test(`${locale}: at 1024×700 and 1366×768, offline with a refused change and an unsent one, the header keeps the whole truth`, async ({
    page,
    demoHost,
  }) => {
    const catalog = CATALOGS[locale];
    const day = today();
    const tasks = await eventually('two uninspected cleaning tasks today', async () => {
      const board = await ask(demoHost, 'board.day', { date: day });
      const open = board.rows.flatMap((r) => r.cleaning).filter((c) => !c.inspected && !c.outbox);
      return open.length >= 2 ? open : null;
    });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(demoHost.url);
    await page.getByTestId('language').selectOption(locale);
    await expect(page.getByRole('heading', { name: catalog['today.title'] })).toBeVisible();
    // A status this server does not know: refused, so one change needs attention.
    await ask(demoHost, 'cleaning.update', { id: tasks[0]!.id, changes: { status: 7 } });
    await expect(page.getByTestId('unsent-count').locator('.pill')).toBeVisible({ timeout: 60_000 });
    simulator(demoHost).setOnline(false);
    await expect(page.locator('[data-connectivity]')).toHaveAttribute('data-connectivity', 'unreachable', {
      timeout: 30_000,
    });
    await page.getByTestId(`inspect-c-${tasks[1]!.id}`).click();
    await expectUnsent(page, 2);
    await shoot(page, SHOTS, `sync-words-header-attention-${locale}`);
    for (const size of [
      [1024, 700],
      [1366, 768],
    ] as const)
      await expectHeaderFits(page, catalog['header.signOut']!, size);
  });
}
