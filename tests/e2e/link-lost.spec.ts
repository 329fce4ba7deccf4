// The page loses its background process (the web host's WebSocket closes and
// new connections are refused): the screen says so in those words — not "not
// ready yet" — and when the socket can connect again the page reconnects by
// itself, the banner goes and the screen reads again.
import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';

const LOST = 'Stayboard lost contact with its background process';

test('a closed bridge socket shows "lost contact", then the page reconnects by itself', async ({
  page,
  demoHost,
}, testInfo) => {
  let reachable = true;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/bridge/, (ws) => {
    if (!reachable) {
      void ws.close({ code: 1011, reason: 'background process gone' });
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  await page.goto(demoHost.url);
  // Today's board with its rows: what stays on screen (as last read) while contact is lost.
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible({ timeout: 45_000 });
  const banner = page.getByTestId('link-lost');
  await expect(banner).toBeHidden();

  // The background process goes away: the open socket closes, new ones are refused.
  reachable = false;
  for (const ws of open.splice(0)) await ws.close({ code: 1011, reason: 'background process gone' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(LOST);
  await expect(banner).toContainText('Reconnecting');
  await expect(grid).toBeVisible();
  await expect(page.getByText('not ready yet')).toHaveCount(0);
  // The banner takes its own room: the header (connection, Sign out) is still there below it.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  // The header does not claim "Online": the page cannot know the server's state now.
  await expect(page.locator('[data-connectivity]')).toHaveAttribute('data-connectivity', 'link-lost');
  await expect(page.getByTestId('header-status')).toContainText('not known while reconnecting');
  await page.screenshot({ path: testInfo.outputPath('lost-1366.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('lost-1024.png') });
  await page.setViewportSize({ width: 1366, height: 768 });

  // It comes back: the page looks again on its own (no click, no reload) and the banner goes.
  reachable = true;
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(page.locator('[data-connectivity]')).not.toHaveAttribute('data-connectivity', 'link-lost');
  expect(open.length).toBeGreaterThan(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('back-1366.png') });
});
