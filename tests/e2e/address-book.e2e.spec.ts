/**
 * The address book (SPEC 2.7, 5; decision 054), on a store of this spec's own with the
 * `address-book` flag on: Dana opens it from the account menu, adds an address while offline
 * (it survives a reload offline, marked as waiting to be sent, and is confirmed once she is
 * back online), edits one, sets the default shipping and billing address, deletes one; an
 * entry that breaks SPEC 5 shows the spec's messages. On a tablet and a phone, axe clean.
 * Addresses are verified before they are saved (decision 059): a suggestion taken, an address
 * used as entered, and AddressDoctor's suggestion with the `address-doctor` flag on.
 * Checkout's address pickers read the same book: an address Dana adds offline is offered at
 * checkout once she is back, and goes with the order to its review.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emptyCart } from './support/cart';
import { axe, chooseAccounts, continueTo } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { customStoreOfThisSpec } from './support/spec-store';
import { newBuyers } from './support/buyers';
import { accountButton, signInFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

// One worker: the spec's own store and the worker's, not two of each on a small host.
test.describe.configure({ mode: 'serial' });

const launched = customStoreOfThisSpec(['address-book']);

async function fillAddress(
  page: Page,
  address: {
    country?: string;
    line1: string;
    town: string;
    region: string;
    postalCode: string;
    phone: string;
  },
) {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Country', { exact: true }).selectOption(address.country ?? 'US');
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('Town or city').fill(address.town);
  await page.getByLabel('State, province or region').selectOption(address.region);
  await page.getByLabel('Postal code').fill(address.postalCode);
  await page.getByLabel('Phone number').fill(address.phone);
}

const entries = (page: Page) => page.locator('.address-book__entry');
const entry = (page: Page, text: string) => entries(page).filter({ hasText: text });

for (const screen of [
  { name: 'tablet', width: 768, height: 1024, street: '77 Harbor Lane', other: '12 Birch Street' },
  { name: 'phone', width: 390, height: 844, street: '15 Orchard Road', other: '3 Maple Court' },
] as const) {
  test(`Dana keeps her address book on a ${screen.name}, offline too`, async ({
    page,
    pageErrors,
  }) => {
    const buyers = await newBuyers(launched().dataDir);
    test.slow();
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const { url: origin } = launched();
    await page.goto(`${origin}/en-us/`);
    await signInFromHeader(page, buyers.dana);

    // From the account menu.
    await accountButton(page, buyers.dana.firstName).click();
    await page.getByRole('link', { name: 'Address Book' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`Addresses of .*${buyers.accounts.danaPersonal}`)),
    ).toBeVisible();
    await axe(page, '#main');
    await fitsTheScreen(page);

    // An invalid entry shows SPEC 5's messages.
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
    await fillAddress(page, {
      line1: 'P.O. Box 12',
      town: 'Madison',
      region: 'WI',
      postalCode: '537',
      phone: '608 555 0100',
    });
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(
      page.getByText('We cannot deliver to P.O. Boxes. Please enter a street address.').first(),
    ).toBeVisible();
    await expect(page.getByText('Enter a postal code in the format 12345.').first()).toBeVisible();
    await axe(page, '#main');
    await fitsTheScreen(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();

    // Added offline: shown at once, still there after a reload offline, sent once online.
    await workerControls(page);
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await fillAddress(page, {
      line1: screen.street,
      town: 'Madison',
      region: 'WI',
      postalCode: '53703',
      phone: '608 555 0111',
    });
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(entry(page, screen.street)).toContainText('Waiting to be sent');
    await page.reload();
    await expect(entry(page, screen.street)).toContainText('Waiting to be sent');
    await expect(entry(page, screen.street)).toContainText('Not verified');
    await page.context().setOffline(false);
    await expect(entry(page, screen.street)).not.toContainText('Waiting to be sent', {
      timeout: 20_000,
    });
    // What the browser could not fetch while offline (the page's own requests) is expected.
    const ours = pageErrors.filter(
      (e) => !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED'),
    );
    pageErrors.splice(0, pageErrors.length, ...ours);

    // Edited.
    await entry(page, screen.street).getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit an address' })).toBeVisible();
    await page.getByLabel('Address line 2 (optional)').fill('Apartment 4');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(entry(page, screen.street)).toContainText('Apartment 4');
    await expect(entry(page, screen.street)).not.toContainText('Waiting to be sent', {
      timeout: 20_000,
    });

    // Another address, made the default shipping and billing address (the first address of
    // a book is both defaults by itself).
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await fillAddress(page, {
      line1: screen.other,
      town: 'Madison',
      region: 'WI',
      postalCode: '53703',
      phone: '608 555 0112',
    });
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(entry(page, screen.other)).toBeVisible();
    await entry(page, screen.other)
      .getByRole('button', { name: /default shipping address/ })
      .click();
    await expect(entry(page, screen.other)).toContainText('Default shipping address');
    await entry(page, screen.other)
      .getByRole('button', { name: /default billing address/ })
      .click();
    await expect(entry(page, screen.other)).toContainText('Default billing address');
    await expect(entry(page, screen.street)).not.toContainText('Default shipping address');
    await expect(entries(page).filter({ hasText: 'Waiting to be sent' })).toHaveCount(0, {
      timeout: 20_000,
    });
    await axe(page, '#main');
    await fitsTheScreen(page);

    // Still so after a reload, and so in the store's own copy (not only this device's).
    await page.reload();
    await expect(entry(page, screen.other)).toContainText('Default shipping address');
    await expect(entry(page, screen.other)).toContainText('Default billing address');
    await expect(entry(page, screen.street)).toContainText('Apartment 4');
    await expect
      .poll(async () => {
        const { items } = await page.evaluate(async () => {
          const response = await fetch('/api/me/addresses', { credentials: 'same-origin' });
          return (await response.json()) as {
            items: { line1: string; line2: string | null; defaultShipping: boolean }[];
          };
        });
        const edited = items.find((a) => a.line1 === screen.street);
        const other = items.find((a) => a.line1 === screen.other);
        return [edited?.line2, other?.defaultShipping];
      })
      .toEqual(['Apartment 4', true]);

    // Deleted, after confirming.
    await entry(page, screen.street)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await entry(page, screen.street).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(entry(page, screen.street)).toHaveCount(0);
    // The button pressed is gone: the focus is on what the page said.
    await expect(page.getByTestId('address-book-done')).toContainText('was deleted.');
    await expect(page.getByTestId('address-book-done')).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
    await expect(entry(page, screen.street)).toHaveCount(0);
  });
}

test('Dana takes a suggested address, keeps another as entered, and sees AddressDoctor’s suggestion', async ({
  page,
}) => {
  const buyers = await newBuyers(launched().dataDir);
  test.slow();
  const store = launched();
  await page.goto(`${store.url}/en-us/`);
  await signInFromHeader(page, buyers.dana);
  await accountButton(page, buyers.dana.firstName).click();
  await page.getByRole('link', { name: 'Address Book' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();

  // The street and postal code in the wrong case, a province the postal code is not in.
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await fillAddress(page, {
    country: 'CA',
    line1: '200 wellington street',
    town: 'Ottawa',
    region: 'QC',
    postalCode: 'k1a 0a9',
    phone: '608 555 0113',
  });
  await page.getByRole('button', { name: 'Save address' }).click();
  const verify = page.getByRole('dialog');
  await expect(verify).toContainText('Errors were found with the address you provided');
  const suggestion = verify.getByRole('button', { name: /Use this address/ });
  await expect(suggestion).toContainText('200 Wellington Street');
  await expect(suggestion).toContainText('ON K1A 0A9');
  await expect(verify.getByRole('group', { name: 'You entered' })).toContainText(
    '200 wellington street',
  );
  await axe(page, 'dialog[open]');
  // Re-entering goes back to the form as typed.
  await verify.getByRole('button', { name: 'Re-enter address' }).click();
  await expect(verify).toHaveCount(0);
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await expect(page.getByLabel('Address line 1')).toHaveValue('200 wellington street');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Use this address/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
  const ottawa = entries(page).filter({ hasText: /200 Wellington Street/ });
  await expect(ottawa).toContainText('ON K1A 0A9');
  await expect(ottawa).not.toContainText('Not verified');

  // Used as entered: kept exactly as typed.
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await fillAddress(page, {
    line1: '9 elm st',
    town: 'Madison',
    region: 'WI',
    postalCode: '53703',
    phone: '608 555 0114',
  });
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: /Use this address/ }),
  ).toContainText('9 Elm St');
  await page.getByRole('dialog').getByRole('button', { name: 'Use address as entered' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
  await expect(entries(page).filter({ hasText: /9 elm st/ })).toHaveCount(1);
  await expect(entries(page).filter({ hasText: /9 Elm St/ })).toHaveCount(0);

  // AddressDoctor, once the store has read the flag: street types and directions in the
  // postal standard.
  await store.setFlag('address-doctor', true);
  try {
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await fillAddress(page, {
      line1: '1600 pennsylvania avenue northwest',
      town: 'Washington',
      region: 'DC',
      postalCode: '20500',
      phone: '608 555 0115',
    });
    const doctor = page.getByRole('dialog');
    await expect(async () => {
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(doctor).toBeVisible();
      if (!(await doctor.getByText('1600 Pennsylvania Ave NW').isVisible())) {
        // Still the built-in verifier's answer: back to the form, and ask again.
        await doctor.getByRole('button', { name: 'Re-enter address' }).click();
        await expect(doctor).toHaveCount(0);
        throw new Error('The store has not read the flag yet');
      }
    }).toPass({ timeout: 30_000 });
    await axe(page, 'dialog[open]');
    await doctor.getByRole('button', { name: /Use this address/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
    await expect(entries(page).filter({ hasText: /1600 Pennsylvania Ave NW/ })).toHaveCount(1);
    await axe(page, '#main');
  } finally {
    await store.setFlag('address-doctor', false);
  }
});

test('on a tablet, an address Dana adds to her book offline is offered at checkout and used for the order', async ({
  page,
  pageErrors,
}) => {
  const buyers = await newBuyers(launched().dataDir);
  test.slow();
  const street = '31 Picker Lane';
  await page.setViewportSize({ width: 768, height: 1024 });
  const { url: origin } = launched();
  await page.goto(`${origin}/en-us/`);
  await signInFromHeader(page, buyers.dana);
  await accountButton(page, buyers.dana.firstName).click();
  await page.getByRole('link', { name: 'Address Book' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
  // Her saved addresses from before the book are in it.
  await expect(entry(page, '1200 Lakeshore Drive')).toBeVisible();

  // Added offline, still there after a reload offline, sent once she is back.
  await workerControls(page);
  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await fillAddress(page, {
    line1: street,
    town: 'Madison',
    region: 'WI',
    postalCode: '53703',
    phone: '608 555 0131',
  });
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(entry(page, street)).toContainText('Waiting to be sent');
  await page.reload();
  await expect(entry(page, street)).toContainText('Waiting to be sent');
  await page.context().setOffline(false);
  await expect(entry(page, street)).not.toContainText('Waiting to be sent', { timeout: 20_000 });
  const ours = pageErrors.filter(
    (e) => !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED'),
  );
  pageErrors.splice(0, pageErrors.length, ...ours);

  // A cart with an item, and checkout for her personal account.
  await emptyCart(page, 'en-us', origin);
  await page.goto(`${origin}/en-us/p/KCI-KIT`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
  await page.goto(`${origin}/en-us/cart`);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts for checkout');
  await expect(page.getByText('Loading your accounts…')).toHaveCount(0);
  await chooseAccounts(page, 'Dana Reyes', 'Dana Reyes');
  await continueTo(page, 'shipping-address');

  // The book's default shipping address is chosen first; the one added offline is offered.
  await expect(page.getByRole('radio', { name: /Default shipping address/ })).toBeChecked();
  await page.getByRole('radio', { name: new RegExp(street) }).check();
  await axe(page, '#main');
  await continueTo(page, 'shipping-method');
  await page.getByLabel(/Regular ground/).check();
  await continueTo(page, 'billing-address');
  await page.getByLabel('Same as shipping address').check();
  await continueTo(page, 'payment');
  await page.getByRole('radio', { name: /Visa ending in 4242.*09\/2029/ }).check();
  await continueTo(page, 'review');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('main').getByText(street).first()).toBeVisible();
});
