/**
 * The account area (SPEC 2.7) as Dana sees it on a tablet and on a phone: every entry of the
 * account menu opens a real page of hers (the main menu's "Your account" is in profile.e2e.spec.ts).
 */
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { fitsTheScreen, PHONE, TABLET } from './support/layout';
import { accountButton, signInFromHeader } from './support/sign-in';

const ENTRIES = [
  ['Order History', /\/my-account\/order-history$/],
  ['Quotes', /\/my-account\/quotes$/],
  ['Saved Carts', /\/my-account\/saved-carts$/],
  ['Profile & Password', /\/my-account\/profile-details$/],
  ['Qualifications', /\/my-account\/qualifications$/],
  ['Accounts', /\/my-account\/accounts$/],
  ['Address Book', /\/my-account\/addresses(\?.*)?$/],
  ['Preferences', /\/my-account\/preferences$/],
  ['Payment Cards', /\/my-account\/payment-cards$/],
] as const;

for (const [screen, size] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`every account menu entry opens a page of Dana's on a ${screen}`, async ({
    page,
    buyers,
  }) => {
    const dana = buyers.dana;
    await page.setViewportSize(size);
    await page.goto('/en-us/');
    await signInFromHeader(page, dana);
    for (const [label, path] of ENTRIES) {
      await accountButton(page, dana.firstName).click();
      await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText('Page not found');
      await expect(page.getByText('Page not found')).toHaveCount(0);
      await expect(heading).toHaveText(label === 'Order History' ? /Order History/i : label);
      // The page has finished loading: nothing of it is still a skeleton or a loading line.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await fitsTheScreen(page);
      await axe(page, '#main');
    }
  });
}
