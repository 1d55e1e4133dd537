/**
 * `command_to_paint_p95_ms`: in headless Chromium against the real server, the time from a
 * cart quantity change (the new value typed and Enter pressed) to the next frame painted
 * with the header's new item count, over 200 changes; the 95th percentile. Measured in the
 * page, so no test-driver round trip is counted. Needs Chromium (CHROME_PATH); skipped with
 * a notice without it.
 */
import { rm } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, findChromium } from '../../tests/support/chromium';
import { launchStoreProcess } from '../../tests/support/server-process';
import { tempDir } from '../../tests/support/temp-dir';
import { ensureBuild } from '../ensure-build';
import { percentile, round, type Metric } from './metric';

export const PAINT_CHANGES = 200;

/**
 * Runs in the page (plain JavaScript, so nothing of the bundler's helpers goes along): sets
 * the first cart line's quantity, presses Enter, and waits for the frame after the header's
 * count changed, starting each change at another point of the frame. Returns each change's milliseconds to the paint, and to the moment the
 * page held the new count.
 */
const MEASURE_IN_PAGE = `async (changes) => {
  const input = document.querySelector('[data-testid^="cart-line-"] input');
  const count = document.querySelector('[data-testid="cart-link"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const nextFrame = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const paint = [];
  const dom = [];
  let changedAt = 0;
  new MutationObserver(() => {
    changedAt = performance.now();
  }).observe(count, { subtree: true, characterData: true, childList: true });
  for (let i = 0; i < changes; i += 1) {
    // A person's key lands anywhere in a frame: start each change a different time after
    // the last frame (0-16 ms, spread evenly), not always just after one.
    await new Promise((resolve) => setTimeout(resolve, (i * 7) % 17));
    const before = count.textContent;
    const next = input.value === '2' ? '1' : '2';
    changedAt = 0;
    const started = performance.now();
    setValue.call(input, next);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    // React applies a keyboard event's update in a microtask; then the next frame paints it.
    await Promise.resolve();
    while (count.textContent === before) await nextFrame();
    await nextFrame();
    paint.push(performance.now() - started);
    dom.push(changedAt - started);
  }
  return { paint, dom };
}`;

export async function benchCommandToPaint(): Promise<Metric[]> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.warn('NOTICE: command_to_paint_p95_ms skipped: no Chromium (set CHROME_PATH).');
    return [];
  }
  ensureBuild();
  const dataDir = await tempDir('store-bench-paint-');
  const store = await launchStoreProcess({ dataDir });
  const browser = await chromium.launch(chromiumLaunchOptions(executablePath));
  try {
    const context = await browser.newContext({
      baseURL: store.url,
      extraHTTPHeaders: { 'x-country-code': 'GB' },
    });
    const page = await context.newPage();
    await page.goto('/en-gb/p/WRI3-RF25');
    const buy = page.getByRole('complementary', { name: 'Buy' });
    await buy.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('cart-link').getByText('Cart (1 item)').waitFor();
    await page.goto('/en-gb/cart');
    await page.locator('[data-testid^="cart-line-"] input').waitFor();
    const times = await page.evaluate<{ paint: number[]; dom: number[] }>(
      `(${MEASURE_IN_PAGE})(${String(PAINT_CHANGES)})`,
    );
    const paint = [...times.paint].sort((a, b) => a - b);
    const dom = [...times.dom].sort((a, b) => a - b);
    return [
      { name: 'command_to_paint_p95_ms', value: round(percentile(paint, 95)), unit: 'ms' },
      { name: 'command_to_paint_p50_ms', value: round(percentile(paint, 50)), unit: 'ms' },
      // The store's and React's own part: from the key to the page holding the new count.
      { name: 'command_to_dom_p95_ms', value: round(percentile(dom, 95)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await store.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
