/**
 * The steps of checkout through its pages, as several browser specs take them: the accounts,
 * Continue to the next step, Sam's purchase order, and axe-core on what is shown.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** No axe-core violation on the page (or on the part `include` selects). */
export async function axe(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  expect((await builder.analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

export async function chooseAccounts(
  page: Page,
  account: string,
  qualifiedUser: string,
): Promise<void> {
  await page.getByRole('region', { name: 'Choose customer account' }).getByLabel(account).check();
  await page
    .getByRole('region', { name: 'Choose qualified user' })
    .getByLabel(qualifiedUser)
    .check();
}

/** Continue, and the step at `/checkout/{path}` opens. */
export async function continueTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${path}$`));
}

/** On the payment step: Sam pays for Riverside by this purchase order, as its invoice contact. */
export async function fillSamsPurchaseOrder(page: Page, poNumber: string): Promise<void> {
  const poChoice = page.getByRole('radio', { name: /^Purchase order/ });
  if ((await poChoice.count()) > 0) await poChoice.check();
  await page.getByLabel('Purchase order number').fill(poNumber);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email address').fill('accounts@riverside.example');
  await page.getByLabel('Phone number').fill('0113 496 0123');
}
