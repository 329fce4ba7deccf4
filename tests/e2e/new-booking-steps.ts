// Steps of the New booking flow shared by the end-to-end tests that take a
// booking at the desk: a free stay found through the app's own checks, the
// form filled, guests entered in its dialog, a booking taken offline, and the
// writes the simulator applied.
import type { Page } from '@playwright/test';
import { expect, type HostFixture } from './fixtures';
import { addDays, ask, eventually, open, simulator, today } from './screens-helpers';

/** A listing and nights that fit in the local data (and the server's), some weeks ahead. */
export async function freeStay(host: HostFixture, nights = 2, skip = 0) {
  return eventually('a free stay', async () => {
    const listings = await ask(host, 'listings.list', {});
    let seen = 0;
    for (const l of listings.filter((x) => x.active && !x.mu && (x.person_capacity ?? 0) >= 2))
      for (let d = addDays(today(), 40); d < addDays(today(), 70); d = addDays(d, 3)) {
        const c = await ask(host, 'stays.check', {
          listingId: l.id,
          from: d,
          to: addDays(d, nights),
          adults: 2,
          children: 0,
        });
        if (c.fits === true && seen++ >= skip) return { listing: l, from: d, to: addDays(d, nights) };
      }
    return null;
  });
}

export const applied = (host: HostFixture, re: RegExp, marker: string) =>
  simulator(host)
    .mutations()
    .filter((m) => m.actor === 'api' && m.result === 'applied' && re.test(m.endpoint))
    .filter((m) => JSON.stringify(m.body).includes(marker));

export async function fillNewBooking(page: Page, surname: string) {
  await expect(page.getByTestId('stay-verdict')).toHaveAttribute('data-fits', 'true', { timeout: 30_000 });
  await page.getByLabel('First name').fill('Walk');
  await page.getByLabel('Surname').fill(surname);
  await page.getByLabel('Phone').fill('+34 600 000 000');
}

export const guestOf = (name: string, doc: string) => ({ name, lastname: 'Desk', docType: 'Passport', doc });

/** Enters a guest in the New booking form's registration dialog, by field ids (any UI language). */
export async function guestInForm(page: Page, name: string, doc: string) {
  await page.getByTestId('nb-add-guest').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#guest-name').fill(name);
  await dialog.locator('#guest-lastname').fill('Form');
  await dialog.locator('#guest-document_type_id').selectOption('5');
  await dialog.locator('#guest-number_id').fill(doc);
  await dialog.locator('#guest-date_issue').fill('04/05/2022');
  await dialog.locator('#guest-nationality').selectOption('73');
  await dialog.locator('#guest-sex').selectOption('F');
  await dialog.locator('#guest-date_birth').fill('11/11/1985');
  await page.locator('button[type="submit"][form="guest-form"]').click();
  await expect(dialog).toBeHidden();
}

/** Two guests in the form, checked in its list; the guests section scrolled into view. */
export async function twoGuestsInForm(page: Page, prefix: string) {
  await guestInForm(page, 'Dora', `${prefix}1`);
  await guestInForm(page, 'Eloi', `${prefix}2`);
  await expect(page.getByTestId('nb-guest')).toHaveCount(2);
  await page.locator('#nb-guests').scrollIntoViewIfNeeded();
}

/** Takes a new booking of `stay` offline from the form; answers its local number. */
export async function takeOffline(
  page: Page,
  host: HostFixture,
  stay: Awaited<ReturnType<typeof freeStay>>,
  surname: string,
  guests: string | null = null,
) {
  await page.goto(host.url);
  simulator(host).setOnline(false);
  await open(page, `#/newBooking?listing=${stay.listing.id}&from=${stay.from}&to=${stay.to}`);
  await fillNewBooking(page, surname);
  await expect(page.getByTestId('card-offline')).toBeVisible();
  if (guests) await twoGuestsInForm(page, guests);
  await page.getByTestId('save-booking').click();
  await expect(page.getByRole('heading', { name: /New booking — not yet in the PMS/ })).toBeVisible();
  return Number(/#\/booking\/(-\d+)/.exec(page.url())![1]);
}
