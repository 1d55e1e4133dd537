/**
 * Accounts (SPEC 1, 2.7, 6; decision 056), on a store of this spec's own (it changes the demo
 * accounts): Dana opens Accounts from the account menu and sees her accounts with their
 * numbers, her roles and the discounts; adds Northgate, which invited her, with 'Account not
 * listed'; leaves Lakeshore. Offline, the accounts seen before, with the notice. Sam, the
 * administrator of Riverside, sees its members, invites a person and removes Priya by
 * email. On a tablet and a phone, axe clean and nothing wider than the screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { storeOfThisSpec } from './support/spec-store';
import { newBuyers } from './support/buyers';
import { accountButton, signInFromHeader, signOutFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const ownStore = storeOfThisSpec('accounts');
const origin = () => ownStore().url;

const account = (page: Page, number: string) =>
  page.getByTestId('customer-account').filter({
    has: page.getByTestId('account-number').getByText(number, { exact: true }),
  });

test('Dana switches to buying for Lakeshore and back; banners announce each switch in both tabs', async ({
  page,
}) => {
  const buyers = await newBuyers(ownStore().dataDir);
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${origin()}/en-us/`);
  await signInFromHeader(page, buyers.dana);
  await page.goto(`${origin()}/en-us/my-account/accounts`);
  await expect(page.getByTestId('buying-as')).toHaveText(
    'You buy as an individual, with your personal account.',
  );
  const lakeshore = account(page, buyers.accounts.lakeshore);
  const personal = account(page, buyers.accounts.danaPersonal);
  await expect(personal.getByTestId('account-buying-as')).toBeVisible();
  await expect(personal.getByRole('button', { name: 'Buy as an individual' })).toHaveCount(0);

  // A second tab on another page of the store.
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 768, height: 1024 });
  await other.goto(`${origin()}/en-us/search?q=kit`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByTestId('buying-as-banner')).toHaveCount(0);

  await lakeshore.getByRole('button', { name: /^Buy for this organization/ }).click();
  const toLakeshore = `You now buy for Lakeshore University Psychology Clinic (${buyers.accounts.lakeshore}), an organizational account.`;
  await expect(page.getByTestId('buying-as-banner')).toContainText(toLakeshore);
  await expect(page.getByTestId('buying-as')).toHaveText(
    `You buy for an organization: Lakeshore University Psychology Clinic (${buyers.accounts.lakeshore}).`,
  );
  await expect(lakeshore.getByTestId('account-buying-as')).toBeVisible();
  await expect(other.getByTestId('buying-as-banner')).toContainText(toLakeshore);
  await axe(page);

  // Kept across a reload, until dismissed; dismissed in one tab, gone from both.
  await other.reload();
  await expect(other.getByTestId('buying-as-banner')).toContainText(toLakeshore);
  await other.getByTestId('buying-as-banner').getByRole('button', { name: 'Dismiss' }).click();
  await expect(other.getByTestId('buying-as-banner')).toHaveCount(0);
  await expect(page.getByTestId('buying-as-banner')).toHaveCount(0);

  // Back to buying as an individual, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await personal.getByRole('button', { name: 'Buy as an individual' }).click();
  await expect(page.getByTestId('buying-as-banner')).toContainText(
    `You now buy as an individual, with your personal account ${buyers.accounts.danaPersonal}. Purchase orders need an organizational account.`,
  );
  await expect(page.getByTestId('buying-as')).toHaveText(
    'You buy as an individual, with your personal account.',
  );
  await fitsTheScreen(page);
  await axe(page);
  await other.close();
});

test('Dana’s accounts: numbers, roles, discounts, Account not listed, leaving; Sam manages Riverside’s members', async ({
  page,
  pageErrors,
}) => {
  const buyers = await newBuyers(ownStore().dataDir);
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${origin()}/en-us/`);
  await signInFromHeader(page, buyers.dana);
  await accountButton(page, buyers.dana.firstName).click();
  await page.getByRole('banner').getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/accounts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts');

  const personal = account(page, buyers.accounts.danaPersonal);
  const lakeshore = account(page, buyers.accounts.lakeshore);
  await expect(personal).toContainText('Personal');
  await expect(personal.getByTestId('account-role')).toHaveText('Owner');
  await expect(lakeshore).toContainText('Organization');
  await expect(lakeshore.getByTestId('account-role')).toHaveText('Member');
  await expect(personal.getByTestId('account-discounts')).toBeVisible();
  // The duplicate merged into her personal account says so (SPEC 6).
  await expect(personal.getByTestId('account-merged')).toHaveText(
    `Account ${buyers.accounts.danaMerged} was a duplicate of this account and was merged into it on March 14, 2026. Its orders, quotes and invoices are now under account ${buyers.accounts.danaPersonal}.`,
  );
  await expect(lakeshore.getByTestId('account-merged')).toHaveCount(0);
  await expect(personal.getByRole('button', { name: /^Leave organization/ })).toHaveCount(0);
  await axe(page, '#main');

  // 'Account not listed': a number that did not invite her, then Northgate, which did.
  await page.getByLabel('Account number').fill('9999');
  await page.getByLabel('I agree to the Terms & conditions').check();
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText(/not found|could not be found/i).first()).toBeVisible();
  await page.getByLabel('Account number').fill(buyers.accounts.northgate);
  await page.getByLabel('I agree to the Terms & conditions').check();
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByTestId('accounts-notice')).toHaveText(
    `${buyers.accounts.northgate} was added to your accounts.`,
  );
  await expect(account(page, buyers.accounts.northgate)).toBeVisible();
  const refused = pageErrors.filter((e) => e.includes('status of 404'));
  expect(refused).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('404')));

  // She leaves Lakeshore.
  await lakeshore.getByRole('button', { name: /^Leave organization/ }).click();
  // It asks first, in place; Cancel changes nothing.
  await lakeshore.getByRole('button', { name: 'Cancel' }).click();
  await expect(lakeshore.getByRole('button', { name: /^Leave organization/ })).toBeFocused();
  await lakeshore.getByRole('button', { name: /^Leave organization/ }).click();
  await expect(lakeshore.getByRole('button', { name: 'Yes, leave it' })).toBeFocused();
  await lakeshore.getByRole('button', { name: 'Yes, leave it' }).click();
  await expect(page.getByTestId('accounts-notice')).toHaveText('You have left the organization.');
  await expect(lakeshore).toHaveCount(0);

  // On a phone, at the short address.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin()}/en-us/accounts`);
  await expect(account(page, buyers.accounts.northgate)).toBeVisible();
  await fitsTheScreen(page);
  await axe(page, '#main');

  // Offline: what was seen, with the notice; no changes offered.
  await workerControls(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(account(page, buyers.accounts.northgate)).toBeVisible();
  await expect(page.getByText(/You are offline\..*changes need the connection\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add account' })).toHaveCount(0);
  await page.context().setOffline(false);
  // Back online the page reads the store again and offers its changes.
  await expect(page.getByRole('button', { name: 'Add account' })).toBeVisible();
  // What the page asked while offline failed at the browser or its worker: nothing else did.
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter(
      (e) => !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED'),
    ),
  );
  await page.setViewportSize({ width: 768, height: 1024 });

  // Sam, Riverside's administrator, manages its members.
  await page.goto(`${origin()}/en-us/`);
  await signOutFromHeader(page, buyers.dana.firstName);
  await signInFromHeader(page, buyers.sam);
  await page.goto(`${origin()}/en-us/my-account/accounts`);
  const riverside = account(page, buyers.accounts.riverside);
  await expect(riverside.getByTestId('account-role')).toHaveText('Administrator');
  await riverside.getByRole('link', { name: /^Members/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Members of Riverside Child Development Clinic',
  );
  await expect(page.getByTestId('member').filter({ hasText: 'Priya' })).toBeVisible();
  await expect(page.getByTestId('member').filter({ hasText: 'Sam Okafor' })).toContainText(
    'Administrator',
  );
  await axe(page, '#main');

  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email address').fill('not an email');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByLabel('Email address')).toBeFocused();
  await invite.getByLabel('Email address').fill('new.colleague@demo.example');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('members-notice')).toHaveText(
    'Invitation sent by email. They can add the account with Account not listed.',
  );
  await expect(page.getByTestId('invitations')).toContainText('new.colleague@demo.example');

  const remove = page.getByRole('form', { name: 'Remove a member' });
  await remove.getByLabel('Email address').fill(buyers.priya.email);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('members-notice')).toHaveText('Removed from this organization.');
  await expect(page.getByTestId('member').filter({ hasText: 'Priya' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await fitsTheScreen(page);
  await axe(page, '#main');
});
