/**
 * `npm run lighthouse` (issue 17; decision 040): Lighthouse, mobile with its default simulated
 * throttling, against a fresh store in Chromium: three runs per page after one warm-up load,
 * on home, search, a product page, cart, quick order and the first checkout step (signed in,
 * one cart line). Writes the median run of each page to reports/lighthouse.json as
 * `[{ route, performance, accessibility, bestPractices, seo, fcpMs, lcpMs, tbtMs, cls }]`,
 * prints them as a table with the targets each page misses, the audits to fix and the largest
 * performance opportunities. Exits 0 whether or not the targets are met: it measures.
 * `--cpu-slowdown N` (issue 31) sets Lighthouse's `throttling.cpuSlowdownMultiplier` (default
 * 4); at another N the results go to reports/lighthouse-cpuN.json.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { ROOT_DIR } from '../server/src/config';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium';
import { tempDir } from '../tests/support/temp-dir';
import { launchStoreProcess } from '../tests/support/server-process';
import { ensureBuild } from './ensure-build';
import { signInWithCartLine } from './lighthouse/signed-in-buyer';
import {
  CATEGORIES,
  cpuSlowdownOf,
  DEFAULT_CPU_SLOWDOWN,
  failingAudits,
  markdownTable,
  medianRun,
  missedTargets,
  rowOf,
  targetsFor,
  targetsText,
  topOpportunities,
  type AuditToFix,
  type LighthouseRow,
} from './lighthouse/summary';

const RUNS = 3;
const MAX_RETRIES = 2;
const LOCALE = 'en-us';
/** In the seeded catalog and sold in the US to the demo clinician (level A). */
const PRODUCT = 'KCI-KIT';
/**
 * What a CDN in front of the store adds, as the browser tests do (playwright.config.ts): the
 * visitor's country. Without it every page opens the Hello! modal (SPEC 2.3) over itself.
 */
const COUNTRY_HEADER = 'x-country-code';
const VISITOR_HEADERS = { [COUNTRY_HEADER]: 'US' };

interface PageToMeasure {
  /** The file name of its full report, reports/lighthouse/<name>.html. */
  name: string;
  route: string;
  /** Signed in with a cart line, rather than a first-time visitor. */
  signedIn?: boolean;
}

// The signed-in page comes last: a fresh visitor's runs clear every kind of storage,
// cookies included, which would sign the buyer out.
const PAGES: readonly PageToMeasure[] = [
  { name: 'home', route: `/${LOCALE}/` },
  { name: 'search', route: `/${LOCALE}/search.html?q=westbrook` },
  { name: 'product', route: `/${LOCALE}/p/${PRODUCT}` },
  { name: 'cart', route: `/${LOCALE}/cart` },
  { name: 'quick-order', route: `/${LOCALE}/quick-order` },
  { name: 'checkout', route: `/${LOCALE}/checkout`, signedIn: true },
];

/**
 * A first-time visitor: Lighthouse clears all of the origin's storage (cookies, IndexedDB,
 * local storage, the service worker and its caches) and the HTTP cache before each run.
 * The signed-in buyer keeps her cookies, IndexedDB and local storage, but not the service
 * worker, its caches or the HTTP cache (Lighthouse's default list), so the worker's cached
 * shell does not answer and the assets are fetched as on a first visit.
 */
const FRESH_VISITOR: Flags['clearStorageTypes'] = ['all'];
const SIGNED_IN_BUYER: Flags['clearStorageTypes'] = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
];

// `npm run lighthouse -- checkout quick` measures only the pages whose route holds one of these;
// `--cpu-slowdown N` sets Lighthouse's CPU multiplier (default 4, a mid-range phone; 8 is a
// phone, or a host, half as fast).
let parsedArgs: ReturnType<typeof cpuSlowdownOf>;
try {
  parsedArgs = cpuSlowdownOf(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { cpuSlowdown, rest: only } = parsedArgs;
const targets = targetsFor(cpuSlowdown);
const pages = only.length ? PAGES.filter((p) => only.some((o) => p.route.includes(o))) : PAGES;
if (pages.length === 0) {
  console.error(
    `No page's route holds ${only.join(' or ')}; the pages: ${PAGES.map((p) => p.route).join(' ')}`,
  );
  process.exit(1);
}

const executablePath = findChromium();
if (!executablePath) {
  console.error('npm run lighthouse measures in Chromium: set CHROME_PATH or install chromium.');
  process.exit(1);
}

ensureBuild();
const dataDir = await tempDir('store-lighthouse-');
const store = await launchStoreProcess({ dataDir, env: { COUNTRY_HEADER } });
const medians: { name: string; route: string; lhr: Result; performanceRuns: number[] }[] = [];
try {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  try {
    for (const { name, route, signedIn } of pages) {
      await prepare(chrome.port, route, signedIn === true);
      const runs: Result[] = [];
      for (let run = 1; run <= RUNS; run++) {
        console.log(`Lighthouse ${route} run ${run} of ${RUNS}...`);
        runs.push(await measure(chrome.port, `${store.url}${route}`, signedIn === true));
      }
      medians.push({
        name,
        route,
        lhr: medianRun(runs),
        performanceRuns: runs.map((lhr) =>
          Math.round((lhr.categories.performance?.score ?? 0) * 100),
        ),
      });
    }
  } finally {
    chrome.kill();
  }
} finally {
  await store.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Before a page's runs, Playwright drives the same Chromium over CDP: one load that is not
 * counted, so the server has read and cached what the page needs, and for the checkout the
 * buyer's sign-in and cart line. It lets go before Lighthouse starts, so nothing else
 * listens to the page under measurement.
 */
async function prepare(port: number, route: string, signedIn: boolean): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    if (signedIn) {
      const profile = browser.contexts()[0];
      if (!profile) throw new Error('Chromium has no default browser context');
      await profile.setExtraHTTPHeaders(VISITOR_HEADERS);
      await signInWithCartLine(profile, store.url, LOCALE, PRODUCT);
    } else {
      await warmUp(browser, `${store.url}${route}`);
    }
  } finally {
    await browser.close();
  }
}

/** A visit in a context of its own, which leaves the browser's profile as it was. */
async function warmUp(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    extraHTTPHeaders: VISITOR_HEADERS,
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  } finally {
    await context.close();
  }
}

