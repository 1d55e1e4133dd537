/**
 * Changing the email address (decision 060), on a store of this spec's own (it changes Dana's
 * address and preferences). Dana asks for a new address on Profile & Password; the link waits
 * in the store's mail outbox (no SMTP here, read through the operator channel as `npm run
 * mail` does); she opens it, the page says her address changed, and she signs out and in
 * again with the new address. Then she chooses the Spanish storefront on Preferences and the
 * next mail the store writes her, another link, is in Spanish, like its notice.
 */
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { fitsTheScreen } from './support/layout';
import { storeOfThisSpec } from './support/spec-store';
import { accountButton, DANA, signInFromHeader, signOutFromHeader } from './support/sign-in';
import { operatorCall } from '../support/operator';

test.describe.configure({ mode: 'serial' });

const launched = storeOfThisSpec('email-change');

const NEW_EMAIL = 'dana.reyes@new-clinic.example';

/** The mails waiting in the outbox, one block each (`npm run mail`). */
async function waitingMails(dataDir: string): Promise<string[]> {
  const { report } = await operatorCall(dataDir, 'mail-list', {});
  return report.split(/\n\n/).filter((block) => /^\S+:\S+/.test(block));
}

function toIs(block: string, to: string): boolean {
  return /^\s+To:\s+(\S+)$/m.exec(block)?.[1] === to;
}

/** The plain-text part of the newest mail of a template to an address. */
async function mailTo(dataDir: string, template: string, to: string) {
  const blocks = (await waitingMails(dataDir)).filter(
    (block) => block.startsWith(`${template}:`) && toIs(block, to),
  );
  const block = blocks[blocks.length - 1];
  if (!block) throw new Error(`No ${template} mail to ${to}`);
  const id = block.split('\n')[0]?.trim() ?? '';
  const text = (await operatorCall(dataDir, 'mail-show', { id, html: false })).text;
  return { block, text };
}

function linkIn(text: string): string {
  const link = /https?:\/\/\S+\/my-account\/confirm-email\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in ${text}`);
  return link;
}

test('Dana changes her email address with the link mailed to the new one, then signs in with it', async ({
  page,
  pageErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const { url: origin, dataDir } = launched();
  await page.goto(`${origin}/en-gb/`);
  await signInFromHeader(page, DANA);
  await page.goto(`${origin}/en-gb/my-account/profile-details`);
  const form = page.getByTestId('profile-email-change');
  await expect(page.getByTestId('profile-email')).toHaveText(DANA.email);

  // SPEC 5's words for a bad address; the current password must be right.
  await form.getByLabel('New email address').fill('not-an-address');
  await form.getByLabel('Current password').fill(DANA.password);
  await form.getByRole('button', { name: 'Change email address' }).click();
  await expect(form).toContainText('Invalid email address.');
  await form.getByLabel('New email address').fill('sam.okafor@demo.example');
  await form.getByRole('button', { name: 'Change email address' }).click();
  await expect(form).toContainText('New email address must be unique.');
  await form.getByLabel('New email address').fill(NEW_EMAIL);
  await form.getByLabel('Current password').fill('Not-Her-Password-1');
  await form.getByRole('button', { name: 'Change email address' }).click();
  await expect(form).toContainText('The current password is not correct.');
  await form.getByLabel('Current password').fill(DANA.password);
  await form.getByRole('button', { name: 'Change email address' }).click();
  await expect(page.getByTestId('profile-email-pending')).toContainText(
    `We sent a link to ${NEW_EMAIL}.`,
  );
  // Nothing changed yet.
  await expect(page.getByTestId('profile-email')).toHaveText(DANA.email);
  await axe(page, '#main');
  await fitsTheScreen(page);

  // The link went to the new address, a notice to the old one.
  const { text } = await mailTo(dataDir, 'email-change-confirmation', NEW_EMAIL);
  expect(text).toContain('Subject: Confirm your new email address');
  const notice = await mailTo(dataDir, 'email-change-notice', DANA.email);
  expect(notice.text).toContain(NEW_EMAIL);
  const link = linkIn(text);
  // On the store's address, in the storefront of her registration country (she chose none).
  expect(link.startsWith(`${origin}/en-us/my-account/confirm-email?token=`), link).toBe(true);

  await page.goto(link);
  await expect(page.getByTestId('email-confirmed')).toContainText(
    `Your email address is now ${NEW_EMAIL}.`,
  );
  await axe(page, '#main');
  // Opened again, it says it was used.
  await page.reload();
  await expect(page.getByTestId('email-confirmed')).toContainText('This link was already used');
  await page.getByRole('link', { name: 'Back to Profile & Password' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText(NEW_EMAIL);

  await signOutFromHeader(page, DANA.firstName);
  await signInFromHeader(page, { ...DANA, email: NEW_EMAIL });
  await page.goto(`${origin}/en-gb/my-account/profile-details`);
  await expect(page.getByTestId('profile-email')).toHaveText(NEW_EMAIL);
  await expect(accountButton(page, DANA.firstName)).toBeVisible();
  // The refusals the store answered are all the page logged (three 400s and the used link's).
  expect(pageErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  pageErrors.length = 0;
});

test('after choosing Spanish on Preferences, Dana’s next mail is in Spanish', async ({
  page,
  pageErrors,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const { url: origin, dataDir } = launched();
  await page.goto(`${origin}/en-gb/`);
  await signInFromHeader(page, { ...DANA, email: NEW_EMAIL });
  await page.goto(`${origin}/en-gb/preferences`);
  await page.getByLabel('Storefront and language').selectOption('es-es');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page).toHaveURL(/\/es-es\/my-account\/preferences$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/);

  // The page in Spanish: the email change's form by its fields.
  await page.goto(`${origin}/es-es/my-account/profile-details`);
  const form = page.getByTestId('profile-email-change');
  await form.locator('#profile-new-email').fill('dana.reyes@clinica.example');
  await form.locator('#profile-email-password').fill(DANA.password);
  await form.getByRole('button').click();
  await expect(page.getByTestId('profile-email-pending')).toContainText(
    'Hemos enviado un enlace a dana.reyes@clinica.example.',
  );

  const sent = await mailTo(dataDir, 'email-change-confirmation', 'dana.reyes@clinica.example');
  expect(sent.block).toMatch(/Language:\s+es \(es-es\)/);
  expect(sent.text).toContain('Subject: Confirme su nueva dirección de correo electrónico');
  expect(sent.text).toContain('Hola, Dana:');
  const link = linkIn(sent.text);
  expect(link.startsWith(`${origin}/es-es/my-account/confirm-email?token=`), link).toBe(true);
  const notice = await mailTo(dataDir, 'email-change-notice', NEW_EMAIL);
  expect(notice.block).toMatch(/Language:\s+es \(es-es\)/);
  expect(notice.text).toContain(
    'Subject: Se ha solicitado un cambio de su dirección de correo electrónico',
  );
  expect(pageErrors).toEqual([]);
});
