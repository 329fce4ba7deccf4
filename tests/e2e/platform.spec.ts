// The desktop platform seen through the web host: "Copy diagnostics" on the
// Sync page puts a report on the clipboard with versions, connection and
// counts and without any guest's or customer's name, the password or the
// server's address; the header's update notice (pushed as the Electron shell
// would) fits beside the rest of the header at 1024 px.
// Set SCREENSHOTS=<dir> to keep PNGs at 1366×768 and 1024×700.
import { COMMAND_EXAMPLES } from '../../shared/contract/testing/examples';
import { expect, test } from './fixtures';
import { addDays, ask, eventually, open, shoot, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

test('Copy diagnostics on the Sync page: versions and counts, no personal data, no secrets', async ({
  page,
  context,
  demoHost,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const names = await eventually('customers with names', async () => {
    const list = await ask(demoHost, 'bookings.list', { from: today(), to: addDays(today(), 7) });
    const found = list.map((b) => b.customer_name).filter((n): n is string => !!n && n.length > 3);
    return found.length > 5 ? found : null;
  });
  await page.goto(demoHost.url);
  await open(page, '#/sync');
  await page.getByTestId('copy-diagnostics').click();
  await expect(page.getByText('Diagnostics copied to the clipboard.')).toBeVisible();
  const text = String(await page.evaluate('navigator.clipboard.readText()'));
  expect(text).toContain('diagnostics');
  expect(text).toMatch(/Outbox: \d+ unsent/);
  expect(text).toMatch(/Connectivity: \w+/);
  expect(text).toContain('Session: signedIn (demo server)');
  for (const name of names) expect(text).not.toContain(name);
  expect(text).not.toContain(new URL(demoHost.url).port);
  expect(text).not.toMatch(/password|token|secret/i);
  await shoot(page, SHOTS, 'sync-diagnostics');
  await page.getByTestId('language').selectOption('ca');
  await expect(page.getByTestId('copy-diagnostics')).toHaveText('Copia el diagnòstic');
  await shoot(page, SHOTS, 'sync-diagnostics-ca');
});

test('the header says when a new version is downloaded, and fits at 1024 px', async ({ page, demoHost }) => {
  await page.goto(demoHost.url);
  await open(page, '#/today');
  demoHost.launched.runtime.bus.emit('updates.changed', COMMAND_EXAMPLES['updates.check'].output);
  const notice = page.getByTestId('update-ready');
  await expect(notice).toHaveText('New version 0.2.0');
  await page.setViewportSize({ width: 1024, height: 700 });
  // Everything in the header stays inside the window.
  for (const el of [notice, page.getByRole('button', { name: 'Sign out' }), page.getByTestId('language')]) {
    const box = (await el.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
  }
  await shoot(page, SHOTS, 'header-update');
  await notice.click();
  await expect(page.getByRole('dialog')).toContainText('Stayboard restarts to install it.');
  await shoot(page, SHOTS, 'header-update-dialog');
});
