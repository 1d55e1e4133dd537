/**
 * Feature flags where they belong (decision 058), on a store of the spec's own whose flag
 * file each test flips: the browser's flag context after sign-in and sign-out; UPC codes and
 * product pictures on the product page and in search; the username field on the sign-in page;
 * the address book managed or read-only and its third line; the qualifications' list. The
 * checkout's flags (tpp, checkout-recaptcha) are in checkout-flags.e2e.spec.ts, address-doctor
 * in address-book.e2e.spec.ts.
 */
import type { Page } from '@playwright/test';
import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { expect, test } from './fixtures';
import { accountButton, DANA, signInFromHeader, signOutFromHeader } from './support/sign-in';

test.describe.configure({ mode: 'serial' });

let store: CustomStore;

test.beforeAll(async () => {
  // A store of its own starts, migrates and seeds: slow on a loaded machine.
  test.setTimeout(180_000);
  store = await launchCustomStore();
});

test.afterAll(async () => {
  await store.dispose();
});

/** The flag context the page settled on, as it keeps it on the device. */
function flagContextOf(page: Page) {
  return page.evaluate(() => {
    const kept = window.localStorage.getItem('flag-context:v1');
    return kept ? (JSON.parse(kept) as { context: Record<string, unknown> }).context : null;
  });
}

/** Loads a page until the flag file's change has reached it (the store reads the file anew). */
async function openUntil(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    // The page's flags are this load's once its bootstrap has answered.
    const bootstrap = page.waitForResponse((r) => r.url().includes('/api/bootstrap'));
    await page.goto(`${store.url}${path}`);
    await bootstrap;
    await check();
  }).toPass({ timeout: 30_000 });
}

test('the browser evaluates flags as the signed-in buyer, and as a visitor after sign-out', async ({
  page,
}) => {
  await page.goto(`${store.url}/en-us/`);
  await expect.poll(() => flagContextOf(page)).toMatchObject({ key: 'anonymous', anonymous: true });
  await signInFromHeader(page, DANA);
  await expect
    .poll(() => flagContextOf(page), { timeout: 15_000 })
    .toMatchObject({
      kind: 'user',
      anonymous: false,
      siteUid: 'usassessments',
      storeUid: 'usassessments',
      locale: 'en-us',
      country: 'US',
    });
  const context = await flagContextOf(page);
  expect(context?.key).toMatch(/^[\w-]{8,}$/);
  expect(context?.key).not.toBe('anonymous');
  await signOutFromHeader(page, DANA.firstName);
  await expect
    .poll(() => flagContextOf(page), { timeout: 15_000 })
    .toMatchObject({ key: 'anonymous', anonymous: true, siteUid: 'usassessments' });
});

