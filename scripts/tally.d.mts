// Types of tally.mjs (plain JavaScript so `npm test` runs it without a compiler).
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  line: string;
}
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { status: string; assertionResults?: { status: string }[] }[];
}
export interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}
export function tallyVitest(report: VitestReport, flaky: string[]): Tally & { flaky: string[] };
export function tallyPlaywright(stats: PlaywrightStats): Tally;
