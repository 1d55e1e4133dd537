/**
 * Each Playwright worker runs its own store: the real server process on a free port with an
 * empty data directory (the embedded database), as a newcomer's `npm start` would.
 */
import { rm } from 'node:fs/promises';
import { expect, test as base, type Page } from '@playwright/test';
import { tempDir } from '../support/temp-dir';
import type { StoreProcess } from '../support/server-process';
import { newBuyers, type BuyerSet } from './support/buyers';
import { launchOwnStore } from './support/own-store';

/**
 * A first visit comes rendered from the server and is only interactive once the browser has
 * hydrated it (html[data-ready]); a buyer's click before that would do nothing. After each
 * page.goto and page.reload, wait for it, as a buyer waits for the page to respond. Pages
 * that are not the app (an API answer, a blank page) have no #root and are not waited for.
 */
function waitForAppAfterNavigation(page: Page): void {
  const waitForApp = async () => {
    await page
      .waitForFunction(
        () =>
          document.documentElement.hasAttribute('data-ready') || !document.getElementById('root'),
        null,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp();
    return response;
  };
}

export const test = base.extend<
  { pageErrors: string[]; appReady: undefined; buyers: BuyerSet },
  { store: StoreProcess }
>({
  appReady: [
    async ({ context }, use) => {
      for (const page of context.pages()) waitForAppAfterNavigation(page);
      context.on('page', waitForAppAfterNavigation);
      await use(undefined);
    },
    { auto: true },
  ],
  // Any error the page logs (a script error, a blocked resource, a CSP violation) fails the
  // test, unless the test takes the list and checks it itself.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
  // The test's own buyers (decision 067), made on the worker's store when a test asks for them.
  buyers: async ({ store }, use) => {
    await use(await newBuyers(store.dataDir));
  },
  store: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument.
    async ({}, use) => {
      // Orders move on only when a test takes their steps (tests/support/operator.ts): the
      // store's own step time is a day, so no test races it, however slow the host.
      const store = await launchOwnStore(() => tempDir('store-e2e-'), {
        env: { FULFILMENT_STEP_SECONDS: '86400' },
        // A budget, not a measure: on a 2-core host shared with other runs, a store has
        // printed nothing for over 60 s after its start.
        readyTimeoutMs: 170_000,
      });
      try {
        await use(store);
      } finally {
        await store.stop('SIGTERM');
        await rm(store.dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ store }, use) => {
    await use(store.url);
  },
});

export { expect };
