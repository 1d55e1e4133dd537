/**
 * Quotes in the browser (SPEC 2.5, 2.7; decision 051), signed in as Sam on en-gb, on a tablet
 * and on a phone: a cart of APS3-KIT and online training becomes a quote ('Quote Created'
 * modal), found in Quotes, its PDF downloaded; the early expiration modal for a product whose
 * price changes soon; offline, a quote shows as requested and is numbered after reconnecting;
 * the quotes list and a quote seen before open offline, after a reload; axe on each page.
 */
import type { Page } from '@playwright/test';
import { pdfTextOf } from '../support/pdf-text';
import { expect, test } from './fixtures';
import { axe, chooseAccounts, continueTo, fillSamsPurchaseOrder } from './support/checkout-steps';
import { signInFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const KIT = 'APS3-KIT';
const TRAINING = 'WRI3-TRN';
/** Its price changes in 12 days (the seed): a quote of it ends sooner. */
const CHANGING = 'BRS4-KIT';

async function add(page: Page, code: string) {
  await page.goto(`/en-gb/p/${code}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
}

async function openCart(page: Page) {
  await page.goto('/en-gb/cart');
  await expect(page.getByRole('button', { name: 'Create quote' })).toBeVisible();
}

for (const [device, viewport] of [
  ['tablet', { width: 768, height: 1024 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('Sam quotes a kit and training, finds the quote, downloads its PDF and orders it by PO', async ({
      page,
      buyers,
    }) => {
      // A whole flow, checkout included, with accessibility audits: long on a loaded machine.
      test.slow();
      await page.goto('/en-gb/');
      await signInFromHeader(page, buyers.sam);
      await add(page, KIT);
      await add(page, TRAINING);
      await openCart(page);
      await axe(page);
      await page.getByRole('button', { name: 'Create quote' }).click();
      const created = page.getByRole('dialog', { name: 'Quote Created' });
      await expect(created).toBeVisible();
      const number = (await created.getByTestId('quote-number').textContent()) ?? '';
      expect(number).toMatch(/^Q\d{8}$/);
      await expect(created).toContainText('Expiration date');
      await axe(page);
      // GA4: the quote is a lead worth its total.
      const lead = await page.evaluate(
        () =>
          (
            window as unknown as { dataLayer?: { event?: string; quote_number?: string }[] }
          ).dataLayer?.find((e) => e.event === 'generate_lead')?.quote_number,
      );
      expect(lead).toBe(number);

      await created.getByRole('link', { name: 'View quote' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${number}`);
      await expect(page.getByTestId('quote-line')).toHaveCount(2);
      await expect(page.getByTestId('quote-status')).toHaveText('Open');
      await axe(page);

      // In the list, with its dates, status, account and total.
      await page.goto('/en-gb/my-account/quotes');
      const row = page.getByTestId('quote-row').filter({ hasText: number });
      await expect(row).toContainText('Riverside Child Development Clinic');
      await expect(row.getByTestId('quote-status')).toHaveText('Open');
      await axe(page);
      await row.getByRole('link', { name: number }).click();

      // The PDF, as the buyer downloads it, reads back with the number and the product.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('quote-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`quote-${number}.pdf`);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const text = await pdfTextOf(await readFile(path));
      expect(text).toContain(number);
      expect(text).toContain(KIT);

      // The training banner on a quote with online training (SPEC 8).
      const quotePage = new URL(page.url()).pathname;
      await page.goto(`${quotePage}?orderTrainingsError=true`);
      await expect(page.getByTestId('training-banner')).toBeVisible();

      // Ordered by PO: the quote goes into the cart at its prices, and checkout opens.
      await page.getByRole('button', { name: 'Order', exact: true }).click();
      await expect(page).toHaveURL(/\/en-gb\/checkout$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts for checkout');
      await expect(page.getByText('Loading your accounts…')).toHaveCount(0);
      await chooseAccounts(page, 'Riverside Child Development Clinic', 'Sam Okafor');
      await continueTo(page, 'shipping-address');
      await page.getByLabel(/22 Riverside Walk/).check();
      await continueTo(page, 'shipping-method');
      await page.getByLabel(/Regular ground/).check();
      await continueTo(page, 'billing-address');
      await page.getByLabel('Same as shipping address').check();
      await continueTo(page, 'payment');
      await fillSamsPurchaseOrder(page, 'PO-QUOTE-2026-11');
      await continueTo(page, 'review');
      await page.getByLabel('I have read and agree to the Terms & conditions').check();
      await page.getByRole('button', { name: 'Place order' }).click();
      // One order per quote: its id is the quote's.
      await expect(page).toHaveURL(/\/en-gb\/checkout\/confirmation\/quote-[0-9a-f-]{36}$/, {
        timeout: 20_000,
      });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');

      // The quote now shows as ordered and links to its order, which links back.
      await expect(async () => {
        await page.goto(quotePage);
        await expect(page.getByTestId('quote-status')).toHaveText('Ordered', { timeout: 1000 });
      }).toPass();
      await page.getByRole('link', { name: 'View the order placed from this quote' }).click();
      await expect(page.getByTestId('order-quote')).toBeVisible();
      await axe(page);
    });

    test('a price change ahead is told before the quote is made; offline, a quote is requested and numbered later', async ({
      page,
      context,
      pageErrors,
      buyers,
    }) => {
      await page.goto('/en-gb/');
      await signInFromHeader(page, buyers.sam);
      await add(page, CHANGING);
      await openCart(page);
      await page.getByRole('button', { name: 'Create quote' }).click();
      const early = page.getByRole('dialog', { name: 'This quote may expire early' });
      await expect(early.getByTestId('early-expiration')).toContainText('Prices change on');
      await axe(page);
      await early.getByRole('button', { name: 'Create quote' }).click();
      const made = page.getByRole('dialog', { name: 'Quote Created' });
      const number = (await made.getByTestId('quote-number').textContent()) ?? '';
      // Seen once online (its page keeps it and its PDF on this device).
      await made.getByRole('link', { name: 'View quote' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${number}`);
      await expect(page.getByText(/Prices change on/)).toBeVisible();
      await expect(page.getByTestId('quote-pdf')).toHaveAttribute('href', /^blob:/);
      const quotePage = new URL(page.url()).pathname;

      // Seen once online, the list opens offline, after a reload too.
      await page.goto('/en-gb/my-account/quotes');
      await expect(page.getByTestId('quote-row').first()).toBeVisible();
      const seen = await page.getByTestId('quote-row').count();
      // The store's worker has the app (the cart and the quotes open offline from it).
      await workerControls(page);
      await context.setOffline(true);
      await openCart(page);
      await page.getByRole('button', { name: 'Create quote' }).click();
      const requested = page.getByRole('dialog', { name: 'Quote requested' });
      await expect(requested.getByTestId('quote-requested')).toHaveText(
        'Quote requested: it will be numbered when you are back online',
      );
      await requested.getByRole('link', { name: 'Go to quotes' }).click();
      await expect(page.getByTestId('quotes-offline')).toBeVisible();
      await expect(page.getByTestId('quote-row')).toHaveCount(seen + 1);
      await expect(page.getByTestId('quote-row').first()).toContainText('Not numbered yet');
      await page.reload();
      await expect(page.getByTestId('quote-row')).toHaveCount(seen + 1);
      await axe(page);
      // The quote seen before opens offline after a reload, and so does its PDF.
      await page.goto(quotePage);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${number}`);
      await expect(page.getByTestId('quote-pdf')).toHaveAttribute('href', /^blob:/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('quote-pdf').click(),
      ]);
      const { readFile } = await import('node:fs/promises');
      expect(await pdfTextOf(await readFile(await download.path()))).toContain(number);
      await page.goto('/en-gb/my-account/quotes');

      // Back online: the store numbers it, once.
      await context.setOffline(false);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('quote-row').first()).not.toContainText('Not numbered yet', {
          timeout: 1000,
        });
      }).toPass();
      await expect(page.getByTestId('quote-row')).toHaveCount(seen + 1);
      // Offline, the browser logs the requests it could not send (ERR_INTERNET_DISCONNECTED,
      // or ERR_FAILED for those the store's worker passed on); nothing else was logged.
      const ours = pageErrors.filter(
        (e) => !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED'),
      );
      pageErrors.splice(0, pageErrors.length, ...ours);
    });
  });
}
