/**
 * Prints the one-line result of a test run, `N passed, N failed`, from the JSON reports that
 * `npm test` writes to reports/tests/. A failing step that is not a test (typecheck, lint,
 * a suite that crashed) counts as one failure, so a red run never reads as green.
 * Usage: test-summary.ts [exit status of npm test]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../server/src/config';

/** Vitest's JSON reporter (Jest's format). */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites?: number;
}

/** Playwright's JSON reporter. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

export function summarize(
  reports: readonly (VitestReport | PlaywrightReport)[],
  exitStatus: number,
): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const report of reports) {
    if ('stats' in report) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected + (report.errors?.length ?? 0);
    } else {
      passed += report.numPassedTests;
      // A suite that fails to load has no failed test, but it failed.
      failed += Math.max(report.numFailedTests, report.numFailedTestSuites ?? 0);
    }
  }
  if (exitStatus !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.join(ROOT_DIR, 'reports', 'tests');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const reports = files
    .sort()
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as VitestReport | PlaywrightReport,
    );
  const { passed, failed } = summarize(reports, Number(process.argv[2] ?? '0'));
  console.log(`${passed} passed, ${failed} failed`);
}
