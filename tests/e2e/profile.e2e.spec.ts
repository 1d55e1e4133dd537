/**
 * Profile & Password and Preferences (SPEC 2.7; decision 055), on a store of this spec's own
 * (it changes Dana's names, password and preferences). Dana opens Profile & Password from the
 * account menu and from the main menu's "Your account" (also in the store-path form); her new
 * first name shows in the header at once, and in a second tab without a reload; bad names and
 * phones get SPEC 5's messages; a wrong current password and a weak new one are refused in
 * words; the change signs her other browser out and keeps this one. On a phone she switches
 * her storefront to fr-ca and the pages follow. Axe clean, nothing wider than the screen.
 */
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { storeOfThisSpec } from './support/spec-store';
import { accountButton, DANA, fillSignIn, signInFromHeader } from './support/sign-in';

// The second test signs in with the password the first one set.
test.describe.configure({ mode: 'serial' });

const launched = storeOfThisSpec('profile');

const NEW_PASSWORD = 'Renewed-Clinician-2027';

test('Dana changes her name (every tab’s header follows) and her password (other browsers sign out)', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const { url: origin } = launched();

  // Another browser where Dana is signed in too.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(`${origin}/en-gb/`);
  await signInFromHeader(other, DANA);

  await page.goto(`${origin}/en-gb/`);
  await signInFromHeader(page, DANA);
  // From the account menu.
  await accountButton(page, 'Dana').click();
  await page.getByRole('link', { name: 'Profile & Password' }).first().click();
  await expect(page).toHaveURL(/\/en-gb\/my-account\/profile-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Password' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expect(page.getByTestId('profile-email')).toHaveText(DANA.email);
  await axe(page, '#main');
  await fitsTheScreen(page);

  // A second tab of the same browser, on another page.
  const tab = await page.context().newPage();
  await tab.goto(`${origin}/en-gb/`);
  await expect(accountButton(tab, 'Dana')).toBeVisible({ timeout: 15_000 });

  // SPEC 5: names of letters, hyphens, spaces and apostrophes, at most 60; the phone of its country.
  const details = page.getByTestId('profile-details');
  await page.getByLabel('First name').fill('D4na');
  await page.getByLabel('Last name').fill('x'.repeat(61));
  await page.getByLabel('Phone country').selectOption('US');
  await page.getByLabel('Phone number').fill('020 7946 0000');
  await details.getByRole('button', { name: 'Save name and phone' }).click();
  await expect(details).toContainText('Invalid name format.');
  await expect(details).toContainText('Last name must be at most 60 characters.');
  await expect(details).toContainText(
    'Please enter a valid phone number for the selected country.',
  );
  await expect(page.getByLabel('First name')).toBeFocused();
  await axe(page, '#main');

  await page.getByLabel('First name').fill('Danielle');
  await page.getByLabel('Last name').fill("Reyes-O'Neil");
  await page.getByLabel('Phone country').selectOption('GB');
  await page.getByLabel('Phone number').fill('020 7946 0000');
  await details.getByRole('button', { name: 'Save name and phone' }).click();
  await expect(details.getByRole('status')).toHaveText('Your name and phone were saved.');
  // The header at once, here and in the other tab, with no reload.
  await expect(accountButton(page, 'Danielle')).toBeVisible();
  await expect(accountButton(tab, 'Danielle')).toBeVisible();
  // Kept: a reload shows the saved values.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  await expect(page.getByLabel('Phone number')).toHaveValue('020 7946 0000');
  await expect(accountButton(page, 'Danielle')).toBeVisible();

  // The password: the current one must be right, the new one within the identity policy.
  const password = page.getByTestId('profile-password');
  await password.getByLabel('Current password').fill('Not-Her-Password-1');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toContainText('The current password is not correct.');
  await expect(password.getByLabel('Current password')).toBeFocused();
  await password.getByLabel('Current password').fill(DANA.password);
  await password.getByLabel('New password').fill('weakpass');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toContainText('New password must be at least 10 characters.');
  await password.getByLabel('New password').fill('lowercase-only-words');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toContainText(
    'New password must contain at least 2 capital letters or numeric values.',
  );
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toContainText('Your password was changed.');

  // The other browser is signed out (its next check); this one stays.
  await other.reload();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible({
    timeout: 15_000,
  });
  await page.reload();
  await expect(accountButton(page, 'Danielle')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  // The new password signs in elsewhere.
  await other.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(other, { ...DANA, password: NEW_PASSWORD, firstName: 'Danielle' });
  await elsewhere.close();

  // The main menu's "Your account" opens the same page.
  await page.goto(`${origin}/en-gb/`);
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Ordering & Support' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Your account' })
    .click();
  await expect(page).toHaveURL(/\/en-gb\/my-account\/profile-details$/);
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  // And the store-path form of the address.
  await page.goto(`${origin}/store/ukassessments/en/my-account/profile-details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Password' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  // The one refusal the store answered (the wrong current password) is all the page logged.
  expect(pageErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  pageErrors.length = 0;
});

test('on a phone, Dana chooses the fr-ca storefront and the pages follow; offline she reads her profile', async ({
  page,
  pageErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const { url: origin } = launched();
  await page.goto(`${origin}/en-gb/`);
  // The first test changed her password and names.
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(page, { ...DANA, password: NEW_PASSWORD, firstName: 'Danielle' });
  await page.goto(`${origin}/en-gb/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  await axe(page, '#main');
  await fitsTheScreen(page);
  await page.getByLabel('Storefront and language').selectOption('fr-ca');
  await page.getByLabel(/Marketing emails/).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page).toHaveURL(/\/fr-ca\/my-account\/preferences$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.locator('#preferences-locale')).toHaveValue('fr-ca');
  await expect(page.getByRole('checkbox').nth(1)).toBeChecked();
  await fitsTheScreen(page);

  // Seen once, the profile opens offline with a notice that changes need the connection.
  await page.goto(`${origin}/en-gb/profile-details`);
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  await page.context().setOffline(true);
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Preferences' })
    .click();
  await expect(page.locator('.account__offline')).toContainText('changes need the connection');
  await page
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Profile & Password' })
    .click();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  await expect(page.getByRole('button', { name: 'Save name and phone' })).toBeDisabled();
  await page.context().setOffline(false);
  // Offline, the requests the browser could not send are all it logged.
  expect(pageErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  pageErrors.length = 0;
});
