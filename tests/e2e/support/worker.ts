import type { Page } from '@playwright/test';

/**
 * Until the store's service worker controls the page: installed, its precache filled (some
 * 160 files), and the page claimed. A state, not a time; the budget is for a 2-core host
 * running two stores and two browsers, where filling the precache has taken over 10 s.
 */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}
