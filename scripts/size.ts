/**
 * `npm run size`: builds the PWA, opens each measured route (home, a search, a product page)
 * in Chromium against the real server, and reports the JavaScript and CSS the page requested
 * before it was interactive, in gzip bytes (level 9, as served). Interactive means the app's
 * first render has committed (it sets html[data-ready], src/app/App.tsx) and a main heading
 * shows: a server-rendered page has its h1 before any script runs, so the heading alone would
 * stop the count too early. Module preloads count as scripts. A file counts when its request
 * started before that moment, by the page's own resource timing. What loads after that (the
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

/** Records `__interactiveAt` once html[data-ready] is set and an h1 shows. */
const MARK_INTERACTIVE = `
  new MutationObserver((_, observer) => {
    const h1 = document.querySelector('h1');
    if (!document.documentElement.hasAttribute('data-ready') || !h1?.getClientRects().length) return;
    window.__interactiveAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

/** The page's own .js and .css files whose request started before it was interactive. */
function requestedBefore(origin: string): string {
  return `(() => {
    const at = window.__interactiveAt ?? performance.now();
    const paths = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= at)
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === ${JSON.stringify(origin)} && /\\.(js|css)$/.test(url.pathname))
      .map((url) => url.pathname);
    return [...new Set(paths)].sort();
  })()`;
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
    // The moment the page became interactive, taken in the page: Playwright's polling sees it
    // up to half a second later, and what the page starts right after its first paint (sign-in,
    // the cart, the worker; decision 041) would be counted too. (Page code as text: this
    // script is type-checked without the DOM's types.)
    await page.addInitScript({ content: MARK_INTERACTIVE });
    await page.goto(`${store.url}${route}`, { waitUntil: 'commit' });
    await Promise.all([
      page.locator('html[data-ready]').waitFor({ state: 'attached' }),
      page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' }),
    ]);
    // Scripts (module preloads included) and stylesheets whose request started before then.
    const beforeInteractive = await page.evaluate<string[]>(requestedBefore(store.url));
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