/**
 * One Lighthouse run. Lighthouse sometimes loses a run's trace (NO_NAVSTART and the like, more
 * often on a busy machine); such a run is dropped and made again, up to twice.
 */
async function measure(port: number, url: string, signedIn: boolean): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: VISITOR_HEADERS,
      clearStorageTypes: signedIn ? SIGNED_IN_BUYER : FRESH_VISITOR,
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) {
      const failure = `Lighthouse failed on ${url}: ${lhr.runtimeError.message}`;
      if (store.child.exitCode !== null || store.child.signalCode !== null) {
        throw new Error(`${failure}\nThe store had stopped:\n${store.output()}`);
      }
      if (attempt > MAX_RETRIES) throw new Error(`${failure}\nThe store's log:\n${store.output()}`);
      console.log(`  ${failure}; running it again`);
      continue;
    }
    // A checkout that sent the buyer to sign in would measure the sign-in page instead.
    const landed = new URL(lhr.finalDisplayedUrl);
    if (landed.pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse asked for ${url} but measured ${lhr.finalDisplayedUrl}`);
    }
    return lhr;
  }
}

const rows: LighthouseRow[] = medians.map(({ route, lhr }) => rowOf(route, lhr));

for (const { route, lhr, performanceRuns } of medians) {
  console.log(`\n${route} (performance of the ${RUNS} runs: ${performanceRuns.join(', ')})`);
  for (const warning of lhr.runWarnings) console.log(`  Lighthouse warns: ${warning}`);
  for (const [category, audits] of Object.entries(failingAudits(lhr))) {
    if (audits.length === 0) continue;
    console.log(`  Failing ${category} audits:`);
    for (const audit of audits) printAudit(audit, !audit.weighted);
  }
  const opportunities = topOpportunities(lhr);
  if (opportunities.length > 0) console.log('  Top performance opportunities:');
  for (const audit of opportunities) printAudit(audit);
}

function printAudit(audit: AuditToFix, unweighted = false): void {
  const figure = audit.displayValue ? ` (${audit.displayValue})` : '';
  const weight = unweighted ? ' [weight 0: the score does not count it]' : '';
  console.log(`    ${audit.id}: ${audit.title}${figure}${weight}`);
  for (const where of audit.where) console.log(`      ${where}`);
}

console.log(
  `\nMedian of ${RUNS} runs per page (Lighthouse mobile, simulated throttling, CPU ${cpuSlowdown}× slower):\n`,
);
console.log(markdownTable(rows));
console.log(`\nTargets at ${cpuSlowdown}×: ${targetsText(targets)}`);
const misses = rows
  .map((row) => ({ route: row.route, missed: missedTargets(row, targets) }))
  .filter(({ missed }) => missed.length > 0);
if (misses.length === 0) console.log('Every page meets the targets.');
for (const { route, missed } of misses) console.log(`  ${route} misses: ${missed.join(', ')}`);

const reportDir = path.join(ROOT_DIR, 'reports');
await mkdir(reportDir, { recursive: true });
// At the default slowdown reports/lighthouse.json and reports/lighthouse/; at another,
// reports/lighthouse-cpu8.json and reports/lighthouse-cpu8/ (for 8×), so both can be kept.
const suffix = cpuSlowdown === DEFAULT_CPU_SLOWDOWN ? '' : `-cpu${cpuSlowdown}`;
await writeFile(
  path.join(reportDir, `lighthouse${suffix}.json`),
  `${JSON.stringify(rows, null, 2)}\n`,
);
// The median run of each page as Lighthouse's own report, every audit with its details.
const htmlDir = path.join(reportDir, `lighthouse${suffix}`);
await rm(htmlDir, { recursive: true, force: true });
await mkdir(htmlDir, { recursive: true });
for (const { name, lhr } of medians) {
  await writeFile(path.join(htmlDir, `${name}.html`), generateReport(lhr, 'html'));
}
console.log(`\nWrote reports/lighthouse${suffix}.json and reports/lighthouse${suffix}/<page>.html`);
