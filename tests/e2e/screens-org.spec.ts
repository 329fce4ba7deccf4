// Owners, their costs and destinations as an office uses them: an owner added with the server out
// of reach, then a cost for that owner before the owner exists on the server — both wait on this
// computer, marked; back online both reach the server once, the cost under the owner's real id.
// And a destination's Spanish and English names edited. SCREENSHOTS=<dir> also keeps pictures of
// the screens at 1366×768 and 1024×700.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, shoot, simulator } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

/**
 * Submits (`button`) with the field labelled `label` holding a mistake: the form marks that field and
 * keeps the rest; then the right value goes in, the form is pictured (with SCREENSHOTS) and submitted again.
 */
async function correctAndSubmit(
  page: Page,
  form: Page | Locator,
  button: string,
  label: string,
  right: string,
  picture: string,
) {
  const submit = form.getByRole('button', { name: button });
  await submit.click();
  await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(label).fill(right);
  await shoot(page, SHOTS, picture);
  await submit.click();
}

test('an owner and a cost of that owner made offline reach the server once, the cost under the owner’s id', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(240_000);
  await eventually('owners synced', async () => (await ask(demoHost, 'owners.list', {})).length > 0 || null, 120_000);
  const sim = simulator(demoHost);
  await page.goto(demoHost.url);
  await open(page, '#/owners');
  await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();
  await shoot(page, SHOTS, 'owners-list');

  sim.setOnline(false);
  await page.getByRole('button', { name: 'New owner' }).click();
  let dialog = page.getByRole('dialog');
  // Neither a name nor a company: said at the name.
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Enter a name or a company name.')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Laia Ferrer Offline');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Fiscal city').fill('Figueres');
  await correctAndSubmit(page, dialog, 'Add', 'Email', 'laia@example.org', 'owner-new');
  await expect(dialog).toBeHidden();
  await expectUnsent(page, 1);
  const row = page.locator('[role="row"][data-record]', { hasText: 'Laia Ferrer Offline' });
  await expect(row).toHaveAttribute('data-outbox', 'pending');
  await expect(row.getByText('Waiting to send')).toBeVisible();

  await open(page, '#/costs');
  await page.getByRole('button', { name: 'New cost' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('12,x');
  await dialog.getByLabel('Owner').selectOption({ label: 'Laia Ferrer Offline' });
  await dialog.getByLabel('Concept').fill('Pintura fachada');
  await correctAndSubmit(page, dialog, 'Add', 'Amount', '480,25', 'cost-new');
  await expect(dialog).toBeHidden();
  await expectUnsent(page, 2);
  await page.getByLabel('Concept').fill('fachada');
  const costRow = page.locator('[role="row"][data-record]', { hasText: 'Pintura fachada' });
  await expect(costRow).toContainText('Laia Ferrer Offline');
  await expect(costRow).toHaveAttribute('data-outbox', 'pending');
  await costRow.click();
  await shoot(page, SHOTS, 'costs-detail');

  sim.setOnline(true);
  await expectUnsent(page, 0, 120_000);
  const applied = (endpoint: string) =>
    sim.mutations().filter((m) => m.actor === 'api' && m.result === 'applied' && m.endpoint === endpoint);
  const owners = applied('owners.create');
  const costs = applied('costs.create');
  expect(owners).toHaveLength(1);
  expect(costs).toHaveLength(1);
  expect(costs[0]!.body).toEqual({ owner_id: owners[0]!.id, concept: 'Pintura fachada', amount: 480.25 });
  await expect(costRow).toHaveAttribute('data-outbox', '');

  // The owner's page: its cost per concept, and the statement buttons.
  await open(page, `#/owners/${owners[0]!.id}`);
  await expect(page.getByRole('heading', { name: /Laia Ferrer Offline/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Pintura fachada/ })).toContainText('480.25');
  await shoot(page, SHOTS, 'owner-detail');
  if (SHOTS) {
    await page.getByTestId('language').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Propietarios', level: 1 })).toBeVisible();
    await shoot(page, SHOTS, 'owner-detail-es');
    await open(page, '#/costs');
    await shoot(page, SHOTS, 'costs-es');
  }
});

test('a destination’s Spanish and English names are edited and reach the server', async ({ page, demoHost }) => {
  test.setTimeout(180_000);
  const destination = await eventually(
    'destinations synced',
    async () => (await ask(demoHost, 'destinations.list', {}))[0],
    120_000,
  );
  const sim = simulator(demoHost);
  await page.goto(demoHost.url);
  await open(page, `#/destinations/${destination.id}`);
  await expect(page.getByText('Name the server shows')).toBeVisible();
  await page.getByLabel('Name (Spanish)', { exact: true }).fill('Costa Dorada Sur');
  await page.getByLabel('Name (English)', { exact: true }).fill('Southern Golden Coast');
  await page.getByLabel('Maximum days').fill('treinta');
  await correctAndSubmit(page, page, 'Save', 'Maximum days', '28', 'destination-detail');
  await expectUnsent(page, 0, 60_000);
  const sent = sim
    .mutations()
    .filter((m) => m.actor === 'api' && m.result === 'applied' && m.endpoint === 'destinations.update');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toEqual({ name: { es: 'Costa Dorada Sur', en: 'Southern Golden Coast' }, max_days: 28 });
  await expect(
    page.locator('[role="row"][data-record]', { hasText: /Costa Dorada Sur|Southern Golden Coast/ }),
  ).toBeVisible();
});

test('a booking shows the name of its origin (origins are read-only)', async ({ page, demoHost }) => {
  test.setTimeout(180_000);
  const origins = await eventually('origins synced', async () => {
    const all = await ask(demoHost, 'origins.list', {});
    return all.length ? all : null;
  });
  const booking = await eventually('a booking with an origin', async () => {
    const from = new Date().toISOString().slice(0, 10);
    const list = await ask(demoHost, 'bookings.list', { from, to: from });
    return list.find((b) => b.source_id !== null && origins.some((o) => o.id === b.source_id));
  });
  await page.goto(demoHost.url);
  await open(page, `#/booking/${booking.booking_number}`);
  const name = origins.find((o) => o.id === booking.source_id)!.name;
  await expect(page.getByTestId('booking-origin')).toHaveText(`· Source: ${name}`);
});
