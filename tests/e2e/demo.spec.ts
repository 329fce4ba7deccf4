// The web host on the demo workspace, in Chromium: a newcomer opens the
// address, opens the demo from the sign-in screen and sees the business.
import { expect, test } from './fixtures';

test('opening the demo from the sign-in screen shows its data', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  // The secret leaves the address bar at once.
  await expect(page).not.toHaveURL(/secret=/);
  await page.getByRole('button', { name: /open the demo/i }).click();
  await expect(page.getByTestId('listing-count')).toHaveText('40 listings', { timeout: 45_000 });
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
