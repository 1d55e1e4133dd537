/**
 * Express checkout (SPEC 2.1 /exp-checkout): Dana, a returning buyer with a qualified user,
 * an address book and a saved Visa, sees every choice on one page and places the order
 * (on a phone and on a tablet); the terms must be ticked first; axe-core on the page. A
 * visitor opening express checkout is sent to sign in.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Buyer } from './support/buyers';
import { signInFromHeader } from './support/sign-in';

const LEVEL_A_KIT = 'KCI-KIT';

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function addKit(page: Page) {
  await page.goto(`/en-us/p/${LEVEL_A_KIT}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

async function expressOrder(page: Page, dana: Buyer) {
  await page.goto('/en-us/');
  await signInFromHeader(page, dana);
  await addKit(page);
  await page.goto('/en-us/exp-checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Express checkout');

  const choices = page.getByRole('region', { name: 'Your choices' });
  // Every choice on one page, each with a way to change it in the checkout.
  await expect(choices.getByText('Credit card ending in 4242')).toBeVisible({ timeout: 15_000 });
  // Her first account where she is a qualified user for the kit's level.
  await expect(choices.getByText(/^Account number /)).toBeVisible();
  await expect(choices.getByText('Qualification level B')).toBeVisible();
  // Delivered to her default address, billed there too.
  await expect(choices.getByText('1200 Lakeshore Drive')).toHaveCount(2);
  await expect(choices.getByText(/^Regular ground/)).toBeVisible();
  await expect(choices.getByText('Same as shipping address')).toBeVisible();
  for (const name of [
    'Change Customer account',
    'Change Qualified user',
    'Change Shipping address',
    'Change Shipping method',
    'Change Billing address',
    'Change Payment',
  ]) {
    await expect(choices.getByRole('link', { name })).toBeVisible();
  }
  await expect(choices.getByRole('link', { name: 'Change Payment' })).toHaveAttribute(
    'href',
    '/en-us/checkout/payment',
  );
  await expect(page.getByRole('region', { name: 'Items in cart' })).toContainText(LEVEL_A_KIT);
  await axe(page);
  await fitsTheScreen(page);

  // The terms first.
  const place = page.getByRole('button', { name: 'Place order' });
  await place.click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  const terms = page.getByLabel('I have read and agree to the Terms & conditions');
  await expect(terms).toBeFocused();
  await axe(page);
  // With the keyboard: tick the box, then place the order.
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await place.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\//, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-reference')).not.toBeEmpty();
  await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Dana places an order by express checkout', async ({ page, buyers }) => {
    test.slow();
    await expressOrder(page, buyers.dana);
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('Dana places an order by express checkout', async ({ page, buyers }) => {
    test.slow();
    await expressOrder(page, buyers.dana);
  });
});

test('a visitor opening express checkout is sent to sign in', async ({ page }) => {
  await page.goto('/en-us/exp-checkout');
  await expect(page).toHaveURL(/\/en-us\/login\?/);
});
