import { describe, expect, it } from 'vitest';
import { summarize } from './test-summary';

describe('summarize', () => {
  it('adds up Vitest and Playwright reports', () => {
    expect(
      summarize(
        [
          { numPassedTests: 20, numFailedTests: 1 },
          { numPassedTests: 5, numFailedTests: 0 },
          { stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 } },
        ],
        1,
      ),
    ).toEqual({ passed: 30, failed: 2 });
  });

  it('counts a suite that failed to load', () => {
    expect(
      summarize([{ numPassedTests: 3, numFailedTests: 0, numFailedTestSuites: 1 }], 1),
    ).toEqual({ passed: 3, failed: 1 });
  });

  it('counts a failed step with no failed test (typecheck, lint) as one failure', () => {
    expect(summarize([], 2)).toEqual({ passed: 0, failed: 1 });
    expect(summarize([{ numPassedTests: 7, numFailedTests: 0 }], 1)).toEqual({
      passed: 7,
      failed: 1,
    });
  });

  it('reports a green run as it is', () => {
    expect(summarize([{ numPassedTests: 7, numFailedTests: 0 }], 0)).toEqual({
      passed: 7,
      failed: 0,
    });
  });
});
