// The summary of `npm test`: a test that passed only on a retry is a failure.
import { describe, expect, it } from 'vitest';
import { tallyPlaywright, tallyVitest } from './tally.mjs';

describe('npm test summary', () => {
  it('counts a vitest test that passed on a retry as failed, not passed', () => {
    const report = { numPassedTests: 5, numFailedTests: 1, testResults: [] };
    const t = tallyVitest(report, ['a.test.ts > fails once then passes']);
    expect(t).toMatchObject({ passed: 4, failed: 2, skipped: 0 });
    expect(t.line).toContain('1 flaky');
  });

  it('counts a file that failed to load as one failure', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [{ status: 'failed', assertionResults: [] }, { status: 'passed' }],
    };
    expect(tallyVitest(report, [])).toMatchObject({ passed: 2, failed: 1 });
  });

  it('counts a Playwright test marked flaky as failed', () => {
    expect(tallyPlaywright({ expected: 7, unexpected: 0, flaky: 2, skipped: 1 })).toMatchObject({
      passed: 7,
      failed: 2,
      skipped: 1,
    });
  });

  it('passes a clean run as passed', () => {
    expect(tallyVitest({ numPassedTests: 3, numFailedTests: 0, numPendingTests: 1 }, [])).toMatchObject({
      passed: 3,
      failed: 0,
      skipped: 1,
    });
  });
});
