/**
 * The cart in the browser: a product added from its page shows at once in the header and
 * the cart, is confirmed by the server, survives a reload made offline and is sent when the
 * connection comes back; a visitor's cart merges into the user's cart at sign-in, which the
 * user then finds on another device.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { evolve as evolveCart } from '../../domain/cart/decide';
import type { CartEvent } from '../../domain/cart/events';
import { initialCartState } from '../../domain/cart/state';
import { signInFromHeader, signOutFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const FORMS = { code: 'HMA2-RF25' };
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

/** The visitor cart's id this browser keeps for a store (its database, read in the page). */
async function visitorCartId(page: Page, storeId: string): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('assessments-store');
        open.onerror = () => {
          reject(new Error('no database'));
        };
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get(key);
          read.onsuccess = () => {
            const value = (read.result as { value?: unknown } | undefined)?.value;
            open.result.close();
            if (typeof value === 'string') resolve(value);
            else reject(new Error('no cart id'));
          };
        };
      }),
    `cart:${storeId}:visitor`,
  );
}

function confirmedPush(page: Page) {
  return page.waitForResponse(
    async (response) =>
      /\/api\/carts\/[^/]+\/commands/.test(response.url()) &&
      response.status() === 200 &&
      // A batch of the cart's queued commands, each answered.
      ((await response.json()) as { results?: { status: string }[] }).results?.every(
        (result) => result.status === 'confirmed',
      ) === true,
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

test('offline: two products and a quantity change survive a reload and a new page, and reach the server once online', async ({
  page,
  context,
  pageErrors,
}) => {
  await page.goto('/en-gb/');
  await workerControls(page);
  // Seen once online, so the worker can show them offline.
  for (const code of [KIT.code, FORMS.code]) {
    await page.goto(`/en-gb/p/${code}`);
    await expect(page.getByRole('complementary', { name: 'Buy' })).toBeVisible();
  }
  await page.goto('/en-gb/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  await context.setOffline(true);
  await addFromProductPage(page, 'en-gb', KIT.code, '1');
  await addFromProductPage(page, 'en-gb', FORMS.code, '2');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)');
  await page.goto('/en-gb/cart');
  const forms = page.getByTestId(`cart-line-${FORMS.code}`).getByLabel('Quantity');
  await forms.fill('5');
  await forms.press('Enter');
  await expect(page.getByText('You are offline: 3 changes are waiting to be sent.')).toBeVisible();
  const seen = [
    [KIT.code, '1'],
    [FORMS.code, '5'],
  ];
  const lines = async (on: Page) =>
    Promise.all(
      seen.map(async ([code]) => [
        code,
        await on
          .getByTestId(`cart-line-${code ?? ''}`)
          .getByLabel('Quantity')
          .inputValue(),
      ]),
    );

  // Reload, still offline: the same cart, read back from the browser's database.
  await page.reload();
  await expect(page.getByTestId(`cart-line-${FORMS.code}`)).toBeVisible();
  expect(await lines(page)).toEqual(seen);

  // The page is closed; a new one opens, still offline, then the connection comes back.
  const cartId = await visitorCartId(page, 'ukassessments');
  await page.close();
  // Requests made offline fail by design; any other error still fails the test.
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
  const next = await context.newPage();
  await next.goto('/en-gb/cart');
  await expect(next.getByTestId(`cart-line-${FORMS.code}`)).toBeVisible();
  expect(await lines(next)).toEqual(seen);
  await context.setOffline(false);
  await expect(next.getByText('All your changes were sent.')).toBeVisible({ timeout: 5_000 });

  // The server's cart is what the person saw, with no line twice.
  const server = await next.request.get(`/api/carts/${cartId}?after=0`);
  const body = (await server.json()) as { events: { event: CartEvent }[] };
  const state = body.events.map((e) => e.event).reduce(evolveCart, initialCartState());
  expect(state.lines.map((l) => [l.code, String(l.quantity)])).toEqual(seen);
  await next.close();
});

test("offline, an add to cart registers a background sync; back online, the worker's sync event has the page send it", async ({
  page,
  context,
  pageErrors,
}) => {
  // This test's own visitor (a fresh browser context): its cart starts empty.
  await page.goto(`/en-gb/p/${KIT.code}`);
  await workerControls(page);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  // What reaches the page from the worker: its requests to send the outbox.
  await page.evaluate(() => {
    const seen = { flushRequests: 0 };
    Object.assign(window, { backgroundSyncSeen: seen });
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'outbox-flush')
        seen.flushRequests += 1;
    });
  });

  await context.setOffline(true);
  await buy.getByLabel('Quantity').fill('2');
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
  // The queued command registered a one-off sync with the browser.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain('assessments-outbox');

  // The page does not hear the browser come back online (its own trigger): only the
  // worker's sync event can have it send now.
  await page.evaluate(() => {
    window.addEventListener(
      'online',
      (event) => {
        event.stopImmediatePropagation();
      },
      { capture: true },
    );
  });
  const cartId = await visitorCartId(page, 'ukassessments');
  await context.setOffline(false);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { backgroundSyncSeen: { flushRequests: number } })
            .backgroundSyncSeen.flushRequests,
      ),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
  await expect
    .poll(async () => {
      const server = await page.request.get(`/api/carts/${cartId}?after=0`);
      const body = (await server.json()) as { events: { event: CartEvent }[] };
      const state = body.events.map((e) => e.event).reduce(evolveCart, initialCartState());
      return state.lines.map((l) => [l.code, l.quantity]);
    })
    .toEqual([[KIT.code, 2]]);
  // Requests made offline fail by design; any other error still fails the test.
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

