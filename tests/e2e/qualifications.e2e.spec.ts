/**
 * Qualifications (SPEC 2.7, 6; decision 057), on a store of this spec's own with the
 * `qualifications-list` flag on: Dana opens Qualifications from the account menu and sees
 * her qualifications and her level (B); adds a degree with a PDF certificate (a file that is
 * not a PDF or an image refused in words first) and sees it pending review; edits it; offline
 * the list still shows, saying changes need the connection; an operator approves it with
 * level C through `npm run qualifications -- review` while the store runs; the page shows it
 * approved and her level C, and checkout offers her at level C. On a tablet and a phone,
 * axe clean, nothing wider than the screen.
 */
import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { ROOT_DIR } from '../../server/src/config';
import type { CheckoutFacts } from '../../domain/checkout/facts';
import type { QualificationsView } from '../../domain/qualification/qualification';
import { toolBundle } from '../support/server-bundle';
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { customStoreOfThisSpec } from './support/spec-store';
import { newBuyers } from './support/buyers';
import { accountButton, signInFromHeader } from './support/sign-in';
import { workerControls } from './support/worker';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const TITLE = 'Ph.D. Educational Psychology';
const EDITED = 'Ph.D. School Psychology';

const launched = customStoreOfThisSpec(['qualifications-list']);

/** `npm run qualifications -- <args>` against the running store (its operator channel). */
async function qualificationsTool(
  dataDir: string,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const entry = await toolBundle('qualifications');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const item = (page: Page, title: string) =>
  page.locator('.qualifications__item').filter({ has: page.getByRole('heading', { name: title }) });

test('Dana adds a degree, edits it, reads it offline; approved by an operator, her level rises', async ({
  page,
  pageErrors,
}) => {
  const buyers = await newBuyers(launched().dataDir);
  test.slow();
  const { url: origin, dataDir } = launched();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${origin}/en-us/`);
  await signInFromHeader(page, buyers.dana);

  // From the account menu: her level and what it may buy, her qualifications on record.
  await accountButton(page, buyers.dana.firstName).click();
  await page.getByRole('banner').getByRole('link', { name: 'Qualifications' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/qualifications$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qualifications');
  await expect(page.getByText('Level B: you may buy level A and B products.')).toBeVisible();
  await expect(item(page, 'M.A. School Psychology')).toContainText('On record');
  await axe(page, '#main');

  // A degree: a file that is not a PDF or an image is refused in words, by its content.
  await page.getByRole('link', { name: 'Add a degree' }).click();
  await expect(page).toHaveURL(/\/qualifications\/add-degree$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a degree');
  await page.getByLabel('Degree title').fill(TITLE);
  await page.getByLabel('Institution').fill('Lakeshore State University');
  await page.getByLabel('Date awarded').fill('2024-06-01');
  const certificate = page.getByLabel('Certificate');
  await certificate.setInputFiles({
    name: 'diploma.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\u0090 this is a program, not a certificate'),
  });
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('The certificate must be a PDF, PNG or JPEG file.')).toBeVisible();
  await expect(certificate).toHaveAttribute('aria-invalid', 'true');
  await expect(certificate).toBeFocused();
  // The browser logs the store's 415 for that file: that one, and no other.
  expect(pageErrors.filter((e) => e.includes('status of 415'))).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('415')));
  await axe(page, '#main');

  await certificate.setInputFiles({
    name: 'diploma.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/qualifications$/);
  await expect(page.getByRole('status').filter({ hasText: `${TITLE} was added` })).toBeVisible();
  await expect(item(page, TITLE)).toContainText('Pending review');
  await expect(item(page, TITLE).getByRole('link', { name: 'diploma.pdf' })).toBeVisible();
  await expect(page.getByText('1 qualification is pending review.')).toBeVisible();

  // Edited: still pending review, with its new title.
  await item(page, TITLE)
    .getByRole('link', { name: `Edit ${TITLE}` })
    .click();
  await expect(page).toHaveURL(/\/qualifications\/edit-degree\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Degree title')).toHaveValue(TITLE);
  await page.getByLabel('Degree title').fill(EDITED);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/en-us\/my-account\/qualifications$/);
  await expect(item(page, EDITED)).toContainText('Pending review');
  await expect(item(page, TITLE)).toHaveCount(0);

  // On a phone: the list and the form fit the screen; the short form answers too.
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsTheScreen(page);
  await axe(page, '#main');
  await page.goto(`${origin}/en-us/qualifications/add-license`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a license');
  await expect(page.getByLabel('License number')).toBeVisible();
  await fitsTheScreen(page);
  await axe(page, '#main');
  await page.goto(`${origin}/en-us/qualifications`);
  await expect(item(page, EDITED)).toBeVisible();

  // Offline: the list read before, with the notice that changes need the connection.
  await workerControls(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(item(page, EDITED)).toContainText('Pending review');
  await expect(
    page.getByText(
      /^You are offline\. This is what the store showed on .+; changes need the connection\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Adding a qualification needs the connection.')).toBeVisible();
  await page.context().setOffline(false);
  const ours = pageErrors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'));
  pageErrors.splice(0, pageErrors.length, ...ours);
  await page.setViewportSize({ width: 768, height: 1024 });

  // An operator approves it with level C, through the running store's operator channel.
  const view = (await (
    await page.request.get(`${origin}/api/me/qualifications`)
  ).json()) as QualificationsView;
  const id = view.submitted.find((q) => q.title === EDITED)?.id ?? '';
  const listed = await qualificationsTool(dataDir, ['list']);
  expect(listed.stdout).toContain(id);
  const reviewed = await qualificationsTool(dataDir, [
    'review',
    id,
    '--approve',
    'C',
    '--by',
    'e2e-operator',
  ]);
  expect(reviewed.code, reviewed.stderr).toBe(0);
  expect(reviewed.stdout).toContain('is approved with level C; the user has level C now.');

  await page.reload();
  await expect(item(page, EDITED)).toContainText('Approved (grants level C)');
  await expect(page.getByText('Level C: you may buy level A, B and C products.')).toBeVisible();
  await axe(page, '#main');

  // Checkout offers Dana as the qualified user at level C now.
  const facts = (await (
    await page.request.get(`${origin}/api/checkout/facts?locale=en-us`)
  ).json()) as CheckoutFacts;
  const danaAsQualified = facts.accounts.flatMap((a) =>
    a.qualifiedUsers.filter((u) => u.userId === facts.userId),
  );
  expect(danaAsQualified.length).toBeGreaterThan(0);
  expect(danaAsQualified.map((u) => u.level)).toEqual(danaAsQualified.map(() => 'C'));
});
