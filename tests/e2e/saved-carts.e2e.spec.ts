/**
 * Saved carts in the browser, signed in on en-gb: the save-cart modal with its rules and
 * characters left, the list and details pages, restore into an empty cart, and the old-cart
 * merge modal when the cart is not empty; no accessibility violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInFromHeader } from './support/sign-in';

const KIT = 'WRI3-KIT';
const FORMS = 'HMA2-RF25';
/**
 * Sam is shared by the tests of a worker's store, and ordering a quote saves his cart too: the
 * saved cart of this run is told apart by a name of its own (letters only, as the rule wants).
 */
const NAME = `Spring clinic ${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`;

async function add(page: Page, code: string, quantity: string) {
  await page.goto(`/en-gb/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByLabel('Quantity').fill(quantity);
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
}

test('a signed-in buyer saves the cart, empties it, restores it, and merges or replaces', async ({
  page,
  buyers,
}) => {
  await page.goto('/en-gb/');
  await signInFromHeader(page, buyers.sam);
  await add(page, KIT, '2');
  // To the cart as a buyer goes there: the header's cart link.
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/en-gb\/cart$/);
  await page.getByRole('button', { name: 'Save cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save cart' });
  await expect(dialog.getByText('255 characters left')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This field is required.');
  await dialog.getByLabel('Name').fill('Spring clinic!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Cart name can only be alpha numeric');
  await dialog.getByLabel('Name').fill(NAME);
  // Cancelling typed text asks first (the return modal): return to edit keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const leaving = page.getByRole('dialog', { name: 'Your changes will not be saved' });
  await leaving.getByRole('button', { name: 'Return to edit' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue(NAME);
  await dialog.getByLabel('Description (optional)').fill('Kits for the reading clinic');
  await expect(dialog.getByText('228 characters left')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Your cart was saved as ${NAME}.`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Empty the cart, then restore the saved one from the list.
  await page.getByRole('button', { name: /^Remove Westbrook/ }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto('/en-gb/my-account/saved-carts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Carts');
  const saved = page.getByTestId('saved-cart').filter({ hasText: NAME });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Kits for the reading clinic');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await saved.getByRole('link', { name: `Details of ${NAME}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
  await expect(page.getByRole('cell', { name: /Westbrook Reading Inventory/ })).toBeVisible();
  await page.getByRole('button', { name: `Restore ${NAME}` }).click();
  await expect(page).toHaveURL(/\/en-gb\/cart$/);
  await expect(page.getByTestId(`cart-line-${KIT}`).getByLabel('Quantity')).toHaveValue('2');

  // A cart that is not empty: the old-cart merge modal asks first.
  await add(page, FORMS, '3');
  await page.goto('/en-gb/saved-carts');
  await page.getByRole('button', { name: `Restore ${NAME}` }).click();
  const merge = page.getByRole('dialog', { name: 'Your cart already has products' });
  await merge.getByRole('button', { name: 'Merge carts' }).click();
  await expect(page.getByTestId(`cart-line-${KIT}`).getByLabel('Quantity')).toHaveValue('4');
  await expect(page.getByTestId(`cart-line-${FORMS}`)).toBeVisible();

  await page.goto('/en-gb/saved-carts');
  await page.getByRole('button', { name: `Restore ${NAME}` }).click();
  await page
    .getByRole('dialog', { name: 'Your cart already has products' })
    .getByRole('button', { name: 'Replace my cart' })
    .click();
  await expect(page.getByTestId(`cart-line-${KIT}`).getByLabel('Quantity')).toHaveValue('2');
  await expect(page.getByTestId(`cart-line-${FORMS}`)).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
