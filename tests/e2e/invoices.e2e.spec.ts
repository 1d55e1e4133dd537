/**
 * Invoices (SPEC 2.1 /invoices/{...}; decision 053), as an organisation pays them: Sam's
 * purchase order on en-gb ships by itself (a store of this spec's own, whose fulfilment steps
 * are short), its invoice appears under Invoices from the header's link; Priya, a member of
 * Riverside, pays part of it by a new card after a declined one left the balance as it was;
 * Sam pays the rest with his saved card. The invoice reads paid, the receipt page and the
 * receipt email show the amounts. On a tablet and a phone, axe clean; opened again offline.
 */
import { rm } from 'node:fs/promises';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { operatorCall } from '../support/operator';
import type { StoreProcess } from '../support/server-process';
import { tempDir } from '../support/temp-dir';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { placeSamsPurchaseOrder } from './support/orders';
import { newBuyers } from './support/buyers';
import { launchOwnStore } from './support/own-store';
import { fillSignIn, signInFromHeader, signOutFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const KIT = 'MCS5-KIT';
const PAYMENT_DETAILS =
  'Please check your payment details are correct or provide a different payment method.';

/** Whole pounds and pence as the en-gb storefront writes them. */
const pounds = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);

let store: StoreProcess | undefined;

test.beforeAll(async () => {
  // A store starting beside the worker's own on a loaded host: as long as the worker's may take.
  test.setTimeout(180_000);
  // Orders move on by themselves here, a step a second: the PO order ships and is invoiced.
  store = await launchOwnStore(() => tempDir('store-e2e-invoices-'), {
    env: { FULFILMENT_STEP_SECONDS: '1' },
    readyTimeoutMs: 170_000,
  });
});

test.afterAll(async () => {
  if (!store) return;
  await store.stop('SIGTERM');
  await rm(store.dataDir, { recursive: true, force: true });
});

function launched(): StoreProcess {
  if (!store) throw new Error('The store of this spec did not start.');
  return store;
}

/** The payment gateway's fields, once their frame has loaded and been worded. */
async function cardFields(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  return frame;
}

async function newCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'A new card' }).check();
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Shah');
  const frame = await cardFields(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration month (MM)').fill('10');
  await frame.getByLabel('Expiration year (YYYY)').fill('2031');
  await frame.getByLabel('Security code').fill('123');
}

/** The invoice's row, from the header's Invoices link, once the store has issued it. */
async function openFromHeader(page: Page, origin: string, poNumber: string) {
  // The order ships on its own a few steps after it is placed: wait until the store has
  // invoiced it (asked with the page's own session), then go where a buyer goes.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${origin}/api/invoices?locale=en-gb`);
        return answer.ok() && (await answer.text()).includes(poNumber);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  await page.getByRole('banner').getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page).toHaveURL(/\/(?:en-gb|store\/ukassessments\/en)\/invoices$/);
  const row = page.getByTestId('invoice-row').filter({ hasText: poNumber });
  await expect(row).toBeVisible();
  return row;
}

