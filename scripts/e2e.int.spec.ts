/** The browser-test runner's rule for a machine without Chromium (issue 2). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/src/config';

function runWithoutBrowser(env: Record<string, string>) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT_DIR, 'scripts', 'e2e.ts')],
    {
      cwd: ROOT_DIR,
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: '/nonexistent/chromium', ...env },
    },
  );
}

describe('npm run test:e2e without Chromium', () => {
  it('skips the browser tests with a clear notice', () => {
    const run = runWithoutBrowser({ REQUIRE_E2E: '' });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      'NOTICE: browser tests SKIPPED: no Chromium at /nonexistent/chromium',
    );
  });

  it('fails when REQUIRE_E2E=1', () => {
    const run = runWithoutBrowser({ REQUIRE_E2E: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Browser tests are required (REQUIRE_E2E=1)');
  });
});
