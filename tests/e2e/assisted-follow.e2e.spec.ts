/**
 * While customer service acts for a buyer (decision 063), the buyer's own open tab says so
 * and follows the cart within seconds. Here the test says when an agent acts (it answers
 * GET /api/me/assisted itself), and the agent's changes are made from another device of the
 * buyer, into the same cart.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedItems, storedLines } from './support/cart';
import { signInFromHeader } from './support/sign-in';

const KIT = { code: 'WRI3-KIT' };
const NOTICE = 'Customer service (Alex Morgan) is working on your cart. Their changes show here.';

async function addFromProductPage(page: Page, locale: string, code: string, quantity: string) {
  await page.goto(`/${locale}/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  const add = buy.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await buy.getByLabel('Quantity').fill(quantity);
  await add.click();
}

test("the buyer's tab shows the notice and follows the cart while customer service acts for them", async ({
  page,
  browser,
  store,
  buyers,
}) => {
  const priya = buyers.priya;
  let assisted = true;
  await page.route('**/api/me/assisted', (route) =>
    route.fulfill({
      json: assisted
        ? { assisted: true, agent: { firstName: 'Alex', lastName: 'Morgan' } }
        : { assisted: false },
    }),
  );
  await page.goto('/en-gb/');
  await signInFromHeader(page, priya);
  // A cart the store knows (the agent works on the buyer's cart as the store has it).
  await addFromProductPage(page, 'en-gb', KIT.code, '1');
  await expect.poll(() => storedLines(page, 'en-gb', store.url), { timeout: 15_000 }).toBe(1);
  await page.goto('/en-gb/');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible({
    timeout: 15_000,
  });

  const agent = await browser.newContext({
    baseURL: store.url,
    extraHTTPHeaders: { 'x-country-code': 'GB' },
  });
  try {
    const other = await agent.newPage();
    await other.goto('/en-gb/');
    await signInFromHeader(other, priya);
    await expect(other.getByTestId('cart-link')).toHaveText('Cart (1 item)', { timeout: 15_000 });
    await addFromProductPage(other, 'en-gb', KIT.code, '2');
    await expect(other.getByTestId('cart-link')).toHaveText('Cart (3 items)');
    // The store has the three items (the buyer's tab can only pull what the store has), before
    // this device goes away: a change still queued here would never reach it.
    await expect.poll(() => storedItems(other, 'en-gb', store.url), { timeout: 15_000 }).toBe(3);
  } finally {
    await agent.close();
  }
  // Pulled by the buyer's tab, without a reload.
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)', { timeout: 15_000 });

  assisted = false;
  await expect(page.getByText(NOTICE)).toHaveCount(0, { timeout: 20_000 });
});
