/**
 * `npm run test:e2e`: the Playwright browser tests in Debian's Chromium (CHROME_PATH
 * overrides). Without a browser they are skipped with a notice, unless REQUIRE_E2E=1,
 * where a missing browser fails the run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { DEFAULT_CHROME_PATH, findChromium } from '../tests/support/chromium';
import { ensureBuild } from './ensure-build';

const chromium = findChromium();
if (!chromium) {
  const where = process.env.CHROME_PATH?.trim() || DEFAULT_CHROME_PATH;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(
      `Browser tests are required (REQUIRE_E2E=1) but there is no Chromium at ${where}. ` +
        "Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.",
    );
    process.exit(1);
  }
  console.warn(
    `NOTICE: browser tests SKIPPED: no Chromium at ${where}. ` +
      "Install Debian's chromium (apt-get install chromium) or set CHROME_PATH to run them.",
  );
  process.exit(0);
}

ensureBuild();
const cli = path.join(ROOT_DIR, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
  cwd: ROOT_DIR,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
