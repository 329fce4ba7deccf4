// Another user (the simulator's churn) changes a cleaning task's notes while
// this desk, offline, changes the same notes: back online, the conflict is
// shown with both values and resolved by keeping mine — sent once.
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, open, simulator } from './screens-helpers';

test('a conflict made by churn is shown with both values and resolved', async ({ page, demoHost }) => {
  const sim = simulator(demoHost);
  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();

  // Wait until near cleaning tasks are cached, then go offline.
  await eventually('cached cleaning tasks', async () => {
    const d = new Date().toISOString().slice(0, 10);
    const list = await ask(demoHost, 'cleaning.list', { from: d, to: d });
    return list.length ? list : null;
  });
  sim.setOnline(false);

  // Churn until another user has changed the notes of a cleaning task we have cached.
  const theirs = await eventually('a churned cleaning note on a cached task', async () => {
    for (const m of sim.churn(1)) {
      const body = m.body as Record<string, unknown>;
      if (!/clean/.test(m.endpoint) || typeof body['notes'] !== 'string' || m.id === null) continue;
      const r = await demoHost.launched.runtime.dispatcher.dispatch('cleaning.get', { id: m.id });
      if (r.ok) return { id: m.id, notes: body['notes'] };
    }
    return null;
  });

  await open(page, `#/cleaning/${theirs.id}`);
  const panel = page.getByRole('complementary');
  await panel.getByLabel('Notes').fill('Mine: keys left with the neighbour');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expectUnsent(page, 1);

  sim.setOnline(true);
  await open(page, '#/sync');
  await page.getByRole('button', { name: 'Sync now' }).click();
  const entry = page.locator('li[data-entry][data-state="conflict"]');
  await expect(entry).toBeVisible({ timeout: 60_000 });
  await expect(entry.getByText('Mine: keys left with the neighbour')).toBeVisible();
  await expect(entry.getByText(theirs.notes)).toBeVisible();
  await expect(page.getByTestId('unsent-count')).toContainText('need');

  await entry.getByRole('button', { name: 'Keep mine' }).click();
  await expectUnsent(page, 0, 60_000);
  await expect(page.getByTestId('outbox-empty')).toBeVisible();

  const mine = sim
    .mutations()
    .filter((m) => m.actor === 'api' && m.id === theirs.id && /clean/.test(m.endpoint) && m.result === 'applied');
  expect(mine).toHaveLength(1);
  expect(mine[0]!.body).toMatchObject({ notes: 'Mine: keys left with the neighbour' });
  expect((await ask(demoHost, 'cleaning.get', { id: theirs.id })).notes).toBe('Mine: keys left with the neighbour');
});
