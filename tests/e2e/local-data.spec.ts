// An account whose data on this computer a different build of Stayboard wrote
// (its migrations differ from this build's): signing in says so in the
// person's language, names the migration, and opens nothing.
import { openCache } from '../../electron/cache/db';
import { migrationChecksum } from '../../electron/cache/migrations';
import { CACHE_MIGRATIONS } from '../../electron/cache/schema';
import { OUTBOX_MIGRATIONS } from '../../electron/outbox/schema';
import { accountFile } from '../../electron/services/wiring';
import { expect, test } from './fixtures';

// Nothing listens on port 9: the refusal comes before any request.
const BASE_URL = 'http://127.0.0.1:9';

test('signing in to an account whose local data a different build wrote says so and opens nothing', async ({
  page,
  webHost,
}, testInfo) => {
  const path = accountFile(testInfo.outputPath('data'), { baseUrl: BASE_URL, user: 'ana' });
  const db = openCache({ path, migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
  db.run('UPDATE schema_migrations SET checksum = ? WHERE version = 3', [
    migrationChecksum('CREATE INDEX x ON y (z);'),
  ]);
  db.close();

  await page.goto(webHost.url);
  await page.getByLabel('Server address').fill(BASE_URL);
  await page.getByLabel('User', { exact: true }).fill('ana');
  await page.getByLabel('Password').fill('pw');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByTestId('sign-in-error');
  await expect(error).toContainText('did not open this account’s data on this computer');
  await expect(error).toContainText('003_marked_indexes');
  await expect(page.getByRole('heading', { name: 'Sign in to Stayboard' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('refused-1366.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('refused-1024.png') });

  // In the person's language (the detail naming the migration stays as it is).
  await page.getByLabel('Language').selectOption('es');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(error).toContainText('Stayboard no ha abierto los datos de esta cuenta en este ordenador');
  await expect(error).toContainText('003_marked_indexes');
  await page.screenshot({ path: testInfo.outputPath('refused-es-1024.png') });
});
