import { expect, test } from './fixtures';
import { workerControls } from './support/worker';

const HERO = 'Assessments for clinicians, schools and organisations';

test('the home page opens in the storefront shell and still opens offline', async ({
  page,
  context,
  pageErrors,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/en-us\/$/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Copyright 1996-2025');
  await expect(page).toHaveTitle('Assessments Store');

  await workerControls(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('You are offline.');

  // Another storefront's page is answered by the cached shell too.
  await page.goto('/en-gb/');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await context.setOffline(false);
  // Offline, the browser reports the requests that could not reach the server.
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

test('each storefront speaks its language and the region selector moves between them', async ({
  page,
}) => {
  await page.goto('/fr-ca/');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Des évaluations pour les cliniciens, les écoles et les organisations',
    }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByText('Les prix sont en dollar canadien.')).toBeVisible();

  await page.getByRole('banner').getByLabel('Région').selectOption('nl-nl');
  await expect(page).toHaveURL(/\/nl-nl\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tests voor clinici, scholen en organisaties' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // The last storefront is remembered for the next visit to the root.
  await page.goto('/');
  await expect(page).toHaveURL(/\/nl-nl\/$/);
});

test('an unknown page says so inside the shell', async ({ page, pageErrors }) => {
  const response = await page.goto('/en-gb/no-such-page');
  // A first visit comes rendered from the server, with the status search engines need.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  // The browser reports the 404 of the page itself; nothing else may be logged.
  expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  pageErrors.length = 0;
  await page.goto('/xx-yy/');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the web app manifest names the store and its installable icons', async ({
  page,
  request,
}) => {
  await page.goto('/en-us/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href ?? '');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    theme_color: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string; type: string }[];
  };
  expect(manifest.name).toBe('Assessments Store');
  expect(manifest.start_url).toBe('/');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.display).toBe('standalone');
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [192, 'maskable'],
    [512, 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${purpose} icon ${size}`).toBeDefined();
    const png = await (await request.get(icon?.src ?? '')).body();
    // PNG header: width and height are big-endian at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});
