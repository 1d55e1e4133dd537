/**
 * Online training in the browser (SPEC 2.5, 4.8, 5, 8, 9): Sam orders two seats of online
 * training paid by PO without giving participants; the confirmation shows 'Additional
 * Processing' and the training banner; 'Add participants' opens the online training dates
 * and participants modal, which refuses a date five weeks ahead in the spec's words and
 * takes six weeks; the banner is then gone, after a reload too. The modal is checked with
 * axe, on a tablet and on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import { addDays } from '../../domain/shared/calendar';
import { expect, test } from './fixtures';
import { axe, chooseAccounts, continueTo, fillSamsPurchaseOrder } from './support/checkout-steps';
import type { Buyer } from './support/buyers';
import { signInFromHeader } from './support/sign-in';

const TRAINING = 'WRI3-TRN';
const LOCALE = 'en-gb';
const BANNER =
  'Some items in your order are online training. Please add the participants and their preferred training dates.';
const TOO_SOON = 'Choose a date at least six weeks from today.';

/** Today as the store counts training dates (the UTC calendar day). */
const today = () => new Date().toISOString().slice(0, 10);

/** Sam orders two seats of online training, paid by PO, and gives no participants. */
async function placeTrainingOrder(page: Page, sam: Buyer) {
  await page.goto(`/${LOCALE}/`);
  await signInFromHeader(page, sam);

  await page.goto(`/${LOCALE}/p/${TRAINING}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByLabel('Quantity').fill('2');
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');

  await page.goto(`/${LOCALE}/cart`);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts for checkout');
  await expect(page.getByText('Loading your accounts…')).toHaveCount(0);
  await chooseAccounts(page, 'Riverside Child Development Clinic', 'Sam Okafor');
  // Nothing ships: the billing address comes next.
  await continueTo(page, 'billing-address');
  await page.getByLabel(/22 Riverside Walk/).check();
  await continueTo(page, 'payment');
  await fillSamsPurchaseOrder(page, 'PO-TRN-2026-07');
  await continueTo(page, 'review');
  await page.getByLabel('I have read and agree to the Terms & conditions').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/en-gb\/checkout\/confirmation\/[0-9a-f-]{36}-v\d+$/, {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
}

async function fillParticipant(
  dialog: Locator,
  seat: number,
  who: { first: string; last: string; email: string; dates: readonly [string, string] },
) {
  const group = dialog.getByRole('group', { name: `Participant ${String(seat)} of 2` });
  await group.getByLabel('First name').fill(who.first);
  await group.getByLabel('Last name').fill(who.last);
  await group.getByLabel('Email address').fill(who.email);
  await group.getByLabel('First preferred date').fill(who.dates[0]);
  await group.getByLabel('Second preferred date').fill(who.dates[1]);
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('an order placed without participants is in additional processing until they are given, six weeks ahead', async ({
    page,
    buyers,
  }) => {
    test.slow();
    await placeTrainingOrder(page, buyers.sam);
    await expect(page.getByTestId('order-status')).toHaveText(/^additional processing$/i);
    const banner = page.getByTestId('training-banner');
    await expect(banner).toContainText(BANNER);
    await axe(page);

    await banner.getByRole('button', { name: 'Add participants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Online training dates and participants' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group')).toHaveCount(2);
    // The earliest date the picker offers is six weeks out.
    await expect(dialog.getByLabel('First preferred date').first()).toHaveAttribute(
      'min',
      addDays(today(), 42),
    );
    await axe(page, 'dialog[open]');

    // Saving with nothing filled in: each field says so, and the first one has the focus.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This field is required.')).toHaveCount(10);
    await expect(dialog.getByLabel('First name').first()).toBeFocused();

    await fillParticipant(dialog, 1, {
      first: 'Jordan',
      last: "O'Neill",
      email: 'jordan.oneill@riverside.example',
      dates: [addDays(today(), 49), addDays(today(), 56)],
    });
    const fiveWeeks = addDays(today(), 35);
    await fillParticipant(dialog, 2, {
      first: 'Mei',
      last: 'Tanaka-Ross',
      email: 'mei.tanaka@riverside.example',
      dates: [addDays(today(), 49), fiveWeeks],
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const second = dialog
      .getByRole('group', { name: 'Participant 2 of 2' })
      .getByLabel('Second preferred date');
    await expect(dialog.getByText(TOO_SOON)).toHaveCount(1);
    await expect(second).toHaveAccessibleDescription(new RegExp(TOO_SOON.replace('.', '\\.')));
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(second).toBeFocused();
    await axe(page, 'dialog[open]');
    // Nothing was saved: the banner is still there behind the modal.
    await expect(banner).toBeAttached();

    await second.fill(addDays(today(), 42));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('training-banner')).toHaveCount(0);
    await expect(page.getByTestId('order-status')).not.toHaveText(/additional processing/i);
    await expect(page.getByTestId('training-saved')).toBeFocused();
    const listed = page.getByRole('region', { name: 'Online training participants' });
    await expect(listed).toContainText("Jordan O'Neill");
    await expect(listed).toContainText('Mei Tanaka-Ross');
    await axe(page);

    await page.reload();
    await expect(page.getByTestId('order-reference')).toHaveText(/W\d{10}/);
    await expect(page.getByTestId('training-banner')).toHaveCount(0);
    await expect(page.getByTestId('order-status')).not.toHaveText(/additional processing/i);
    await expect(page.getByRole('region', { name: 'Online training participants' })).toContainText(
      'Mei Tanaka-Ross',
    );
  });
});

test.describe('on a tablet, an order held or declined by screening', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('a held order opens the order-on-hold modal with the end of the hold; a declined one says so with a support link and no thanks', async ({
    page,
    buyers,
  }) => {
    test.slow();
    await placeTrainingOrder(page, buyers.sam);
    // Screening is off in the demo store: the store's answer is changed on its way to the page
    // (the store's worker leaves order requests to the network, where this route sees them).
    const until = new Date(Date.now() + 48 * 3_600_000).toISOString();
    let status: 'onHold' | 'declined' = 'onHold';
    await page.route('**/api/orders/*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { order: Record<string, unknown> };
      const hold = status === 'onHold' ? { reason: 'screening', until } : null;
      await route.fulfill({ response, json: { order: { ...body.order, status, hold } } });
    });

    await page.reload();
    const held = page.getByRole('dialog', { name: 'Your order is on hold' });
    await expect(held).toBeVisible();
    await expect(held).toContainText(
      'Your order is on hold while we run some checks. This usually takes about 48 hours.',
    );
    const end = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(until),
    );
    await expect(held.locator(`time[datetime="${until}"]`)).toHaveText(end);
    await expect(held.getByRole('button', { name: 'OK' })).toBeFocused();
    await axe(page, 'dialog[open]');
    await held.getByRole('button', { name: 'OK' }).click();
    await expect(held).toHaveCount(0);
    // The note stays on the page, and the training is still asked for.
    await expect(page.getByText(/^Your order is on hold while we run some checks/)).toBeVisible();
    await expect(page.getByTestId('training-banner')).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(/^additional processing$/i);
    await axe(page);

    status = 'declined';
    await page.reload();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'Your order has been declined. You have not been charged for this order.',
    );
    await expect(alert.getByRole('link', { name: 'Contact customer support' })).toHaveAttribute(
      'href',
      '/content/en-gb/contact-us.html',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order declined');
    await expect(page.getByText(/thank you/i)).toHaveCount(0);
    await expect(page.getByText(/confirmation email is on its way/)).toHaveCount(0);
    await expect(page.getByTestId('training-banner')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('order-status')).toHaveText('Declined');
    await axe(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the participants modal fits the screen, passes axe, and Cancel or Escape saves nothing', async ({
    page,
    buyers,
  }) => {
    test.slow();
    await placeTrainingOrder(page, buyers.sam);
    const banner = page.getByTestId('training-banner');
    const add = banner.getByRole('button', { name: 'Add participants' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Online training dates and participants' });
    await expect(dialog).toBeVisible();
    // Within the screen's width, nothing wider than the modal.
    const box = await dialog.boundingBox();
    expect(box?.width ?? 1_000).toBeLessThanOrEqual(375);
    expect(
      await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth),
      'the modal scrolls sideways',
    ).toBe(true);
    await axe(page, 'dialog[open]');

    // A date five weeks ahead is refused here too; Save stays reachable at the bottom.
    await fillParticipant(dialog, 1, {
      first: 'Jordan',
      last: "O'Neill",
      email: 'jordan.oneill@riverside.example',
      dates: [addDays(today(), 35), addDays(today(), 56)],
    });
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.click();
    await expect(dialog.getByText(TOO_SOON)).toBeVisible();
    await expect(
      dialog.getByRole('group', { name: 'Participant 1 of 2' }).getByLabel('First preferred date'),
    ).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
    await add.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/^additional processing$/i);
    await expect(page.getByTestId('training-banner')).toContainText(BANNER);
  });
});
