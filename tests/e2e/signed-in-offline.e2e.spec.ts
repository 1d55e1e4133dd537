/**
 * A signed-in buyer offline (issue 12, decision 023): still signed in after an offline
 * reload, with their cart; any product of the store's index opens and is added; a new page
 * offline shows the same; back online everything reaches the server. A session that ended
 * on the server meanwhile signs the buyer out on reconnect, and their queued changes wait
 * for that same buyer: never sent as anyone else, never dropped.
 */
import { request, type Browser, type Page } from '@playwright/test';
import { evolve as evolveCart } from '../../domain/cart/decide';
import type { CartEvent } from '../../domain/cart/events';
import { initialCartState } from '../../domain/cart/state';
import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { expect, test } from './fixtures';
import { workerControls } from './support/worker';
import {
  accountButton,
  DANA,
  fillSignIn,
  signInFromHeader,
  signOutFromHeader,
} from './support/sign-in';

const KIT = 'WRI3-KIT';
const FORMS = 'HMA2-RF25';
const PASSWORD = 'Offline-Buyer-2026';

interface Buyer {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
}

function newBuyer(firstName: string): Buyer {
  const unique = `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName,
    lastName: 'Offline',
    email: `${firstName.toLowerCase()}.${unique}@demo.example`,
    password: PASSWORD,
  };
}

/** Registers through the store's register page; the buyer is signed in after it. */
async function register(page: Page, buyer: Buyer) {
  await page.goto('/en-gb/');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/en-gb\/register\?interaction=/);
  await page.getByLabel('First name').fill(buyer.firstName);
  await page.getByLabel('Last name').fill(buyer.lastName);
  await page.getByLabel('Email address').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(accountButton(page, buyer.firstName)).toBeVisible({ timeout: 15_000 });
}

/** Registers a buyer in a browser of their own, then leaves. */
async function registerElsewhere(browser: Browser, baseURL: string, buyer: Buyer) {
  const context = await browser.newContext({ baseURL });
  await register(await context.newPage(), buyer);
  await context.close();
}

/** Opens a product's page and adds it; the header counts it at once. */
async function addFromProductPage(page: Page, code: string, quantity: string) {
  await page.goto(`/en-gb/p/${code}`);
  await addHere(page, quantity);
}

async function addHere(page: Page, quantity: string) {
  const buy = page.getByRole('complementary', { name: 'Buy' });
  const add = buy.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await buy.getByLabel('Quantity').fill(quantity);
  await add.click();
  await expect(buy.getByRole('status')).toContainText(`Added to your cart (${quantity})`);
}

/** The signed-in buyer's cart in the UK store as the server holds it: [code, quantity]. */
async function serverLines(page: Page): Promise<[string, number][]> {
  const current = await page.request.get('/api/carts/current?locale=en-gb');
  if (!current.ok()) return [];
  const { cartId } = (await current.json()) as { cartId: string | null };
  if (!cartId) return [];
  const stream = await page.request.get(`/api/carts/${cartId}?after=0`);
  if (!stream.ok()) return [];
  const body = (await stream.json()) as { events: { event: CartEvent }[] };
  const state = body.events.map((e) => e.event).reduce(evolveCart, initialCartState());
  return state.lines.map((l): [string, number] => [l.code, l.quantity]).sort();
}

async function cartQuantities(page: Page, codes: readonly string[]) {
  return Promise.all(
    codes.map(async (code) => [
      code,
      await page.getByTestId(`cart-line-${code}`).getByLabel('Quantity').inputValue(),
    ]),
  );
}

/** Requests made offline fail by design (the browser logs them); any other error counts. */
function forgiveOfflineLoads(pageErrors: string[]) {
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
}

/** The service worker controls the page (installing it precaches the app: slow on a busy machine). */
async function waitForWorker(page: Page) {
  await workerControls(page);
}

test('a signed-in buyer stays signed in offline: their cart, any product of the index, a new page, and all of it on the server once online', async ({
  page,
  context,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const robin = newBuyer('Robin');
  await register(page, robin);
  await waitForWorker(page);

  // Online: a product added and confirmed; a search whose results are never opened.
  const confirmed = page.waitForResponse(
    (r) => /\/api\/carts\/[^/]+\/commands/.test(r.url()) && r.status() === 200,
  );
  await addFromProductPage(page, KIT, '1');
  await confirmed;
  const index = page.waitForResponse((r) => r.url().includes('/api/catalog/index?locale=en-gb'));
  await page.goto('/en-gb/search.html?q=Harlow');
  await expect(page.locator(`a[href="/en-gb/p/${FORMS}"]`).first()).toBeVisible();
  await index;

  // Offline, reloaded: still Robin, told quietly that the session is checked later.
  await context.setOffline(true);
  await page.goto('/en-gb/cart');
  await expect(accountButton(page, robin.firstName)).toBeVisible();
  // (Its words come from the message catalogs: checked here by its place, not its text.)
  await expect(page.getByRole('banner').locator('.account-menu__note')).toHaveText(
    'Offline: your session is checked when the connection is back.',
  );
  await expect(page.getByTestId(`cart-line-${KIT}`)).toBeVisible();
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (1 item)');

  // The product found in the search, never opened: it opens from the index and is added.
  await page.goto('/en-gb/search.html?q=Harlow');
  await page.locator(`a[href="/en-gb/p/${FORMS}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/en-gb/p/${FORMS}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harlow Mathematics');
  await expect(
    page.getByText('This summary comes from the catalog saved on this device'),
  ).toBeVisible();
  await expect(page.locator('.product__price .price')).toBeVisible();
  await expect(page.locator('.product__buy .availability')).toBeVisible();
  await addHere(page, '2');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)');

  // A new page, still offline: the same buyer, both lines.
  await page.close();
  forgiveOfflineLoads(pageErrors);
  const next = await context.newPage();
  await next.goto('/en-gb/cart');
  await expect(accountButton(next, robin.firstName)).toBeVisible();
  await expect(next.getByTestId(`cart-line-${FORMS}`)).toBeVisible();
  expect(await cartQuantities(next, [KIT, FORMS])).toEqual([
    [KIT, '1'],
    [FORMS, '2'],
  ]);

  // Online: within 5 s both lines are on the server, and nothing else changes on the page.
  await context.setOffline(false);
  await expect
    .poll(() => serverLines(next), { timeout: 5_000 })
    .toEqual([
      [FORMS, 2],
      [KIT, 1],
    ]);
  await expect(next.getByRole('banner').locator('.account-menu__note')).toHaveCount(0);
  await expect(accountButton(next, robin.firstName)).toBeVisible();
  forgiveOfflineLoads(pageErrors);

  // The browser's database wiped: the cart comes back from the server, still signed in.
  await next.goto('/api/health');
  await next.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const wipe = indexedDB.deleteDatabase('assessments-store');
        wipe.onsuccess = () => {
          resolve();
        };
        wipe.onerror = () => {
          reject(new Error('the database could not be deleted'));
        };
      }),
  );
  await next.goto('/en-gb/cart');
  await expect(accountButton(next, robin.firstName)).toBeVisible();
  await expect(next.getByTestId(`cart-line-${FORMS}`)).toBeVisible();
  expect(await cartQuantities(next, [KIT, FORMS])).toEqual([
    [KIT, '1'],
    [FORMS, '2'],
  ]);
  await next.close();
});

