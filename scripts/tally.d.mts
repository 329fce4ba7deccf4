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
  testResults?: {
    name?: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; title?: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}
export interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}
export interface PlaywrightSuite {
  title?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests?: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
export function tallyVitest(report: VitestReport, flaky: string[]): Tally & { flaky: string[]; problems: string[] };
export function playwrightProblems(report: { suites?: PlaywrightSuite[] }): string[];
export function tallyPlaywright(stats: PlaywrightStats): Tally;
