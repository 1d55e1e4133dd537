import { expect, test } from './fixtures';

const note = (value: unknown) => encodeURIComponent(JSON.stringify(value));

test('a notification in the address shows once, then leaves the address', async ({ page }) => {
  await page.goto(
    `/en-gb/?notifications=${note([{ kind: 'accounts-merged', showOncePerSessionNotificationId: 'merge-1' }])}`,
  );
  const message = page.getByText('Your duplicate accounts have been merged into this one.');
  await expect(message).toBeVisible();
  await expect(page).toHaveURL(/\/en-gb\/$/);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(message).toBeHidden();

  // Show-once: the same notification is not shown again in this session.
  await page.goto(
    `/en-gb/?notifications=${note([{ kind: 'accounts-merged', showOncePerSessionNotificationId: 'merge-1' }])}`,
  );
  await expect(page).toHaveURL(/\/en-gb\/$/);
  await expect(message).toBeHidden();
});

test('a notification that cannot be read is logged and ignored', async ({ page, pageErrors }) => {
  await page.goto(`/fr-ca/?notifications=${note([{ kind: 'free-text', message: 'Pay here' }])}`);
  await expect(page).toHaveURL(/\/fr-ca\/$/);
  await expect(page.getByText('Pay here')).toHaveCount(0);
  expect(pageErrors.some((e) => e.startsWith('Notification decoding failure'))).toBe(true);
  pageErrors.splice(0, pageErrors.length);
});

test.describe('a visitor whose country is unknown: no proxy names it, their language no region', () => {
  test.use({ extraHTTPHeaders: {}, locale: 'en' });

  test('sees the Hello! modal once, pointing to the international contacts', async ({ page }) => {
    await page.goto('/en-us/');
    const modal = page.getByRole('dialog', { name: 'Hello!' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'International contacts' })).toHaveAttribute(
      'href',
      '/content/en-us/international-contacts.html',
    );
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(modal).toBeHidden();
  });
});

test.describe('a visitor whose browser prefers British English, with no country from the proxy', () => {
  test.use({ extraHTTPHeaders: {}, locale: 'en-GB' });

  test('is not greeted: the region of the language names one of the store’s countries', async ({
    page,
  }) => {
    const greetingCode: string[] = [];
    page.on('request', (request) => {
      if (/\/HelloModal-[^/]+\.js$/.test(request.url())) greetingCode.push(request.url());
    });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bootstrap');
    await page.goto('/en-us/');
    const settings = (await (await answer).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ country: null, countryUnknown: false });
    // The page has taken the answer in (it keeps it), and rendered a next page since.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('bootstrap:v1')))
      .toContain('"countryUnknown":false');
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Store links' })
      .getByRole('link', { name: 'Quick order' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Hello!' })).toHaveCount(0);
    expect(greetingCode).toEqual([]);
  });
});

test.describe('a visitor from the Netherlands', () => {
  test.use({ extraHTTPHeaders: { 'x-country-code': 'NL' } });

  test('arrives at the Dutch storefront from the root', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl-nl\/$/);
  });
});