test('two tabs: a quantity change in one shows in the other, and signing out clears the cart in both', async ({
  page,
  context,
  buyers,
}) => {
  const priya = buyers.priya;
  await page.goto('/en-gb/');
  await signInFromHeader(page, priya);
  await addFromProductPage(page, 'en-gb', KIT.code, '1');
  await page.goto('/en-gb/cart');
  const other = await context.newPage();
  await other.goto('/en-gb/cart');
  const quantityIn = (tab: Page) => tab.getByTestId(`cart-line-${KIT.code}`).getByLabel('Quantity');
  await expect(quantityIn(other)).toHaveValue('1');

  await quantityIn(page).fill('4');
  await quantityIn(page).press('Enter');
  await expect(quantityIn(other)).toHaveValue('4', { timeout: 1_000 });
  await expect(other.getByTestId('cart-link')).toHaveText('Cart (4 items)', { timeout: 1_000 });
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await expect(page.getByText('All your changes were sent.')).toBeVisible();

  await signOutFromHeader(page, priya.firstName);
  await expect(other.getByTestId('cart-link')).toHaveText('Cart (0 items)');
  await expect(other.getByTestId(`cart-line-${KIT.code}`)).toHaveCount(0);
  await other.close();
});

test("a visitor's cart merges into the user's cart at sign-in, and the user finds it on another device", async ({
  page,
  browser,
  store,
  buyers,
}) => {
  // A Dana of the test's own has no cart yet: signing in merges the visitor's cart at once
  // instead of asking.
  const dana = buyers.dana;
  await page.goto('/en-us/');
  const merged = page.waitForResponse(
    (response) =>
      /\/api\/carts\/[^/]+\/commands/.test(response.url()) &&
      response.status() === 200 &&
      (response.request().postData() ?? '').includes('"MergeCart"'),
    { timeout: 30_000 },
  );
  await addFromProductPage(page, 'en-us', KIT.code, '1');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await signInFromHeader(page, dana);
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
    await signInFromHeader(second, dana);
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

test('a product is added from search results, and a pre-order product says when it comes', async ({
  page,
}) => {
  await page.goto('/en-gb/search.html?q=westbrook%20complete%20kit');
  await page.getByRole('button', { name: `Add to cart ${KIT.name}` }).click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  const added = await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer);
  expect(
    readEcommerce(added).find((e) => e.event === 'add_to_cart')?.ecommerce.items[0],
  ).toMatchObject({ item_id: KIT.code, quantity: 1, addToCartSource: 'search' });

  await addFromProductPage(page, 'en-gb', 'MCS6-KIT', '1');
  const notice = page.getByRole('dialog', { name: 'Pre-ordered item' });
  await expect(notice).toContainText(
    'This product is available for pre-order. We will email you when it is available.',
  );
  await notice.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
});
