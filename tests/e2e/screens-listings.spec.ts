// The listing editor as a desk uses it: check-in times and the Wi-Fi password
// changed with the server unreachable are shown at once with the change's
// mark and reach the server once when it is back (mutation log); a new
// listing with two rooms, added offline, shows in Listings at once; a block
// made on it before the server has it waits, and both arrive once, the block
// under the listing's real id. A change the server refuses shows its banner in
// the editor; "Edit and send again" puts my values back, corrected it is sent once. SCREENSHOTS=<dir> saves the editor at 1366×768 and 1920×1080.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, simulator } from './screens-helpers';

const shots = process.env['SCREENSHOTS'];

/**
 * Saves the editor with a mistake in the field labelled `label`: it asks to check the highlighted
 * fields and saves nothing; the right value goes in, the editor is pictured (with SCREENSHOTS, at
 * the window's size) and saved.
 */
async function correctAndSave(page: Page, label: string, right: string, picture: string): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Check the highlighted fields.')).toBeVisible();
  await page.getByLabel(label).fill(right);
  if (shots) await page.screenshot({ path: `${shots}/${picture}-1366.png`, fullPage: false });
  await page.getByRole('button', { name: 'Save' }).click();
}

/** What this app's requests wrote at an endpoint, per the simulator's mutation log. */
const applied = (sim: ReturnType<typeof simulator>, endpoint: string) =>
  sim.mutations().filter((m) => m.actor === 'api' && m.result === 'applied' && m.endpoint === endpoint);

