// "Check against the server" on the Sync page, in Chromium through the web
// host: a cleaning task lost from this computer's cache shows as the one
// difference (day, listing, here vs server); "Fetch these days again" brings it
// back and the counts agree. Also looks at the Sync page's new cards
// (notification settings, the check) at three window sizes.
// Set SCREENSHOTS=<dir> to keep PNGs.
import type { WritableDB } from '../../electron/cache/db';
import { expect, test } from './fixtures';
import { addDays, firstSyncPass, open, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

test('check against the server finds a lost cleaning task and fetches it again', async ({ page, demoHost }) => {
  test.setTimeout(180_000);
  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();
  await firstSyncPass(demoHost);
  // Past the near days sync refreshes every few minutes, so only this check can find it.
  const from = addDays(today(), 4);
  const to = addDays(today(), 12);
  const db = demoHost.launched.runtime.workspace.engine().db as WritableDB;
  const lost = db.get<{ id: number; date: string; listing_id: number }>(
    'SELECT id, date, listing_id FROM cleaning WHERE date BETWEEN ? AND ? AND outbox_mark IS NULL ORDER BY date, id LIMIT 1',
    [from, to],
  )!;
  expect(lost).toBeDefined();
  db.run('DELETE FROM cleaning WHERE id = ?', [lost.id]);

  await open(page, '#/sync');
  const card = page.getByTestId('reconcile');
  await card.getByRole('button', { name: 'Check against the server' }).click();
  const rows = card.getByTestId('reconcile-diffs').locator('tbody tr');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first()).toHaveAttribute('data-kind', 'cleaning');
  await expect(rows.first()).toHaveAttribute('data-day', lost.date);
  await expect(rows.first()).toHaveAttribute('data-listing', String(lost.listing_id));
  await expect(rows.first().locator('td').nth(2)).toHaveText('Cleaning tasks');
  if (SHOTS) {
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/sync-reconcile-${size.width}.png` });
    }
    await page.getByTestId('notification-settings').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sync-notify-1920.png` });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('notification-settings').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sync-notify-1024.png` });
    for (const locale of ['es', 'ca'] as const) {
      await page.getByTestId('language').selectOption(locale);
      await page.getByTestId('notification-settings').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/sync-notify-${locale}-1024.png` });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/sync-reconcile-${locale}-1024.png` });
    }
    await page.getByTestId('language').selectOption('en');
  }

  await card.getByRole('button', { name: 'Fetch these days again' }).click();
  await expect(card.getByTestId('reconcile-same')).toBeVisible({ timeout: 30_000 });
  expect(db.get('SELECT id FROM cleaning WHERE id = ?', [lost.id])).toBeDefined();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sync-reconcile-fixed.png` });
});
