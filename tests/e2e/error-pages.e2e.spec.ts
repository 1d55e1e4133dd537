/**
 * The store's error pages (SPEC 2.2, SPEC 8; decision 069) on a phone: each storefront's
 * error.{code}.html answers with its code, in the storefront's language and frame, and while
 * an operator holds the store in maintenance (`npm run maintenance`) every page answers with
 * its storefront's 503 page and a Retry-After. On a store of its own: maintenance here must
 * not meet another spec's pages.
 */
import { rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { operatorCall, TEST_OPERATOR } from '../support/operator';
import { launchStoreProcess, type StoreProcess } from '../support/server-process';
import { tempDir } from '../support/temp-dir';
import { expect, test } from './fixtures';
import { fitsTheScreen, PHONE } from './support/layout';

let store: StoreProcess | undefined;

test.beforeAll(async () => {
  // A store starting beside the worker's own on a loaded host: as long as the worker's may take.
  test.setTimeout(90_000);
  store = await launchStoreProcess({
    dataDir: await tempDir('store-e2e-errors-'),
    readyTimeoutMs: 80_000,
  });
});

test.afterAll(async () => {
  if (!store) return;
  await store.stop('SIGTERM');
  await rm(store.dataDir, { recursive: true, force: true });
});

function launched(): StoreProcess {
  if (!store) throw new Error('The store of this spec did not start.');
  return store;
}

/** The browser reports the page's own error status; that one is expected here. */
function dropStatusReports(pageErrors: string[], status: number): void {
  const others = pageErrors.filter(
    (e) =>
      !e.includes(
        `Failed to load resource: the server responded with a status of ${String(status)}`,
      ),
  );
  pageErrors.splice(0, pageErrors.length, ...others);
}

async function expectErrorPage(
  page: Page,
  { heading, text, links }: { heading: string; text: string; links: readonly string[] },
) {
  const main = page.locator('#main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(main).toContainText(text);
  for (const name of links) await expect(main.getByRole('link', { name })).toBeVisible();
  // The store's frame: its header and footer around the page.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await fitsTheScreen(page);
}

test.use({ viewport: PHONE });

test('each storefront has its error pages, answered with their code in its language', async ({
  page,
  pageErrors,
}) => {
  const { url: origin } = launched();

  const notFound = await page.goto(`${origin}/en-us/error.404.html`);
  expect(notFound?.status()).toBe(404);
  await expectErrorPage(page, {
    heading: 'Page not found',
    text: 'We could not find the page you asked for.',
    links: ['Go to the home page', 'Search the store', 'Check the status of an order'],
  });
  await expect(page).toHaveTitle('Page not found (error 404) | Assessments Store');
  await expect(page.locator('#main')).toContainText('Error 404');

  const unavailable = await page.goto(`${origin}/nl-nl/error.503.html`);
  expect(unavailable?.status()).toBe(503);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expectErrorPage(page, {
    heading: 'De winkel is gesloten voor onderhoud',
    text: 'Uw winkelwagen blijft bewaard.',
    links: ['Naar de startpagina', 'In de winkel zoeken', 'De status van een bestelling bekijken'],
  });
  // Its links lead on in the app.
  await page.locator('#main').getByRole('link', { name: 'Naar de startpagina' }).click();
  await expect(page).toHaveURL(`${origin}/nl-nl/`);

  // A code with no page of its own: the default page (500), answered 404, never a 500.
  for (const name of ['error.999.html', 'error.abc.html']) {
    const answer = await page.request.get(`${origin}/en-us/${name}`);
    expect(answer.status(), name).toBe(404);
    expect(await answer.text(), name).toContain('Something went wrong on our side');
  }
  // Pages the store does not have keep their own words.
  const unknown = await page.request.get(`${origin}/en-us/no-such-page`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Page not found');

  dropStatusReports(pageErrors, 404);
  dropStatusReports(pageErrors, 503);
});

test('while the store is down for maintenance every page is its storefront’s 503 page, and writes are refused', async ({
  page,
  pageErrors,
}) => {
  const { url: origin, dataDir } = launched();
  await operatorCall(dataDir, 'maintenance-start', {
    retryAfterSeconds: 90,
    by: TEST_OPERATOR,
  });
  try {
    const home = await page.goto(`${origin}/en-us/`);
    expect(home?.status()).toBe(503);
    expect(home?.headers()['retry-after']).toBe('90');
    await expectErrorPage(page, {
      heading: 'The store is closed for maintenance',
      text: 'We are working on the store and will be back shortly. Your cart is kept.',
      links: ['Go to the home page', 'Search the store', 'Check the status of an order'],
    });
    // The page stays at the address asked for: a reload after maintenance opens it.
    expect(page.url()).toBe(`${origin}/en-us/`);

    const search = await page.goto(`${origin}/fr-ca/search.html?q=distress`);
    expect(search?.status()).toBe(503);
    expect(search?.headers()['retry-after']).toBe('90');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectErrorPage(page, {
      heading: 'La boutique est fermée pour maintenance',
      text: 'Votre panier est conservé.',
      links: ['Aller à la page d’accueil', 'Rechercher dans la boutique'],
    });

    // A write is refused in words; the health check still answers.
    const write = await page.request.post(`${origin}/auth/logout`, {
      headers: { origin },
    });
    expect(write.status()).toBe(503);
    expect(write.headers()['retry-after']).toBe('90');
    expect(await write.json()).toMatchObject({ error: { code: 'maintenance' } });
    expect((await page.request.get(`${origin}/api/health`)).status()).toBe(200);
  } finally {
    await operatorCall(dataDir, 'maintenance-end', { by: TEST_OPERATOR });
  }
  const open = await page.goto(`${origin}/en-us/`);
  expect(open?.status()).toBe(200);
  dropStatusReports(pageErrors, 503);
});
