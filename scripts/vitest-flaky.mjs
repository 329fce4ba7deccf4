// A vitest reporter that writes the full names of the tests that passed only on
// a retry to $STAYBOARD_VITEST_FLAKY (a JSON array), so `npm test` counts them
// as failures (scripts/tally.mjs): vitest's own JSON report calls them passed.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (testCase.diagnostic()?.flaky)
      this.flaky.push(`${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    const out = process.env.STAYBOARD_VITEST_FLAKY;
    if (out) writeFileSync(out, JSON.stringify(this.flaky));
  }
}
