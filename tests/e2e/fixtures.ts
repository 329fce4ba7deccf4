// Playwright fixtures: each test gets its own web host (in this process) with
// its own data folder, and the URL to open. `demoHost` opens the demo
// workspace first (the embedded simulator with its 40 seeded listings) and
// exposes the simulator, so tests can take it offline or churn records.
// The demo's server grants a generous request budget by default, so a test
// sees the whole business within seconds (the app follows the server's
// X-RateLimit-Limit); `test.use({ realBudget: true })` keeps the spec's 5,000
// an hour, where the budget itself is what a test is about.
import { test as base } from '@playwright/test';
import { launchWebHost, type Launched } from '../../electron/host/launch';
import type { Simulator } from '../../simulator';

export interface HostFixture {
  /** The address to open (carries the per-launch secret). */
  url: string;
  launched: Launched;
  /** The demo's simulator, once the demo is open (null before). */
  simulator(): Simulator | null;
}

/** The demo server's limit in tests that are not about the budget. */
const GENEROUS = { limit: 1_000_000, windowSeconds: 3600 };

async function host(dataDir: string, demo: boolean, realBudget = true): Promise<HostFixture> {
  const launched = await launchWebHost({ demo, dataDir });
  if (demo && launched.startupError) throw new Error(`the demo did not open: ${launched.startupError}`);
  if (demo && !realBudget) launched.runtime.workspace.demoSimulator()?.setRateLimit(GENEROUS);
  return {
    url: launched.url,
    launched,
    simulator: () => launched.runtime.workspace.demoSimulator(),
  };
}

export const test = base.extend<{ webHost: HostFixture; demoHost: HostFixture; realBudget: boolean }>({
  realBudget: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern; it needs none
  webHost: async ({}, use, testInfo) => {
    const h = await host(testInfo.outputPath('data'), false);
    await use(h);
    await h.launched.close();
  },
  demoHost: async ({ realBudget }, use, testInfo) => {
    const h = await host(testInfo.outputPath('data'), true, realBudget);
    await use(h);
    await h.launched.close();
  },
});

export { expect } from '@playwright/test';
