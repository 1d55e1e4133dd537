/**
 * The checkout flags of decision 061, on a store of the spec's own whose flag file each test
 * flips: `tpp` offers a third party who pays at the payment step (on a tablet), shown on the
 * review step and the order's details; `checkout-recaptcha` puts the 'I'm not a robot' check
 * before Place order (on a phone, with the keyboard). Off, neither is there. axe-core on each.
 */
import type { Page } from '@playwright/test';
import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { expect, test } from './fixtures';
import { emptyCart } from './support/cart';
import { axe } from './support/checkout-steps';
import { fitsTheScreen, PHONE, TABLET } from './support/layout';
import { newBuyers } from './support/buyers';
import { signInFromHeader } from './support/sign-in';

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

const LEVEL_A_KIT = 'KCI-KIT';

async function continueTo(page: Page, step: string) {
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${step}$`));
  if (step === 'review') {
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  }
}

/** Dana (signed in) with one kit in her cart, through checkout to the payment step. */
async function toPaymentStep(page: Page) {
  await emptyCart(page, 'en-us', store.url);
  await page.goto(`${store.url}/en-us/p/${LEVEL_A_KIT}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
  await page.goto(`${store.url}/en-us/cart`);
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
  await continueTo(page, 'shipping-address');
  await page.getByLabel(/1200 Lakeshore Drive/).check();
  await continueTo(page, 'shipping-method');
  await page.getByLabel(/Regular ground/).check();
  await continueTo(page, 'billing-address');
  await page.getByLabel('Same as shipping address').check();
  await continueTo(page, 'payment');
}

/** The step on screen, loaded again until the store's flag change has reached its facts. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    const facts = page.waitForResponse((r) => r.url().includes('/api/checkout/facts'));
    await page.reload();
    await facts;
    await check();
  }).toPass({ timeout: 40_000 });
}

/** A Dana of the test's own, signed in. */
async function signIn(page: Page) {
  const { dana } = await newBuyers(store.dataDir);
  await page.goto(`${store.url}/en-us/`);
  await signInFromHeader(page, dana);
}

const thirdParty = (page: Page) => page.getByRole('radio', { name: /^A third party pays/ });

test.describe('tpp on a tablet', () => {
  test.use({ viewport: TABLET });

  test('tpp: no third party when off; when on, a third party pays and the order shows it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page);
    await store.setFlag('tpp', false);
    await toPaymentStep(page);
    await expect(page.getByRole('radio', { name: /^New card/ })).toBeVisible();
    await expect(thirdParty(page)).toHaveCount(0);

    await store.setFlag('tpp', true);
    await reloadUntil(page, async () => {
      await expect(thirdParty(page)).toBeVisible({ timeout: 5_000 });
    });
    await thirdParty(page).check();
    const form = page.getByRole('form', { name: 'Paid by a third party' });
    // Every field is required, in SPEC 5's words.
    await form.getByRole('button', { name: 'Continue to review' }).click();
    await expect(form.getByText('Please check the fields marked below.')).toBeVisible();
    await expect(form.getByText('This field is required.').first()).toBeVisible();
    await form.getByLabel('Payer organisation').fill('Dane County School District');
    await form.getByLabel('Contact first name').fill('Maria');
    await form.getByLabel('Contact last name').fill('Lopez');
    await form.getByLabel('Contact email address').fill('payables at danecounty');
    await form.getByLabel('Contact phone number').fill('608 555 0142');
    await form.getByLabel('Reference or authorisation number').fill('AUTH-2026-3391');
    await form.getByRole('button', { name: 'Continue to review' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await axe(page);
    await form.getByLabel('Contact email address').fill('payables@danecounty.example');
    await continueTo(page, 'review');
    const review = page.getByRole('main');
    await expect(
      review.getByText('Paid by a third party: Dane County School District'),
    ).toBeVisible();
    await expect(
      review.getByText('Reference or authorisation number: AUTH-2026-3391'),
    ).toBeVisible();
    await expect(review.getByText('payables@danecounty.example')).toBeVisible();
    await axe(page);
    await fitsTheScreen(page);
    await page.getByLabel('I have read and agree to the Terms & conditions').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(
      page.getByText('Paid by a third party: Dane County School District'),
    ).toBeVisible();
    const orderId = /confirmation\/([^/?#]+)/.exec(page.url())?.[1] ?? '';

    await page.goto(`${store.url}/en-us/order-history/order-details/${orderId}`);
    await expect(
      page.getByText('Paid by a third party: Dane County School District'),
    ).toBeVisible();
    await expect(page.getByText('Reference or authorisation number: AUTH-2026-3391')).toBeVisible();
    await expect(page.getByText('Maria Lopez')).toBeVisible();
    await axe(page);
    await store.setFlag('tpp', false);
  });
});

test.describe('checkout-recaptcha on a phone', () => {
  test.use({ viewport: PHONE });

  test('checkout-recaptcha: no check when off; when on, Place order needs it, by keyboard', async ({
    page,
    pageErrors,
  }) => {
    test.slow();
    await signIn(page);
    const box = page.getByRole('checkbox', { name: "I'm not a robot" });

    await store.setFlag('checkout-recaptcha', false);
    await toPaymentStep(page);
    await page.getByRole('radio', { name: /Visa ending in 4242/ }).check();
    await continueTo(page, 'review');
    await expect(page.getByRole('group', { name: 'Security check' })).toHaveCount(0);
    await expect(box).toHaveCount(0);

    await store.setFlag('checkout-recaptcha', true);
    await reloadUntil(page, async () => {
      await expect(box).toBeVisible({ timeout: 5_000 });
    });
    await axe(page);
    await fitsTheScreen(page);
    await page.getByLabel('I have read and agree to the Terms & conditions').check();
    // Not ticked: the page says so and takes the buyer to the box.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Please confirm that you are not a robot before placing your order.',
      }),
    ).toBeVisible();
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText('Confirmed. You can place your order.')).toBeVisible();
    await expect(box).toBeChecked();
    await axe(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
    expect(pageErrors).toEqual([]);
    await store.setFlag('checkout-recaptcha', false);
  });
});
