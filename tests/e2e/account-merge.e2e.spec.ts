/**
 * Signed in on en-ca with a cart from an earlier visit: products added before signing in
 * bring up the old-cart merge modal (SPEC 2.5), and the cart priced for the buyer's
 * University Alliance Program account shows the discount with its SPEC 4.7 label.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInFromHeader, signOutFromHeader } from './support/sign-in';

const KIT = 'WRI3-KIT';
const FORMS = 'HMA2-RF25';

async function add(page: Page, code: string, quantity: string) {
  await page.goto(`/en-ca/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByLabel('Quantity').fill(quantity);
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
}

/** The server's answer to the next cart command of this type. */
function confirmed(page: Page, type: string) {
  return page.waitForResponse(
    (response) =>
      /\/api\/carts\/[^/]+\/commands/.test(response.url()) &&
      response.status() === 200 &&
      (response.request().postData() ?? '').includes(`"${type}"`),
    { timeout: 30_000 },
  );
}

/** The amount in a money text such as "$1,234.50". */
function amount(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.]/g, ''));
}

test('the old-cart merge modal at sign-in, then the UAP account’s discount and label', async ({
  page,
  buyers,
}) => {
  // An earlier visit leaves a kit in the cart of a Dana of this test's own.
  const dana = buyers.dana;
  await page.goto('/en-ca/');
  await signInFromHeader(page, dana);
  const kitSent = confirmed(page, 'AddItem');
  await add(page, KIT, '1');
  await kitSent;
  await signOutFromHeader(page, dana.firstName);

  // As a visitor, two record forms; then signing in asks what to do with both carts.
  await add(page, FORMS, '2');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');
  await signInFromHeader(page, dana);
  const modal = page.getByRole('dialog', { name: 'Merge your carts?' });
  await expect(modal).toContainText('You added 2 items before signing in.');
  await expect(modal).toContainText('Your cart from an earlier visit holds 1 item.');
  expect(
    (await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  const mergeSent = confirmed(page, 'MergeCart');
  await modal.getByRole('button', { name: 'Merge carts' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)');

  // Dana has two accounts: the cart is priced for the one she chooses.
  await page.goto('/en-ca/cart');
  await expect(page.getByTestId(`cart-line-${KIT}`)).toBeVisible();
  await expect(page.getByTestId(`cart-line-${FORMS}`).getByLabel('Quantity')).toHaveValue('2');
  await mergeSent;
  const subtotal = amount(await page.getByTestId('cart-subtotal').textContent());
  await expect(page.getByTestId('cart-total')).toHaveText(
    (await page.getByTestId('cart-subtotal').textContent()) ?? '',
  );
  await page.getByLabel('Prices for account').selectOption({
    label: `Lakeshore University Psychology Clinic (${buyers.accounts.lakeshore})`,
  });
  const discount = page.getByTestId('cart-account-discount');
  await expect(discount).toBeVisible();
  await expect(
    page.locator('.cart-totals dt').filter({ hasText: 'University Alliance' }),
  ).toHaveText('University Alliance Program discount');
  const off = amount(await discount.textContent());
  expect(off).toBeGreaterThan(0);
  expect(amount(await page.getByTestId('cart-total').textContent())).toBeCloseTo(subtotal - off, 2);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The data layer names the programme on the discounted lines.
  await page.reload();
  await expect(page.getByTestId('cart-account-discount')).toBeVisible();
  const layer = await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []);
  const viewCart = (layer as { event?: string; ecommerce?: { items: Record<string, unknown>[] } }[])
    .filter((e) => e.event === 'view_cart')
    .at(-1);
  expect(viewCart?.ecommerce?.items.find((i) => i['item_id'] === KIT)).toMatchObject({
    promotion_type: 'uap',
    discount_percentage: 20,
  });
});
