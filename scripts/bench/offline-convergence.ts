/**
 * `offline_convergence_1000_ms`: in headless Chromium against the real server, a visitor's
 * cart page goes offline and takes 1,000 quantity changes (typed into the cart line and
 * Enter pressed, each one a cart command queued in the page's outbox); then the connection
 * comes back, and the clock runs from the reconnect until the server holds all 1,000
 * commands (every queued command id among the cart's events, read every ~20 ms). The median
 * of three runs, each a new browser profile with its own cart; the target is 2,000 ms or
 * less. Needs Chromium (CHROME_PATH); skipped with a notice without it.
 *
 * Standalone: `node --import tsx scripts/bench/offline-convergence.ts`.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { CatalogIndex } from '../../domain/catalog/catalog';
import { chromiumLaunchOptions, findChromium } from '../../tests/support/chromium';
import { launchStoreProcess } from '../../tests/support/server-process';
import { tempDir } from '../../tests/support/temp-dir';
import { ensureBuild } from '../ensure-build';
import { percentile, round, type Metric } from './metric';

export const OFFLINE_COMMANDS = 1_000;
const RUNS = 3;
const POLL_MS = 20;
const CONVERGE_TIMEOUT_MS = 120_000;
const LOCALE = 'en-us';

/**
 * Runs in the page (plain JavaScript, so nothing of the bundler's helpers goes along): reads
 * the outbox of the page's database as it is, its count or each entry's stream and command id.
 */
const OUTBOX_IN_PAGE = `(what) => new Promise((resolve, reject) => {
  const open = indexedDB.open('assessments-store');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const outbox = db.transaction('outbox').objectStore('outbox');
    const read = what === 'count' ? outbox.count() : outbox.getAll();
    read.onerror = () => reject(read.error);
    read.onsuccess = () => {
      db.close();
      resolve(
        what === 'count'
          ? read.result
          : read.result.map((e) => ({ streamId: e.streamId, commandId: e.commandId })),
      );
    };
  };
})`;

/**
 * Runs in the page: the first cart line's quantity set to 2, then 1, then 2 … as a person
 * types it and presses Enter, `changes` times, each change waiting for the header's count to
 * show it (the store decided it and queued it). The line and the header are looked up for
 * each change, so a screen drawn again in between is no matter.
 */
const CHANGE_IN_PAGE = `async (changes) => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const find = async () => {
    const until = performance.now() + 10000;
    for (;;) {
      const input = document.querySelector('[data-testid^="cart-line-"] input');
      const count = document.querySelector('[data-testid="cart-link"]');
      if (input && count) return { input, count };
      if (performance.now() > until) throw new Error('No cart line or cart link on the page.');
      await tick();
    }
  };
  for (let i = 0; i < changes; i += 1) {
    const { input, count } = await find();
    const before = count.textContent;
    const next = input.value === '2' ? '1' : '2';
    setValue.call(input, next);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await Promise.resolve();
    const until = performance.now() + 10000;
    while ((await find()).count.textContent === before) {
      if (performance.now() > until) throw new Error('The change ' + i + ' did not show.');
      await tick();
    }
  }
}`;

interface QueuedEntry {
  readonly streamId: string;
  readonly commandId: string;
}

/** A product any visitor may add and change freely: sold online, no quantity limits. */
async function orderableCode(url: string): Promise<string> {
  const response = await fetch(`${url}/api/catalog/index?locale=${LOCALE}`);
  const index = (await response.json()) as CatalogIndex;
  const product = index.items.find(
    (p) =>
      p.availability === 'in-stock' &&
      p.soldOnline &&
      p.orderableOnline &&
      p.minOrderQuantity === null &&
      p.maxOrderQuantity === null &&
      p.priceMinor !== null,
  );
  if (!product) throw new Error(`No product of ${LOCALE} can be ordered freely.`);
  return product.code;
}

const outboxOf = (page: Page) => page.evaluate<QueuedEntry[]>(`(${OUTBOX_IN_PAGE})('entries')`);
const outboxCount = (page: Page) => page.evaluate<number>(`(${OUTBOX_IN_PAGE})('count')`);

