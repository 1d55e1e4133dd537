/**
 * Payment Cards (SPEC 2.7; decision 056), on a store of this spec's own (it changes Dana's
 * cards): Dana opens Payment Cards from the account menu and sees her saved cards (brand,
 * last four digits, expiry, name); makes the Mastercard her default and removes the American
 * Express; adds 4242 4242 4242 4242 in the payment gateway's own fields with no order placed,
 * and it is listed; a declined card is told in checkout's words; checkout's payment step
 * offers the default card first. On a tablet and a phone, axe clean and nothing wider than
 * the screen; offline, the cards seen before are shown with the notice that changes need the
 * connection.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emptyCart } from './support/cart';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { storeOfThisSpec } from './support/spec-store';
import { newBuyers } from './support/buyers';
import { accountButton, signInFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const PAYMENT_DETAILS =
  'Please check your payment details are correct or provide a different payment method.';

const ownStore = storeOfThisSpec('payment-cards');
const origin = () => ownStore().url;

/** The payment gateway's fields, once their frame has loaded and been worded. */
async function cardFields(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  return frame;
}

async function typeCard(page: Page, number: string) {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill("Reyes-O'Neil");
  const frame = await cardFields(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration month (MM)').fill('11');
  await frame.getByLabel('Expiration year (YYYY)').fill('2032');
  await frame.getByLabel('Security code').fill('123');
}

const card = (page: Page, text: RegExp) =>
  page.getByTestId('payment-card').filter({ hasText: text });

test('Dana keeps her payment cards: default, remove, add through the gateway’s fields', async ({
  page,
  pageErrors,
}) => {
  const buyers = await newBuyers(ownStore().dataDir);
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${origin()}/en-us/`);
  await signInFromHeader(page, buyers.dana);

  // From the account menu.
  await accountButton(page, buyers.dana.firstName).click();
  await page.getByRole('banner').getByRole('link', { name: 'Payment Cards' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/payment-cards$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Cards');
  await expect(page.getByTestId('payment-card')).toHaveCount(3);
  const visa = card(page, /Visa ending in 4242/);
  const mastercard = card(page, /Mastercard ending in 5454/);
  const amex = card(page, /American Express ending in 0005/);
  await expect(visa).toContainText('Expires 09/2029');
  await expect(visa).toContainText('Name on card: Dana Reyes');
  await expect(visa.getByTestId('payment-card-default')).toHaveText('Default card');
  await expect(mastercard).toContainText('Expires 06/2030');
  await expect(amex).toContainText('Expires 01/2031');
  await axe(page, '#main');

  // The Mastercard becomes the default, listed first; the American Express goes.
  await mastercard.getByRole('button', { name: /^Make default/ }).click();
  await expect(page.getByTestId('payment-cards-notice')).toHaveText(
    'This card is now your default card.',
  );
  await expect(page.getByTestId('payment-card').first()).toContainText('Mastercard ending in 5454');
  await expect(mastercard.getByTestId('payment-card-default')).toBeVisible();
  await expect(visa.getByTestId('payment-card-default')).toHaveCount(0);
  await amex.getByRole('button', { name: /^Remove/ }).click();
  await expect(amex.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await amex.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByTestId('payment-cards-notice')).toHaveText('The card has been removed.');
  await expect(amex).toHaveCount(0);
  await expect(page.getByTestId('payment-card')).toHaveCount(2);
  // The button pressed is gone: the focus is on what the page said.
  await expect(page.getByTestId('payment-cards-notice')).toBeFocused();

  // A declined card: checkout's words, nothing kept.
  await page.getByRole('button', { name: 'Add a card' }).click();
  await typeCard(page, '4000 0000 0000 0002');
  await axe(page);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('payment-cards-add-problem')).toHaveText(PAYMENT_DETAILS);
  await expect(page.getByTestId('payment-card')).toHaveCount(2);
  // The browser logs the store's 422 for the declined card: that one, and no other.
  expect(pageErrors.filter((e) => e.includes('status of 422'))).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('422')));

  // A card name against SPEC 5: said beside the field, which takes the focus.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Last name').fill('R3yes');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(
    page.getByText('Use only letters a-z, hyphens, spaces and apostrophes.'),
  ).toBeVisible();
  await expect(page.getByLabel('Last name')).toBeFocused();

  // The approved card is saved with no order, and listed.
  await page.getByLabel('Last name').fill("Reyes-O'Neil");
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('payment-cards-notice')).toHaveText('Your card has been saved.');
  const added = card(page, /Visa ending in 4242/).filter({ hasText: 'Expires 11/2032' });
  await expect(added).toContainText("Name on card: Dana Reyes-O'Neil");
  await expect(page.getByTestId('payment-card')).toHaveCount(3);
  // No order was placed for it: Dana has none in this store.
  const orders = await page.request.get(`${origin()}/api/orders?locale=en-us`);
  expect(orders.ok()).toBe(true);
  expect((await orders.json()) as { total: number }).toMatchObject({ total: 0 });

  // On a phone: it fits and passes axe; at the short address too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin()}/en-us/payment-cards`);
  await expect(page.getByTestId('payment-card')).toHaveCount(3);
  await fitsTheScreen(page);
  await axe(page, '#main');

  // Offline: the cards seen before, a reload included, and changes need the connection.
  await workerControls(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('payment-card')).toHaveCount(3);
  await expect(page.getByText(/You are offline\..*changes need the connection\./)).toBeVisible();
  await expect(mastercard.getByRole('button', { name: /^Remove/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add a card' })).toHaveCount(0);
  await page.context().setOffline(false);
  // Back online the page reads the store again and offers its changes.
  await expect(mastercard.getByRole('button', { name: /^Remove/ })).toBeEnabled();
  // What the page asked while offline failed at the browser or its worker: nothing else did.
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter(
      (e) => !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED'),
    ),
  );

  // Checkout's payment step offers the default card first.
  await page.setViewportSize({ width: 768, height: 1024 });
  await emptyCart(page, 'en-us', origin());
  await page.goto(`${origin()}/en-us/p/KCI-KIT`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
  await page.goto(`${origin()}/en-us/cart`);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/en-us\/checkout$/);
  await expect(page.getByText('Loading your accounts…')).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Choose customer account' })
    .getByLabel('Dana Reyes')
    .check();
  await page
    .getByRole('region', { name: 'Choose qualified user' })
    .getByLabel('Dana Reyes')
    .check();
  for (const [step, choose] of [
    ['shipping-address', /1200 Lakeshore Drive/],
    ['shipping-method', /Regular ground/],
    ['billing-address', 'Same as shipping address'],
  ] as const) {
    await page.getByRole('button', { name: /^Continue/ }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${step}$`));
    await page.getByLabel(choose).check();
  }
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByRole('radio', { name: /Mastercard ending in 5454/ })).toBeChecked();
});
