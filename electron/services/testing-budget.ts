// A test's demo that sees the whole business at once (for tests that are not
// about the budget's pace): the demo's server allows a million requests an
// hour, and the person's setting allows as many — the app keeps to the lower
// of the two (api/governor.ts). Not used by the app; no test runner imported,
// so vitest files and Playwright's fixtures both use it.
import type { Runtime } from './runtime';

export const GENEROUS_BUDGET = 1_000_000;

/** Lifts the demo's budget, server and setting alike; throws when no demo is open. */
export function wholeBusinessAtOnce(runtime: Pick<Runtime, 'workspace' | 'settings'>): void {
  const sim = runtime.workspace.demoSimulator();
  if (!sim) throw new Error('no demo is open: its budget cannot be lifted');
  sim.setRateLimit({ limit: GENEROUS_BUDGET, windowSeconds: 3600 });
  runtime.settings.update({ budgetPerHour: GENEROUS_BUDGET });
}
