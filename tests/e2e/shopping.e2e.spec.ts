/**
 * A buyer's session, signed in on en-gb (issue 8 acceptance): three products from search and
 * product pages, quantity changes with the exact messages, a valid and an invalid promotion
 * code, a quick order with every kind of row, then save the cart, empty it and restore it.
 */
import { expect, test } from './fixtures';
import { signInFromHeader } from './support/sign-in';

test('signed in on en-gb: search, product pages, quantities, codes, quick order, save and restore', async ({
  page,
  buyers,
}) => {
  await page.goto('/en-gb/');
  await signInFromHeader(page, buyers.tomas);

  // Two products from search results, one from its product page.
  await page.goto('/en-gb/search.html?q=westbrook%20complete%20kit');
  await page
    .getByRole('button', {
      name: 'Add to cart Westbrook Reading Inventory, Third Edition, Complete Kit',
    })
    .click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await page.goto('/en-gb/search.html?q=harlow%20record%20forms');
  await page
    .getByRole('button', { name: /^Add to cart Harlow Mathematics .* Record Forms/ })
    .click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
  await page.goto('/en-gb/p/BRS4-SB');
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await buy.getByLabel('Quantity').fill('2');
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (4 items)');

  // Quantities in the cart, with the spec's messages.
  await page.getByTestId('cart-link').click();
  const quantity = page.getByTestId('cart-line-BRS4-SB').getByLabel('Quantity');
  await quantity.fill('');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-line-BRS4-SB').getByRole('alert')).toHaveText(
    'Quantity field cannot be empty.',
  );
  await quantity.fill('-1');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-line-BRS4-SB').getByRole('alert')).toHaveText(
    'Please provide a positive number to update the quantity of an item.',
  );
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (5 items)');

  // Promotion codes: one unknown, one valid.
  const code = page.getByLabel('Promotion code', { exact: true });
  await code.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('region', { name: 'Promotion codes' }).getByRole('alert')).toHaveText(
    'This promotion code is not valid.',
  );
  await code.fill('SCHOOL10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promotion-SCHOOL10')).toBeVisible();

  // Quick order: a valid code, an unknown one, a duplicate and one not sold online.
  await page.goto('/en-gb/quick-order');
  const row = (n: number, field: 'Product code' | 'Quantity') =>
    page.getByLabel(`${field}, row ${String(n)}`, { exact: true });
  await row(1, 'Product code').fill('LAC-MAN');
  await row(1, 'Quantity').fill('1');
  await row(2, 'Product code').fill('ZZZ-404');
  await row(2, 'Quantity').fill('1');
  await row(3, 'Product code').fill('LAC-MAN');
  await row(3, 'Quantity').fill('2');
  await row(4, 'Product code').fill('SAP-MAN');
  await row(4, 'Quantity').fill('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('quick-order-row-2').getByRole('alert')).toHaveText(
    'Product code ZZZ-404 was not found.',
  );
  await expect(page.getByTestId('quick-order-row-3').getByRole('alert')).toHaveText(
    'Product LAC-MAN is already in the list.',
  );
  await expect(page.getByTestId('quick-order-row-4').getByRole('alert')).toHaveText(
    'Product SAP-MAN is not sold online.',
  );
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (6 items)');

  // Save the cart, empty it, restore it.
  await page.goto('/en-gb/cart');
  await page.getByRole('button', { name: 'Save cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save cart' });
  await dialog.getByLabel('Name').fill('Term order');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your cart was saved as Term order.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const lines = page.locator('.cart-line');
  for (let left = await lines.count(); left > 0; left -= 1) {
    await lines
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(lines).toHaveCount(left - 1);
  }
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto('/en-gb/my-account/saved-carts');
  await page.getByRole('button', { name: 'Restore Term order' }).click();
  await expect(page).toHaveURL(/\/en-gb\/cart$/);
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (6 items)');
  await expect(page.locator('.cart-line')).toHaveCount(4);
});
