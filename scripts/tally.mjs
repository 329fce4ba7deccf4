// How `npm test` counts each runner's report into "N passed, N failed": a test
// that failed and then passed on a retry (vitest's flaky, Playwright's flaky)
// counts as FAILED — flakiness is a defect to fix, not a pass. Types: tally.d.mts.

/** vitest's JSON report plus the names its flaky reporter (vitest-flaky.mjs) listed. */
export function tallyVitest(report, flaky) {
  // A file that fails to load has no failed test in it: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  // vitest reports a test that passed on a retry as passed.
  const passed = report.numPassedTests - flaky.length;
  const failed = report.numFailedTests + flaky.length + brokenFiles;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const line = `vitest: ${passed} passed, ${report.numFailedTests} failed, ${flaky.length} flaky (failed on a try), ${brokenFiles} files failed to run`;
  return { passed, failed, skipped, line, flaky };
}

/** Playwright's JSON report stats. */
export function tallyPlaywright(stats) {
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    skipped: stats.skipped,
    line: `playwright: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky (failed on a try), ${stats.skipped} skipped`,
  };
}
