/** Signing in through the store's own pages, as a person would. */
import { expect, type Page } from '@playwright/test';

/**
 * The seeded demo buyers, for a test that only reads them, or whose store is its own alone. A
 * test that changes a buyer's data signs in as buyers of its own (the `buyers` fixture,
 * support/buyers.ts; decision 067).
 */
export const DANA = {
  email: 'dana.reyes@demo.example',
  password: 'Demo-Clinician-2026',
  firstName: 'Dana',
};
export const SAM = {
  email: 'sam.okafor@demo.example',
  password: 'Demo-Admin-2026',
  firstName: 'Sam',
};

export async function signInFromHeader(
  page: Page,
  user: { email: string; password: string; firstName: string },
) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(page, user);
}

export async function fillSignIn(
  page: Page,
  user: { email: string; password: string; firstName: string },
) {
  await expect(page).toHaveURL(/\/login\?interaction=/);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  // A budget, not a measure: the password's hash and the provider's redirects back to the
  // page have taken over 15 s on a 2-core host shared with other runs.
  await expect(accountButton(page, user.firstName)).toBeVisible({ timeout: 30_000 });
}

export function accountButton(page: Page, firstName: string) {
  return page.getByRole('banner').getByRole('button', { name: `Hello, ${firstName}` });
}

export async function signOutFromHeader(page: Page, firstName: string) {
  await accountButton(page, firstName).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
}
