// Screenshots of the task screens (Cleaning, Maintenance, Incidents: list,
// filtered, a selected item's panel), the Today board and the Calendar, at
// 1366×768 and 1024×700, for looking at a renderer change before and after.
// Runs only when asked: SCREENSHOTS=<dir> (it asserts nothing a user relies on).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, shoot } from './screens-helpers';

const SHOTS = process.env['SCREENSHOTS'];

/** Each task screen: its list, a selected row's panel, and the list filtered (then named `<name>-<filtered>`). */
const TASK_SCREENS: {
  name: string;
  row: string;
  filter: (page: Page) => Promise<void>;
  filtered: string;
  settleMs: number;
}[] = [
  {
    name: 'cleaning',
    row: 'data-task',
    filter: (page) => open(page, '#/cleaning?inspected=no'),
    filtered: 'filtered',
    settleMs: 800,
  },
  {
    name: 'maintenance',
    row: 'data-task',
    filter: (page) => open(page, '#/maintenance?type=1'),
    filtered: 'filtered',
    settleMs: 800,
  },
  {
    name: 'incidents',
    row: 'data-incident',
    filter: async (page) => {
      await open(page, '#/incidents');
      await page.getByLabel('Closed, in a date window').check();
    },
    filtered: 'closed',
    settleMs: 1500,
  },
];

async function firstRow(page: Page, attr: string): Promise<void> {
  const row = page.locator(`[${attr}]`).first();
  await expect(row).toBeVisible({ timeout: 45_000 });
  await row.click();
  await expect(page.locator('main h2').first()).toBeVisible();
}

test('task screens, board and calendar, for looking at', async ({ page, demoHost }) => {
  test.skip(!SHOTS, 'screenshots only when SCREENSHOTS=<dir> is set');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(demoHost.url);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 45_000 });

  await open(page, '#/today');
  await expect(page.getByTestId('unsent-count')).toBeVisible();
  await page.waitForTimeout(3000);
  await shoot(page, SHOTS, 'today');
  await open(page, '#/calendar');
  await page.waitForTimeout(1500);
  await shoot(page, SHOTS, 'calendar');

  for (const screen of TASK_SCREENS) {
    await open(page, `#/${screen.name}`);
    await expect(page.locator(`[${screen.row}]`).first()).toBeVisible({ timeout: 45_000 });
    await shoot(page, SHOTS, `${screen.name}-list`);
    await firstRow(page, screen.row);
    await shoot(page, SHOTS, `${screen.name}-detail`);
    await screen.filter(page);
    await page.waitForTimeout(screen.settleMs);
    await shoot(page, SHOTS, `${screen.name}-${screen.filtered}`);
  }
});
