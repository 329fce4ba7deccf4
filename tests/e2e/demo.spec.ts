// The web host on the demo workspace, in Chromium: a newcomer opens the
// address, opens the demo from the sign-in screen and sees the business.
import type { BoardDay } from '../../shared/contract';
import { expect, test, type HostFixture } from './fixtures';

/** The name of a listing on today's board, once sync has brought today's data (asked through the contract). */
async function aListingOnTodaysBoard(webHost: HostFixture): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 300; i++) {
    const r = await webHost.launched.runtime.dispatcher.dispatch('board.day', { date: today });
    const rows = r.ok ? (r.value as BoardDay).rows : [];
    if (rows[0]) return rows[0].listing.name;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("today's board stayed empty");
}

test('opening the demo from the sign-in screen shows its data', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  // The secret leaves the address bar at once.
  await expect(page).not.toHaveURL(/secret=/);
  await page.getByRole('button', { name: /open the demo/i }).click();
  const name = await aListingOnTodaysBoard(webHost);
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
});

test('the page cannot reach the bridge without the secret', async ({ page, webHost }) => {
  const bare = webHost.url.replace(/\?secret=.*/, '');
  const outcome = await page.goto(bare).then(() =>
    page.evaluate(
      (wsUrl) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(wsUrl);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      bare.replace('http', 'ws') + 'bridge?secret=guess',
    ),
  );
  expect(outcome).toBe('refused');
});
