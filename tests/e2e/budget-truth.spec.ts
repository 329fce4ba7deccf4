// The request budget's truth on screen (issue 25), on the demo's simulator
// with its real 5,000 requests an hour: (1) a first sign-in — today's data
// comes first and the rest fills in at its pace, the header saying how far
// and for how long; (2) another device on the same API user spends most of
// the hour (the server's X-RateLimit-Remaining tells the app) — the header
// says "Paused until …", never "Synced …", and the Sync page the same; "Sync
// now" says why it cannot and until when; (3) the server goes away with
// nothing pending — header and Sync page say so within 15 s, though paused for
// the budget; (4) it comes back — noticed, with no edit and no "Sync now".
// STAYBOARD_SHOTS=<dir> keeps screenshots of each state.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, shoot, simulator } from './screens-helpers';

test.use({ realBudget: true });

const conn = (page: Page) => page.getByTestId('header-status').locator('[data-connectivity]');
const last = (page: Page) => page.getByTestId('last-sync');
/** A time the budget frees up: "10:42", or "28 Nov, 00:38" when that is on another day (late in the evening). */
const UNTIL = String.raw`(?:\d{1,2} \p{L}+\.?, )?\d\d:\d\d`;

test('a first sign-in fills at its pace, a spent hour says until when, and an outage while paused shows within 15 s', async ({
  page,
  demoHost,
}) => {
  test.setTimeout(240_000);
  const shots = process.env['STAYBOARD_SHOTS'];
  await page.goto(demoHost.url);
  await expect(conn(page)).toHaveAttribute('data-connectivity', 'online', { timeout: 30_000 });

  // (1) Today's data first; the rest of the business fills in at its pace, and the header says how far.
  await expect(last(page)).toContainText('Synced', { timeout: 60_000 });
  const fill = page.getByTestId('fill');
  await expect(fill).toContainText('next 14 days');
  await expect(fill).toHaveAttribute(
    'title',
    /^Today ready · next 14 days \d+ % · guests and messages of later bookings/,
  );
  await shoot(page, shots, 'budget-1-filling');

  // (2) Another device signed in as the same API user spends most of the hour.
  const sim = simulator(demoHost);
  sim.spendBudget(4_750);
  await expect(last(page)).not.toHaveAttribute('data-paused-until', '', { timeout: 60_000 });
  await expect(last(page)).toContainText(new RegExp(`Paused until ${UNTIL} — this hour’s requests are used`, 'u'));
  await expect(last(page)).not.toContainText('Synced');
  await open(page, '#/sync');
  await expect(page.getByTestId('sync-verdict')).toHaveAttribute('data-verdict', 'budgetPaused');
  await expect(page.getByTestId('stopped-budget')).toContainText('Paused until');
  await expect(page.getByText('Up to date')).toHaveCount(0);
  // "Sync now" does something the person sees: here, what it cannot do and until when.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.locator('.toasts')).toContainText(
    new RegExp(
      `Not now: this hour’s requests for your own actions are used until ${UNTIL}|Refreshing today’s data now`,
      'u',
    ),
  );
  await shoot(page, shots, 'budget-2-paused');

  // (3) The server goes away, nothing pending: said within 15 s, although the hour's budget is spent.
  sim.setOnline(false);
  await expect(conn(page)).toHaveAttribute('data-connectivity', 'unreachable', { timeout: 15_000 });
  await expect(conn(page)).toContainText('Server unreachable since');
  await expect(page.getByTestId('sync-connectivity')).toHaveAttribute('data-connectivity', 'unreachable');
  await expect(page.getByTestId('sync-verdict')).toHaveAttribute('data-verdict', 'notConnected');
  await expect(last(page)).not.toContainText('just now');
  await shoot(page, shots, 'budget-3-unreachable');

  // (4) Back: noticed by the app itself.
  sim.setOnline(true);
  await expect(conn(page)).toHaveAttribute('data-connectivity', 'online', { timeout: 45_000 });
  await expect(page.getByTestId('sync-connectivity')).toHaveAttribute('data-connectivity', 'online');
  // Still paused for the budget: it says so, not "Synced just now".
  await expect(last(page)).toContainText('Paused until');
});
