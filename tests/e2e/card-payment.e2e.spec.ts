/**
 * Paying by card in the browser (SPEC 2.6, 3, 5, 8, 9; decision 026): Dana pays with a new
 * card typed into the payment gateway's fields and saves it (on a tablet), and her next
 * checkout offers it; a card the gateway refuses says so in the spec's words, places nothing
 * and keeps the cart and every choice (on a phone, with the keyboard); with `checkout-retry`
 * she pays another way on the review step; axe-core on the payment step with the fields'
 * frame. Then PCI: after a card checkout, neither the card number nor the security code is
 * anywhere the store keeps or says anything: the page's storage, the store's API, its logs
 * and its database.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import { openDatabase } from '../../server/src/db/database';
import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { launchStoreProcess } from '../support/server-process';
import { tempDir } from '../support/temp-dir';
import { expect, test } from './fixtures';
import { emptyCart } from './support/cart';
import { newBuyers, type Buyer } from './support/buyers';
import { DANA, signInFromHeader } from './support/sign-in';

const LEVEL_A_KIT = 'KCI-KIT';

const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

const PAYMENT_DETAILS =
  'Please check your payment details are correct or provide a different payment method.';

/** The store's origin for a test on a store of its own; '' for the worker's store. */
type Origin = string;

async function axe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  expect((await builder.analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Dana (signed in here when given, else already) on en-us with one kit in her cart, on the
 * payment step.
 */
async function toPaymentStep(
  page: Page,
  dana: Pick<Buyer, 'email' | 'password' | 'firstName'> | null,
  origin: Origin = '',
) {
  if (dana) {
    await page.goto(`${origin}/en-us/`);
    await signInFromHeader(page, dana);
  }
  await emptyCart(page, 'en-us', origin);
  await page.goto(`${origin}/en-us/p/${LEVEL_A_KIT}`);
  const buy = page.getByRole('complementary', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-link')).not.toHaveText('Cart (0 items)');
  await page.goto(`${origin}/en-us/cart`);
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
}

async function continueTo(page: Page, step: string) {
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${step}$`));
  // The address changes before the step's code has loaded, and the step before stays on
  // screen until it has: the review is there once its button is.
  if (step === 'review') {
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  }
}

/** The payment gateway's fields, once their frame has loaded and been worded. */
async function cardFields(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  return frame;
}

async function enterNewCard(
  page: Page,
  card: { number: string; month: string; year: string; code: string; save?: boolean },
) {
  await page.getByRole('radio', { name: /^New card/ }).check();
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Reyes');
  const frame = await cardFields(page);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiration month (MM)').fill(card.month);
  await frame.getByLabel('Expiration year (YYYY)').fill(card.year);
  await frame.getByLabel('Security code').fill(card.code);
  if (card.save) await page.getByLabel('Save this card to my profile').check();
}

async function placeOrder(page: Page) {
  await page.getByLabel('I have read and agree to the Terms & conditions').check();
  await page.getByRole('button', { name: 'Place order' }).click();
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

/** Placing a refused card answers 422, which Chromium logs; the page said it in its words. */
function dropRefusalLogs(pageErrors: string[]) {
  const refused = pageErrors.filter((e) => e.includes('status of 422'));
  expect(refused).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('422')));
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('Dana pays with a new card and saves it; her next checkout offers it', async ({
    page,
    buyers,
  }) => {
    test.slow();
    await toPaymentStep(page, buyers.dana);
    // The billing address chosen on the step before, with a way back to it.
    await expect(page.getByText('1200 Lakeshore Drive')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change billing address' })).toBeVisible();
    // Her saved Visa is offered; a personal account is told why there is no PO.
    await expect(page.getByRole('radio', { name: /Visa ending in 4242.*09\/2029/ })).toBeEnabled();
    await expect(page.getByRole('radio', { name: /^Purchase order/ })).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: 'Choose an organizational account' }),
    ).toBeVisible();

    await enterNewCard(page, {
      number: APPROVED,
      month: '11',
      year: '2032',
      code: '737',
      save: true,
    });
    await axe(page);
    await fitsTheScreen(page);
    await continueTo(page, 'review');
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
    await expect(page.getByText('Expires 11/2032')).toBeVisible();
    await placeOrder(page);
    await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();

    // The next checkout offers the card she saved, beside the one she had.
    await toPaymentStep(page, null);
    const saved = page.getByRole('radio', { name: /Visa ending in 4242.*11\/2032.*Dana Reyes/ });
    await expect(saved).toBeEnabled();
    await saved.check();
    await continueTo(page, 'review');
    await expect(page.getByText('Expires 11/2032')).toBeVisible();
  });

  test('the payment step with the gateway’s fields passes axe, says what is wrong, and offline offers what works offline', async ({
    page,
    buyers,
    context,
    pageErrors,
  }) => {
    await toPaymentStep(page, buyers.dana);
    await page.getByRole('radio', { name: /^New card/ }).check();
    const frame = await cardFields(page);
    await axe(page);
    // Nothing typed: the names and the card fields say what is missing.
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Please check the card details marked below.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await axe(page);

    // Offline: the gateway's fields cannot load; a saved card still can be chosen.
    await context.setOffline(true);
    await expect(page.getByRole('radio', { name: /^New card/ })).toBeDisabled();
    await expect(
      page.getByText('You are offline. A new card needs an internet connection', { exact: false }),
    ).toBeVisible();
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    const savedVisa = page.getByRole('radio', { name: /Visa ending in 4242.*09\/2029/ });
    await expect(savedVisa).toBeEnabled();
    await savedVisa.check();
    await axe(page);
    await continueTo(page, 'review');
    // The saved card's expiry, wherever review shows it (the payment and its summary line).
    await expect(page.getByText('Expires 09/2029').first()).toBeVisible();
    await context.setOffline(false);
    // Offline, the browser logs the requests it could not send; nothing else was logged.
    const ours = pageErrors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'));
    pageErrors.splice(0, pageErrors.length, ...ours);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a refused card says so, places nothing and keeps the cart; Dana chooses again', async ({
    page,
    buyers,
    pageErrors,
  }) => {
    test.slow();
    await toPaymentStep(page, buyers.dana);
    await page.getByRole('radio', { name: /^New card/ }).check();
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Reyes');
    // The keyboard alone goes from the names through the gateway's fields and out again.
    const frame = await cardFields(page);
    await page.getByLabel('Last name').focus();
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Card number')).toBeFocused();
    await page.keyboard.type(DECLINED);
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Expiration month (MM)')).toBeFocused();
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2031');
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Security code')).toBeFocused();
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Save this card to my profile')).toBeFocused();
    await fitsTheScreen(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue to review' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/review$/);
    await expect(page.getByText('Credit card ending in 0002')).toBeVisible();

    await placeOrder(page);
    await expect(page.getByRole('alert').filter({ hasText: PAYMENT_DETAILS })).toBeVisible({
      timeout: 20_000,
    });
    // Nothing placed: still on review, the cart as it was.
    await expect(page).toHaveURL(/\/en-us\/checkout\/review$/);
    await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');
    await expect(page.getByRole('region', { name: 'Items in cart' })).toContainText(LEVEL_A_KIT);
    await expect(page.getByText('1200 Lakeshore Drive').first()).toBeVisible();
    await axe(page);
    await fitsTheScreen(page);
    // Placing again does not charge the refused card again.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/en-us\/checkout\/review$/);

    // Without checkout retry: back to the payment step, which says it too.
    await page.getByRole('link', { name: 'Choose another payment method' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByRole('alert').filter({ hasText: PAYMENT_DETAILS })).toBeVisible();
    const savedVisa = page.getByRole('radio', { name: /Visa ending in 4242.*09\/2029/ });
    await savedVisa.check();
    await continueTo(page, 'review');
    await expect(page.getByRole('alert').filter({ hasText: PAYMENT_DETAILS })).toHaveCount(0);
    await placeOrder(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
    dropRefusalLogs(pageErrors);
  });
});

test.describe('with checkout retry', () => {
  test.describe.configure({ mode: 'serial' });
  let store: CustomStore;

  test.beforeAll(async () => {
    // A store of its own (the flag is flipped in its copy of the flag file): slow to start.
    test.setTimeout(180_000);
    store = await launchCustomStore();
    await store.setFlag('checkout-retry', true);
  });

  test.afterAll(async () => {
    await store.dispose();
  });

  test('a refused card is replaced on the review step and the order placed there', async ({
    page,
    pageErrors,
  }) => {
    test.slow();
    await toPaymentStep(page, (await newBuyers(store.dataDir)).dana, store.url);
    await enterNewCard(page, { number: DECLINED, month: '10', year: '2031', code: '123' });
    await continueTo(page, 'review');
    await placeOrder(page);
    const declined = page.getByRole('region', { name: 'Your payment was not accepted' });
    await expect(declined.getByRole('alert')).toHaveText(PAYMENT_DETAILS, { timeout: 20_000 });
    await expect(declined.getByRole('link', { name: 'Choose another payment method' })).toHaveCount(
      0,
    );
    await axe(page);
    await declined.getByRole('radio', { name: /Visa ending in 4242.*09\/2029/ }).check();
    await declined.getByRole('button', { name: 'Use this payment method' }).click();
    await expect(declined).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout\/review$/);
    await expect(page.getByText('Expires 09/2029')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
    dropRefusalLogs(pageErrors);
  });
});

/*
 * PCI: the card number (with and without its spaces) and the security code are nowhere but
 * in the gateway's frame. The security code is '737', not '123': a Visa takes any three
 * digits, and '123' turns up innocently everywhere (in ids, prices, versions). Even '737'
 * does as a bare substring (the milliseconds of a timestamp, a hash in a bundle, a total in
 * cents), so it is looked for as a value: a JSON string "737", or after ':' or '=' with no
 * digit or decimal point after it, or under a key named like a security code. Every search
 * is first shown to find what it looks for, and every place searched is shown to hold the
 * order's own data (so an empty dump cannot pass for a clean one).
 */
const PCI_NUMBER = '4242 4242 4242 4242';
const PCI_CODE = '737';
const NUMBER_FORMS = [PCI_NUMBER, PCI_NUMBER.replaceAll(' ', ''), PCI_NUMBER.replaceAll(' ', '-')];
const CODE_AS_VALUE = [
  new RegExp(`"${PCI_CODE}"`),
  new RegExp(`[:=]\\s*"?${PCI_CODE}(?![\\d.])`),
  /"(securityCode|security_code|cvc|cvv|csc|cvn)"\s*:\s*"?\d/i,
];

/** What of the card `text` holds: the number's forms and the code as a value. */
function cardIn(text: string): string[] {
  return [
    ...NUMBER_FORMS.filter((form) => text.includes(form)),
    ...CODE_AS_VALUE.filter((pattern) => pattern.test(text)).map(String),
  ];
}

test('PCI: the card number and security code are kept and said nowhere', async ({ browser }) => {
  test.setTimeout(300_000);
  // The searches find what they look for.
  expect(cardIn(`{"n":"${PCI_NUMBER}"}`)).not.toEqual([]);
  expect(cardIn('x4242424242424242x')).not.toEqual([]);
  expect(cardIn(`{"cvc":"${PCI_CODE}"}`)).not.toEqual([]);
  expect(cardIn(`securityCode=${PCI_CODE}&`)).not.toEqual([]);
  expect(cardIn(`{"securityCode":"1"}`)).not.toEqual([]);
  expect(cardIn(`"at":"2026-11-23T10:00:00.${PCI_CODE}Z","ms":12.${PCI_CODE}`)).toEqual([]);

  // A store of its own, logging everything it can, whose database is read once it stops.
  const dir = await tempDir('store-pci-');
  const pci = await launchStoreProcess({
    dataDir: dir,
    env: { LOG_LEVEL: 'trace' },
    readyTimeoutMs: 170_000,
  });
  const context = await browser.newContext({ baseURL: pci.url });
  const page = await context.newPage();
  const sent: string[] = [];
  const answers: Promise<{ url: string; body: string }>[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body !== null && new URL(request.url()).pathname.startsWith('/api/')) sent.push(body);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/payment-sandbox/tokens')) {
      answers.push(
        response.text().then(
          (body) => ({ url: url.pathname, body }),
          () => ({ url: url.pathname, body: '' }),
        ),
      );
    }
  });
  try {
    // The store is this test's alone: its demo Dana is changed by no other test.
    await toPaymentStep(page, DANA);
    await enterNewCard(page, {
      number: PCI_NUMBER,
      month: '08',
      year: '2033',
      code: PCI_CODE,
      save: true,
    });
    await continueTo(page, 'review');
    await placeOrder(page);
    await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 20_000 });
    await expect(page.getByText('Credit card ending in 4242')).toBeVisible();
    // The next checkout reads the saved card back from the store.
    await toPaymentStep(page, null);
    await expect(page.getByRole('radio', { name: /Visa ending in 4242.*08\/2033/ })).toBeVisible();

    // The page's storage: every IndexedDB database and store, localStorage, sessionStorage,
    // and the service worker's caches.
    const storage = await page.evaluate(async () => {
      const out: { where: string; text: string }[] = [];
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const name = info.name;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => {
            resolve(request.result);
          };
          request.onerror = () => {
            reject(new Error(`IndexedDB ${name} did not open`));
          };
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(store, 'readonly').objectStore(store).getAll();
            request.onsuccess = () => {
              resolve(request.result);
            };
            request.onerror = () => {
              reject(new Error(`IndexedDB ${name}/${store} could not be read`));
            };
          });
          out.push({ where: `indexedDB ${name}/${store}`, text: JSON.stringify(rows) });
        }
        db.close();
      }
      out.push({ where: 'localStorage', text: JSON.stringify({ ...localStorage }) });
      out.push({ where: 'sessionStorage', text: JSON.stringify({ ...sessionStorage }) });
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          out.push({ where: `cache ${name} ${request.url}`, text: (await response?.text()) ?? '' });
        }
      }
      return out;
    });
    // The checkout's events are in the page's database: the search reads real data.
    expect(storage.some((s) => s.where.startsWith('indexedDB') && s.text.includes('"last4"'))).toBe(
      true,
    );
    for (const { where, text } of storage) expect(cardIn(text), where).toEqual([]);

    // The store's API, both ways.
    const bodies = await Promise.all(answers);
    expect(bodies.some((b) => b.url.includes('/place-order') && b.body.includes('4242'))).toBe(
      true,
    );
    for (const { url, body } of bodies) expect(cardIn(body), `answer of ${url}`).toEqual([]);
    expect(sent.some((body) => body.includes('sandbox_tok_'))).toBe(true);
    for (const body of sent) expect(cardIn(body), 'a request to the API').toEqual([]);
  } finally {
    await context.close();
    await pci.stop('SIGTERM');
  }

  try {
    // The store's log, at its most detailed level.
    const log = pci.output();
    expect(log).toContain('place-order');
    expect(cardIn(log), 'the store log').toEqual([]);

    // Every row of every table, as text.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      const rows = await database.transaction(async (sql) => {
        const tables = await sql.rows<{ table_name: string }>(
          `select table_name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`,
        );
        const out: { table: string; text: string }[] = [];
        for (const { table_name: table } of tables) {
          const quoted = `"${table.replaceAll('"', '""')}"`;
          const found = await sql.rows<{ row: string }>(`select t::text as row from ${quoted} t`);
          out.push({ table, text: found.map((r) => r.row).join('\n') });
        }
        return out;
      });
      // The saved card is there, as the gateway's token with its last four digits only.
      expect(rows.some((r) => r.text.includes('sandbox_pm_') && r.text.includes('4242'))).toBe(
        true,
      );
      for (const { table, text } of rows) expect(cardIn(text), `table ${table}`).toEqual([]);
    } finally {
      await database.close();
    }

    // And the database's files themselves, deleted rows and the write-ahead log included.
    const files = await readdir(path.join(dir, 'pglite'), { recursive: true, withFileTypes: true });
    const numbers = NUMBER_FORMS.map((form) => Buffer.from(form, 'latin1'));
    let read = 0;
    for (const file of files) {
      if (!file.isFile()) continue;
      const bytes = await readFile(path.join(file.parentPath, file.name));
      read += bytes.length;
      for (const [i, number] of numbers.entries()) {
        expect(bytes.includes(number), `${NUMBER_FORMS[i] ?? ''} in ${file.name}`).toBe(false);
      }
    }
    expect(read).toBeGreaterThan(1_000_000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