test('a session ended on the server while offline signs the buyer out on reconnect; their queued change waits for them, not for anyone else', async ({
  page,
  context,
  browser,
  store,
  pageErrors,
}) => {
  test.setTimeout(150_000);
  const ellis = newBuyer('Ellis');
  const morgan = newBuyer('Morgan');
  await registerElsewhere(browser, store.url, morgan);
  await register(page, ellis);
  await waitForWorker(page);
  // Seen once online, so it opens offline.
  await page.goto(`/en-gb/p/${FORMS}`);
  await expect(page.getByRole('complementary', { name: 'Buy' })).toBeVisible();

  // Offline, a change is queued under Ellis.
  await context.setOffline(true);
  await addFromProductPage(page, FORMS, '3');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (3 items)');

  // Meanwhile the session ends on the server (the browser keeps its now useless cookie).
  const cookie = (await context.cookies()).find((c) => c.name === 'store_session');
  expect(cookie).toBeDefined();
  const elsewhere = await request.newContext({
    baseURL: store.url,
    extraHTTPHeaders: { cookie: `store_session=${cookie?.value ?? ''}` },
  });
  expect((await elsewhere.post('/auth/logout')).status()).toBe(204);
  expect(
    await (
      await elsewhere.get('/api/assessments/checkout/session', {
        headers: { accept: 'text/plain' },
      })
    ).text(),
  ).toBe('false');
  await elsewhere.dispose();

  // Every cart change the page sends from now on.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/carts\/[^/]+\/commands/.test(r.url())) {
      sent.push(r.postData() ?? '');
    }
  });

  // Back online: signed out (SPEC 4.3), the change kept.
  await context.setOffline(false);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (0 items)');
  forgiveOfflineLoads(pageErrors);

  // Someone else signs in here: Ellis's change is not sent as theirs.
  await signInFromHeader(page, { ...morgan, firstName: morgan.firstName });
  await page.goto('/en-gb/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  // A change of Morgan's own, sent and held by the server: the page has sent what it would
  // send as Morgan, and Ellis's change was not among it.
  await addFromProductPage(page, KIT, '1');
  await expect.poll(() => serverLines(page), { timeout: 15_000 }).toEqual([[KIT, 1]]);
  expect(sent.filter((body) => body.includes(FORMS))).toEqual([]);
  await signOutFromHeader(page, morgan.firstName);

  // Ellis again: the change waited for them and reaches the server.
  await signInFromHeader(page, { ...ellis, firstName: ellis.firstName });
  await expect.poll(() => serverLines(page), { timeout: 5_000 }).toEqual([[FORMS, 3]]);
  await page.goto('/en-gb/cart');
  expect(await cartQuantities(page, [FORMS])).toEqual([[FORMS, '3']]);
  forgiveOfflineLoads(pageErrors);
});

