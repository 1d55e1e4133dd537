/**
 * The cart in the browser: a product added from its page shows at once in the header and
 * the cart, is confirmed by the server, survives a reload made offline and is sent when the
 * connection comes back; a visitor's cart merges into the user's cart at sign-in, which the
 * user then finds on another device.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DANA, signInFromHeader } from './support/sign-in';

const KIT = { code: 'WRI3-KIT', name: 'Westbrook Reading Inventory, Third Edition, Complete Kit' };

async function addFromProductPage(page: Page, locale: string, code: string, quantity: string) {
  await page.goto(`/${locale}/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  const add = buy.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await buy.getByLabel('Quantity').fill(quantity);
  await add.click();
}

interface EcommerceEntry {
  readonly event: string;
  readonly ecommerce: { readonly currency: string; readonly items: Record<string, unknown>[] };
}

/** The cart's analytics events among what the page pushed to its data layer. */
function readEcommerce(dataLayer: unknown): EcommerceEntry[] {
  const layer = Array.isArray(dataLayer) ? (dataLayer as { event?: unknown }[]) : [];
  return layer.filter(
    (e): e is EcommerceEntry =>
      typeof e.event === 'string' &&
      /^(view_item|add_to_cart|remove_from_cart|view_cart)$/.test(e.event),
  );
}

function confirmedPush(page: Page) {
  return page.waitForResponse(
    async (response) =>
      /\/api\/carts\/[^/]+\/commands/.test(response.url()) &&
      response.status() === 200 &&
      ((await response.json()) as { status?: string }).status === 'confirmed',
    { timeout: 15_000 },
  );
}

test('a product added from its page shows in the header and the cart, and the server confirms it', async ({
  page,
}) => {
  const confirmed = confirmedPush(page);
  await addFromProductPage(page, 'en-us', KIT.code, '2');
  await expect(
    page.getByRole('status').filter({ hasText: 'Added to your cart (2).' }),
  ).toBeVisible();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
  await confirmed;
  // SPEC 3 analytics product entries in the data layer.
  const events = async () =>
    readEcommerce(await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer));
  const viewItem = (await events()).find((e) => e.event === 'view_item');
  expect(viewItem?.ecommerce.currency).toBe('USD');
  expect(viewItem?.ecommerce.items[0]).toMatchObject({
    item_id: KIT.code,
    name: KIT.name,
    quantity: 1,
    position: 1,
  });
  const added = (await events()).find((e) => e.event === 'add_to_cart');
  expect(added?.ecommerce.items).toEqual([
    expect.objectContaining({
      item_id: KIT.code,
      name: KIT.name,
      program: expect.any(String),
      price: expect.any(Number),
      discountPrice: expect.any(Number),
      quantity: 2,
      position: 1,
      addToCartSource: 'product-page',
    }),
  ]);

  await page.getByTestId('cart-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Shopping Cart');
  const line = page.getByTestId(`cart-line-${KIT.code}`);
  await expect(line.getByRole('link', { name: KIT.name })).toBeVisible();
  await expect(line.getByLabel('Quantity')).toHaveValue('2');
  await expect
    .poll(async () => (await events()).filter((e) => e.event === 'view_cart').length)
    .toBe(1);

  // Quantity rules in the spec's words; nothing changes.
  await line.getByLabel('Quantity').fill('');
  await line.getByLabel('Quantity').press('Enter');
  await expect(line.getByRole('alert')).toHaveText('Quantity field cannot be empty.');
  await line.getByLabel('Quantity').fill('0');
  await line.getByLabel('Quantity').press('Enter');
  await expect(line.getByRole('alert')).toHaveText(
    'Please provide a positive number to update the quantity of an item.',
  );
  const changed = confirmedPush(page);
  await line.getByLabel('Quantity').fill('3');
  await line.getByLabel('Quantity').press('Enter');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)');
  await changed;

  // The server holds it: a reload with the browser's database intact pulls the same cart.
  await page.reload();
  await expect(page.getByTestId(`cart-line-${KIT.code}`).getByLabel('Quantity')).toHaveValue('3');
  await page
    .getByTestId(`cart-line-${KIT.code}`)
    .getByRole('button', { name: `Remove ${KIT.name}` })
    .click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  const removed = (await events()).find((e) => e.event === 'remove_from_cart');
  expect(removed?.ecommerce.items[0]).toMatchObject({ item_id: KIT.code, quantity: 3 });
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (0 items)');
});