test('upc: UPC codes on the product page and in search when on, none when off', async ({
  page,
}) => {
  const upc = /UPC \d{12}/;
  await store.setFlag('upc', true);
  await openUntil(page, '/en-us/p/WRI3-KIT', async () => {
    await expect(page.locator('.product__code')).toContainText(upc, { timeout: 5_000 });
  });
  await page.goto(`${store.url}/en-us/search.html?q=westbrook`);
  await expect(page.locator('.catalog-card').first()).toContainText(upc);

  await store.setFlag('upc', false);
  await openUntil(page, '/en-us/search.html?q=westbrook', async () => {
    await expect(page.locator('.catalog-card').first()).toBeVisible({ timeout: 5_000 });
    await expect(page.locator('.product-upc')).toHaveCount(0);
  });
  await page.goto(`${store.url}/en-us/p/WRI3-KIT`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.product-upc')).toHaveCount(0);
});

test('image-capability: product pictures when on, the text-only look when off', async ({
  page,
}) => {
  await store.setFlag('image-capability', true);
  await openUntil(page, '/en-us/p/WRI3-KIT', async () => {
    const picture = page.getByRole('img', { name: /^Picture of Westbrook Reading Inventory/ });
    await expect(picture).toBeVisible({ timeout: 5_000 });
    await expect(picture).toHaveAttribute('width', '240');
    await expect(picture).toHaveAttribute('height', '180');
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
  await page.goto(`${store.url}/en-us/search.html?q=westbrook`);
  const pictures = page.locator('.catalog-card__image');
  await expect(pictures.first()).toBeVisible();
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  if ((await pictures.count()) > 2)
    await expect(pictures.nth(2)).toHaveAttribute('loading', 'lazy');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  await store.setFlag('image-capability', false);
  await openUntil(page, '/en-us/search.html?q=westbrook', async () => {
    await expect(page.locator('.catalog-card').first()).toBeVisible({ timeout: 5_000 });
    await expect(page.locator('.catalog-card__image')).toHaveCount(0);
  });
  await page.goto(`${store.url}/en-us/p/WRI3-KIT`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.product__image')).toHaveCount(0);
});

test('sso-username-field: a username field on the sign-in page when on, the email field when off', async ({
  page,
}) => {
  const toSignIn = async () => {
    await page.goto(`${store.url}/en-us/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?interaction=/);
  };
  await store.setFlag('sso-username-field', true);
  await expect(async () => {
    await toSignIn();
    await expect(page.getByLabel('Username or email address')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  // Dana's username is her address before the @.
  await page.getByLabel('Username or email address').fill('dana.reyes');
  await page.getByLabel('Password').fill(DANA.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(page, DANA.firstName)).toBeVisible({ timeout: 15_000 });
  await signOutFromHeader(page, DANA.firstName);

  await store.setFlag('sso-username-field', false);
  await expect(async () => {
    await toSignIn();
    await expect(page.getByLabel('Email address', { exact: true })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByLabel('Username or email address')).toHaveCount(0);
  }).toPass({ timeout: 40_000 });
});

/** Reloads a signed-in page until the flags the store now evaluates for its user reached it. */
async function reloadUntil(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    const flags = page.waitForResponse((r) => r.url().includes('/api/flags'));
    await page.goto(`${store.url}${path}`);
    await flags;
    await check();
  }).toPass({ timeout: 40_000 });
}

test('address-book and line3-address: the book managed with its third line when on, read-only and two lines when off', async ({
  page,
}) => {
  await page.goto(`${store.url}/en-us/`);
  await signInFromHeader(page, DANA);
  const book = '/en-us/my-account/addresses';

  await store.setFlag('address-book', false);
  await reloadUntil(page, book, async () => {
    await expect(page.getByText('Addresses are added at checkout.')).toBeVisible({
      timeout: 5_000,
    });
  });
  await expect(page.getByRole('link', { name: 'Add a new address' })).toHaveCount(0);

  await store.setFlag('address-book', true);
  await store.setFlag('line3-address', true);
  await reloadUntil(page, book, async () => {
    await expect(page.getByRole('link', { name: 'Add a new address' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await expect(page.getByLabel('Address line 3 (optional)')).toBeVisible();

  await store.setFlag('line3-address', false);
  await reloadUntil(page, `${book}/add-address`, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByLabel('Address line 2 (optional)')).toBeVisible();
    await expect(page.getByLabel('Address line 3 (optional)')).toHaveCount(0);
  });
  await store.setFlag('address-book', false);
});

test('qualifications-list: each qualification listed when on, only the level when off', async ({
  page,
}) => {
  await page.goto(`${store.url}/en-us/`);
  await signInFromHeader(page, DANA);
  const path = '/en-us/my-account/qualifications';
  await store.setFlag('qualifications-list', true);
  await reloadUntil(page, path, async () => {
    await expect(page.getByRole('heading', { name: 'Your qualifications' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await store.setFlag('qualifications-list', false);
  await reloadUntil(page, path, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Qualifications' })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByRole('heading', { name: 'Your qualifications' })).toHaveCount(0);
  });
});
