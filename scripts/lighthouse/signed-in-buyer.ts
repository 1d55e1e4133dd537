/**
 * Prepares the first checkout step for `npm run lighthouse`: in the browser's own profile
 * (the one Lighthouse's tab uses), the demo clinician signs in through the store's pages and
 * puts one product in her cart, as the browser tests do (tests/e2e/support/sign-in.ts).
 */
import type { BrowserContext } from '@playwright/test';
import { DEMO_USERS } from '../../server/src/auth/demo-users';

const TIMEOUT_MS = 30_000;

export async function signInWithCartLine(
  context: BrowserContext,
  baseUrl: string,
  locale: string,
  productCode: string,
): Promise<void> {
  const buyer = DEMO_USERS.find((user) => user.email === 'dana.reyes@demo.example');
  if (!buyer) throw new Error('The demo clinician is missing from server/src/auth/demo-users.ts');
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  try {
    await page.goto(`${baseUrl}/${locale}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?interaction=/);
    await page.getByLabel('Email address').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Hello, ${buyer.firstName}` })
      .waitFor();

    await page.goto(`${baseUrl}/${locale}/p/${productCode}`);
    const buy = page.getByRole('complementary', { name: 'Buy' });
    await buy.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('cart-link').filter({ hasNotText: 'Cart (0 items)' }).waitFor();

    // The checkout itself, once, so the server has answered its requests before the runs.
    await page.goto(`${baseUrl}/${locale}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Accounts for checkout' }).waitFor();
    await page.getByText('Loading your accounts…').waitFor({ state: 'detached' });
  } finally {
    await page.close();
  }
}
