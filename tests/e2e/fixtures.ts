/**
 * Each Playwright worker runs its own store: the real server process on a free port with an
 * empty data directory (the embedded database), as a newcomer's `npm start` would.
 */
import { rm } from 'node:fs/promises';
import { expect, test as base } from '@playwright/test';
import { tempDir } from '../support/temp-dir';
import { launchStoreProcess, type StoreProcess } from '../support/server-process';

export const test = base.extend<{ pageErrors: string[] }, { store: StoreProcess }>({
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
  store: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument.
    async ({}, use) => {
      const dataDir = await tempDir('store-e2e-');
      // Orders move on a step every 6 s (orders.e2e.spec.ts watches them), not every 2 min.
      const store = await launchStoreProcess({
        dataDir,
        env: { FULFILMENT_STEP_SECONDS: '6' },
      });
      try {
        await use(store);
      } finally {
        await store.stop('SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ store }, use) => {
    await use(store.url);
  },
});

export { expect };