test('a PO order ships and is invoiced; Priya pays part by card, Sam pays the rest with his saved card', async ({
  page,
  pageErrors,
}) => {
  // A whole flow on a store of its own, with accessibility audits on two screens.
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const poNumber = `PO-INV-${String(Date.now()).slice(-6)}`;
  const { url: origin, dataDir } = launched();
  const { sam, priya } = await newBuyers(dataDir);

  // Sam orders by purchase order; the order ships by itself and the store invoices it.
  await page.goto(`${origin}/en-gb/`);
  await signInFromHeader(page, sam);
  const order = await placeSamsPurchaseOrder(page, [{ code: KIT, quantity: 1 }], poNumber);
  const total = order.totals.totalMinor;
  const row = await openFromHeader(page, origin, poNumber);
  await expect(row.getByTestId('invoice-status')).toHaveText('Open');
  await expect(row.getByTestId('invoice-balance')).toHaveText(pounds(total));
  await expect(page.getByTestId('invoice-ageing')).toContainText('Riverside');
  await axe(page, '#main');

  // Searching by the PO number finds it; a status it does not have does not.
  await page.getByLabel('Invoice, order or PO number').fill(poNumber);
  await page.getByRole('button', { name: 'Show invoices' }).click();
  await expect(page).toHaveURL(/q=PO-INV/);
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await page.getByLabel('Status').selectOption('paid');
  await page.getByRole('button', { name: 'Show invoices' }).click();
  await expect(page.getByTestId('invoices-none-match')).toHaveText(
    'No invoices match these filters.',
  );
  await page.getByRole('link', { name: 'Clear filters' }).click();

  // The invoice: every field, the order it came from, a PDF.
  await page.getByTestId('invoice-row').filter({ hasText: poNumber }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice INV\d{8}$/);
  const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
  const invoiceUrl = page.url();
  await expect(page.getByTestId('invoice-order')).toHaveAttribute(
    'href',
    `/en-gb/my-account/order-history/order-details/${order.orderId}`,
  );
  await expect(page.getByText(poNumber)).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText(pounds(total));
  const pdf = await page.request.get(
    `${origin}/api/invoices/${invoiceUrl.split('/').pop() ?? ''}/pdf?locale=en-gb`,
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await axe(page, '#main');

  // Signing out on an invoice page goes to the storefront's home (SPEC 4.3).
  await signOutFromHeader(page, sam.firstName);
  await expect(page).toHaveURL(new RegExp(`${origin}/en-gb/?$`));

  // Priya, a member of Riverside, finds it under Invoices too and pays part of it.
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(page, priya);
  await openFromHeader(page, origin, poNumber);
  await page.goto(invoiceUrl);
  await page.getByTestId('invoice-pay').click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${number}`);
  const part = 2_000;
  const amount = page.getByLabel(/Amount to pay/);
  await amount.fill('20.00');
  await expect(page.getByRole('button', { name: `Pay ${pounds(part)}` })).toBeVisible();

  // Above the balance: refused with its words, nothing charged.
  await amount.fill(String(total / 100 + 1));
  await page.getByTestId('invoice-pay-submit').click();
  await expect(page.getByRole('alert')).toContainText(
    `Enter an amount no larger than the balance of ${pounds(total)}.`,
  );

  // A declined card leaves the balance as it was, with checkout's words.
  await amount.fill('20.00');
  await newCard(page, '4000 0000 0000 0002');
  // The whole page: the gateway's frame is audited as part of it, not as a page of its own.
  await axe(page);
  await page.getByRole('button', { name: `Pay ${pounds(part)}` }).click();
  await expect(page.getByTestId('invoice-payment-problem')).toHaveText(PAYMENT_DETAILS);
  // The browser logs the store's 422 for the declined card: that one, and no other.
  expect(pageErrors.filter((e) => e.includes('status of 422'))).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('422')));
  await page.goto(invoiceUrl);
  await expect(page.getByTestId('invoice-balance')).toHaveText(pounds(total));

  // Paid by 4242: the receipt.
  await page.getByTestId('invoice-pay').click();
  await page.getByLabel(/Amount to pay/).fill('20.00');
  await newCard(page, '4242 4242 4242 4242');
  // A double click pays once.
  await page.getByRole('button', { name: `Pay ${pounds(part)}` }).dblclick();
  await expect(page).toHaveURL(/\/payment\/confirmation\?payment=/);
  await expect(page.getByTestId('receipt-amount')).toHaveText(pounds(part));
  await expect(page.getByTestId('receipt-balance')).toHaveText(pounds(total - part));
  await expect(page.getByTestId('invoice-receipt')).toContainText('Card ending in 4242');
  await expect(page.getByTestId('invoice-receipt')).toContainText('Partially paid');
  await axe(page, '#main');

  // On a phone: the list and the invoice fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/en-gb/invoices`);
  await expect(page.getByTestId('invoice-row').filter({ hasText: poNumber })).toBeVisible();
  await fitsTheScreen(page);
  await axe(page, '#main');
  await page.goto(invoiceUrl);
  await expect(page.getByTestId('invoice-balance')).toHaveText(pounds(total - part));
  await fitsTheScreen(page);

  // Offline, the invoice seen opens again (a reload included); paying says it needs the network.
  await workerControls(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('invoice-balance')).toHaveText(pounds(total - part));
  await expect(page.getByTestId('invoice-offline')).toBeVisible();
  await expect(
    page.getByText('Paying an invoice needs a connection. You can pay when you are back online.'),
  ).toBeVisible();
  await page.context().setOffline(false);
  // What the page asked while offline failed at the browser, as it should: nothing else did.
  const ours = pageErrors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'));
  pageErrors.splice(0, pageErrors.length, ...ours);
  await page.setViewportSize({ width: 768, height: 1024 });

  // Sam pays the rest with his saved card.
  await page.goto(`${origin}/en-gb/`);
  await signOutFromHeader(page, priya.firstName);
  await signInFromHeader(page, sam);
  await page.goto(`${invoiceUrl}/payment`);
  await expect(page.getByLabel(/Amount to pay/)).toHaveValue(((total - part) / 100).toFixed(2));
  await page.getByRole('radio', { name: /Mastercard ending in 4444/ }).check();
  await page.getByRole('button', { name: `Pay ${pounds(total - part)}` }).click();
  await expect(page).toHaveURL(/\/payment\/confirmation\?payment=/);
  await expect(page.getByTestId('receipt-amount')).toHaveText(pounds(total - part));
  await expect(page.getByTestId('receipt-balance')).toHaveText(pounds(0));
  await page.goto(invoiceUrl);
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-payment')).toHaveCount(2);

  // The receipts wait in the outbox (no SMTP here), each with its amount and what was left.
  const { report } = await operatorCall(dataDir, 'mail-list', {});
  const receipts = report.split(/\n(?=\S)/).filter((block) => block.includes(`invoice ${number}`));
  expect(receipts.map((block) => /To:\s+(\S+)/.exec(block)?.[1]).sort()).toEqual([
    priya.email,
    sam.email,
  ]);
  const priyas = receipts.find((block) => block.includes(priya.email)) ?? '';
  const text = (
    await operatorCall(dataDir, 'mail-show', {
      id: priyas.split('\n')[0]?.trim() ?? '',
      html: false,
    })
  ).text;
  expect(text).toContain(pounds(part));
  expect(text).toContain(pounds(total - part));
});
