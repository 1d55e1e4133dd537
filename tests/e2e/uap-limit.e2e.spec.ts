/**
 * An account at its University Alliance Program limit (SPEC 4.7, 8): Grace, who administers
 * Eastbrook University Counseling Center, is told in her cart and on checkout's review that
 * the UAP discount is not applied and what to do, and no UAP discount is taken off.
 */
import { expect, test } from './fixtures';
import { axe, chooseAccounts, continueTo } from './support/checkout-steps';
import { signInFromHeader } from './support/sign-in';

const EASTBROOK = 'Eastbrook University Counseling Center';
const LEVEL_A_KIT = 'KCI-KIT';
const LIMIT_REACHED =
  'This account has reached its University Alliance Program (UAP) limit, so the UAP discount is not applied to its orders. To have the limit raised, contact your university’s program coordinator or customer service.';

test('Grace sees that her account is at its UAP limit in the cart and on checkout review', async ({
  page,
  buyers,
}) => {
  await page.goto('/en-us/');
  await signInFromHeader(page, buyers.grace);
  await page.goto(`/en-us/p/${LEVEL_A_KIT}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');

  // The cart: priced for her one account, with the notice and no UAP discount.
  await page.goto('/en-us/cart');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByTestId('cart-account')).toHaveText(
    `${EASTBROOK} (${buyers.accounts.eastbrook})`,
  );
  await expect(account.getByRole('note')).toHaveText(LIMIT_REACHED);
  await expect(page.getByTestId('cart-account-discount')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toContainText(
    (await page.getByTestId('cart-subtotal').textContent()) ?? '',
  );
  await axe(page);

  // Checkout, to the review: the order's summary says it again.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/en-us\/checkout$/);
  await expect(page.getByText('Loading your accounts…')).toHaveCount(0);
  await chooseAccounts(page, EASTBROOK, 'Grace Holloway');
  await continueTo(page, 'shipping-address');
  await page.getByLabel(/300 University Avenue/).check();
  await continueTo(page, 'shipping-method');
  await page.getByLabel(/Regular ground/).check();
  await continueTo(page, 'billing-address');
  await page.getByLabel('Same as shipping address').check();
  await continueTo(page, 'payment');
  await page.getByRole('radio', { name: /Visa ending in 1881.*04\/2030/ }).check();
  await continueTo(page, 'review');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'UAP' })).toHaveText(LIMIT_REACHED);
  await expect(page.getByText('University Alliance Program discount')).toHaveCount(0);
  await axe(page);
});