/** Whether the server still holds a store session, asked with its cookie from elsewhere. */
async function serverSessionHolds(baseURL: string, sessionId: string): Promise<boolean> {
  const elsewhere = await request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `store_session=${sessionId}` },
  });
  const answer = await elsewhere.get('/api/assessments/checkout/session', {
    headers: { accept: 'text/plain' },
  });
  const holds = (await answer.text()).trim() === 'true';
  await elsewhere.dispose();
  return holds;
}

test('signing out offline clears the identity at once in every tab; the server session ends when the connection is back', async ({
  page,
  context,
  store,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const avery = newBuyer('Avery');
  await register(page, avery);
  await waitForWorker(page);
  const other = await context.newPage();
  await other.goto('/en-gb/cart');
  await expect(accountButton(other, avery.firstName)).toBeVisible();
  const sessionId = (await context.cookies()).find((c) => c.name === 'store_session')?.value ?? '';
  expect(await serverSessionHolds(store.url, sessionId)).toBe(true);

  await context.setOffline(true);
  // Signed out once the page knows it is offline (its banner says so): a click before the
  // browser has told the page may still reach the store, which is not what is tested here.
  await expect(page.getByText(/^You are offline\. You can keep browsing/)).toBeVisible();
  await signOutFromHeader(page, avery.firstName);
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('signedInUser'))).toBeNull();
  // Reloaded offline: nobody is kept signed in.
  await other.reload();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await serverSessionHolds(store.url, sessionId)).toBe(true);

  // Back online, the server's steps run: the session is over there too.
  await context.setOffline(false);
  await expect.poll(() => serverSessionHolds(store.url, sessionId), { timeout: 5_000 }).toBe(false);
  await other.reload();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await other.close();
  forgiveOfflineLoads(pageErrors);
});

test('offline, the idle warning still comes and the inactivity timeout still signs out (SPEC 4.4)', async ({
  page,
  context,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const jules = newBuyer('Jules');
  await register(page, jules);
  await waitForWorker(page);
  // The clock is ours from the offline reload on.
  await page.clock.install();
  await context.setOffline(true);
  await page.reload();
  await expect(accountButton(page, jules.firstName)).toBeVisible();
  await expect(page.getByRole('banner').locator('.account-menu__note')).toBeVisible();

  await page.clock.fastForward('29:40');
  await page.clock.runFor(6_000);
  await expect(page.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  await page.clock.runFor(16_000);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(
    page.getByText('You were signed out after 30 minutes without activity.'),
  ).toBeVisible();
  await context.setOffline(false);
  forgiveOfflineLoads(pageErrors);
});

test.describe('token mode (the SSO flag)', () => {
  let custom: CustomStore;
  test.beforeAll(async () => {
    // A store of its own starts, migrates and seeds: slow on a loaded machine.
    test.setTimeout(180_000);
    custom = await launchCustomStore();
    await custom.setFlag('sso', true);
  });
  test.afterAll(async () => {
    await custom.dispose();
  });

  test('a buyer signed in with tokens stays signed in offline, in a new page too, and their change is sent once the session is confirmed', async ({
    page,
    context,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    await expect(async () => {
      await page.goto(`${custom.url}/en-gb/`);
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/login\?interaction=/, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await fillSignIn(page, DANA);
    await waitForWorker(page);
    await page.goto(`${custom.url}/en-gb/p/${KIT}`);
    await expect(page.getByRole('complementary', { name: 'Buy' })).toBeVisible();

    // Offline and reloaded: the stored token names the buyer; unconfirmed.
    await context.setOffline(true);
    await page.reload();
    await expect(accountButton(page, DANA.firstName)).toBeVisible();
    await expect(page.getByRole('banner').locator('.account-menu__note')).toBeVisible();
    await addHere(page, '1');

    // A new page has no tokens (session storage is per tab): the remembered buyer.
    await page.close();
    forgiveOfflineLoads(pageErrors);
    const next = await context.newPage();
    await next.goto(`${custom.url}/en-gb/cart`);
    await expect(accountButton(next, DANA.firstName)).toBeVisible();
    await expect(next.getByRole('banner').locator('.account-menu__note')).toBeVisible();
    await expect(next.getByTestId(`cart-line-${KIT}`)).toBeVisible();

    // Online: the provider confirms the session silently, and the change is sent.
    await context.setOffline(false);
    await expect(next.getByRole('banner').locator('.account-menu__note')).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(accountButton(next, DANA.firstName)).toBeVisible();
    await expect(next.getByText('All your changes were sent.')).toBeVisible({ timeout: 10_000 });
    forgiveOfflineLoads(pageErrors);
  });
});
