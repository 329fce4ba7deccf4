// Playwright fixtures: each test gets its own web host (in this process) with
// its own data folder, and the URL to open. `demoHost` opens the demo
// workspace first (the embedded simulator with its 40 seeded listings) and
// exposes the simulator, so tests can take it offline or churn records.
// The demo's server and the budget setting grant a generous request budget by
// default, so a test sees the whole business within seconds (the app keeps to
// the lower of the two); `test.use({ realBudget: true })` keeps the spec's
// 5,000 an hour, where the budget itself is what a test is about.
//
// No request ever carries a local id (the id of a record made on this
// computer that the server has not adopted yet). After EVERY test, each
// simulator it used — the demo's, or one it started with `startSimulator`
// below — is checked: no logged request path or query and no write body the
// server received names a local id (shared/api/local-ids.ts, the same
// definition the API client refuses with). A leak fails the test that made it.
import { test as base } from '@playwright/test';
import { launchWebHost, type Launched } from '../../electron/host/launch';
import { wholeBusinessAtOnce } from '../../electron/services/testing-budget';
import { localIdIn } from '../../shared/api/local-ids';
import { startSimulator as startSim, type Simulator, type SimulatorOptions } from '../../simulator';

export interface HostFixture {
  /** The address to open (carries the per-launch secret). */
  url: string;
  launched: Launched;
  /** The demo's simulator, once the demo is open (null before). */
  simulator(): Simulator | null;
}

async function host(dataDir: string, demo: boolean, realBudget = true): Promise<HostFixture> {
  const launched = await launchWebHost({ demo, dataDir });
  if (demo && launched.startupError) throw new Error(`the demo did not open: ${launched.startupError}`);
  if (demo && !realBudget) wholeBusinessAtOnce(launched.runtime);
  return {
    url: launched.url,
    launched,
    simulator: () => launched.runtime.workspace.demoSimulator(),
  };
}

/** The requests a simulator received that name a local id: `GET /api/v1/bookings/-1 (path /api/v1/bookings/-1)`. */
export function localIdRequests(sim: Simulator): string[] {
  const out: string[] = [];
  for (const r of sim.requestLog()) {
    const where = localIdIn({ path: r.path });
    if (where) out.push(`${r.method} ${r.path} (${where})`);
  }
  // Bodies are not in the request log; every write the server handled (applied or refused) keeps its body.
  for (const m of sim.mutations()) {
    if (m.actor !== 'api') continue;
    const where = localIdIn({ path: '', body: m.body });
    if (where) out.push(`${m.endpoint} (${where})`);
  }
  return out;
}

/** Simulators started by the running test (besides the demo's), checked when it ends. */
const started: Simulator[] = [];

/** Starts a simulator whose request log is checked for local ids when the test ends (use instead of the simulator's own). */
export async function startSimulator(options?: SimulatorOptions): Promise<Simulator> {
  const sim = await startSim(options);
  started.push(sim);
  return sim;
}

function checkRequests(sims: readonly (Simulator | null)[]): void {
  const leaks = sims.flatMap((s) => (s ? localIdRequests(s) : []));
  if (leaks.length)
    throw new Error(`requests that named a local id reached the server:\n${leaks.slice(0, 20).join('\n')}`);
}

export const test = base.extend<{
  webHost: HostFixture;
  demoHost: HostFixture;
  realBudget: boolean;
  noLocalIds: void;
}>({
  realBudget: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern; it needs none
  webHost: async ({}, use, testInfo) => {
    const h = await host(testInfo.outputPath('data'), false);
    await use(h);
    // A test on the bare host may open the demo from the sign-in screen: its simulator is checked too.
    const sim = h.simulator();
    await h.launched.close();
    checkRequests([sim]);
  },
  demoHost: async ({ realBudget }, use, testInfo) => {
    const h = await host(testInfo.outputPath('data'), true, realBudget);
    await use(h);
    const sim = h.simulator();
    await h.launched.close();
    checkRequests([sim]);
  },
  // Every test, whatever fixtures it asks for: the simulators it started itself.
  noLocalIds: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern; it needs none
    async ({}, use) => {
      started.length = 0;
      await use();
      const sims = started.splice(0);
      checkRequests(sims);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
