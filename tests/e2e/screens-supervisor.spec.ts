// A supervisor works through an outage: marks cleaning tasks inspected on the
// day board and edits a task's notes while the server is unreachable, sees
// them pending, reconnects and sees them confirmed — and the server applied
// each change exactly once.
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, simulator, today } from './screens-helpers';

test('edits made offline are kept pending, then confirmed once on reconnect', async ({ page, demoHost }) => {
  const day = today();
  // Three open cleaning tasks of today, once sync has brought them.
  const tasks = await eventually('three uninspected cleaning tasks today', async () => {
    const board = await ask(demoHost, 'board.day', { date: day });
    const open = board.rows.flatMap((r) => r.cleaning).filter((c) => !c.inspected && !c.outbox);
    return open.length >= 3 ? open.slice(0, 3) : null;
  });
  const [a, b, c] = tasks as [(typeof tasks)[0], (typeof tasks)[0], (typeof tasks)[0]];

  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  await expect(page.getByTestId(`inspect-c-${a.id}`)).toBeVisible({ timeout: 30_000 });

  const sim = simulator(demoHost);
  sim.setOnline(false);

  await page.getByTestId(`inspect-c-${a.id}`).click();
  await page.getByTestId(`inspect-c-${b.id}`).click();
  await expect(page.getByTestId(`inspect-c-${a.id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId(`inspect-c-${b.id}`)).toHaveAttribute('aria-pressed', 'true');

  await open(page, `#/cleaning/${c.id}`);
  const panel = page.getByRole('complementary');
  await panel.getByLabel('Notes').fill('Offline note: bring extra towels');
  await panel.getByRole('button', { name: 'Save' }).click();

  // Pending: on the records, in the header, on the Sync screen; and the header says offline.
  await expect(panel.locator('[data-outbox]').first()).toHaveAttribute('data-outbox', /pending|sending|unknown/);
  await expectUnsent(page, 3);
  await expect(page.locator('[data-connectivity]').first()).toHaveAttribute('data-connectivity', 'unreachable', {
    timeout: 30_000,
  });
  await open(page, '#/today');
  for (const t of [a, b])
    await expect(page.locator(`[data-task="c:${t.id}"] [data-outbox]`)).toHaveAttribute(
      'data-outbox',
      /pending|sending|unknown/,
    );
  await open(page, '#/sync');
  const unsent = page.locator('li[data-entry]');
  await expect(unsent).toHaveCount(3);
  for (let i = 0; i < 3; i++) expect(await unsent.nth(i).getAttribute('data-state')).toMatch(/pending|unknown/);

  // Reconnect: the server is back; the person asks for a sync.
  sim.setOnline(true);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expectUnsent(page, 0, 60_000);
  await expect(page.getByTestId('outbox-empty')).toBeVisible();
  await page.getByRole('tab', { name: 'All recent' }).click();
  for (const t of [a, b, c])
    await expect(page.locator(`li[data-entry][data-state="confirmed"] a[href="#/cleaning/${t.id}"]`)).toBeVisible();

  // The server applied each change exactly once.
  const applied = sim.mutations().filter((m) => m.actor === 'api' && m.result === 'applied');
  for (const t of [a, b, c]) expect(applied.filter((m) => m.id === t.id && /clean/.test(m.endpoint))).toHaveLength(1);
  const onC = applied.find((m) => m.id === c.id)!;
  expect(onC.body).toMatchObject({ notes: 'Offline note: bring extra towels' });
  expect(applied.find((m) => m.id === a.id)!.body).toMatchObject({ inspected: 1 });

  // And the records show the result, with no mark left.
  await open(page, '#/today');
  await expect(page.getByTestId(`inspect-c-${a.id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`[data-task="c:${a.id}"] [data-outbox]:not([data-outbox="confirmed"])`)).toHaveCount(0);
});
