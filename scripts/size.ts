/**
 * `npm run size`: builds the PWA, opens each measured route (home, a search, a product page)
 * in Chromium against the real server, and reports the JavaScript and CSS the page requested
 * before it was interactive, in gzip bytes (level 9, as served). Interactive means the app's
 * first render has committed (it sets html[data-ready], src/app/App.tsx) and a main heading
 * shows: a server-rendered page has its h1 before any script runs, so the heading alone would
 * stop the count too early. Module preloads count as scripts. What loads after that (the
 * service worker's registration code, later routes) is not counted.
 * Prints a table and writes reports/size.json: [{ route, jsGzipBytes, cssGzipBytes }].
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT_DIR } from '../server/src/config';
import { chromiumLaunchOptions, findChromium } from '../tests/support/chromium';
import { tempDir } from '../tests/support/temp-dir';
import { launchStoreProcess } from '../tests/support/server-process';
import { DIST_DIR } from './build-stamp';
import { ensureBuild } from './ensure-build';

/** Same pages as `npm run lighthouse`: a seeded product and a search that finds products. */
const ROUTES = ['/', '/en-us/search.html?q=westbrook', '/en-us/p/KCI-KIT'];

interface RouteSize {
  route: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

const executablePath = findChromium();
if (!executablePath) {
  console.error('npm run size measures in Chromium: set CHROME_PATH or install chromium.');
  process.exit(1);
}

ensureBuild();
const dataDir = await tempDir('store-size-');
const store = await launchStoreProcess({ dataDir });
const browser = await chromium.launch(chromiumLaunchOptions(executablePath));
const results: RouteSize[] = [];
try {
  for (const route of ROUTES) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== store.url) return;
      const type = request.resourceType();
      const isScript = type === 'script' || url.pathname.endsWith('.js');
      if (isScript || type === 'stylesheet') loaded.add(url.pathname);
    });
    await page.goto(`${store.url}${route}`, { waitUntil: 'commit' });
    await Promise.all([
      page.locator('html[data-ready]').waitFor({ state: 'attached' }),
      page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' }),
    ]);
    const beforeInteractive = [...loaded].sort();
    await context.close();

    const files: RouteSize['files'] = [];
    for (const pathname of beforeInteractive) {
      const content = await readFile(path.join(DIST_DIR, pathname));
      files.push({ file: pathname, gzipBytes: gzipSync(content, { level: 9 }).length });
    }
    const sum = (ext: string) =>
      files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
    results.push({ route, jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css'), files });
  }
} finally {
  await browser.close();
  await store.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

for (const result of results) {
  console.log(`\nRoute ${result.route}: loaded before interactive (gzip bytes)`);
  for (const f of result.files) console.log(`  ${String(f.gzipBytes).padStart(8)}  ${f.file}`);
  console.log(`  ${String(result.jsGzipBytes).padStart(8)}  JavaScript in all`);
  console.log(`  ${String(result.cssGzipBytes).padStart(8)}  CSS in all`);
}
const reportDir = path.join(ROOT_DIR, 'reports');
await mkdir(reportDir, { recursive: true });
await writeFile(
  path.join(reportDir, 'size.json'),
  `${JSON.stringify(
    results.map(({ route, jsGzipBytes, cssGzipBytes }) => ({ route, jsGzipBytes, cssGzipBytes })),
    null,
    2,
  )}\n`,
);
console.log('\nWrote reports/size.json');
