// The summary of `npm test`: a test that passed only on a retry is a failure.
import { describe, expect, it } from 'vitest';
import { playwrightProblems, tallyPlaywright, tallyVitest } from './tally.mjs';

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

  it('names every failed, flaky or unloadable vitest test with the first line of why (CI prints only the tail)', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/tmp/clone/electron/outbox/view.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'view keeps' },
            {
              status: 'failed',
              fullName: 'view marks a record',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at line 3'],
            },
          ],
        },
        {
          name: '/tmp/clone/shared/x.test.ts',
          status: 'failed',
          message: 'Cannot find module y',
          assertionResults: [],
        },
      ],
    };
    expect(tallyVitest(report, ['a.test.ts > once']).problems).toEqual([
      'failed: electron/outbox/view.test.ts › view marks a record — AssertionError: expected 1 to be 2',
      'failed to run: shared/x.test.ts — Cannot find module y',
      'flaky: a.test.ts > once',
    ]);
  });

  it('names the Playwright tests that failed or passed only on a retry, with their file, line and titles', () => {
    const report = {
      suites: [
        {
          title: 'sync.spec.ts',
          specs: [{ title: 'fine', file: 'sync.spec.ts', line: 3, tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'es',
              specs: [
                {
                  title: 'edit is marked',
                  file: 'sync.spec.ts',
                  line: 40,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'Timeout 5000ms\nmore' } }, {}] }],
                },
                { title: 'broken', file: 'sync.spec.ts', line: 50, tests: [{ status: 'unexpected', results: [{}] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightProblems(report)).toEqual([
      'flaky: sync.spec.ts:40 › es › edit is marked — Timeout 5000ms',
      'failed: sync.spec.ts:50 › es › broken',
    ]);
  });
});