/** Waits until the page's outbox holds `count` entries. */
async function outboxReaches(page: Page, count: number, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const held = await outboxCount(page);
    if (held === count) return;
    if (performance.now() > deadline) {
      throw new Error(`The outbox holds ${String(held)} entries, not ${String(count)}.`);
    }
    await sleep(100);
  }
}

/** The cookies the page sends to the store's API (the visitor's own, HttpOnly). */
async function apiCookies(context: BrowserContext, url: string): Promise<string> {
  const cookies = await context.cookies(`${url}/api/carts`);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

interface CartAnswer {
  readonly version: number;
  readonly events: readonly { readonly version: number; readonly commandId: string }[];
}

async function readCart(
  url: string,
  cartId: string,
  after: number,
  cookie: string,
): Promise<CartAnswer> {
  const response = await fetch(`${url}/api/carts/${cartId}?after=${String(after)}`, {
    headers: { cookie },
  });
  if (response.status !== 200) {
    throw new Error(`GET /api/carts/${cartId} answered ${String(response.status)}.`);
  }
  return (await response.json()) as CartAnswer;
}

/** One run: a new profile, a cart with one line, 1,000 changes offline, then the clock. */
async function once(
  context: BrowserContext,
  url: string,
  code: string,
): Promise<{ ms: number; polls: number }> {
  const page = await context.newPage();
  await page.goto(`/${LOCALE}/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByTestId('cart-link').getByText('Cart (1 item)').waitFor();
  await page.goto(`/${LOCALE}/cart`);
  await page.locator('[data-testid^="cart-line-"] input').waitFor();
  // The line is confirmed before going offline: only the 1,000 changes wait.
  await outboxReaches(page, 0);

  await context.setOffline(true);
  await page.evaluate(`(${CHANGE_IN_PAGE})(${String(OFFLINE_COMMANDS)})`);
  await outboxReaches(page, OFFLINE_COMMANDS);
  const queued = await outboxOf(page);
  const streamId = queued[0]?.streamId ?? '';
  const cartId = streamId.slice(streamId.indexOf(':') + 1);
  if (!streamId.startsWith('cart:') || queued.some((e) => e.streamId !== streamId)) {
    throw new Error('The queued changes are not all of one cart.');
  }
  const waiting = new Set(queued.map((e) => e.commandId));
  const cookie = await apiCookies(context, url);
  let after = (await readCart(url, cartId, 0, cookie)).version;

  const started = performance.now();
  await context.setOffline(false);
  let polls = 0;
  for (;;) {
    const pollAt = performance.now();
    const answer = await readCart(url, cartId, after, cookie);
    polls += 1;
    for (const event of answer.events) waiting.delete(event.commandId);
    after = Math.max(after, ...answer.events.map((e) => e.version));
    if (waiting.size === 0) break;
    if (performance.now() - started > CONVERGE_TIMEOUT_MS) {
      throw new Error(`After ${String(CONVERGE_TIMEOUT_MS)} ms, ${String(waiting.size)} wait.`);
    }
    await sleep(Math.max(0, POLL_MS - (performance.now() - pollAt)));
  }
  const ms = performance.now() - started;
  await page.close();
  return { ms, polls };
}

export async function benchOfflineConvergence(): Promise<Metric[]> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.warn('NOTICE: offline_convergence_1000_ms skipped: no Chromium (set CHROME_PATH).');
    return [];
  }
  ensureBuild();
  const dataDir = await tempDir('store-bench-offline-');
  const store = await launchStoreProcess({ dataDir });
  const browser = await chromium.launch(chromiumLaunchOptions(executablePath));
  try {
    const code = await orderableCode(store.url);
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        baseURL: store.url,
        extraHTTPHeaders: { 'x-country-code': 'US' },
      });
      try {
        runs.push((await once(context, store.url, code)).ms);
      } finally {
        await context.close();
      }
    }
    console.log(
      `offline_convergence_1000_ms runs: ${runs.map((ms) => String(round(ms))).join(', ')} ms`,
    );
    const sorted = [...runs].sort((a, b) => a - b);
    return [
      { name: 'offline_convergence_1000_ms', value: round(percentile(sorted, 50)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await store.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchOfflineConvergence());
}
