/**
 * Customer service acting for a buyer (SPEC 3, 6; decision 063): Alex, of customer service,
 * signs in on customer service's own page, finds Dana, and acts for her. The cart Alex fills is
 * Dana's: her own tab, in her own browser, shows the line within seconds. Alex places the order
 * with a new card typed into the gateway's fields (the store never sees its number), and ends
 * the session from the banner, which fits a phone and a tablet. Dana's order history and
 * the order's details say who placed it, and Alex's recent sessions and the audit list the
 * session.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInFromHeader } from './support/sign-in';
import { operatorCall } from '../support/operator';

const ALEX = { email: 'alex.morgan@demo.example', password: 'Demo-Support-2026' };
const LEVEL_A_KIT = 'KCI-KIT';
const PLACED_BY = 'Customer service (Alex Morgan)';

/** A page of another browser (its own cookies), ready once the app has hydrated. */
async function otherBrowserPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, {
    timeout: 15_000,
  });
}

async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${step}$`));
}

test('Alex acts for Dana: her tab follows the cart, the order says who placed it, the session is listed', async ({
  page,
  browser,
  baseURL,
  store,
  buyers,
}) => {
  test.slow();
  const origin = baseURL ?? '';

  // Dana (the test's own), in her own browser, with her empty cart on screen.
  const buyer = buyers.dana;
  const dana = await otherBrowserPage(browser, origin);
  await open(dana, '/en-us/');
  await signInFromHeader(dana, buyer);
  await open(dana, '/en-us/cart');
  await expect(dana.getByText('Your cart is empty.')).toBeVisible();

  // Alex signs in on customer service's page.
  await page.goto('/en-us/my-account/support/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service sign-in');
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?interaction=/);
  await page.getByLabel('Email address').fill(ALEX.email);
  await page.getByLabel('Password').fill(ALEX.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/support$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service');
  await expect(page.getByText('Signed in as Alex Morgan')).toBeVisible();

  // Finds Dana and acts for her, for her personal account.
  await page.getByLabel('Find a customer').fill(buyer.email);
  await page.locator('#main').getByRole('button', { name: 'Search' }).click();
  const act = page.getByRole('button', {
    name: `Act for Dana Reyes (${buyers.accounts.danaPersonal})`,
  });
  await expect(act).toBeVisible();
  await act.click();
  await expect(page).toHaveURL(/\/en-us\/$/);
  const banner = page.getByRole('region', { name: 'Customer service session' });
  await expect(banner).toContainText('Customer service: you are acting for Dana Reyes', {
    timeout: 15_000,
  });
  await expect(banner.getByLabel('The customer agrees to pay with a saved card')).not.toBeChecked();
  // The banner fits a phone and a tablet: nothing wider than the screen.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(banner.getByRole('button', { name: 'End session' })).toBeInViewport();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }

  // Alex adds the kit; Dana's own cart shows the line within seconds.
  await page.goto(`/en-us/p/${LEVEL_A_KIT}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
  await expect(dana.getByRole('button', { name: /^Remove / })).toHaveCount(1, {
    timeout: 20_000,
  });

  // Alex places the order with a new card, as Dana would.
  await page.goto('/en-us/cart');
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
  await page.getByRole('radio', { name: /^New card/ }).check();
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Reyes');
  const card = page.frameLocator('iframe[title="Card details"]');
  await expect(card.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration month (MM)').fill('11');
  await card.getByLabel('Expiration year (YYYY)').fill('2032');
  await card.getByLabel('Security code').fill('737');
  await continueTo(page, 'review');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await page.getByLabel('I have read and agree to the Terms & conditions').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\//, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');

  // Alex ends the session: back on customer service's page, no longer acting for anyone.
  await banner.getByRole('button', { name: 'End session' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/support$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service');
  await expect(page.getByRole('region', { name: 'Customer service session' })).toHaveCount(0);
  await expect(page.getByText(/You are acting for/)).toHaveCount(0);
  const sessions = page.getByRole('table', { name: 'Recent sessions' });
  const session = sessions
    .getByRole('row')
    .filter({ hasText: buyers.accounts.danaPersonal })
    .first();
  await expect(session).toBeVisible();
  await expect(session).toContainText(buyers.accounts.danaPersonal);
  await expect(session).not.toContainText('Open');
  // The session's actions: at least the kit added and the order placed.
  await expect(session.getByRole('cell').last()).not.toHaveText('0');

  // Dana's history and the order's details say who placed it.
  await open(dana, '/en-us/my-account/order-history');
  const row = dana.getByTestId('order-row').first();
  await expect(row).toContainText(PLACED_BY);
  await row.getByRole('link').first().click();
  await expect(dana).toHaveURL(/\/order-details\//);
  await expect(dana.locator('dt', { hasText: 'Placed by' }).locator('+ dd')).toContainText(
    PLACED_BY,
  );
  await dana.context().close();

  // The audit (npm run audit) lists the session, with what Alex did in it.
  const { report } = await operatorCall(store.dataDir, 'audit', { agent: ALEX.email });
  expect(report).toContain(`customer  Dana Reyes <${buyer.email}>`);
  expect(report).toContain('CartItemAdded');
  expect(report).toContain('OrderPlaced');
});

test('a buyer at customer service’s sign-in is refused in words, and an agent at the buyers’', async ({
  page,
  buyers,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en-us/my-account/support/login');
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/my-account\/support\/login\?interaction=/);
  // The provider's step, on customer service's page: no "Create an account" there.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service sign-in');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await page.getByLabel('Email address').fill(buyers.dana.email);
  await page.getByLabel('Password').fill(buyers.dana.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/support\/login\?error=not-agent$/);
  await expect(page.getByRole('alert')).toContainText('This sign-in is for customer service.');
  // Dana is not signed in: the header still offers sign-in.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Alex, in a browser of his own (the provider remembers Dana here), at the buyers' sign-in.
  await page.context().clearCookies();
  await page.goto('/en-us/login?returnTo=%2Fen-us%2Fcart');
  await expect(page).toHaveURL(/\/en-us\/login\?interaction=/, { timeout: 15_000 });
  await page.getByLabel('Email address').fill(ALEX.email);
  await page.getByLabel('Password').fill(ALEX.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-us\/login\?error=agent$/);
  await expect(page.getByRole('alert')).toContainText('This is a customer service account');
  await page.getByRole('link', { name: 'Customer service sign-in' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/support\/login$/);
});
