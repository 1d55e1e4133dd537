/**
 * Sign-in from any address of the machine (decision 020): a store started without PUBLIC_URL,
 * opened at http://127.0.0.1:{port} (as a tablet opens the machine's address on the clinic's
 * network), registers and signs people in without leaving that address.
 */
import { launchCustomStore, type CustomStore } from '../support/custom-store';
import type { StoreProcess } from '../support/server-process';
import { expect, test as base } from './fixtures';
import {
  accountButton,
  DANA,
  fillSignIn,
  signInFromHeader,
  signOutFromHeader,
} from './support/sign-in';

let custom: CustomStore | undefined;

// This file's store: PUBLIC_URL unset, flags it can change.
const test = base.extend<object, { store: StoreProcess }>({
  store: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument.
    async ({}, use) => {
      custom = await launchCustomStore({ withoutPublicUrl: true });
      try {
        await use(custom);
      } finally {
        await custom.dispose();
        custom = undefined;
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

// The second test turns the token mode on for this store.
test.describe.configure({ mode: 'serial' });

test('a buyer at 127.0.0.1 registers, signs out and signs in again', async ({ page, store }) => {
  expect(new URL(store.url).hostname).toBe('127.0.0.1');
  const visited = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.add(new URL(frame.url()).origin);
  });
  const email = `tablet.buyer.${Date.now()}@demo.example`;
  const password = 'Tablet-Buyer-2026';

  await page.goto(`${store.url}/en-gb/`);
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(new RegExp(`^${store.url}/en-gb/register\\?interaction=`));
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ashby');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(accountButton(page, 'Robin')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(`${store.url}/en-gb/`);

  await signOutFromHeader(page, 'Robin');
  await signInFromHeader(page, { email, password, firstName: 'Robin' });
  await expect(page).toHaveURL(`${store.url}/en-gb/`);
  await page.reload();
  await expect(accountButton(page, 'Robin')).toBeVisible();
  // Every page of the flow was on the address the buyer opened.
  expect([...visited]).toEqual([store.url]);
});

test('the same store signs people in at localhost too', async ({ page, store }) => {
  const localhost = store.url.replace('127.0.0.1', 'localhost');
  await page.goto(`${localhost}/en-us/`);
  await signInFromHeader(page, DANA);
  await expect(page).toHaveURL(`${localhost}/en-us/`);
});

test('the token mode signs in at 127.0.0.1 with the provider at that address', async ({
  page,
  store,
}) => {
  if (!custom) throw new Error('No store');
  await custom.setFlag('sso', true);
  const bootstrap = (await (
    await page.request.get(`${store.url}/api/bootstrap?locale=en-us`)
  ).json()) as {
    config: { identity: { issuer: string } };
  };
  expect(bootstrap.config.identity.issuer).toBe(`${store.url}/oidc`);
  await expect(async () => {
    await page.goto(`${store.url}/en-us/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?interaction=/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  expect(new URL(page.url()).origin).toBe(store.url);
  await fillSignIn(page, DANA);
  const tokens = await page.evaluate(() =>
    Object.keys(window.sessionStorage).filter((k) => k.startsWith('oidc.user:')),
  );
  expect(tokens).toEqual([`oidc.user:${store.url}/oidc:storefront`]);
});
