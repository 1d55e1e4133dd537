import { expect, test } from './fixtures';

/**
 * What each storefront's home page must show (SPEC 2.2-2.4): its store path and its content
 * language, which is also the page's `lang` (ja-jp and zh-sg speak English).
 */
const STOREFRONTS = [
  [
    'en-us',
    'usassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  [
    'en-ca',
    'caassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  [
    'fr-ca',
    'caassessments',
    'fr',
    'Évaluations et solutions',
    'Copyright 1996-2025 Boutique d’évaluations',
  ],
  [
    'en-gb',
    'ukassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  [
    'en-au',
    'auassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  [
    'en-nz',
    'nzassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  [
    'ja-jp',
    'asiaassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
  ['nl-nl', 'nlassessments', 'nl', 'Tests en oplossingen', 'Copyright 1996-2025 Testwinkel'],
  [
    'es-es',
    'esassessments',
    'es',
    'Evaluaciones y soluciones',
    'Copyright 1996-2025 Tienda de evaluaciones',
  ],
  [
    'zh-sg',
    'sgassessments',
    'en',
    'Assessments & Solutions',
    'Copyright 1996-2025 Assessments Store',
  ],
] as const;

const ORDER_STATUS = {
  en: 'Order status',
  fr: 'État de la commande',
  nl: 'Bestelstatus',
  es: 'Estado del pedido',
};

test.describe('each of the ten storefronts', () => {
  for (const [locale, storeId, language, firstMenu, copyright] of STOREFRONTS) {
    test(`${locale}: header, main menu and footer in its language, with its store path`, async ({
      page,
    }) => {
      await page.goto(`/${locale}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('navigation', { name: /./ }).first()).toBeVisible();
      await expect(page.locator('.main-menu__button').first()).toHaveText(firstMenu);
      await expect(page.locator('.main-menu__button')).toHaveCount(3);
      await expect(page.getByRole('contentinfo')).toContainText(copyright);
      const orderStatus = banner.getByRole('link', { name: ORDER_STATUS[language], exact: true });
      await expect(orderStatus).toHaveAttribute(
        'href',
        `/store/${storeId}/${language}/order-status`,
      );
    });
  }
});

test('with the content service failing, the built-in header and footer show and nothing breaks', async ({
  page,
  pageErrors,
}) => {
  await page.route('**/content/**', (route) => route.abort());
  await page.route('**/graphql/**', (route) => route.abort());
  await page.goto('/nl-nl/');
  await expect(page.locator('.main-menu__button').first()).toHaveText('Tests en oplossingen');
  await expect(page.getByRole('contentinfo')).toContainText('Copyright 1996-2025 Testwinkel');
  await page.getByRole('button', { name: 'Tests en oplossingen' }).click();
  await expect(page.getByRole('link', { name: 'Gedrag' }).first()).toBeVisible();
  // Another storefront, its content asked for by the browser (which fails): the built-in
  // content's code loads then, and its words are the storefront's.
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByLabel('Regio').selectOption('fr-ca');
  await expect(page).toHaveURL(/\/fr-ca\/$/);
  await expect(page.locator('.main-menu__button').first()).toHaveText('Évaluations et solutions');
  await expect(page.getByRole('contentinfo')).toContainText(
    'Copyright 1996-2025 Boutique d’évaluations',
  );
  // The browser reports the aborted requests; the store itself logs nothing.
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

test('a store path opens the same pages of its storefront', async ({ page }) => {
  await page.goto('/store/caassessments/fr/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Des évaluations pour les cliniciens, les écoles et les organisations',
    }),
  ).toBeVisible();
  // An unknown store shows the not-found page in the storefront used last.
  await page.goto('/store/nowhere/en/');
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
});

test('the region selector keeps the page when moving to another storefront', async ({
  page,
  pageErrors,
}) => {
  const response = await page.goto('/en-gb/no-such-page');
  // The page comes rendered with its 404, which the browser reports; nothing else is logged.
  expect(response?.status()).toBe(404);
  expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  pageErrors.length = 0;
  await page.getByRole('banner').getByLabel('Region').selectOption('es-es');
  await expect(page).toHaveURL(/\/es-es\/no-such-page$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('pages under my-account and checkout send a visitor to sign in, with the way back', async ({
  page,
}) => {
  // The sign-in page of the storefront (the way back is tested in identity.e2e.spec.ts).
  await page.goto('/en-gb/my-account/addresses');
  await expect(page).toHaveURL(/\/en-gb\/login\?interaction=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await page.goto('/fr-ca/checkout/payment');
  await expect(page).toHaveURL(/\/fr-ca\/login\?interaction=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
});

test('error pages answer per locale with their status (SPEC 2.2, 8)', async ({ request }) => {
  const response = await request.get('/content/fr-ca/error.404.html');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Une erreur s’est produite (erreur 404)');
});
