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
  const problems = [];
  for (const f of report.testResults ?? []) {
    const file = shortPath(f.name ?? '?');
    const failedHere = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedHere)
      problems.push(`failed: ${file} › ${a.fullName ?? a.title}${firstLine(a.failureMessages?.[0])}`);
    if (f.status === 'failed' && failedHere.length === 0)
      problems.push(`failed to run: ${file}${firstLine(f.message)}`);
  }
  for (const name of flaky) problems.push(`flaky: ${name}`);
  return { passed, failed, skipped, line, flaky, problems };
}

/** Playwright's JSON report: the tests that failed or passed only on a retry, by file, line and title. */
export function playwrightProblems(report) {
  const problems = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        const name = [...here, spec.title].join(' › ');
        problems.push(
          `${test.status === 'flaky' ? 'flaky' : 'failed'}: ${spec.file}:${spec.line} › ${name}${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return problems;
}

// CI shows only the tail of the log: the summary names what failed, and the first line of why.
function firstLine(message) {
  if (typeof message !== 'string' || !message.trim()) return '';
  const escape = String.fromCharCode(27); // colour codes around vitest's messages
  const line = message
    .replace(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')[0];
  return ` — ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function shortPath(file) {
  const at = file.search(/\/(electron|shared|renderer|scripts|tests|bench)\//);
  return at === -1 ? file : file.slice(at + 1);
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
