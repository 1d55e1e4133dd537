/**
 * The data layer's GA4 events in the browser (SPEC 3 analytics product entry). Checkout, on a
 * store of this spec's own (Riverside gets a new member): a newly registered buyer, invited
 * to Riverside by Sam, goes from the cart to a placed order; begin_checkout,
 * add_shipping_info, add_payment_info and purchase come once each, in that order, with the
 * items, whatever reloads and steps done again; the confirmation reloaded, and opened in
 * another tab, pushes no second purchase.
 * Search and category pages (a visitor): view_item_list with the list's id, name and each
 * product's index, and select_item for the product chosen.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseAccounts, continueTo } from './support/checkout-steps';
import { storeOfThisSpec } from './support/spec-store';
import { newBuyers, type BuyerSet } from './support/buyers';
import { accountButton, signInFromHeader } from './support/sign-in';

const LEVEL_A_KIT = 'KCI-KIT';
const CHECKOUT_EVENTS = ['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase'];

interface Item {
  readonly item_id: string;
  readonly name: string;
  readonly program: string;
  readonly price: number;
  readonly discountPrice: number;
  readonly quantity: number;
  readonly position: number;
  readonly index?: number;
  readonly item_list_id?: string;
}

interface LayerEvent {
  readonly event?: string;
  readonly ecommerce?: {
    readonly currency?: string;
    readonly value?: number;
    readonly transaction_id?: string;
    readonly tax?: number;
    readonly shipping?: number;
    readonly shipping_tier?: string;
    readonly payment_type?: string;
    readonly item_list_id?: string;
    readonly item_list_name?: string;
    readonly items?: readonly Item[];
  };
}

/** The events of these names the page pushed to its data layer, in order. */
async function pushed(page: Page, names: readonly string[]): Promise<LayerEvent[]> {
  const layer = await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer);
  return (Array.isArray(layer) ? (layer as LayerEvent[]) : []).filter((e) =>
    names.includes(e.event ?? ''),
  );
}

/** Every event any page of the context pushes, reloads and other tabs included. */
async function recordEveryPush(context: BrowserContext): Promise<LayerEvent[]> {
  const all: LayerEvent[] = [];
  await context.exposeBinding('recordLayerPush', (_source, event: LayerEvent) => {
    all.push(event);
  });
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    const record = (window as unknown as { recordLayerPush: (event: unknown) => void })
      .recordLayerPush;
    const push = layer.push.bind(layer);
    layer.push = (...events: unknown[]) => {
      for (const event of events) record(event);
      return push(...events);
    };
    (window as { dataLayer?: unknown }).dataLayer = layer;
  });
  return all;
}

