// Shared steps of the screens-*.spec.ts end-to-end tests: asking the running
// app through its own contract (as the renderer would) to find records worth
// acting on, and waiting for the header to report the outbox settled.
import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { expect, type HostFixture } from './fixtures';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
export const addDays = (iso: string, n: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Runs a command through the host's dispatcher (the same path the page's WebSocket takes). */
export async function ask<N extends CommandName>(
  host: HostFixture,
  name: N,
  input: CommandInput<N>,
): Promise<CommandOutput<N>> {
  const r = await host.launched.runtime.dispatcher.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.value as CommandOutput<N>;
}

/** Polls until `find` returns something (sync brings the demo's data in the first seconds). */
export async function eventually<T>(what: string, find: () => Promise<T | null | undefined>, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until the first sync pass is over (complete, or stopped by the budget with today's data in). */
export async function firstSyncPass(host: HostFixture): Promise<void> {
  await eventually(
    'the first sync pass',
    async () => {
      const s = await ask(host, 'sync.status', {});
      return s.state !== 'syncing' && (s.lastSuccessAt !== null || s.stoppedFor === 'budget') ? s : null;
    },
    120_000,
  );
}

export function simulator(host: HostFixture) {
  const sim = host.simulator();
  if (!sim) throw new Error('the demo simulator is not running');
  return sim;
}

/** The header's count of unsent changes (the number the person reads). */
export async function expectUnsent(page: Page, count: number, timeout = 15_000): Promise<void> {
  await expect(page.getByTestId('unsent-count')).toHaveAttribute('data-count', String(count), { timeout });
}

/** Opens a screen by its hash route and waits for its heading. */
export async function open(page: Page, hash: string): Promise<void> {
  // A string expression: these tests compile without the DOM library.
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * Pictures of the page at 1366×768 and 1024×700 (or the sizes given) as `<dir>/<name>-<w>x<h>.png`,
 * for a person to look at; nothing when `dir` is not set. The window is 1366×768 after.
 */
export async function shoot(
  page: Page,
  dir: string | undefined,
  name: string,
  fullPage = false,
  sizes: readonly (readonly [number, number])[] = [
    [1366, 768],
    [1024, 700],
  ],
): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // layout settles after a resize; the picture is for a person to look at
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Registers a guest from the booking page's "Register a guest" dialog with every registration detail. */
export async function registerGuest(
  page: Page,
  g: { name: string; lastname: string; docType: string; doc: string },
): Promise<void> {
  await page.getByRole('button', { name: '+ Register a guest' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(g.name);
  await dialog.getByLabel('Surname').fill(g.lastname);
  await dialog.getByLabel('Document type').selectOption({ label: g.docType });
  await dialog.getByLabel('Document number').fill(g.doc);
  await dialog.getByLabel('Document issue date').fill('04/05/2022');
  await dialog.getByLabel('Nationality').selectOption({ label: 'Spain' });
  await dialog.getByLabel('Sex').selectOption({ label: 'Female' });
  await dialog.getByLabel('Date of birth').fill('11/11/1985');
  await dialog.getByRole('button', { name: 'Register guest' }).click();
  await expect(dialog).toBeHidden();
}

/** Clicks and answers the file the page downloads (its suggested name and bytes). */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}