test('editing check-in times and the Wi-Fi password offline: shown at once, applied once online', async ({
  page,
  demoHost,
}) => {
  const listing = await eventually('a listing', async () => (await ask(demoHost, 'listings.list', {}))[0]);
  const sim = simulator(demoHost);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(demoHost.url);
  await open(page, `#/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();

  sim.setOnline(false);
  await page.getByRole('link', { name: 'Edit listing' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${listing.name}` })).toBeVisible();
  await page.locator('#le-checkinfrom').fill('16:30');
  await page.locator('#le-checkinto').fill('22:00');
  const wifi = page.getByLabel('Wi-Fi password');
  await expect(wifi).toHaveAttribute('type', 'password');
  await wifi.fill('sea-view-2026');
  // A date-like mistake is caught where the person looks, nothing saved.
  await page.getByLabel('Check-out by').fill('25:99');
  await correctAndSave(page, 'Check-out by', '11:00', 'listing-edit');
  await expectUnsent(page, 1);
  const detail = await ask(demoHost, 'listings.get', { id: listing.id });
  expect(detail.listing).toMatchObject({ checkinfrom: '16:30', checkinto: '22:00', wifi_password: 'sea-view-2026' });
  expect(detail.listing.outbox?.state).toBe('pending');
  if (shots) {
    await page.getByRole('link', { name: '← Back' }).click();
    await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    await page.screenshot({ path: `${shots}/listing-detail-pending-1366.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('link', { name: 'Edit listing' }).click();
    await page.screenshot({ path: `${shots}/listing-edit-pending-1920.png` });
  }

  sim.setOnline(true);
  await expectUnsent(page, 0, 60_000);
  const updates = applied(sim, 'listings.update');
  expect(updates).toHaveLength(1);
  expect(updates[0]!.body).toMatchObject({ checkinfrom: '16:30', checkinto: '22:00', wifi_password: 'sea-view-2026' });
});

test('a new listing with two rooms and a block on it, both made offline: both on the server under its real id, once', async ({
  page,
  demoHost,
}) => {
  const sim = simulator(demoHost);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(demoHost.url);
  await open(page, '#/listings');
  if (shots) await page.setViewportSize({ width: 1366, height: 768 });
  sim.setOnline(false);
  await page.getByRole('link', { name: 'New listing' }).click();
  await page.locator('#le-name').fill('Casa Rooms Test');
  await page.locator('#le-city').fill('Girona');
  await page.getByLabel('Sleeps (people)').fill('abc');
  await page.getByRole('button', { name: 'Add room' }).click();
  await page.getByRole('button', { name: 'Add room' }).click();
  await page.getByRole('group', { name: 'Room 2' }).getByLabel('Room 2 · Bed type').fill('Single');
  await page.getByRole('group', { name: 'Room 2' }).getByLabel('Room 2 · How many').fill('2');
  await page.locator('#le-description-en').fill('A quiet flat in the old town.');
  await page.locator('#le-description-es').fill('Un piso tranquilo en el casco antiguo.');
  await correctAndSave(page, 'Sleeps (people)', '4', 'listing-new');
  await expect(page.getByRole('heading', { name: 'Listings' })).toBeVisible();
  await page.getByLabel('Name or city').fill('Casa Rooms');
  const row = page.getByRole('row', { name: /Casa Rooms Test/ });
  await expect(row).toContainText('Waiting to send');
  if (shots) await page.screenshot({ path: `${shots}/listings-list-1920.png` });
  await expectUnsent(page, 1);

  // A block on it before the server has it: it waits for the listing.
  await open(page, '#/calendar');
  await page.getByRole('button', { name: '+ New block' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Listing').selectOption({ label: 'Casa Rooms Test' });
  await dialog.getByLabel('Reason').fill('Painting (new listing)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expectUnsent(page, 2);

  sim.setOnline(true);
  await expectUnsent(page, 0, 60_000);
  const created = applied(sim, 'listings.create');
  expect(created).toHaveLength(1);
  expect(created[0]!.body).toMatchObject({
    name: 'Casa Rooms Test',
    person_capacity: 4,
    rooms: { '1': [{ type: 'Double', num_beds: 1 }], '2': [{ type: 'Single', num_beds: 2 }] },
    description: { en: 'A quiet flat in the old town.', es: 'Un piso tranquilo en el casco antiguo.' },
  });
  const blocks = applied(sim, 'blocks.create');
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.body).toMatchObject({ listing_id: String(created[0]!.id), reason: 'Painting (new listing)' });
  const mine = (await ask(demoHost, 'listings.list', {})).filter((l) => l.name === 'Casa Rooms Test');
  expect(mine).toEqual([expect.objectContaining({ id: created[0]!.id })]);
});

test('a refused listing change: the editor shows why, Edit and send again fills the form, sent once corrected', async ({
  page,
  demoHost,
}) => {
  const listing = await eventually('a listing with an owner', async () =>
    (await ask(demoHost, 'listings.list', {})).find((l) => l.owner_id !== null),
  );
  const sim = simulator(demoHost);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(demoHost.url);
  // An owner the server does not know (as when someone deleted it meanwhile): refused with its reason.
  await ask(demoHost, 'listings.update', { id: listing.id, changes: { owner_id: 999_999, key_number: 'K-REF' } });
  await expectUnsent(page, 1);
  await open(page, `#/listings/${listing.id}?edit=1`);
  const banner = page.getByTestId('refused-banner');
  await expect(banner).toContainText('owner', { timeout: 60_000 });
  if (shots) await page.screenshot({ path: `${shots}/listing-refused-1366.png` });
  await banner.getByRole('link', { name: 'Edit and send again' }).click();
  await expect(page.locator('#le-key_number')).toHaveValue('K-REF');
  await page.locator('#le-owner_id').selectOption(String(listing.owner_id));
  await page.getByRole('button', { name: 'Save' }).click();
  await expectUnsent(page, 0, 60_000);
  const updates = applied(sim, 'listings.update').filter((m) => m.id === listing.id);
  expect(updates).toHaveLength(1);
  // The owner picked is the one the server already has: only the key number needed sending.
  expect(updates[0]!.body).toEqual({ key_number: 'K-REF' });
  expect((await ask(demoHost, 'listings.get', { id: listing.id })).listing).toMatchObject({
    key_number: 'K-REF',
    owner_id: listing.owner_id,
    outbox: null,
  });
});
