/**
 * The catalog in the browser: search from the header in two storefronts, category pages
 * from the main menu, filters, sorting and pages, product pages with the store's price and
 * currency, the pre-order note, products that cannot be added, and browsing offline.
 */
import AxeBuilder from '@axe-core/playwright';
import { formatMoney, money } from '../../domain/pricing/money';
import { listPriceMinor, seedProducts, STORE_RATES } from '../../server/src/db/catalog-seed';
import { expect, test } from './fixtures';
import { workerControls } from './support/worker';

const products = seedProducts();

function priceText(code: string, storeId: string, currency: string, tag: string): string {
  const product = products.find((p) => p.code === code);
  if (!product) throw new Error(`${code} is not in the seed`);
  const minor = listPriceMinor(product.usd, STORE_RATES[storeId] ?? 0);
  // Intl separates French amounts with narrow no-break spaces; the page uses the same Intl.
  return formatMoney(money(minor, currency), tag);
}

test('searching from the header in en-us finds a product, which shows its price in US dollars', async ({
  page,
}) => {
  await page.goto('/en-us/');
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Search products' }).fill('Westbrook');
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/en-us\/search\.html\?q=Westbrook$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Results for “Westbrook”' }),
  ).toBeVisible();
  const westbrook = products.filter((p) => p.name.startsWith('Westbrook'));
  await expect(page.getByRole('status').first()).toHaveText(`${westbrook.length} products`);

  await page
    .getByRole('link', { name: 'Westbrook Reading Inventory, Third Edition, Complete Kit' })
    .click();
  await expect(page).toHaveURL(/\/en-us\/p\/WRI3-KIT$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Westbrook Reading Inventory, Third Edition, Complete Kit',
  );
  const price = page.locator('.product__price .price');
  await expect(price).toHaveText(priceText('WRI3-KIT', 'usassessments', 'USD', 'en-US'));
  await expect(price).toHaveAttribute('data-currency', 'USD');
  await expect(page.getByText('Level B: for buyers with a relevant master’s degree')).toBeVisible();
  await expect(page).toHaveTitle(
    'Westbrook Reading Inventory, Third Edition, Complete Kit | Assessments Store',
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('searching from the header in fr-ca shows Canadian dollars in French', async ({ page }) => {
  await page.goto('/fr-ca/');
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Rechercher des produits' }).fill('harlow');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/\/fr-ca\/search\.html\?q=harlow$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Résultats pour « harlow »' }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'HMA2-KIT' });
  const expected = priceText('HMA2-KIT', 'caassessments', 'CAD', 'fr-CA');
  await expect(card.locator('.price')).toHaveText(expected);
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/fr-ca\/p\/HMA2-KIT$/);
  await expect(page.locator('.product__price .price')).toHaveText(expected);
  await expect(page.locator('.product__price .price')).toHaveAttribute('data-currency', 'CAD');
  await expect(page.getByText('Trousse physique')).toBeVisible();
  await expect(page.getByText('Disponible en précommande')).toHaveCount(0);
});

test('a category page from the main menu lists its products, with filters, sorting and pages', async ({
  page,
}) => {
  await page.goto('/en-gb/');
  await page.getByRole('button', { name: 'Assessments & Solutions' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Cognition & neuro' })
    .click();
  await expect(page).toHaveURL(/\/en-gb\/search\.html\?category=cognition-neuro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cognition & neuro' })).toBeVisible();
  const inCategory = products.filter((p) => p.category === 'cognition-neuro');
  await expect(page.getByRole('status').first()).toHaveText(`${inCategory.length} products`);
  const cards = page.locator('.catalog-card');
  await expect(cards).toHaveCount(Math.min(20, inCategory.length));
  await expect(cards.first().locator('.price')).toContainText('£');

  const filters = page.getByRole('form', { name: 'Filter products' });
  await filters.getByLabel('Format').selectOption('digital-scoring');
  await expect(page).toHaveURL(/format=digital-scoring/);
  const digital = inCategory.filter((p) => p.format === 'digital-scoring');
  await expect(page.getByRole('status').first()).toHaveText(`${digital.length} products`);
  await expect(filters.getByLabel('Format').locator('option:checked')).toHaveText(
    `Digital scoring and reporting (${digital.length})`,
  );

  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc/);
  // The last results stay on screen while the sorted ones load: wait for the new order.
  const prices = async () =>
    (await cards.locator('.price').allTextContents()).map((p) => Number(p.replace(/[^0-9.]/g, '')));
  await expect
    .poll(async () => {
      const values = await prices();
      return values.length > 1 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) >= v);
    })
    .toBe(true);

  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/en-gb\/search\.html\?sort=price-desc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(products.length / 20)}`);
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText(`Page 2 of ${Math.ceil(products.length / 20)}`);
});

test('a pre-order product shows when it ships and that the buyer will be emailed', async ({
  page,
}) => {
  await page.goto('/en-us/p/MCS6-KIT');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Meridian Cognitive Scales, Sixth Edition, Complete Kit',
  );
  await expect(page.getByText('Available for pre-order', { exact: true })).toBeVisible();
  await expect(page.getByText('Expected to ship from March 1, 2027.')).toBeVisible();
  await expect(
    page.getByText(
      'This product is available for pre-order. We will email you when it is available.',
    ),
  ).toBeVisible();
});

test('a product that is not sold online cannot be added to the cart', async ({ page }) => {
  const notSold = products.find((p) => !p.soldOnline);
  const inStock = products.find(
    (p) => p.soldOnline && p.orderableOnline && !p.preOrder && p.stock !== 0,
  );
  if (!notSold || !inStock) throw new Error('The seed has no such products');
  await page.goto(`/en-us/p/${notSold.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notSold.name);
  await expect(page.getByText('Not sold online', { exact: true })).toBeVisible();
  await expect(page.getByText(`Product ${notSold.code} is not sold online.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(page.getByLabel('Quantity')).toHaveCount(0);

  // A product that is sold online has the control.
  await page.goto(`/en-us/p/${inStock.code}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(1);
});

test('an unknown product code shows a clear message with a way to search', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/en-us/p/NOPE-404');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page.getByText('We could not find a product with the code NOPE-404.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search the catalog' })).toHaveAttribute(
    'href',
    '/en-us/search.html?q=NOPE-404',
  );
  // The browser reports the 404 of the product call.
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('404')));
});

test('offline, a product seen before still opens and search uses the saved catalog', async ({
  page,
  context,
  pageErrors,
}) => {
  await page.goto('/en-gb/');
  await workerControls(page);
  // Online: open a product, and a search page, which keeps the store's index for later.
  const index = page.waitForResponse((r) => r.url().includes('/api/catalog/index?locale=en-gb'));
  await page.goto('/en-gb/search.html?category=behavior');
  await expect(page.locator('.catalog-card').first()).toBeVisible();
  await index;
  await page.goto('/en-gb/p/TMB-KIT');
  const name = 'Tidewater Memory Battery, Complete Kit';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const price = priceText('TMB-KIT', 'ukassessments', 'GBP', 'en-GB');

  await context.setOffline(true);
  await page.goto('/en-gb/p/TMB-KIT');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('.product__price .price')).toHaveText(price);
  await expect(page.getByText('evaluates immediate, delayed and working memory')).toBeVisible();

  // A search never made online is answered from the saved index.
  await page.goto('/en-gb/search.html?q=tidewater');
  await expect(page.getByRole('note')).toContainText('You are offline.');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await context.setOffline(false);
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});
