// The board fits the window: at 1024×700, 1366×768 and 1920×1080, in English,
// Spanish and Catalan, every column header (Departures … Ready) is inside the
// window and the page itself never scrolls sideways.
// Set SCREENSHOTS=<dir> to keep a PNG of each size and language.
import { expect, test } from './fixtures';
import { ask, eventually, today } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

test('every board column is on screen at every size and language, without sideways scrolling', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(120_000);
  await eventually('the board of today', async () => {
    const board = await ask(demoHost, 'board.day', { date: today() });
    return board.rows.length > 0 ? board : null;
  });
  await page.goto(demoHost.url);
  const grid = page.locator('.board-grid');
  await expect(grid).toBeVisible({ timeout: 30_000 });
  for (const locale of ['en', 'es', 'ca'] as const) {
    await page.getByTestId('language').selectOption(locale);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const headers = grid.locator('[role="columnheader"]');
      await expect(headers).toHaveCount(8);
      const boxes = await headers.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent?.trim() ?? '', left: r.left, right: r.right };
        }),
      );
      for (const b of boxes) {
        expect(b.left, `${locale} ${size.width}: ${b.text}`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${locale} ${size.width}: ${b.text}`).toBeLessThanOrEqual(size.width);
      }
      const sideways = await page.evaluate(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      const [scrollWidth, clientWidth] = sideways as [number, number];
      expect(scrollWidth, `${locale} ${size.width}: page width`).toBeLessThanOrEqual(clientWidth);
      // The rows themselves never run past the grid either.
      const rowOverflow = await grid.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(rowOverflow, `${locale} ${size.width}: rows`).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/board-${locale}-${size.width}.png` });
    }
  }
});
