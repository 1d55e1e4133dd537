import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, DEFAULT_CHROME_PATH, findChromium } from './tests/support/chromium';

/** Browser tests drive Debian's Chromium (CHROME_PATH overrides) against the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.spec.ts',
  // A budget, not a measure: a whole flow (sign-ins, checkout steps, accessibility audits) on
  // the slowest host the suite runs on, a 2-core machine running two stores and two browsers,
  // took up to 66 s; a test waits for states, never for time, so a budget only ends a test
  // that is stuck.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // No retries (decision 067): each test has buyers of its own and waits for states, never
  // for time, so a test that fails once fails the run and is a defect to fix.
  retries: 0,
  outputDir: 'test-results',
  reporter: [['list'], ['json', { outputFile: 'reports/tests/e2e.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(findChromium() ?? DEFAULT_CHROME_PATH),
    serviceWorkers: 'allow',
    // As a CDN in front of the store would: the visitor's country (the Hello! modal needs none).
    extraHTTPHeaders: { 'x-country-code': 'US' },
    trace: 'retain-on-failure',
  },
});