test('offline, an added product is kept across a reload and sent when the connection is back', async ({
  page,
  context,
  pageErrors,
}) => {
  await page.goto('/en-gb/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  // The product page is seen once online, so the worker can show it offline.
  await page.goto(`/en-gb/p/${KIT.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KIT.name);

  await context.setOffline(true);
  await addFromProductPage(page, 'en-gb', KIT.code, '1');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await page.goto('/en-gb/cart');
  await expect(page.getByText('1 change is waiting to be sent.')).toBeVisible();

  // A reload while offline: the line is read back from the browser's database.
  await page.reload();
  await expect(page.getByTestId(`cart-line-${KIT.code}`).getByLabel('Quantity')).toHaveValue('1');
  await expect(page.getByText('1 change is waiting to be sent.')).toBeVisible();

  const confirmed = confirmedPush(page);
  await context.setOffline(false);
  await confirmed;
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  await expect(page.getByTestId(`cart-line-${KIT.code}`).getByLabel('Quantity')).toHaveValue('1');
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

test("a visitor's cart merges into the user's cart at sign-in, and the user finds it on another device", async ({
  page,
  browser,
  store,
}) => {
  const merged = page.waitForResponse(
    (response) =>
      /\/api\/carts\/[^/]+\/commands/.test(response.url()) &&
      response.status() === 200 &&
      (response.request().postData() ?? '').includes('"MergeCart"'),
    { timeout: 30_000 },
  );
  await addFromProductPage(page, 'en-us', KIT.code, '1');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await signInFromHeader(page, DANA);
  await merged;
  await expect(page.getByTestId('cart-link')).toHaveText(/Cart \(\d+ items?\)/);
  await page.goto('/en-us/cart');
  await expect(page.getByTestId(`cart-line-${KIT.code}`)).toBeVisible();

  // Another device: a new browser profile, the same user.
  const other = await browser.newContext({
    baseURL: store.url,
    extraHTTPHeaders: { 'x-country-code': 'US' },
  });
  try {
    const second = await other.newPage();
    await second.goto('/en-us/');
    await signInFromHeader(second, DANA);
    await second.goto('/en-us/cart');
    await expect(second.getByTestId(`cart-line-${KIT.code}`)).toBeVisible({ timeout: 15_000 });
  } finally {
    await other.close();
  }
});

test('promotion codes are decided by the store and answered in the spec’s words', async ({
  page,
}) => {
  await addFromProductPage(page, 'en-gb', KIT.code, '1');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await page.goto('/en-gb/cart');
  const field = page.getByLabel('Promotion code', { exact: true });
  const apply = page.getByRole('button', { name: 'Apply' });
  const promotions = page.getByRole('region', { name: 'Promotion codes' });

  await field.fill('NOPE2026');
  await apply.click();
  await expect(promotions.getByRole('alert')).toHaveText('This promotion code is not valid.');
  await field.fill('spring25');
  await apply.click();
  await expect(promotions.getByRole('alert')).toHaveText('This promotion code is not active.');

  const before = await page.getByTestId('cart-total').textContent();
  await field.fill('school10');
  await apply.click();
  await expect(page.getByTestId('promotion-SCHOOL10')).toContainText('SCHOOL10');
  await expect(page.getByTestId('cart-total')).not.toHaveText(before ?? '');
  await field.fill('SCHOOL10');
  await apply.click();
  await expect(promotions.getByRole('alert')).toHaveText(
    'This promotion code has already been applied.',
  );
  // The refusals were shown by the field, not again as notices.
  await expect(page.locator('.cart-notices')).toHaveCount(0);

  // Checkout needs a signed-in user.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/en-gb\/login\?/);
});
