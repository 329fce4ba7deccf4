// The field laptop's everyday case, in Chromium through the web host, on a
// simulator this test starts and controls: sign in online (no "Remember me",
// no keychain), make an edit, lose the network, restart the app on the same
// data folder — the sign-in screen offers the account, a wrong password is
// refused, the right one opens the cached board with the unsent change still
// there, and once the server is back the change is sent exactly once.
import { MemoryCredentialStore } from '../../electron/credentials/store';
import { launchWebHost, type Launched } from '../../electron/host/launch';
import { workspaceDeps } from '../../electron/services/wiring';
import { expect, startSimulator, test } from './fixtures';
import { eventually, expectUnsent, open, shoot, today } from './screens-helpers';

/** One start of the app on `dataDir`; every start gets an empty keychain (none survives a restart). */
function start(dataDir: string): Promise<Launched> {
  return launchWebHost({
    dataDir,
    workspace: (parts) =>
      workspaceDeps({ ...parts, dataDir, credentials: new MemoryCredentialStore('No keychain in this test.') }),
  });
}

test('restart with no network and no keychain: unlock offline, the board and the unsent change are there, sent once on reconnect', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const sim = await startSimulator({ listings: 8, seed: 11 });
  const dataDir = testInfo.outputPath('data');
  let host = await start(dataDir);
  try {
    // 1. Sign in online, typing the server's address (no made-up host is offered).
    await page.goto(host.url);
    await expect(page.getByLabel('Server address')).toHaveValue('');
    await shoot(page, '/tmp', 'offline-sign-in-first', true);
    await page.getByLabel('Server address').fill(`${sim.url}/api/v1/`);
    await page.getByLabel('User').fill(sim.user);
    await page.getByLabel('Password').fill(sim.password);
    await expect(page.getByLabel(/Remember me/)).not.toBeChecked();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();

    // 2. An edit, made while the server is unreachable, so it stays unsent.
    const day = today();
    const task = await eventually('an uninspected cleaning task today', async () => {
      const r = await host.runtime.dispatcher.dispatch('board.day', { date: day });
      if (!r.ok) return null;
      const rows = (r.value as { rows: { cleaning: { id: number; inspected: boolean }[] }[] }).rows;
      return rows.flatMap((row) => row.cleaning).find((c) => !c.inspected) ?? null;
    });
    const inspect = page.getByTestId(`inspect-c-${task.id}`);
    await expect(inspect).toBeVisible({ timeout: 30_000 });
    sim.setOnline(false);
    await inspect.click();
    await expect(inspect).toHaveAttribute('aria-pressed', 'true');
    await expectUnsent(page, 1);

    // 3. Restart on the same data folder, still with no network and no keychain.
    await host.close();
    host = await start(dataDir);
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Open your data' })).toBeVisible();
    await expect(page.getByTestId('unlock-user')).toHaveText(sim.user);
    // Nothing of the account is served before the password: the main side refuses, not only the screen.
    expect(await host.runtime.dispatcher.dispatch('board.day', { date: day })).toMatchObject({
      ok: false,
      error: { code: 'locked' },
    });
    await expect(page.getByTestId('unsent-count')).toHaveCount(0);
    await shoot(page, '/tmp', 'offline-unlock', true);

    // 4. A wrong password is refused; the right one opens the cache with no server.
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('unlock-error')).toContainText('not the password of this account');
    await shoot(page, '/tmp', 'offline-unlock-wrong', true);
    await page.getByLabel('Password').fill(sim.password);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
    await expect(inspect).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    await expect(page.locator(`[data-task="c:${task.id}"] [data-outbox]`)).toHaveAttribute(
      'data-outbox',
      /pending|sending|unknown/,
    );
    await expectUnsent(page, 1);
    await shoot(page, '/tmp', 'offline-unlocked-offline', true);

    // 5. The server is back: the in-memory password logs in, the change goes out exactly once.
    sim.setOnline(true);
    await open(page, '#/sync');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expectUnsent(page, 0, 60_000);
    const applied = sim
      .mutations()
      .filter((m) => m.actor === 'api' && m.result === 'applied' && m.id === task.id && /clean/.test(m.endpoint));
    expect(applied).toHaveLength(1);
    expect(applied[0]!.body).toMatchObject({ inspected: 1 });
  } finally {
    await host.close();
    await sim.close();
  }
});

test('the sign-in screen offers the addresses used before and "Open offline" for the account', async ({
  page,
}, testInfo) => {
  const sim = await startSimulator({ listings: 3, seed: 5 });
  const dataDir = testInfo.outputPath('data');
  let host = await start(dataDir);
  try {
    await host.runtime.workspace.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    await host.runtime.workspace.signOut({ discardUnsent: false, forget: false });
    await host.close();
    host = await start(dataDir);
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Sign in to Stayboard' })).toBeVisible();
    await expect(page.getByLabel('Server address')).toHaveValue(sim.url);
    const offline = page.getByRole('button', { name: `Open ${sim.user} at ${sim.url} with the data on this computer` });
    await expect(offline).toBeVisible();
    await shoot(page, '/tmp', 'offline-sign-in-known', true);
    await offline.click();
    await expect(page.getByRole('heading', { name: 'Open your data' })).toBeVisible();
    // The longest of the three languages, to see that nothing overflows.
    await page.getByLabel('Language').selectOption('ca');
    await expect(page.getByRole('heading', { name: 'Obre les teves dades' })).toBeVisible();
    await shoot(page, '/tmp', 'offline-unlock-ca', true);
  } finally {
    await host.close();
    await sim.close();
  }
});
