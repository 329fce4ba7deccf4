// The Sync page and the search results in Spanish and in Catalan, in Chromium
// against the demo simulator, with changes made offline of every awkward kind:
// a new booking with its guests waiting for it, a new owner and a cost of
// that owner. No phrase of the English catalog is left (record names, which
// are the person's data, aside), in the text or in a hover; no negative number
// is shown anywhere (a record made here is "new — not yet in the PMS"); the
// cost names its owner; the waiting guests say what they wait for in words.
// With SCREENSHOTS=<dir>, both pages in each language.
import type { Page } from '@playwright/test';
import { englishIn, englishPhrases, phraseMatchers } from './english-phrases';
import { expect, test, type HostFixture } from './fixtures';
import { freeStay, takeOffline } from './new-booking-steps';
import { ask, expectUnsent, open, shoot } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];
const NEW = { es: 'aún no está en el PMS', ca: 'encara no és al PMS' } as const;

/** A negative number as a person would read it: "-4", "Booking -4", "(-2)" — not a dash between words or a range. */
const NEGATIVE = /(^|[\s(:#·])-\d+/u;

/** The text of an element and every hover title inside it. */
async function textAndTitles(page: Page, selector: string): Promise<string> {
  return page.evaluate<string>(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)});
    if (!root) return '';
    const titles = [...root.querySelectorAll('[title]')].map((e) => e.getAttribute('title'));
    return [root.innerText, ...titles].join('\\n');
  })()`);
}

/** The changes the person makes offline: a new booking with two guests waiting for it, a new owner and its cost. */
async function offlineChanges(page: Page, host: HostFixture, skip: number, surname: string) {
  const stay = await freeStay(host, 2, skip);
  await takeOffline(page, host, stay, surname, `PA${surname.toUpperCase()}`);
  const owner = await ask(host, 'owners.create', { owner: { name: `Marta ${surname}`, email: 'marta@example.org' } });
  await ask(host, 'costs.create', { cost: { owner_id: owner.recordId!, concept: 'Fontanero', amount: 85.5 } });
  // The booking, its two guests from the form, the owner and the cost.
  await expectUnsent(page, 5);
}

for (const [locale, skip] of [
  ['es', 8],
  ['ca', 9],
] as const) {
  test(`the Sync page and search results in ${locale}: no English, no negative number`, async ({ page, demoHost }) => {
    test.setTimeout(240_000);
    const surname = locale === 'es' ? 'Vidalez' : 'Vidalot';
    await offlineChanges(page, demoHost, skip, surname);
    const phrases = phraseMatchers(englishPhrases(locale));
    await page.getByTestId('language').selectOption(locale);

    await open(page, '#/sync');
    const entries = page.locator('li[data-entry]');
    await expect(entries).toHaveCount(5);
    await page.waitForTimeout(500); // the relative times and marks settle; the text is read whole below
    const sync = await textAndTitles(page, 'main');
    expect(englishIn('#/sync', sync, phrases)).toEqual([]);
    expect(sync).not.toMatch(NEGATIVE);
    // The cost names its new owner; the booking and what waits for it say "not yet in the PMS".
    await expect(page.locator('li[data-entry]', { hasText: 'Fontanero' })).toContainText(`Marta ${surname}`);
    expect(sync).toContain(NEW[locale]);
    await page.locator('#outbox-title').scrollIntoViewIfNeeded();
    await shoot(page, SHOTS, `sync-${locale}`);
    if (SHOTS) await page.locator('section.outbox').screenshot({ path: `${SHOTS}/sync-${locale}-outbox.png` });

    await page.keyboard.press('Control+k');
    await page.locator('#search-input').fill('Dora');
    const hits = page.getByRole('listbox');
    await expect(hits.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
    await expect(hits).toContainText(NEW[locale]);
    const found = await textAndTitles(page, '#search-results');
    expect(englishIn('search', found, phrases)).toEqual([]);
    expect(found).not.toMatch(NEGATIVE);
    await shoot(page, SHOTS, `search-${locale}`);
  });
}