test.describe('checkout', () => {
  const ownStore = storeOfThisSpec('analytics');
  const origin = () => ownStore().url;

  /** Sam, Riverside's administrator, invites the buyer's email, in a browser of his own. */
  async function samInvites(browser: Browser, buyers: BuyerSet, email: string) {
    const page = await browser.newPage();
    const ready = () => page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.goto(`${origin()}/en-us/`);
    await ready();
    await signInFromHeader(page, buyers.sam);
    await page.goto(`${origin()}/en-us/my-account/accounts`);
    await ready();
    await page
      .getByTestId('customer-account')
      .filter({
        has: page
          .getByTestId('account-number')
          .getByText(buyers.accounts.riverside, { exact: true }),
      })
      .getByRole('link', { name: /^Members/ })
      .click();
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Email address').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('members-notice')).toHaveText(
      'Invitation sent by email. They can add the account with Account not listed.',
    );
    await page.context().close();
  }

  test('a new buyer’s checkout pushes its four events once each, in order; a reload no second purchase', async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    // Sam and Riverside of the test's own.
    const buyers = await newBuyers(ownStore().dataDir);
    const everyPush = await recordEveryPush(context);
    const unique = `${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}`;
    const buyer = {
      firstName: 'Robin',
      lastName: 'Metrics',
      email: `robin.${unique}@demo.example`,
    };

    // Registered, and signed in after it.
    await page.goto(`${origin()}/en-gb/`);
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/en-gb\/register\?interaction=/);
    await page.getByLabel('First name').fill(buyer.firstName);
    await page.getByLabel('Last name').fill(buyer.lastName);
    await page.getByLabel('Email address').fill(buyer.email);
    await page.getByLabel('Password').fill('Analytics-Buyer-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(accountButton(page, buyer.firstName)).toBeVisible({ timeout: 15_000 });
    await samInvites(browser, buyers, buyer.email);

    await page.goto(`${origin()}/en-gb/p/${LEVEL_A_KIT}`);
    const buy = page.getByRole('complementary', { name: 'Buy' });
    await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await buy.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
    await page.goto(`${origin()}/en-gb/cart`);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/en-gb\/checkout$/);
    await expect(page.getByText('Loading your accounts…')).toHaveCount(0);

    // Riverside, which invited the buyer, with 'Account not listed'.
    const accounts = page.getByRole('region', { name: 'Choose customer account' });
    await accounts.getByText('Account not listed').click();
    await accounts.getByLabel('Account number', { exact: true }).fill(buyers.accounts.riverside);
    await accounts.getByLabel('I agree to the Terms & conditions').check();
    await accounts.getByRole('button', { name: 'Add account' }).click();
    await expect(accounts.getByLabel('Riverside Child Development Clinic')).toBeChecked();
    await chooseAccounts(page, 'Riverside Child Development Clinic', 'Sam Okafor');
    await continueTo(page, 'shipping-address');
    await page.getByLabel(/22 Riverside Walk/).check();
    await continueTo(page, 'shipping-method');
    await page.getByLabel(/Regular ground/).check();
    await continueTo(page, 'billing-address');
    await page.getByLabel('Same as shipping address').check();
    await continueTo(page, 'payment');
    const poChoice = page.getByRole('radio', { name: /^Purchase order/ });
    if ((await poChoice.count()) > 0) await poChoice.check();
    await page.getByLabel('Purchase order number').fill('PO-ANALYTICS-1');
    await page.getByLabel('First name').fill(buyer.firstName);
    await page.getByLabel('Last name').fill(buyer.lastName);
    await page.getByLabel('Email address').fill(buyer.email);
    await page.getByLabel('Phone number').fill('0113 496 0123');
    await continueTo(page, 'review');
    // Checkout reloaded, and a step done again with another choice: neither is told twice.
    await page.goto(`${origin()}/en-gb/checkout/shipping-method`);
    await page.getByLabel(/Expedited/).check();
    await continueTo(page, 'billing-address');
    await page.goto(`${origin()}/en-gb/checkout/review`);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await page.getByLabel('I have read and agree to the Terms & conditions').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/en-gb\/checkout\/confirmation\/[0-9a-f-]{36}-v\d+$/, {
      timeout: 20_000,
    });
    const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
    expect(reference).toMatch(/^W\d{10}$/);

    // Once each, in order (across the reload).
    const checkoutEvents = () => everyPush.filter((e) => CHECKOUT_EVENTS.includes(e.event ?? ''));
    await expect.poll(() => checkoutEvents().map((e) => e.event)).toEqual(CHECKOUT_EVENTS);
    expect((await pushed(page, ['purchase'])).length).toBe(1);
    const [begin, shipping, payment, purchase] = checkoutEvents();
    for (const event of [begin, shipping, payment, purchase]) {
      expect(event?.ecommerce?.currency).toBe('GBP');
      expect(event?.ecommerce?.items).toEqual([
        expect.objectContaining({
          item_id: LEVEL_A_KIT,
          quantity: 1,
          position: 1,
          name: expect.any(String),
          program: expect.any(String),
          price: expect.any(Number),
          discountPrice: expect.any(Number),
        }),
      ]);
    }
    expect(shipping?.ecommerce?.shipping_tier).toBe('regular');
    expect(payment?.ecommerce?.payment_type).toBe('purchase-order');
    // Riverside's organizational discount, from the accounts step on; what was paid for.
    const listPrice = begin?.ecommerce?.items?.[0]?.price ?? 0;
    expect(payment?.ecommerce?.items?.[0]?.discountPrice).toBeLessThan(listPrice);
    expect(purchase?.ecommerce).toMatchObject({
      transaction_id: reference,
      value: payment?.ecommerce?.value,
      tax: expect.any(Number),
      shipping: expect.any(Number),
    });
    expect(purchase?.ecommerce?.items).toEqual(payment?.ecommerce?.items);
    // The order went by the method chosen last: expedited, £16.00 in the UK store.
    expect(purchase?.ecommerce?.shipping).toBe(16);

    // The confirmation reloaded, and opened in another tab: no second purchase.
    await page.reload();
    await expect(page.getByTestId('order-reference')).toHaveText(reference);
    await page.waitForLoadState('networkidle');
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByTestId('order-reference')).toHaveText(reference);
    await other.waitForLoadState('networkidle');
    expect(await pushed(page, ['purchase'])).toEqual([]);
    expect(await pushed(other, ['purchase'])).toEqual([]);
    expect(checkoutEvents().map((e) => e.event)).toEqual(CHECKOUT_EVENTS);
  });
});

test('search and category pages push view_item_list, and the product chosen select_item', async ({
  page,
}) => {
  await page.goto('/en-gb/search.html?q=westbrook');
  const links = page
    .locator('.catalog-results')
    .getByRole('heading', { level: 2 })
    .getByRole('link');
  await expect(links.first()).toBeVisible();
  const names = await links.allTextContents();
  expect(names.length).toBeGreaterThan(1);

  await expect.poll(async () => (await pushed(page, ['view_item_list'])).length).toBe(1);
  const [list] = await pushed(page, ['view_item_list']);
  expect(list?.ecommerce).toMatchObject({
    item_list_id: 'search_results',
    item_list_name: 'Search results',
    currency: 'GBP',
  });
  const items = list?.ecommerce?.items ?? [];
  expect(items.map((i) => i.name)).toEqual(names);
  expect(items.map((i) => i.index)).toEqual(names.map((_, i) => i));
  expect(items.map((i) => i.position)).toEqual(names.map((_, i) => i + 1));
  expect(items.every((i) => i.item_list_id === 'search_results' && i.quantity === 1)).toBe(true);

  // The second product chosen.
  const chosen = items[1];
  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/en-gb/p/${chosen?.item_id ?? ''}$`));
  await expect.poll(async () => (await pushed(page, ['select_item'])).length).toBe(1);
  const [selected] = await pushed(page, ['select_item']);
  expect(selected?.ecommerce).toMatchObject({
    item_list_id: 'search_results',
    item_list_name: 'Search results',
    items: [expect.objectContaining({ item_id: chosen?.item_id, index: 1, position: 2 })],
  });

  // A category page is a list of its own; the search's list is not pushed again.
  await page.goto('/en-gb/search.html?category=academic-learning');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await pushed(page, ['view_item_list'])).length).toBe(1);
  const [category] = await pushed(page, ['view_item_list']);
  expect(category?.ecommerce).toMatchObject({
    item_list_id: 'category_academic-learning',
    item_list_name: 'Category: academic-learning',
  });
  expect(category?.ecommerce?.items?.[0]).toMatchObject({ index: 0, position: 1 });
});
