import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { expect, test } from './fixtures';
import {
  accountButton,
  DANA,
  fillSignIn,
  SAM,
  signInFromHeader,
  signOutFromHeader,
} from './support/sign-in';

test('a visitor registers, signs out and signs in again', async ({ page }) => {
  const email = `new.buyer.${Date.now()}@demo.example`;
  await page.goto('/en-gb/');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/en-gb\/register\?interaction=/);
  await expect(page.getByLabel('Country')).toHaveValue('GB');

  // The identity policy messages (SPEC 5), in the storefront's words.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ashby-Clarke');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 10 characters.')).toBeVisible();
  await page.getByLabel('Password').fill('longbutnocapitals');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Password must contain at least 2 capital letters or numeric values.'),
  ).toBeVisible();
  await page.getByLabel('Password').fill('Robins-Test-2026');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(accountButton(page, 'Robin')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en-gb\/$/);
  await signOutFromHeader(page, 'Robin');
  await expect(page.getByText('You have been signed out.')).toBeVisible();

  await signInFromHeader(page, { email, password: 'Robins-Test-2026', firstName: 'Robin' });
  await expect(page).toHaveURL(/\/en-gb\/$/);
});

test('an address already in use is refused with the policy message', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/en-us/register');
  await expect(page).toHaveURL(/\/en-us\/register\?interaction=/);
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Email address').fill(DANA.email);
  await page.getByLabel('Password').fill('Another-Password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email address must be unique.')).toBeVisible();
  // The browser reports the refusal (409) itself.
  await expect.poll(() => pageErrors).toEqual([expect.stringContaining('409')]);
  pageErrors.splice(0, pageErrors.length);
});

test('a wrong password is refused in the page language', async ({ page, pageErrors }) => {
  await page.goto('/fr-ca/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/fr-ca\/login\?interaction=/);
  await page.getByLabel('Adresse courriel').fill(SAM.email);
  await page.getByLabel('Mot de passe').fill('Not-His-Password-9');
  await page.locator('#main').getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'L’adresse courriel ou le mot de passe est incorrect.',
  );
  // The browser reports the refused sign-in (401) itself.
  await expect.poll(() => pageErrors).toEqual([expect.stringContaining('401')]);
  pageErrors.splice(0, pageErrors.length);
});

test('a page that needs sign-in sends the visitor to sign in and back', async ({ page }) => {
  await page.goto('/en-gb/my-account/addresses');
  await fillSignIn(page, DANA);
  await expect(page).toHaveURL(/\/en-gb\/my-account\/addresses$/);
  // The page she came for, with her own data: her personal account's address book.
  await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
  await expect(page.getByText(/Addresses of .*T7K2Q9X4M3PL/)).toBeVisible();
  // SPEC 4.3: signing out on such a page goes to sign-in.
  await signOutFromHeader(page, DANA.firstName);
  await expect(page).toHaveURL(/\/en-gb\/login/);
});

test('signing out in one tab signs out the other within a second', async ({ page, context }) => {
  await page.goto('/en-us/');
  await signInFromHeader(page, DANA);
  const other = await context.newPage();
  await other.goto('/en-us/');
  await expect(accountButton(other, DANA.firstName)).toBeVisible();

  await signOutFromHeader(page, DANA.firstName);
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible({
    timeout: 1_000,
  });
});

test.describe('inactivity (SPEC 4.4)', () => {
  test('warns 15 s before the 1800 s timeout and signs out at the timeout', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en-us/');
    await signInFromHeader(page, DANA);

    // Stop the clock 29 min 40 s after now, then let it run second by second.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + (29 * 60 + 40) * 1000);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.runFor(3_000);
    await expect(warning).toBeHidden();
    await page.clock.runFor(3_000);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/signed out in 1[0-5] seconds/);

    await page.clock.runFor(16_000);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(
      page.getByText('You were signed out after 30 minutes without activity.'),
    ).toBeVisible();
  });

  test('"Stay signed in" keeps the session', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en-us/');
    await signInFromHeader(page, DANA);
    await page.clock.fastForward('29:40');
    await page.clock.runFor(6_000);
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.clock.runFor(30_000);
    await expect(accountButton(page, DANA.firstName)).toBeVisible();
  });

  test('does not time out while another tab is active', async ({ page, context }) => {
    await page.clock.install();
    await page.goto('/en-us/');
    await signInFromHeader(page, DANA);
    const other = await context.newPage();
    await other.goto('/en-us/');
    await expect(accountButton(other, DANA.firstName)).toBeVisible();

    await page.clock.fastForward('20:00');
    const shared = () => other.evaluate(() => Number(localStorage.getItem('lastActivity')));
    const before = await shared();
    await other.keyboard.press('Tab');
    // The other tab's activity reaches the shared record before time moves on.
    await expect.poll(shared).toBeGreaterThan(before);
    await page.clock.runFor(2_000);
    await page.clock.fastForward('10:30');
    await page.clock.runFor(2_000);
    await expect(accountButton(page, DANA.firstName)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  });
});

test.describe('token mode (the SSO flag)', () => {
  let store: CustomStore;
  test.beforeAll(async () => {
    // A store of its own starts, migrates and seeds: slow on a loaded machine.
    test.setTimeout(180_000);
    store = await launchCustomStore();
    await store.setFlag('sso', true);
  });
  test.afterAll(async () => {
    await store.dispose();
  });

  test('signs in with PKCE in the browser and calls the API with a bearer token', async ({
    page,
  }) => {
    const bearer: string[] = [];
    page.on('request', (request) => {
      const auth = request.headers().authorization;
      if (auth && request.url().includes('/store/customer/current')) bearer.push(auth);
    });
    await expect(async () => {
      await page.goto(`${store.url}/en-us/`);
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/login\?interaction=/, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await fillSignIn(page, DANA);
    expect(bearer.some((value) => /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(value))).toBe(true);
    // Tokens live in session storage (SPEC 4.2).
    const stored = await page.evaluate(() =>
      Object.keys(window.sessionStorage).some((k) => k.startsWith('oidc.user:')),
    );
    expect(stored).toBe(true);
    await signOutFromHeader(page, DANA.firstName);
    expect(
      await page.evaluate(() =>
        Object.keys(window.sessionStorage).some((k) => k.startsWith('oidc.user:')),
      ),
    ).toBe(false);
  });
});

test('a user registered in Korea who signs in on the Singapore store moves to the Asia store (SPEC 4.5)', async ({
  page,
}) => {
  await page.goto('/zh-sg/register');
  await expect(page).toHaveURL(/\/zh-sg\/register\?interaction=/);
  await page.getByLabel('First name').fill('Min-jun');
  await page.getByLabel('Last name').fill('Park');
  await page.getByLabel('Email address').fill(`min-jun.${Date.now()}@demo.example`);
  await page.getByLabel('Password').fill('Seoul-Clinic-2026');
  await page.getByLabel('Country').selectOption('KR');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/ja-jp\/$/, { timeout: 15_000 });
  await expect(
    page.getByText('We moved you to the store for your country, with its currency.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('registrationStoreCountryCode'))).toBe(
    'KR',
  );
  expect(await page.evaluate(() => localStorage.getItem('currencySwitched'))).toBe(
    JSON.stringify({ from: 'zh-sg', to: 'ja-jp' }),
  );
});
