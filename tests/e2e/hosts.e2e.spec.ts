import { rm } from 'node:fs/promises';
import { launchStoreProcess, type StoreProcess } from '../support/server-process';
import { tempDir } from '../support/temp-dir';
import { expect, test } from './fixtures';

let store: StoreProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = await tempDir('store-hosts-');
  // The test browser reaches the store at 127.0.0.1: configure that host for en-gb.
  store = await launchStoreProcess({ dataDir, env: { STOREFRONT_HOSTS: '127.0.0.1=en-gb' } });
});

test.afterAll(async () => {
  await store.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
});

test('a host configured for a storefront takes addresses without the locale', async ({
  page,
  pageErrors,
}) => {
  // The server sends the address below the storefront before any script runs.
  const response = await page.goto(`${store.url}/no-prefix-page`);
  expect(response?.request().redirectedFrom()?.url()).toBe(`${store.url}/no-prefix-page`);
  await expect(page).toHaveURL(/\/en-gb\/no-prefix-page$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // That page does not exist: the browser reports its 404, which is all it may log.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  pageErrors.length = 0;
  const root = await page.goto(`${store.url}/`);
  await expect(page).toHaveURL(/\/en-gb\/$/);
  expect(root?.request().redirectedFrom()).not.toBeNull();
});

test('the data layer exists and no tag manager loads without a container id', async ({ page }) => {
  await page.goto(`${store.url}/en-gb/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown }).dataLayer)),
  ).toBe(true);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
});
